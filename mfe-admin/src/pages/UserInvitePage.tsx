import { useState } from 'react';
import { Button, Card, Form, Input } from 'antd';
import { useNavigate } from 'react-router';

import { inviteUserSchema, SUCCESS_MESSAGES, type InviteUserInput } from '@syncdesk/contracts';
import { applyServerErrors, notifySuccess, PageHeader, zodRule } from '@syncdesk/web-kit';

import { inviteUser } from '../api/invitations.api';
import { RoleSelect } from '../components/RoleSelect';
import { useGrantLimit } from '../hooks/useGrantLimit';
import { useRoles } from '../hooks/useRoles';

/** Invites someone by e-mail with a role; they accept from the e-mailed link. */
export function UserInvitePage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<InviteUserInput>();
  const [saving, setSaving] = useState(false);
  const { roles, loading: rolesLoading } = useRoles();
  const grant = useGrantLimit();

  const submit = async (values: InviteUserInput) => {
    setSaving(true);
    try {
      await inviteUser(inviteUserSchema.parse(values));
      notifySuccess(SUCCESS_MESSAGES.invitationSent);
      void navigate('/invitations');
    } catch (error) {
      applyServerErrors(form, error);
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Invite user"
        actions={<Button onClick={() => void navigate('/invitations')}>Invitations</Button>}
      />
      <Card>
        <Form<InviteUserInput>
          form={form}
          layout="vertical"
          onFinish={submit}
          disabled={saving}
          style={{ maxWidth: 480 }}
        >
          <Form.Item label="E-mail" name="email" rules={[zodRule(inviteUserSchema, 'email')]}>
            <Input type="email" autoComplete="off" autoFocus />
          </Form.Item>
          <Form.Item label="Role" name="role_id" rules={[zodRule(inviteUserSchema, 'role_id')]}>
            <RoleSelect roles={roles} loading={rolesLoading} mayGrant={grant.mayGrant} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            Send invitation
          </Button>
        </Form>
      </Card>
    </>
  );
}
