import { useState } from 'react';
import { Button, Flex, Form, Input, Select } from 'antd';

import {
  createIpWhitelistSchema,
  IP_WHITELIST_STATUS,
  SUCCESS_MESSAGES,
  type IpWhitelistDto,
} from '@syncdesk/contracts';
import { applyServerErrors, notifySuccess, zodRule } from '@syncdesk/web-kit';

import { createIpWhitelistEntry, updateIpWhitelistEntry } from '../../api/ip-whitelist.api';

interface Values {
  ip_address: string;
  status: 0 | 1 | 2;
}

export interface IpWhitelistFormProps {
  /** Null: company-wide; a role id: that role's list. */
  roleId: number | null;
  entry?: IpWhitelistDto | null;
  onCancel(): void;
  onSaved(): void;
}

/** Add or edit one address or CIDR range with its status (disabled / allowed / blocked). */
export function IpWhitelistForm({ roleId, entry, onCancel, onSaved }: IpWhitelistFormProps) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      if (entry) {
        await updateIpWhitelistEntry(entry.id, values);
        notifySuccess(SUCCESS_MESSAGES.updated);
      } else {
        await createIpWhitelistEntry(createIpWhitelistSchema.parse({ ...values, company_role_id: roleId }));
        notifySuccess(SUCCESS_MESSAGES.created);
      }
      onSaved();
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ ip_address: entry?.ip_address ?? '', status: entry?.status ?? 1 }}
      onFinish={save}
      disabled={saving}
    >
      <Form.Item
        label="IP address"
        name="ip_address"
        extra="An address (203.0.113.7) or a range (203.0.113.0/24)."
        rules={[zodRule(createIpWhitelistSchema, 'ip_address')]}
      >
        <Input autoFocus />
      </Form.Item>
      <Form.Item label="Status" name="status" rules={[zodRule(createIpWhitelistSchema, 'status')]}>
        <Select
          options={IP_WHITELIST_STATUS.entries.map((status) => ({
            value: status.value,
            label: status.label,
          }))}
        />
      </Form.Item>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {entry ? 'Save' : 'Add'}
        </Button>
      </Flex>
    </Form>
  );
}
