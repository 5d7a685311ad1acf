import { Button, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';

import type { RoleDto } from '@syncdesk/contracts';
import { DataTable, PageHeader, useListQuery, type DataTableColumn } from '@syncdesk/web-kit';

import { ROLES_PATH } from '../api/roles.api';
import { useCan } from '../hooks/useCan';

const COLUMNS: DataTableColumn<RoleDto>[] = [
  {
    key: 'name',
    title: 'Name',
    dataIndex: 'name',
    sorter: true,
    render: (name: string, role) => (
      <>
        <Link to={`/roles/${role.id}`}>{name}</Link>{' '}
        {role.is_default ? <Tag color="processing">Default</Tag> : null}
      </>
    ),
  },
  { key: 'users_count', title: 'Users', dataIndex: 'users_count', align: 'right' },
  {
    key: 'permissions',
    title: 'Permissions',
    dataIndex: 'permissions',
    render: (permissions: string[]) => permissions.length,
  },
];

export function RoleListPage() {
  const can = useCan();
  const navigate = useNavigate();
  const query = useListQuery<RoleDto>(ROLES_PATH);
  const create = () => void navigate('/roles/create');

  return (
    <>
      <PageHeader
        title="Roles"
        actions={
          can('roles.create') ? (
            <Button type="primary" onClick={create}>
              Create role
            </Button>
          ) : null
        }
      />
      <DataTable
        tableKey="admin.roles"
        label="Roles"
        query={query}
        columns={COLUMNS}
        emptyText="No roles yet"
        emptyAction={can('roles.create') ? <Button onClick={create}>Create a role</Button> : undefined}
      />
    </>
  );
}
