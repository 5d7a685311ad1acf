import { Button, Card, Empty, Flex, Popconfirm, Table } from 'antd';

import {
  canChangeWebhookOrderStatus,
  canResendToPlugin,
  ORDER_ACTION_MESSAGES,
  PLUGIN_SYNC_STATUS,
  WEBHOOK_STATUS,
  type OrderDetailDto,
  type OrderPluginStateDto,
  type OrderWebhookStateDto,
} from '@syncdesk/contracts';
import { formatDate, notifySuccess, StatusTag } from '@syncdesk/web-kit';

import { resendOrderToPlugin, resendOrderToWebhook } from './orders.api';

export interface OrderSyncStatesProps {
  storeId: string;
  order: OrderDetailDto;
  mayUpdate: boolean;
  /** A resend was accepted: the page reloads the order. */
  onChanged(): void;
}

const PENDING_WEBHOOK = WEBHOOK_STATUS.byKey('pending').value;

/**
 * Where the order went beyond its channel (spec §3 Plugin order / Webhook order): each plugin's
 * remote id, sync status and time, each webhook's sent-or-not, with Resend where the rules allow.
 */
export function OrderSyncStates({ storeId, order, mayUpdate, onChanged }: OrderSyncStatesProps) {
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      notifySuccess(ORDER_ACTION_MESSAGES.resent);
      onChanged();
    } catch {
      // Told by the api client's handler.
    }
  };

  const resendButton = (name: string | null, confirm: () => Promise<unknown>) => (
    <Popconfirm
      title={`Send the order to ${name ?? 'it'} again?`}
      okText="Resend"
      cancelText="Don’t resend"
      onConfirm={() => run(confirm)}
    >
      <Button size="small">Resend</Button>
    </Popconfirm>
  );

  return (
    <Card title="Plugins and webhooks">
      {order.plugin_orders.length === 0 && order.webhook_orders.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="Not sent to a plugin or webhook yet. Orders are sent once they are pending and a plugin or webhook is active in the store."
        />
      ) : (
        <Flex vertical gap={16}>
          {order.plugin_orders.length > 0 ? (
            <Table<OrderPluginStateDto>
              size="small"
              aria-label="Plugins"
              rowKey="id"
              pagination={false}
              dataSource={order.plugin_orders}
              columns={[
                {
                  key: 'name',
                  title: 'Plugin',
                  dataIndex: 'name',
                  render: (value: string | null) => value ?? '—',
                },
                {
                  key: 'remote_id',
                  title: 'Remote id',
                  dataIndex: 'remote_id',
                  render: (value: string | null) => value ?? '—',
                },
                {
                  key: 'sync_status',
                  title: 'Sync status',
                  dataIndex: 'sync_status',
                  render: (value: number, row) => (
                    <Flex gap={8} align="center" wrap>
                      <StatusTag vocabulary={PLUGIN_SYNC_STATUS} value={value} />
                      {mayUpdate && canResendToPlugin(value)
                        ? resendButton(row.name, () => resendOrderToPlugin(storeId, order.id, row.plugin_id))
                        : null}
                    </Flex>
                  ),
                },
                {
                  key: 'synced_at',
                  title: 'Synced',
                  dataIndex: 'synced_at',
                  render: (value: string | null) => formatDate(value) || '—',
                },
              ]}
            />
          ) : null}
          {order.webhook_orders.length > 0 ? (
            <Table<OrderWebhookStateDto>
              size="small"
              aria-label="Webhooks"
              rowKey="id"
              pagination={false}
              dataSource={order.webhook_orders}
              columns={[
                {
                  key: 'name',
                  title: 'Webhook',
                  dataIndex: 'name',
                  render: (value: string | null) => value ?? '—',
                },
                {
                  key: 'sync_status',
                  title: 'Status',
                  dataIndex: 'sync_status',
                  render: (value: number, row) => (
                    <Flex gap={8} align="center" wrap>
                      <StatusTag vocabulary={WEBHOOK_STATUS} value={value} />
                      {mayUpdate && canChangeWebhookOrderStatus(value, PENDING_WEBHOOK)
                        ? resendButton(row.name, () =>
                            resendOrderToWebhook(storeId, order.id, row.webhook_id),
                          )
                        : null}
                    </Flex>
                  ),
                },
                {
                  key: 'synced_at',
                  title: 'Sent',
                  dataIndex: 'synced_at',
                  render: (value: string | null) => formatDate(value) || '—',
                },
              ]}
            />
          ) : null}
        </Flex>
      )}
    </Card>
  );
}
