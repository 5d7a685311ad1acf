import { Button, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';

import type { UserDto } from '@syncdesk/contracts';
import { DataTable, formatDate, PageHeader, useListQuery, type DataTableColumn } from '@syncdesk/web-kit';

import { USERS_PATH } from '../api/users.api';
import { useCan } from '../hooks/useCan';

const COLUMNS: DataTableColumn<UserDto>[] = [
  {
    key: 'name',
    title: 'Name',
    dataIndex: 'name',
    sorter: true,
    render: (name: string, user) => <Link to={`/users/${user.id}`}>{name}</Link>,
  },
  { key: 'email', title: 'E-mail', dataIndex: 'email', sorter: true },
  { key: 'role', title: 'Role', render: (_value, user) => user.role?.name ?? '—' },
  {
    key: 'email_verified',
    title: 'Verified',
    dataIndex: 'email_verified',
    render: (verified: boolean) =>
      verified ? <Tag color="success">Verified</Tag> : <Tag color="warning">Unverified</Tag>,
  },
  {
    key: 'created_at',
    title: 'Created',
    dataIndex: 'created_at',
    sorter: true,
    render: (value: string) => formatDate(value),
  },
];

export function UserListPage() {
  const can = useCan();
  const navigate = useNavigate();
  const query = useListQuery<UserDto>(USERS_PATH);
  const mayCreate = can('users.create');

  return (
    <>
      <PageHeader
        title="Users"
        actions={
          <>
            <Button onClick={() => void navigate('/invitations')}>Invitations</Button>
            {mayCreate ? <Button onClick={() => void navigate('/users/invite')}>Invite user</Button> : null}
            {mayCreate ? (
              <Button type="primary" onClick={() => void navigate('/users/create')}>
                Create user
              </Button>
            ) : null}
          </>
        }
      />
      <DataTable
        tableKey="admin.users"
        label="Users"
        query={query}
        columns={COLUMNS}
        searchPlaceholder="Search users"
        emptyText="No users yet"
        emptyAction={
          mayCreate ? (
            <Button onClick={() => void navigate('/users/invite')}>Invite a user</Button>
          ) : undefined
        }
      />
    </>
  );
}
