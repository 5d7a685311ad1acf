import { useEffect, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Table, Typography } from 'antd';

import {
  FULFILMENT_MESSAGES,
  MAX_PER_PAGE,
  type CourierMappingDto,
  type FulfilmentLineProgress,
  type ListResponse,
  type OrderDetailDto,
} from '@syncdesk/contracts';
import { applyServerErrors, isApiError, notifySuccess, quietApiClient } from '@syncdesk/web-kit';

import { createFulfilment } from './orders.api';

export interface CreateFulfilmentDialogProps {
  storeId: string;
  order: OrderDetailDto;
  /** How much of each line is left to fulfil (from the fulfilments call). */
  lines: FulfilmentLineProgress[];
  open: boolean;
  onClose(): void;
  onCreated(): void;
}

interface FormValues {
  courier?: string;
  shipping_method?: string;
  shipping_tracking_code?: string;
  /** Quantity to fulfil now, per order item id. */
  quantities: Record<string, number | null>;
}

export const NO_LINE_CHOSEN = 'Choose at least one line to fulfil.';

/** Shipping method → the courier the channel's mapping names (custom name first); null: not readable. */
export type CourierMappings = ReadonlyMap<string, string> | null;

/**
 * The courier field's help, true to what the server will do: it uses the channel's mapping for the
 * shipping method exactly as typed, and refuses an empty courier when there is none.
 */
export function courierHelp(shippingMethod: string | undefined, mappings: CourierMappings): string {
  const method = shippingMethod?.trim() ?? '';
  if (method === '') return 'Enter the courier: without a shipping method no courier mapping applies.';
  if (mappings === null)
    return 'Leave empty to use the courier the channel maps to this shipping method, if it has one; otherwise enter the courier.';
  const courier = mappings.get(method);
  return courier
    ? `Leave empty to use ${courier}, the channel’s courier for ${method}.`
    : `Enter the courier: the channel has no courier mapping for ${method}.`;
}

/** The channel's courier mappings; quiet and null when the role may not read channels. */
async function loadCourierMappings(storeId: string, channelId: number): Promise<CourierMappings> {
  try {
    const body = await quietApiClient.get<ListResponse<CourierMappingDto>>(
      `/stores/${storeId}/channels/${channelId}/courierMappings`,
      { per_page: MAX_PER_PAGE },
    );
    return new Map(
      (body?.data ?? []).flatMap((mapping) => {
        const courier = mapping.channel_courier;
        return courier ? [[mapping.shipping_method, courier.custom_name || courier.name] as const] : [];
      }),
    );
  } catch {
    return null;
  }
}

/**
 * Creates a fulfilment: courier, shipping method and tracking code, and how many of each line it
 * ships (everything left by default; less for a partial fulfilment). Left empty, the courier comes
 * from the channel's courier mapping for the shipping method.
 */
export function CreateFulfilmentDialog({
  storeId,
  order,
  lines,
  open,
  onClose,
  onCreated,
}: CreateFulfilmentDialogProps) {
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [lineError, setLineError] = useState<string | null>(null);
  const openLines = lines.filter((line) => line.remaining > 0);
  const [mappings, setMappings] = useState<CourierMappings>(null);
  const shippingMethod = Form.useWatch('shipping_method', form) as string | undefined;
  // Until the form reports its first value, the order's own shipping method is what it holds.
  const method = (shippingMethod ?? order.shipping_method ?? '').trim();
  // Without a mapping (or a shipping method) the server refuses an empty courier: say so before sending.
  const courierNeeded = method === '' || (mappings !== null && !mappings.has(method));

  useEffect(() => {
    if (!open) return undefined;
    let active = true;
    void loadCourierMappings(storeId, order.channel_id).then((loaded) => active && setMappings(loaded));
    return () => {
      active = false;
    };
  }, [open, storeId, order.channel_id]);

  const submit = async (values: FormValues) => {
    const chosen = openLines
      .map((line) => ({
        order_item_id: line.order_item_id,
        quantity: values.quantities?.[String(line.order_item_id)] ?? 0,
      }))
      .filter((line) => line.quantity > 0);
    if (chosen.length === 0) {
      setLineError(NO_LINE_CHOSEN);
      return;
    }
    setLineError(null);
    setSaving(true);
    try {
      await createFulfilment(storeId, order.id, {
        courier: values.courier?.trim() || null,
        shipping_method: values.shipping_method?.trim() || null,
        shipping_tracking_code: values.shipping_tracking_code?.trim() || null,
        lines: chosen,
      });
      notifySuccess(FULFILMENT_MESSAGES.created);
      onCreated();
    } catch (error) {
      applyServerErrors(form, error);
      // A line's message (`lines.0.quantity`) has no field of that name here: it shows above the lines.
      if (isApiError(error)) {
        const messages = Object.entries(error.errors)
          .filter(([key]) => key === 'lines' || key.startsWith('lines.'))
          .map(([, list]) => list[0]);
        if (messages.length > 0) setLineError(messages.join(' '));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={`Create fulfilment for ${order.order_number}`}
      okText="Create fulfilment"
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={720}
    >
      {openLines.length === 0 ? (
        <Alert type="info" showIcon title={FULFILMENT_MESSAGES.nothingLeft} />
      ) : (
        <Form<FormValues>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{
            shipping_method: order.shipping_method ?? undefined,
            quantities: Object.fromEntries(
              openLines.map((line) => [String(line.order_item_id), line.remaining]),
            ),
          }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item
            name="courier"
            label="Courier"
            extra={courierHelp(method, mappings)}
            rules={
              courierNeeded
                ? [
                    {
                      required: true,
                      whitespace: true,
                      message: FULFILMENT_MESSAGES.courierRequired(method || null),
                    },
                  ]
                : []
            }
          >
            <Input maxLength={120} autoFocus />
          </Form.Item>
          <Form.Item name="shipping_method" label="Shipping method">
            <Input maxLength={190} />
          </Form.Item>
          <Form.Item name="shipping_tracking_code" label="Tracking code">
            <Input maxLength={190} />
          </Form.Item>
          <Typography.Text strong>Lines to fulfil</Typography.Text>
          {lineError ? <Alert type="error" showIcon title={lineError} style={{ margin: '8px 0' }} /> : null}
          <Table<FulfilmentLineProgress>
            size="small"
            aria-label="Lines to fulfil"
            rowKey="order_item_id"
            pagination={false}
            dataSource={openLines}
            columns={[
              {
                key: 'sku',
                title: 'SKU',
                render: (_value, line) => line.product_sku ?? '—',
              },
              { key: 'title', title: 'Title', dataIndex: 'title' },
              { key: 'ordered', title: 'Ordered', dataIndex: 'ordered', align: 'right' },
              { key: 'fulfilled', title: 'Fulfilled', dataIndex: 'fulfilled', align: 'right' },
              {
                key: 'quantity',
                title: 'Fulfil now',
                align: 'right',
                render: (_value, line) => (
                  <Form.Item name={['quantities', String(line.order_item_id)]} noStyle>
                    <InputNumber<number>
                      aria-label={`Quantity of ${line.product_sku ?? line.title ?? 'line'} to fulfil`}
                      min={0}
                      max={line.remaining}
                      precision={0}
                      style={{ width: 90 }}
                    />
                  </Form.Item>
                ),
              },
            ]}
          />
        </Form>
      )}
    </Modal>
  );
}
