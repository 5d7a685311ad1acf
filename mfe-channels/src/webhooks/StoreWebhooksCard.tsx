import { useState } from 'react';
import { Button, Card, Switch, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';

import { routes, SUCCESS_MESSAGES, WEBHOOK_EVENT, type WebhookDto } from '@syncdesk/contracts';
import { DataTable, notifySuccess, useListQuery, type DataTableColumn } from '@syncdesk/web-kit';

import { setWebhookActive, webhooksPath } from './webhooks.api';

export interface StoreWebhooksCardProps {
  storeId: number;
  /** stores.update: may add webhooks, edit them and switch them on and off. */
  editable: boolean;
}

/** The store's webhooks on its edit page: what each sends where, switched on and off in place. */
export function StoreWebhooksCard({ storeId, editable }: StoreWebhooksCardProps) {
  const query = useListQuery<WebhookDto>(webhooksPath(storeId));
  const navigate = useNavigate();
  const [switchingId, setSwitchingId] = useState<number | null>(null);

  const toggle = async (webhook: WebhookDto, isActive: boolean) => {
    setSwitchingId(webhook.id);
    try {
      await setWebhookActive(storeId, webhook.id, isActive);
      notifySuccess(SUCCESS_MESSAGES.updated);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setSwitchingId(null);
    }
  };

  const add = editable ? (
    <Button type="primary" onClick={() => void navigate(routes.webhookCreate(storeId))}>
      Add webhook
    </Button>
  ) : null;

  const columns: DataTableColumn<WebhookDto>[] = [
    {
      key: 'name',
      title: 'Name',
      render: (_value, webhook) => <Link to={routes.webhookDetail(storeId, webhook.id)}>{webhook.name}</Link>,
    },
    { key: 'event', title: 'Event', render: (_value, webhook) => WEBHOOK_EVENT.label(webhook.event) },
    { key: 'method', title: 'Method', dataIndex: 'method' },
    {
      key: 'url',
      title: 'URL',
      render: (_value, webhook) => (
        <Typography.Text ellipsis={{ tooltip: webhook.url }} style={{ maxWidth: 280 }}>
          {webhook.url}
        </Typography.Text>
      ),
    },
    {
      key: 'is_active',
      title: 'Active',
      render: (_value, webhook) => (
        <Switch
          aria-label={`Active: ${webhook.name}`}
          checked={webhook.is_active}
          loading={switchingId === webhook.id}
          disabled={!editable}
          onChange={(checked) => void toggle(webhook, checked)}
        />
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_value, webhook) => (
        <Button size="small" onClick={() => void navigate(routes.webhookDetail(storeId, webhook.id))}>
          {editable ? 'Edit' : 'View'}
        </Button>
      ),
    },
  ];

  return (
    <Card title="Webhooks" extra={query.data.length > 0 ? add : null}>
      <DataTable
        tableKey="channels.store-webhooks"
        label="Webhooks"
        query={query}
        columns={columns}
        columnSettings={false}
        size="small"
        emptyText="No webhooks yet"
        emptyAction={add}
      />
    </Card>
  );
}
