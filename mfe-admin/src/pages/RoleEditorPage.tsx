import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Popconfirm, Switch } from 'antd';
import { useNavigate, useParams } from 'react-router';

import { createRoleSchema, SUCCESS_MESSAGES, type CreateRoleInput } from '@syncdesk/contracts';
import {
  applyServerErrors,
  RecordLoadState,
  useRecord,
  notifySuccess,
  PageHeader,
  zodRule,
} from '@syncdesk/web-kit';

import { createRole, deleteRole, getRole, updateRole } from '../api/roles.api';
import { PermissionEditor } from '../components/PermissionEditor';
import { useCan } from '../hooks/useCan';
import { ROLE_BEYOND_REACH_HINT, useGrantLimit } from '../hooks/useGrantLimit';

type Values = CreateRoleInput;

/** `/roles/create` (no id) and `/roles/:roleId`: name, default flag and the permission grid. */
export function RoleEditorPage() {
  const { roleId } = useParams();
  const { record: role, setRecord: setRole, failed } = useRecord(roleId, getRole);
  const navigate = useNavigate();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const grant = useGrantLimit();
  const editing = roleId !== undefined;
  // A role holding more than the user is read-only to them: the server refuses any change to it.
  const beyondReach = role ? !grant.mayGrant(role.permissions) : false;
  const mayEdit = (editing ? can('roles.update') : can('roles.create')) && !beyondReach;
  // Under data protection a new role starts with it: one without it would unmask what they can't see.
  const newRolePermissions = [...grant.locked].filter((name) => name === 'data_protection');

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const input = createRoleSchema.parse({ ...values, permissions: values.permissions ?? [] });
      if (role) {
        setRole(await updateRole(role.id, input));
        notifySuccess(SUCCESS_MESSAGES.updated);
        setSaving(false);
      } else {
        const created = await createRole(input);
        notifySuccess(SUCCESS_MESSAGES.created);
        void navigate(`/roles/${created.id}`);
      }
    } catch (error) {
      applyServerErrors(form, error);
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!role) return;
    try {
      await deleteRole(role.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      void navigate('/roles');
    } catch {
      // The server's refusal ('You can not delete this role') is shown by the error handler.
    }
  };

  const back = <Button onClick={() => void navigate('/roles')}>Back to roles</Button>;
  if (failed || (editing && !role))
    return <RecordLoadState title="Role" noun="role" actions={back} failed={failed} />;

  return (
    <>
      <PageHeader
        title={role ? role.name : 'Create role'}
        actions={
          <>
            {back}
            {role && can('roles.delete') && !beyondReach ? (
              <Popconfirm
                title={`Delete the role ${role.name}?`}
                description="A role in use, the default role or your own cannot be deleted."
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
      {beyondReach ? (
        <Alert type="info" showIcon title={ROLE_BEYOND_REACH_HINT} style={{ marginBottom: 16 }} />
      ) : null}
      <Card>
        <Form<Values>
          // A new role id remounts the form with that role's values.
          key={role?.id ?? 'new'}
          form={form}
          layout="vertical"
          initialValues={{
            name: role?.name ?? '',
            permissions: role?.permissions ?? newRolePermissions,
            is_default: role?.is_default ?? false,
          }}
          onFinish={save}
          disabled={saving || !mayEdit}
        >
          <Form.Item
            label="Name"
            name="name"
            rules={[zodRule(createRoleSchema, 'name')]}
            style={{ maxWidth: 480 }}
          >
            <Input />
          </Form.Item>
          <Form.Item
            label="Default role"
            name="is_default"
            valuePropName="checked"
            extra="New members get it unless another is chosen."
          >
            <Switch />
          </Form.Item>
          <Form.Item label="Permissions" name="permissions">
            <PermissionEditor locked={grant.locked} />
          </Form.Item>
          {mayEdit ? (
            <Button type="primary" htmlType="submit" loading={saving}>
              {role ? 'Save' : 'Create role'}
            </Button>
          ) : null}
        </Form>
      </Card>
    </>
  );
}
