import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import {
  resetPasswordConfirmSchema,
  ROUTE_PATTERNS,
  SUCCESS_MESSAGES,
  type ResetPasswordConfirmInput,
} from '@syncdesk/contracts';
import { guestApi } from '../session/guestApi';
import { useDocumentTitle } from './useDocumentTitle';
import { useGuestForm } from './useGuestForm';

type PasswordFields = Pick<ResetPasswordConfirmInput, 'password' | 'password_confirmation'>;

/** The page the e-mailed link opens (`/password/reset?token=…`): a new password, twice. */
export function PasswordResetPage() {
  useDocumentTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [done, setDone] = useState(false);

  const { form, submitting, errorText, onFinish } = useGuestForm<PasswordFields, ResetPasswordConfirmInput>(
    resetPasswordConfirmSchema,
    async (input) => {
      await guestApi.confirmPasswordReset(input);
      setDone(true);
    },
    (values) => ({ ...values, token }),
  );

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Choose a new password
      </Typography.Title>
      {done ? (
        <Alert type="success" showIcon title={SUCCESS_MESSAGES.passwordChanged} role="status" />
      ) : (
        <>
          {errorText && (
            <Alert type="error" showIcon title={errorText} role="alert" style={{ marginBottom: 16 }} />
          )}
          <Form
            form={form}
            layout="vertical"
            name="password-reset"
            onFinish={onFinish}
            requiredMark={false}
            noValidate
          >
            <Form.Item label="Password" name="password">
              <Input.Password autoComplete="new-password" autoFocus />
            </Form.Item>
            <Form.Item label="Confirm password" name="password_confirmation">
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              Reset password
            </Button>
          </Form>
        </>
      )}
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        <Link to={ROUTE_PATTERNS.login}>Back to sign in</Link>
      </Typography.Paragraph>
    </>
  );
}
