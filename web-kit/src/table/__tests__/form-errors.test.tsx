import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input, type FormInstance } from 'antd';

import { changePasswordSchema } from '@syncdesk/contracts';

import { ApiError } from '../../http/api-error';
import { applyServerErrors } from '../form-errors';
import { zodRule } from '../form-rules';

let formRef: FormInstance | null = null;

function PasswordForm({ onFinish = () => undefined }: { onFinish?: () => void }) {
  const [form] = Form.useForm();
  formRef = form;
  return (
    <Form form={form} onFinish={onFinish}>
      <Form.Item
        label="Current password"
        name="current_password"
        rules={[zodRule(changePasswordSchema, 'current_password')]}
      >
        <Input.Password />
      </Form.Item>
      <Form.Item label="New password" name="password" rules={[zodRule(changePasswordSchema, 'password')]}>
        <Input.Password />
      </Form.Item>
      <Form.Item
        label="Confirm password"
        name="password_confirmation"
        rules={[zodRule(changePasswordSchema, 'password_confirmation')]}
      >
        <Input.Password />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

describe('applyServerErrors', () => {
  it("puts each field's first message under the field and ignores unknown fields", async () => {
    render(<PasswordForm />);
    const error = new ApiError({
      status: 422,
      message: 'The given data was invalid.',
      errors: {
        current_password: ['The current password is incorrect.', 'second'],
        unknown_field: ['nowhere'],
      },
    });
    let applied = false;
    act(() => {
      applied = applyServerErrors(formRef as FormInstance, error);
    });
    expect(applied).toBe(true);
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(screen.queryByText('second')).not.toBeInTheDocument();
    expect(screen.queryByText('nowhere')).not.toBeInTheDocument();
  });

  it('ignores errors that are not validation errors', () => {
    render(<PasswordForm />);
    expect(applyServerErrors(formRef as FormInstance, new ApiError({ status: 500 }))).toBe(false);
    expect(applyServerErrors(formRef as FormInstance, new Error('boom'))).toBe(false);
  });
});

describe('zodRule', () => {
  it("validates with the contracts' messages, cross-field checks included", async () => {
    const onFinish = jest.fn();
    render(<PasswordForm onFinish={onFinish} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The current password field is required.')).toBeInTheDocument();
    expect(screen.getByText('The password field is required.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-secret' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    expect(await screen.findByText('The password must be at least 8 characters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'long-enough' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'different' } });
    expect(await screen.findByText('The password confirmation does not match.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'long-enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
  });
});
