import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link } from 'react-router';
import {
  resetPasswordSchema,
  ROUTE_PATTERNS,
  SUCCESS_MESSAGES,
  type ResetPasswordInput,
} from '@syncdesk/contracts';
import { guestApi } from '../session/guestApi';
import { useDocumentTitle } from './useDocumentTitle';
import { useGuestForm } from './useGuestForm';

/** Password reset request: the server answers the same whether or not the address is known. */
export function RestorePasswordPage() {
  useDocumentTitle('Reset password');
  const [sent, setSent] = useState(false);
  const { form, submitting, errorText, onFinish } = useGuestForm<ResetPasswordInput, ResetPasswordInput>(
    resetPasswordSchema,
    async (input) => {
      await guestApi.requestPasswordReset(input);
      setSent(true);
    },
  );

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Reset your password
      </Typography.Title>
      {sent ? (
        <Alert type="success" showIcon title={SUCCESS_MESSAGES.resetLinkSent} role="status" />
      ) : (
        <>
          {errorText && (
            <Alert type="error" showIcon title={errorText} role="alert" style={{ marginBottom: 16 }} />
          )}
          <Form
            form={form}
            layout="vertical"
            name="restore"
            onFinish={onFinish}
            requiredMark={false}
            noValidate
          >
            <Form.Item label="Email" name="email">
              <Input type="email" autoComplete="email" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              Send reset link
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
