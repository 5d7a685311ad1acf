import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Popconfirm, Skeleton, Switch } from 'antd';
import { useNavigate, useParams } from 'react-router';

import { createRoleSchema, SUCCESS_MESSAGES, type CreateRoleInput, type RoleDto } from '@syncdesk/contracts';
import { applyServerErrors, notifySuccess, PageHeader, zodRule } from '@syncdesk/web-kit';

import { createRole, deleteRole, getRole, updateRole } from '../api/roles.api';
import { PermissionEditor } from '../components/PermissionEditor';
import { useCan } from '../hooks/useCan';

type Values = CreateRoleInput;

/** `/roles/create` (no id) and `/roles/:roleId`: name, default flag and the permission grid. */
export function RoleEditorPage() {
  const { roleId } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const [role, setRole] = useState<RoleDto | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const editing = roleId !== undefined;
  const mayEdit = editing ? can('roles.update') : can('roles.create');

  useEffect(() => {
    if (roleId === undefined) return undefined;
    let active = true;
    getRole(roleId)
      .then((loaded) => active && setRole(loaded))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [roleId]);

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
  if (failed) {
    return (
      <>
        <PageHeader title="Role" actions={back} />
        <Alert type="error" showIcon title="This role could not be loaded." />
      </>
    );
  }
  if (editing && !role) {
    return (
      <>
        <PageHeader title="Role" actions={back} />
        <Skeleton active />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={role ? role.name : 'Create role'}
        actions={
          <>
            {back}
            {role && can('roles.delete') ? (
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
      <Card>
        <Form<Values>
          // A new role id remounts the form with that role's values.
          key={role?.id ?? 'new'}
          form={form}
          layout="vertical"
          initialValues={{
            name: role?.name ?? '',
            permissions: role?.permissions ?? [],
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
            <PermissionEditor />
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
