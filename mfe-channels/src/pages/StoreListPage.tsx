import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'Store', dataIndex: 'id' },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Channels', dataIndex: 'channels_count' },
  { title: 'Plugins', dataIndex: 'plugins_count' },
  { title: 'Webhooks', dataIndex: 'webhooks_count' },
  { title: 'Notification e-mails', dataIndex: 'storeNotifications' },
];

export function StoreListPage() {
  return <ListPage title="Stores" columns={COLUMNS} emptyText="No stores yet" />;
}
