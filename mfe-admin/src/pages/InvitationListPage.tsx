import { Button, Popconfirm, Space } from 'antd';
import { useNavigate } from 'react-router';

import { SUCCESS_MESSAGES, type InvitationDto } from '@syncdesk/contracts';
import {
  DataTable,
  formatDate,
  notifySuccess,
  PageHeader,
  useListQuery,
  type DataTableColumn,
} from '@syncdesk/web-kit';

import { deleteInvitation, INVITATIONS_PATH, updateInvitationRole } from '../api/invitations.api';
import { RoleSelect } from '../components/RoleSelect';
import { useCan } from '../hooks/useCan';
import { useGrantLimit } from '../hooks/useGrantLimit';
import { useRoles } from '../hooks/useRoles';

/** Pending invitations: change the role they will join with, or withdraw them. */
export function InvitationListPage() {
  const navigate = useNavigate();
  const can = useCan();
  const query = useListQuery<InvitationDto>(INVITATIONS_PATH);
  const mayUpdate = can('users.update');
  const { roles } = useRoles(mayUpdate);
  const grant = useGrantLimit();

  const changeRole = async (invitation: InvitationDto, roleId: number) => {
    try {
      await updateInvitationRole(invitation.id, roleId);
      notifySuccess(SUCCESS_MESSAGES.updated);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const remove = async (invitation: InvitationDto) => {
    try {
      await deleteInvitation(invitation.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const columns: DataTableColumn<InvitationDto>[] = [
    { key: 'email', title: 'E-mail', dataIndex: 'email', sorter: true },
    {
      key: 'role',
      title: 'Role',
      render: (_value, invitation) =>
        mayUpdate ? (
          <RoleSelect
            aria-label={`Role of ${invitation.email}`}
            roles={roles}
            mayGrant={grant.mayGrant}
            value={invitation.role?.id}
            onChange={(roleId) => void changeRole(invitation, roleId)}
            style={{ minWidth: 160 }}
          />
        ) : (
          (invitation.role?.name ?? '—')
        ),
    },
    {
      key: 'created_at',
      title: 'Sent',
      dataIndex: 'created_at',
      sorter: true,
      render: (value: string) => formatDate(value),
    },
    {
      key: 'expires_at',
      title: 'Expires',
      dataIndex: 'expires_at',
      render: (value: string) => formatDate(value),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_value, invitation) =>
        can('users.delete') ? (
          <Space>
            <Popconfirm
              title={`Delete the invitation for ${invitation.email}?`}
              description="The link in the e-mail stops working."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(invitation)}
            >
              <Button size="small" danger>
                Delete
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title="Invitations"
        actions={
          <>
            <Button onClick={() => void navigate('/users')}>Users</Button>
            {can('users.create') ? (
              <Button type="primary" onClick={() => void navigate('/users/invite')}>
                Invite user
              </Button>
            ) : null}
          </>
        }
      />
      <DataTable
        tableKey="admin.invitations"
        label="Invitations"
        query={query}
        columns={columns}
        emptyText="No pending invitations"
        emptyAction={
          can('users.create') ? (
            <Button onClick={() => void navigate('/users/invite')}>Invite a user</Button>
          ) : undefined
        }
      />
    </>
  );
}
