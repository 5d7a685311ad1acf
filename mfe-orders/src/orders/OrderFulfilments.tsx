import { useEffect, useState } from 'react';
import { Button, Card, Flex, Popconfirm, Table, Typography } from 'antd';

import {
  FULFILMENT_MESSAGES,
  FULFILMENT_STATUS,
  type FulfilmentDto,
  type FulfilmentLineProgress,
  type OrderDetailDto,
} from '@syncdesk/contracts';
import { formatDate, notifySuccess, StatusTag } from '@syncdesk/web-kit';

import { CreateFulfilmentDialog } from './CreateFulfilmentDialog';
import { listFulfilments, resendFulfilments } from './orders.api';

const FAILED = FULFILMENT_STATUS.byKey('failed').value;

export interface OrderFulfilmentsProps {
  storeId: string;
  order: OrderDetailDto;
  mayUpdate: boolean;
  /** Bumped by the page on every live event or action, so the fulfilments refetch with the order. */
  version: number;
  /** A fulfilment was created or resent: the page reloads the order. */
  onChanged(): void;
}

/**
 * The order's fulfilments (spec §3): courier, shipping method, tracking code and their own sync
 * status; which lines each ships; Resend for a failed one; and Create fulfilment (whole or partial)
 * while some lines are left to fulfil.
 */
export function OrderFulfilments({ storeId, order, mayUpdate, version, onChanged }: OrderFulfilmentsProps) {
  const [fulfilments, setFulfilments] = useState<FulfilmentDto[] | null>(null);
  const [lines, setLines] = useState<FulfilmentLineProgress[]>([]);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    let active = true;
    listFulfilments(storeId, order.id)
      .then((answer) => {
        if (!active) return;
        setFulfilments(answer.data);
        setLines(answer.meta.lines);
      })
      // Told by the api client's handler; the order's own list of fulfilments still shows.
      .catch(() => active && setFulfilments(null));
    return () => {
      active = false;
    };
  }, [storeId, order.id, version]);

  const rows: FulfilmentDto[] =
    fulfilments ??
    order.fulfillments.map((fulfilment) => ({
      ...fulfilment,
      order_id: order.id,
      updated_at: fulfilment.created_at,
    }));
  const skuOf = new Map(
    order.items.map((item) => [item.id, item.matched_sku ?? item.product_sku ?? item.title ?? '']),
  );
  const leftToFulfil = lines.some((line) => line.remaining > 0);

  const resend = async (ids: number[]) => {
    try {
      await resendFulfilments(ids);
      notifySuccess(FULFILMENT_MESSAGES.resent);
      onChanged();
    } catch {
      // Told by the api client's handler.
    }
  };

  return (
    <Card
      title="Fulfilments"
      extra={
        mayUpdate && leftToFulfil ? (
          <Button type="primary" onClick={() => setCreating(true)}>
            Create fulfilment
          </Button>
        ) : null
      }
    >
      <Table<FulfilmentDto>
        size="small"
        aria-label="Fulfilments"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        locale={{
          emptyText: mayUpdate
            ? 'Not fulfilled yet. Create a fulfilment when the order ships, with its courier and tracking code.'
            : 'Not fulfilled yet.',
        }}
        columns={[
          {
            key: 'created_at',
            title: 'Created',
            dataIndex: 'created_at',
            render: (value: string) => formatDate(value),
          },
          {
            key: 'courier',
            title: 'Courier',
            dataIndex: 'courier',
            render: (value: string | null) => value ?? '—',
          },
          {
            key: 'shipping_method',
            title: 'Shipping method',
            dataIndex: 'shipping_method',
            render: (value: string | null) => value ?? '—',
          },
          {
            key: 'shipping_tracking_code',
            title: 'Tracking code',
            dataIndex: 'shipping_tracking_code',
            render: (value: string | null) =>
              value ? <Typography.Text copyable>{value}</Typography.Text> : '—',
          },
          {
            key: 'lines',
            title: 'Lines',
            dataIndex: 'lines',
            render: (value: FulfilmentDto['lines']) =>
              value && value.length > 0 ? (
                <Flex vertical>
                  {value.map((line) => (
                    <span key={line.order_item_id}>
                      {line.quantity} × {skuOf.get(line.order_item_id) ?? `line ${line.order_item_id}`}
                    </span>
                  ))}
                </Flex>
              ) : (
                'All lines'
              ),
          },
          {
            key: 'sync_status',
            title: 'Sync status',
            dataIndex: 'sync_status',
            render: (value: number, fulfilment) => (
              <Flex gap={8} align="center" wrap>
                <StatusTag vocabulary={FULFILMENT_STATUS} value={value} />
                {mayUpdate && value === FAILED ? (
                  <Popconfirm
                    title="Send this fulfilment to the channel again?"
                    okText="Resend"
                    cancelText="Don’t resend"
                    onConfirm={() => resend([fulfilment.id])}
                  >
                    <Button size="small">Resend</Button>
                  </Popconfirm>
                ) : null}
              </Flex>
            ),
          },
        ]}
      />
      {creating ? (
        <CreateFulfilmentDialog
          storeId={storeId}
          order={order}
          lines={lines}
          open
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            onChanged();
          }}
        />
      ) : null}
    </Card>
  );
}
