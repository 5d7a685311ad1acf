import { useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Popconfirm } from 'antd';
import { useNavigate, useParams } from 'react-router';

import { createStoreSchema, SUCCESS_MESSAGES } from '@syncdesk/contracts';
import {
  applyServerErrors,
  RecordLoadState,
  useRecord,
  notifySuccess,
  PageHeader,
  refreshSessionUser,
  zodRule,
} from '@syncdesk/web-kit';

import { createStore, deleteStore, getStore, updateStore } from '../api/stores.api';
import { NotificationEmailsInput, pendingEmailRule } from '../components/NotificationEmailsInput';
import { SharedCompaniesCard } from '../components/SharedCompaniesCard';
import { useCan } from '../hooks/useCan';
import { StoreWebhooksCard } from '../webhooks/StoreWebhooksCard';

interface Values {
  name: string;
  storeNotifications: string[];
}

/**
 * `/stores/create` and `/stores/:storeId`. A store another company shares with ours opens
 * read-only: only its owner may change it (the server refuses too).
 */
export function StoreFormPage() {
  const { storeId } = useParams();
  const { record: store, setRecord: setStore, failed } = useRecord(storeId, getStore);
  const navigate = useNavigate();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  // An address typed in Notification e-mails but not added yet (see pendingEmailRule).
  const pendingEmail = useRef('');
  const editing = storeId !== undefined;
  const readOnly = Boolean(store?.shared) || !(editing ? can('stores.update') : can('stores.create'));

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const input = createStoreSchema.parse({
        ...values,
        storeNotifications: values.storeNotifications ?? [],
      });
      if (store) {
        setStore(await updateStore(store.id, input));
        notifySuccess(SUCCESS_MESSAGES.updated);
        setSaving(false);
      } else {
        const created = await createStore(input);
        notifySuccess(SUCCESS_MESSAGES.created);
        // New stores unlock the store-bound screens; the session lists them.
        await refreshSessionUser();
        void navigate(`/stores/${created.id}`);
      }
    } catch (error) {
      applyServerErrors(form, error);
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!store) return;
    try {
      await deleteStore(store.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      await refreshSessionUser();
      void navigate('/stores');
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const back = <Button onClick={() => void navigate('/stores')}>Back to stores</Button>;
  if (failed || (editing && !store))
    return <RecordLoadState title="Store" noun="store" actions={back} failed={failed} />;

  return (
    <>
      <PageHeader
        title={store ? store.name : 'Create store'}
        actions={
          <>
            {back}
            {store && !store.shared && can('stores.delete') ? (
              <Popconfirm
                title={`Delete ${store.name}?`}
                description="Its channels, plugins and webhooks go with it."
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
      <Flex vertical gap={16}>
        {store?.shared ? (
          <Alert
            type="info"
            showIcon
            title="This store is shared with your company by another company, so it is read-only here."
          />
        ) : null}
        <Card>
          <Form<Values>
            key={store?.id ?? 'new'}
            form={form}
            layout="vertical"
            initialValues={{
              name: store?.name ?? '',
              storeNotifications: store?.storeNotifications.map((entry) => entry.email) ?? [],
            }}
            onFinish={save}
            disabled={saving || readOnly}
            style={{ maxWidth: 560 }}
          >
            <Form.Item label="Name" name="name" required rules={[zodRule(createStoreSchema, 'name')]}>
              <Input />
            </Form.Item>
            <Form.Item
              label="Notification e-mails"
              name="storeNotifications"
              extra="Type an address and press Enter to add it."
              rules={[zodRule(createStoreSchema, 'storeNotifications'), pendingEmailRule(pendingEmail)]}
            >
              <NotificationEmailsInput pending={pendingEmail} />
            </Form.Item>
            {!readOnly ? (
              <Button type="primary" htmlType="submit" loading={saving}>
                {store ? 'Save' : 'Create store'}
              </Button>
            ) : null}
          </Form>
        </Card>
        {store && !store.shared ? (
          <SharedCompaniesCard storeId={store.id} editable={can('stores.update')} />
        ) : null}
        {store ? (
          <StoreWebhooksCard storeId={store.id} editable={!store.shared && can('stores.update')} />
        ) : null}
      </Flex>
    </>
  );
}
