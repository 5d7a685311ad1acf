import { useState } from 'react';
import { Button, Form, Input } from 'antd';

import { SUCCESS_MESSAGES, updateProfileSchema, type UpdateProfileInput } from '@syncdesk/contracts';
import {
  applyServerErrors,
  notifySuccess,
  refreshSessionUser,
  useSessionUser,
  zodRule,
} from '@syncdesk/web-kit';

import { updateProfile } from '../../api/account.api';

/** Name and phone of the signed-in user (`PUT /me`). */
export function ProfileSettings() {
  const user = useSessionUser();
  const [form] = Form.useForm<UpdateProfileInput>();
  const [saving, setSaving] = useState(false);

  const save = async (values: UpdateProfileInput) => {
    setSaving(true);
    try {
      await updateProfile(updateProfileSchema.parse(values));
      notifySuccess(SUCCESS_MESSAGES.updated);
      // The header and drawer show the name from the session.
      await refreshSessionUser();
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<UpdateProfileInput>
      // SessionUser carries no phone, so the field starts empty and an empty phone is not sent.
      key={user?.id ?? 'anonymous'}
      form={form}
      layout="vertical"
      initialValues={{ name: user?.name ?? '', phone: '' }}
      onFinish={save}
      disabled={saving}
      style={{ maxWidth: 480 }}
    >
      <Form.Item label="Name" name="name" rules={[zodRule(updateProfileSchema, 'name')]}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item label="Phone" name="phone" rules={[zodRule(updateProfileSchema, 'phone')]}>
        <Input type="tel" autoComplete="tel" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        Save profile
      </Button>
    </Form>
  );
}
