import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';

import { createUserSchema, formatMessage, SUCCESS_MESSAGES, type CreateUserInput } from '@syncdesk/contracts';
import { applyServerErrors, notifySuccess, PageHeader, useSessionUser, zodRule } from '@syncdesk/web-kit';

import { createUser } from '../api/users.api';
import { RoleSelect } from '../components/RoleSelect';
import { useGrantLimit } from '../hooks/useGrantLimit';
import { useRoles } from '../hooks/useRoles';

type Values = CreateUserInput;

/**
 * A new member with a password set by the creator; the server files it under the user's first store.
 * An address that already has an account is invited instead, and the answer reads the same either way.
 */
export function UserCreatePage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const { roles, loading: rolesLoading } = useRoles();
  const grant = useGrantLimit();
  const store = user?.stores[0];

  const submit = async (values: Values) => {
    if (!store) return;
    setSaving(true);
    try {
      const input = createUserSchema.parse(values);
      const { message } = await createUser(store.id, input);
      // The server's words (they must not tell whether the address had an account); ours if absent.
      notifySuccess(message || formatMessage(SUCCESS_MESSAGES.userAddedOrInvited, { email: input.email }));
      void navigate('/users');
    } catch (error) {
      applyServerErrors(form, error);
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Create user"
        actions={<Button onClick={() => void navigate('/users')}>Back to users</Button>}
      />
      {user && !store ? (
        <Alert
          type="info"
          showIcon
          title="A store is needed first"
          description={
            <>
              New users are created from one of your stores, and you have none yet.{' '}
              <Link to="/stores/create">Create a store</Link>, then come back here — or invite the person by
              e-mail instead.
            </>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Card>
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={submit}
          disabled={saving || !store}
          style={{ maxWidth: 480 }}
        >
          <Form.Item label="Name" name="name" rules={[zodRule(createUserSchema, 'name')]}>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item label="E-mail" name="email" rules={[zodRule(createUserSchema, 'email')]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[zodRule(createUserSchema, 'password')]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Confirm password"
            name="password_confirmation"
            dependencies={['password']}
            rules={[zodRule(createUserSchema, 'password_confirmation')]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="Role" name="role_id" rules={[zodRule(createUserSchema, 'role_id')]}>
            <RoleSelect roles={roles} loading={rolesLoading} mayGrant={grant.mayGrant} />
          </Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={saving}>
              Create user
            </Button>
          </Flex>
        </Form>
      </Card>
    </>
  );
}
