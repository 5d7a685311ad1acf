import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'Customer', dataIndex: 'id' },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Email', dataIndex: 'email' },
  { title: 'Channel', dataIndex: 'channel' },
  { title: 'Created', dataIndex: 'created_at' },
];

export function CustomerListPage() {
  return <ListPage title="Customers" columns={COLUMNS} emptyText="No customers yet" />;
}
