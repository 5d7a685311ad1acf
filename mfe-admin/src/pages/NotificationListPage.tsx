import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'Message', dataIndex: 'message' },
  { title: 'Level', dataIndex: 'level' },
  { title: 'Status', dataIndex: 'status' },
  { title: 'Created', dataIndex: 'created_at' },
];

export function NotificationListPage() {
  return <ListPage title="Notifications" columns={COLUMNS} emptyText="No notifications" />;
}
