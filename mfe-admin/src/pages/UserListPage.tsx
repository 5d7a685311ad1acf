import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'E-mail', dataIndex: 'email' },
  { title: 'Role', dataIndex: 'role' },
];

export function UserListPage() {
  return <ListPage title="Users" columns={COLUMNS} emptyText="No users yet" />;
}
