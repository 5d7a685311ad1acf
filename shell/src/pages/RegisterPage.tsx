import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { registerSchema, ROUTE_PATTERNS, SUCCESS_MESSAGES, type RegisterInput } from '@syncdesk/contracts';
import { notifySuccess, startSession } from '@syncdesk/web-kit';
import { guestApi } from '../session/guestApi';
import { useDocumentTitle } from './useDocumentTitle';
import { useGuestForm } from './useGuestForm';

/**
 * Registration (spec §5): a new company with the person as its owner, on a trial. The contracts'
 * registerSchema checks the form with the server's rules and texts ('Please enter a valid phone
 * number.'); success signs in and asks to verify the e-mail address.
 */
export function RegisterPage() {
  useDocumentTitle('Register');
  const navigate = useNavigate();
  const { form, submitting, errorText, onFinish } = useGuestForm<RegisterInput, RegisterInput>(
    registerSchema,
    async (input) => {
      const { token } = await guestApi.register(input);
      await startSession(token);
      notifySuccess(SUCCESS_MESSAGES.verifyAccountPrompt);
      void navigate('/', { replace: true });
    },
  );

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Register
      </Typography.Title>
      {errorText && (
        <Alert type="error" showIcon title={errorText} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" name="register" onFinish={onFinish} requiredMark={false} noValidate>
        <Form.Item label="Company name" name="company_name">
          <Input autoComplete="organization" autoFocus />
        </Form.Item>
        <Form.Item label="Name" name="name">
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label="Email" name="email">
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Phone" name="phone" extra="Optional">
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item label="Password" name="password">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirm password" name="password_confirmation">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Register
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        Already have an account? <Link to={ROUTE_PATTERNS.login}>Sign in</Link>
      </Typography.Paragraph>
    </>
  );
}
