import { useState } from 'react';
import { Button, Flex, Form, Input } from 'antd';

import { createCompanySchema, SUCCESS_MESSAGES, type CompanyDto } from '@syncdesk/contracts';
import { applyServerErrors, notifySuccess, zodRule } from '@syncdesk/web-kit';

import { createCompany, updateCompany } from '../api/companies.api';

export interface CompanyFormProps {
  /** Editing this company; absent to create one. */
  company?: CompanyDto | null;
  onCancel(): void;
  onSaved(company: CompanyDto): void;
}

/**
 * Create or rename a company: the body of the create modal and of the edit drawer. The buttons sit
 * inside the form so Enter submits it.
 */
export function CompanyForm({ company, onCancel, onSaved }: CompanyFormProps) {
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      const input = createCompanySchema.parse({ name });
      const saved = company ? await updateCompany(company.id, input) : await createCompany(input);
      notifySuccess(company ? SUCCESS_MESSAGES.updated : SUCCESS_MESSAGES.created);
      onSaved(saved);
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ name: company?.name ?? '' }}
      onFinish={submit}
      disabled={saving}
    >
      <Form.Item label="Name" name="name" rules={[zodRule(createCompanySchema, 'name')]}>
        <Input autoFocus autoComplete="organization" />
      </Form.Item>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {company ? 'Save' : 'Create'}
        </Button>
      </Flex>
    </Form>
  );
}
