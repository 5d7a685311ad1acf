import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Flex, Form, Input, Modal, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

import {
  createHostedPageSchema,
  HOSTED_PAGE_DEFAULT_LIFETIME_DAYS,
  HOSTED_PAGE_MAX_LIFETIME_DAYS,
  SUCCESS_MESSAGES,
  type HostedPageLinkDto,
} from '@syncdesk/contracts';
import { applyServerErrors, currentStoreOf, notifySuccess, useSessionUser, zodRule } from '@syncdesk/web-kit';

import { createHostedPageLink } from '../api/hosted-pages.api';
import { OFFERABLE_CHANNEL_TYPES } from './channel-type-options';
import { copyLink } from './copy-link';

interface LinkFormValues {
  store_id?: number;
  name?: string;
  channel_types?: string[];
  expires_at?: Dayjs;
}

export interface CreateLinkModalProps {
  open: boolean;
  onClose(): void;
  onCreated(link: HostedPageLinkDto): void;
}

/**
 * Makes a hosted-page link: the store it connects to, the channel types it offers and its expiry
 * (30 days proposed, a year at most). Once made, the link is shown to copy.
 */
export function CreateLinkModal({ open, onClose, onCreated }: CreateLinkModalProps) {
  const user = useSessionUser();
  const [form] = Form.useForm<LinkFormValues>();
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<HostedPageLinkDto | null>(null);

  useEffect(() => {
    if (!open) return;
    setCreated(null);
    form.resetFields();
    form.setFieldsValue({
      // The store the seller is working in (the current store), else the first.
      store_id: (currentStoreOf(user) ?? user?.stores[0])?.id,
      expires_at: dayjs().add(HOSTED_PAGE_DEFAULT_LIFETIME_DAYS, 'day').endOf('day'),
    });
  }, [open, form, user]);

  const submit = async (values: LinkFormValues) => {
    setSaving(true);
    try {
      const link = await createHostedPageLink({
        store_id: values.store_id ?? 0,
        name: values.name?.trim() || undefined,
        channel_types: values.channel_types ?? [],
        expires_at: (values.expires_at ?? dayjs()).toISOString(),
      });
      notifySuccess(SUCCESS_MESSAGES.created);
      setCreated(link);
      onCreated(link);
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={created ? 'Your hosted page link' : 'Create a hosted page link'}
      onCancel={onClose}
      destroyOnHidden
      footer={
        created ? (
          <Button type="primary" onClick={onClose}>
            Done
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" loading={saving} onClick={() => form.submit()}>
              Create link
            </Button>
          </Space>
        )
      }
    >
      {created?.url ? (
        <Flex vertical gap={12}>
          <Alert
            type="info"
            showIcon
            title="Send this link to the person who will connect their channels. You can copy it again from the list until it expires or you revoke it."
          />
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              value={created.url}
              aria-label="Link"
              onFocus={(event) => event.target.select()}
            />
            <Button onClick={() => void copyLink(created.url!)}>Copy</Button>
          </Space.Compact>
        </Flex>
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} disabled={saving}>
          <Form.Item name="store_id" label="Store" rules={[zodRule(createHostedPageSchema, 'store_id')]}>
            <Select
              aria-label="Store"
              options={(user?.stores ?? []).map((store) => ({ value: store.id, label: store.name }))}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label="Name"
            extra="For you: the list shows it. Leave blank to name it after the store."
          >
            <Input aria-label="Name" maxLength={120} />
          </Form.Item>
          <Form.Item
            name="channel_types"
            label="Channel types offered"
            rules={[zodRule(createHostedPageSchema, 'channel_types')]}
          >
            <Select
              aria-label="Channel types offered"
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              options={OFFERABLE_CHANNEL_TYPES}
              placeholder="Choose the channels the page offers"
            />
          </Form.Item>
          <Form.Item
            name="expires_at"
            label="Expires"
            rules={[{ required: true, message: 'The expiry field is required.' }]}
          >
            <DatePicker
              aria-label="Expires"
              showTime={{ format: 'HH:mm' }}
              format="D MMM YYYY HH:mm"
              disabledDate={(date) =>
                date.isBefore(dayjs(), 'day') ||
                date.isAfter(dayjs().add(HOSTED_PAGE_MAX_LIFETIME_DAYS, 'day'))
              }
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
