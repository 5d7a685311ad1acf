import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Result, Spin, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  acceptInvitationSchema,
  ROUTE_PATTERNS,
  type AcceptInvitationInput,
  type InvitationPreviewDto,
} from '@syncdesk/contracts';
import { startSession } from '@syncdesk/web-kit';
import { guestApi } from '../session/guestApi';
import { useDocumentTitle } from './useDocumentTitle';
import { useGuestForm } from './useGuestForm';

/** Shown when the link's token is unknown, used or expired (the server answers 404). */
export const INVITATION_INVALID_TEXT = 'This invitation is invalid or has expired.';

interface AcceptFields {
  name?: string;
  email: string;
  password?: string;
  password_confirmation?: string;
}

function AcceptInvitationForm({ token, invitation }: { token: string; invitation: InvitationPreviewDto }) {
  const navigate = useNavigate();
  const { form, submitting, errorText, onFinish } = useGuestForm<AcceptFields, AcceptInvitationInput>(
    acceptInvitationSchema,
    async (input) => {
      const { token: sessionToken } = await guestApi.acceptInvitation(token, input);
      await startSession(sessionToken);
      void navigate('/', { replace: true });
    },
    // The address is the invited one, whatever the disabled field holds.
    (values) => ({ ...values, email: invitation.email, existing_user: invitation.existing_user }),
  );

  return (
    <>
      {errorText && (
        <Alert type="error" showIcon title={errorText} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        layout="vertical"
        name="accept-invitation"
        onFinish={onFinish}
        requiredMark={false}
        noValidate
        initialValues={{ email: invitation.email }}
      >
        {!invitation.existing_user && (
          <Form.Item label="Name" name="name">
            <Input autoComplete="name" autoFocus />
          </Form.Item>
        )}
        <Form.Item label="Email" name="email">
          <Input type="email" disabled />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          extra={invitation.existing_user ? 'The password of your existing account.' : undefined}
        >
          <Input.Password
            autoComplete={invitation.existing_user ? 'current-password' : 'new-password'}
            autoFocus={invitation.existing_user}
          />
        </Form.Item>
        {!invitation.existing_user && (
          <Form.Item label="Confirm password" name="password_confirmation">
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Accept invitation
        </Button>
      </Form>
    </>
  );
}

/**
 * The invitation link (`/invitations/accept?token=…`): shows the inviting company and role, then
 * creates an account (or confirms an existing one with its password) and signs in to that company.
 */
export function AcceptInvitationPage() {
  useDocumentTitle('Accept invitation');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'invalid' } | { kind: 'ready'; invitation: InvitationPreviewDto }
  >({ kind: 'loading' });

  useEffect(() => {
    if (!token) {
      setState({ kind: 'invalid' });
      return;
    }
    let current = true;
    guestApi.previewInvitation(token).then(
      (invitation) => current && setState({ kind: 'ready', invitation }),
      () => current && setState({ kind: 'invalid' }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (state.kind === 'loading') return <Spin aria-label="Loading" style={{ display: 'block', margin: 32 }} />;
  if (state.kind === 'invalid') {
    return (
      <Result
        status="error"
        title={INVITATION_INVALID_TEXT}
        extra={<Link to={ROUTE_PATTERNS.login}>Back to sign in</Link>}
      />
    );
  }
  const { invitation } = state;
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Join {invitation.company_name}
      </Typography.Title>
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'company', label: 'Company', children: invitation.company_name },
          { key: 'role', label: 'Role', children: invitation.role_name ?? 'Default role' },
        ]}
      />
      <AcceptInvitationForm token={token} invitation={invitation} />
    </>
  );
}
