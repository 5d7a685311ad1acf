import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { ROUTE_PATTERNS, signInSchema, type SignInInput } from '@syncdesk/contracts';
import { signIn } from '@syncdesk/web-kit';
import { redirectTargetFrom } from '../guards/redirectTarget';
import { useDocumentTitle } from './useDocumentTitle';
import { useGuestForm } from './useGuestForm';

export interface LoginPageProps {
  /** `/login-admin`: the same sign-in, titled for platform administrators. */
  administrator?: boolean;
}

/**
 * Sign-in (spec §4): token, then the user; then the remembered path if it is safe, else `/`.
 * The server's refusals (wrong credentials, too many attempts with the seconds left, IP not
 * allowed) are shown verbatim above the form.
 */
export function LoginPage({ administrator = false }: LoginPageProps) {
  const title = administrator ? 'Administrator sign-in' : 'Sign in';
  useDocumentTitle(title);
  const navigate = useNavigate();
  const { search } = useLocation();

  const { form, submitting, errorText, onFinish } = useGuestForm<SignInInput, SignInInput>(
    signInSchema,
    async ({ email, password }) => {
      await signIn(email, password);
      void navigate(redirectTargetFrom(search), { replace: true });
    },
  );

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {errorText && (
        <Alert type="error" showIcon title={errorText} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" name="sign-in" onFinish={onFinish} requiredMark={false} noValidate>
        <Form.Item label="Email" name="email">
          <Input type="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password">
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Sign in
        </Button>
      </Form>
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        <Link to={ROUTE_PATTERNS.restore}>Forgot your password?</Link>
        <Link to={ROUTE_PATTERNS.registerAdmin}>Create an account</Link>
      </Flex>
    </>
  );
}
