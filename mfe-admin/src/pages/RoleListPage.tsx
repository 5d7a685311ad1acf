import { ListPage } from '@syncdesk/web-kit';

const COLUMNS = [
  { title: 'Role', dataIndex: 'id' },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Permissions', dataIndex: 'permissions' },
];

export function RoleListPage() {
  return <ListPage title="Roles" columns={COLUMNS} emptyText="No roles yet" />;
}
