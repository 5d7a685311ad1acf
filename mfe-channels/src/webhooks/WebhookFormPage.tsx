import { useCallback, useState } from 'react';
import { Button, Card, Form, Input, Popconfirm, Select, Switch } from 'antd';
import { useNavigate, useParams } from 'react-router';

import {
  createWebhookSchema,
  DEFAULT_WEBHOOK_AUTH_HEADER,
  routes,
  SUCCESS_MESSAGES,
  WEBHOOK_AUTH_VALUE_REQUIRED,
  WEBHOOK_EVENT,
  WEBHOOK_METHOD,
  type CreateWebhookInput,
  type WebhookEvent,
  type WebhookMethod,
} from '@syncdesk/contracts';
import {
  applyServerErrors,
  notifySuccess,
  PageHeader,
  RecordLoadState,
  useRecord,
  useSessionUser,
  zodRule,
} from '@syncdesk/web-kit';

import { useCan } from '../hooks/useCan';
import { createWebhook, deleteWebhook, getWebhook, updateWebhook } from './webhooks.api';

interface Values {
  name: string;
  event?: WebhookEvent;
  method: WebhookMethod;
  url: string;
  requires_auth: boolean;
  auth_header_name: string;
  auth_header_value: string;
  is_active: boolean;
}

const EVENT_OPTIONS = WEBHOOK_EVENT.entries.map((entry) => ({ value: entry.value, label: entry.label }));
const METHOD_OPTIONS = WEBHOOK_METHOD.entries.map((entry) => ({ value: entry.value, label: entry.label }));

/**
 * `/stores/:storeId/webhooks/create` and `/stores/:storeId/webhooks/:webhookId`. The auth header's
 * value is never sent back by the api: a saved one shows as a placeholder, and a blank field
 * keeps it.
 */
export function WebhookFormPage() {
  const { storeId = '', webhookId } = useParams();
  const load = useCallback((id: string) => getWebhook(storeId, id), [storeId]);
  const { record: webhook, setRecord: setWebhook, failed } = useRecord(webhookId, load);
  const navigate = useNavigate();
  const can = useCan();
  const user = useSessionUser();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const requiresAuth = Form.useWatch('requires_auth', form);
  const editing = webhookId !== undefined;
  const readOnly = !can('stores.update');
  const storeName = user?.stores.find((store) => String(store.id) === storeId)?.name;
  const backToStore = () => void navigate(routes.storeDetail(storeId));

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const input: CreateWebhookInput = createWebhookSchema.parse({
        ...values,
        auth_header_name: values.requires_auth ? values.auth_header_name : null,
        auth_header_value: values.requires_auth ? values.auth_header_value || null : null,
      });
      if (webhook) {
        setWebhook(await updateWebhook(storeId, webhook.id, input));
        form.setFieldValue('auth_header_value', '');
        notifySuccess(SUCCESS_MESSAGES.updated);
      } else {
        await createWebhook(storeId, input);
        notifySuccess(SUCCESS_MESSAGES.created);
        backToStore();
      }
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!webhook) return;
    try {
      await deleteWebhook(storeId, webhook.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      backToStore();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const back = <Button onClick={backToStore}>Back to store</Button>;
  if (failed || (editing && !webhook))
    return <RecordLoadState title="Webhook" noun="webhook" actions={back} failed={failed} />;

  const secretSaved = Boolean(webhook?.has_auth_secret);

  return (
    <>
      <PageHeader
        title={webhook ? webhook.name : 'Add webhook'}
        subtitle={storeName ? `Store: ${storeName}` : undefined}
        actions={
          <>
            {back}
            {webhook && !readOnly ? (
              <Popconfirm
                title={`Delete ${webhook.name}?`}
                description="Its events stop being sent."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={remove}
              >
                <Button danger>Delete</Button>
              </Popconfirm>
            ) : null}
          </>
        }
      />
      <Card>
        <Form<Values>
          key={webhook?.id ?? 'new'}
          form={form}
          layout="vertical"
          initialValues={{
            name: webhook?.name ?? '',
            event: webhook?.event,
            method: webhook?.method ?? 'POST',
            url: webhook?.url ?? '',
            requires_auth: webhook?.requires_auth ?? false,
            auth_header_name: webhook?.auth_header_name ?? DEFAULT_WEBHOOK_AUTH_HEADER,
            auth_header_value: '',
            is_active: webhook?.is_active ?? true,
          }}
          onFinish={save}
          disabled={saving || readOnly}
          style={{ maxWidth: 640 }}
        >
          <Form.Item label="Name" name="name" rules={[zodRule(createWebhookSchema, 'name')]}>
            <Input />
          </Form.Item>
          <Form.Item label="Event" name="event" rules={[zodRule(createWebhookSchema, 'event')]}>
            <Select options={EVENT_OPTIONS} placeholder="Choose the event that calls this webhook" />
          </Form.Item>
          <Form.Item label="Method" name="method" rules={[zodRule(createWebhookSchema, 'method')]}>
            <Select options={METHOD_OPTIONS} />
          </Form.Item>
          <Form.Item
            label="URL"
            name="url"
            extra="Where the event is sent: an http:// or https:// address that is reachable from the internet."
            rules={[zodRule(createWebhookSchema, 'url')]}
          >
            <Input placeholder="https://example.com/webhooks/orders" inputMode="url" />
          </Form.Item>
          <Form.Item label="Requires auth" name="requires_auth" valuePropName="checked">
            <Switch />
          </Form.Item>
          {requiresAuth ? (
            <>
              <Form.Item
                label="Auth header name"
                name="auth_header_name"
                extra="Sent with every call, e.g. Authorization or X-Api-Key."
                rules={[zodRule(createWebhookSchema, 'auth_header_name')]}
              >
                <Input />
              </Form.Item>
              <Form.Item
                label="Auth header value"
                name="auth_header_value"
                extra={
                  secretSaved
                    ? 'A value is saved. Leave this blank to keep it.'
                    : 'For example "Bearer <token>". It is stored encrypted and never shown again.'
                }
                rules={[
                  zodRule(createWebhookSchema, 'auth_header_value'),
                  {
                    validator: async (_rule, value: string | undefined) => {
                      if (!secretSaved && !value?.trim()) throw new Error(WEBHOOK_AUTH_VALUE_REQUIRED);
                    },
                  },
                ]}
              >
                <Input.Password autoComplete="new-password" placeholder={secretSaved ? 'Saved' : undefined} />
              </Form.Item>
            </>
          ) : null}
          <Form.Item label="Active" name="is_active" valuePropName="checked">
            <Switch />
          </Form.Item>
          {!readOnly ? (
            <Button type="primary" htmlType="submit" loading={saving}>
              {webhook ? 'Save' : 'Add webhook'}
            </Button>
          ) : null}
        </Form>
      </Card>
    </>
  );
}
