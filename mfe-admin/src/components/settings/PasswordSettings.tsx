import { useState } from 'react';
import { Button, Form, Input } from 'antd';

import { changePasswordSchema, SUCCESS_MESSAGES, type ChangePasswordInput } from '@syncdesk/contracts';
import { applyServerErrors, notifySuccess, zodRule } from '@syncdesk/web-kit';

import { changePassword } from '../../api/account.api';

export function PasswordSettings() {
  const [form] = Form.useForm<ChangePasswordInput>();
  const [saving, setSaving] = useState(false);

  const save = async (values: ChangePasswordInput) => {
    setSaving(true);
    try {
      await changePassword(changePasswordSchema.parse(values));
      notifySuccess(SUCCESS_MESSAGES.passwordChanged);
      form.resetFields();
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<ChangePasswordInput>
      form={form}
      layout="vertical"
      onFinish={save}
      disabled={saving}
      style={{ maxWidth: 480 }}
    >
      <Form.Item
        label="Current password"
        name="current_password"
        rules={[zodRule(changePasswordSchema, 'current_password')]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item label="New password" name="password" rules={[zodRule(changePasswordSchema, 'password')]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm new password"
        name="password_confirmation"
        dependencies={['password']}
        rules={[zodRule(changePasswordSchema, 'password_confirmation')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        Change password
      </Button>
    </Form>
  );
}
