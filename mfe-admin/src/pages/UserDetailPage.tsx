import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Form, Input, Popconfirm, Tag } from 'antd';
import { useNavigate, useParams } from 'react-router';

import { SUCCESS_MESSAGES, updateUserSchema, type UpdateUserInput } from '@syncdesk/contracts';
import {
  applyServerErrors,
  RecordLoadState,
  useRecord,
  formatDate,
  notifySuccess,
  PageHeader,
  useSessionUser,
  zodRule,
} from '@syncdesk/web-kit';

import { deleteUser, getUser, updateUser, verifyUser } from '../api/users.api';
import { RoleSelect } from '../components/RoleSelect';
import { useCan } from '../hooks/useCan';
import {
  MEMBER_BEYOND_REACH_HINT,
  OWN_ROLE_HINT,
  OWNER_ROLE_HINT,
  useGrantLimit,
} from '../hooks/useGrantLimit';
import { useRoles } from '../hooks/useRoles';

/**
 * One member: rename, change role, verify the e-mail by hand, remove. Roles beyond what the signed-in
 * user holds, their own role and the owner's are shown but can't be chosen or changed (see roleLock).
 */
export function UserDetailPage() {
  const { userId = '' } = useParams();
  const { record: user, setRecord: setUser, failed } = useRecord(userId, getUser);
  const navigate = useNavigate();
  const can = useCan();
  const [form] = Form.useForm<UpdateUserInput>();
  const [saving, setSaving] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const mayUpdate = can('users.update');
  const { roles, loading: rolesLoading } = useRoles(mayUpdate);
  const me = useSessionUser();
  const grant = useGrantLimit();

  /**
   * Why the user's role can't be changed here, in the server's order (it refuses with 403 too);
   * null when it can. Platform administrators are exempt from all of these.
   */
  const currentRole = roles.find((role) => role.id === user?.role?.id);
  // A member holding more than the user is out of their reach: no role change, no removal.
  const beyondReach = Boolean(currentRole && !grant.mayGrant(currentRole.permissions));
  const roleLock = (() => {
    if (!user || grant.exempt) return null;
    if (user.is_owner) return OWNER_ROLE_HINT;
    if (user.id === me?.id) return OWN_ROLE_HINT;
    return beyondReach ? MEMBER_BEYOND_REACH_HINT : null;
  })();

  const save = async (values: UpdateUserInput) => {
    if (!user) return;
    setSaving(true);
    try {
      const input = updateUserSchema.parse(values);
      // A locked role is not sent at all: it can't change, and the name alone may.
      if (roleLock) delete input.role_id;
      setUser(await updateUser(user.id, input));
      notifySuccess(SUCCESS_MESSAGES.updated);
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const verify = async () => {
    if (!user) return;
    setVerifying(true);
    try {
      setUser(await verifyUser(user.id));
      notifySuccess(SUCCESS_MESSAGES.userVerified);
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setVerifying(false);
    }
  };

  const remove = async () => {
    if (!user) return;
    try {
      await deleteUser(user.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      void navigate('/users');
    } catch {
      // The server's refusal ('You can not delete this user') is shown by the error handler.
    }
  };

  const back = <Button onClick={() => void navigate('/users')}>Back to users</Button>;
  if (failed || !user) return <RecordLoadState title="User" noun="user" actions={back} failed={failed} />;

  return (
    <>
      <PageHeader
        title={user.name}
        subtitle={user.email}
        actions={
          <>
            {back}
            {mayUpdate && !user.email_verified ? (
              <Button onClick={() => void verify()} loading={verifying}>
                Verify
              </Button>
            ) : null}
            {can('users.delete') && !user.is_owner && !beyondReach ? (
              <Popconfirm
                title={`Delete ${user.name}?`}
                description="They lose access to this company."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={remove}
              >
                <Button danger>Delete</Button>
              </Popconfirm>
            ) : null}
          </>
        }
      />
      <Flex vertical gap={16}>
        <Card>
          <Descriptions
            column={1}
            items={[
              {
                key: 'verified',
                label: 'E-mail',
                children: user.email_verified ? (
                  <Tag color="success">Verified</Tag>
                ) : (
                  <Tag color="warning">Unverified</Tag>
                ),
              },
              { key: 'owner', label: 'Owner', children: user.is_owner ? 'Yes' : 'No' },
              { key: 'created', label: 'Created', children: formatDate(user.created_at) },
            ]}
          />
        </Card>
        <Card title="Details">
          <Form<UpdateUserInput>
            form={form}
            layout="vertical"
            initialValues={{ name: user.name, role_id: user.role?.id }}
            onFinish={save}
            disabled={saving || !mayUpdate}
            style={{ maxWidth: 480 }}
          >
            <Form.Item label="Name" name="name" rules={[zodRule(updateUserSchema, 'name')]}>
              <Input autoComplete="name" />
            </Form.Item>
            <Form.Item
              label="Role"
              name="role_id"
              rules={[zodRule(updateUserSchema, 'role_id')]}
              extra={roleLock}
            >
              <RoleSelect
                disabled={Boolean(roleLock)}
                mayGrant={grant.mayGrant}
                roles={
                  roles.length > 0 || !user.role
                    ? roles
                    : [{ ...user.role, permissions: [], is_default: false, users_count: 0 }]
                }
                loading={rolesLoading}
              />
            </Form.Item>
            {mayUpdate ? (
              <Button type="primary" htmlType="submit" loading={saving}>
                Save
              </Button>
            ) : null}
          </Form>
        </Card>
      </Flex>
    </>
  );
}
