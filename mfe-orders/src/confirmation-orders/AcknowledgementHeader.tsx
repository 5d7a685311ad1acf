import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Typography } from 'antd';

import {
  ACKNOWLEDGE_SYNC_STATUS,
  PURCHASE_ORDER_STATUS,
  SUCCESS_MESSAGES,
  type ConfirmationOrderDetailDto,
} from '@syncdesk/contracts';
import { applyServerErrors, formatDate, notifySuccess, StatusTag } from '@syncdesk/web-kit';

import { updateConfirmationOrder } from './confirmation-orders.api';
import { deadlineText } from './deadline-text';

export interface AcknowledgementHeaderProps {
  storeId: string;
  order: ConfirmationOrderDetailDto;
  mayUpdate: boolean;
  onSaved(order: ConfirmationOrderDetailDto): void;
}

interface HeaderValues {
  selling_party_id: string;
  seller_note: string;
}

const valuesOf = (order: ConfirmationOrderDetailDto): HeaderValues => ({
  selling_party_id: order.selling_party_id ?? '',
  seller_note: order.seller_note ?? '',
});

/** Whether what the channel is told can still change (pending, or failed and to be sent again). */
export function isAcknowledgementOpen(order: ConfirmationOrderDetailDto): boolean {
  return order.acknowledge_sync_status === 'pending' || order.acknowledge_sync_status === 'failed';
}

/**
 * The retailer's purchase order (read-only: it comes from the channel), its deadline, and the two
 * fields the seller edits: the vendor code the acknowledgement goes under (locked once sent) and
 * the seller's own note (always editable; never sent to the retailer).
 */
export function AcknowledgementHeader({ storeId, order, mayUpdate, onSaved }: AcknowledgementHeaderProps) {
  const [form] = Form.useForm<HeaderValues>();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const deadline = deadlineText(order.acknowledge_by, order.acknowledge_sync_status);
  const open = isAcknowledgementOpen(order);

  useEffect(() => {
    form.setFieldsValue(valuesOf(order));
    setDirty(false);
  }, [form, order]);

  const save = async (values: HeaderValues) => {
    setSaving(true);
    try {
      const saved = await updateConfirmationOrder(storeId, order.id, {
        ...(open ? { selling_party_id: values.selling_party_id } : {}),
        seller_note: values.seller_note,
      });
      notifySuccess(SUCCESS_MESSAGES.updated);
      onSaved(saved);
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Purchase order">
      {order.acknowledge_sync_status === 'failed' && order.acknowledge_error ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="The channel refused the last acknowledgement"
          description={`${order.acknowledge_error} Correct the items and submit again.`}
        />
      ) : null}
      {deadline?.overdue ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`The retailer's acknowledgement deadline has passed: ${deadline.text.toLowerCase()}.`}
        />
      ) : null}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'number', label: 'Purchase order', children: order.purchase_order_number },
          { key: 'channel', label: 'Channel', children: order.channel_name ?? '—' },
          {
            key: 'status',
            label: 'Status',
            children: <StatusTag vocabulary={PURCHASE_ORDER_STATUS} value={order.status} />,
          },
          { key: 'order_date', label: 'Order date', children: formatDate(order.order_date) },
          {
            key: 'acknowledge_by',
            label: 'Acknowledge by',
            children: order.acknowledge_by ? (
              <>
                {formatDate(order.acknowledge_by)}
                {deadline ? (
                  <Typography.Text type={deadline.overdue ? 'danger' : undefined}>
                    {' '}
                    ({deadline.text})
                  </Typography.Text>
                ) : null}
              </>
            ) : (
              'No deadline'
            ),
          },
          {
            key: 'acknowledgement',
            label: 'Acknowledgement',
            children: (
              <StatusTag vocabulary={ACKNOWLEDGE_SYNC_STATUS} value={order.acknowledge_sync_status} />
            ),
          },
          {
            key: 'ship_window',
            label: 'Ship window',
            children:
              order.ship_window_start || order.ship_window_end
                ? `${formatDate(order.ship_window_start) || '—'} to ${formatDate(order.ship_window_end) || '—'}`
                : '—',
          },
          { key: 'buyer', label: 'Buyer', children: order.buyer_party_id ?? '—' },
          { key: 'ship_to', label: 'Ship to', children: order.ship_to_party_id ?? '—' },
          {
            key: 'acknowledged_at',
            label: 'Acknowledged',
            children: order.acknowledged_at ? formatDate(order.acknowledged_at) : 'Not yet',
          },
          { key: 'items', label: 'Items', children: `${order.item_count} (${order.total_quantity} units)` },
        ]}
      />
      <Form<HeaderValues>
        form={form}
        layout="vertical"
        style={{ marginTop: 16, maxWidth: 640 }}
        initialValues={valuesOf(order)}
        disabled={!mayUpdate}
        onValuesChange={() => setDirty(true)}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="selling_party_id"
          label="Selling party"
          extra={
            open
              ? 'The vendor code the acknowledgement is sent under.'
              : 'Locked: the acknowledgement has been sent under this vendor code.'
          }
        >
          <Input maxLength={64} disabled={!open} />
        </Form.Item>
        <Form.Item
          name="seller_note"
          label="Seller note"
          extra="For your team only; never sent to the retailer."
        >
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        {mayUpdate ? (
          <Button htmlType="submit" loading={saving} disabled={!dirty}>
            Save details
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
