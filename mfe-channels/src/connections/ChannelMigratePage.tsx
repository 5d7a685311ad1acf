import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Form, Select } from 'antd';
import { useNavigate, useParams } from 'react-router';

import {
  channelMigrateSchema,
  findCatalogueEntry,
  routes,
  SUCCESS_MESSAGES,
  type ChannelDto,
  type ChannelMigrateInput,
  type StoreDto,
} from '@syncdesk/contracts';
import { applyServerErrors, notifySuccess, PageHeader, RecordLoadState } from '@syncdesk/web-kit';

import { connectionListRoute } from './connection-kinds';
import { getCompanyChannels, getConnection, getStores, migrateChannel } from './connections.api';

interface Values {
  store_id?: number;
  api_version?: string;
}

/** The channel of `/migrate/{storeId?}/{channelId}`; without a store it is looked up company-wide. */
async function findChannel(storeId: string | undefined, channelId: string): Promise<ChannelDto> {
  if (storeId !== undefined) return getConnection('channel', storeId, channelId);
  const found = (await getCompanyChannels()).find((channel) => String(channel.id) === channelId);
  if (!found) throw new Error('Channel not found');
  return found;
}

/**
 * `/migrate/{storeId?}/{channelId}`: moves a channel to another store of the company and/or onto
 * another API version its catalogue entry lists, then opens it where it now lives.
 */
export function ChannelMigratePage() {
  const { storeId, channelId = '' } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [channel, setChannel] = useState<ChannelDto | null>(null);
  const [stores, setStores] = useState<StoreDto[]>([]);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let active = true;
    Promise.all([findChannel(storeId, channelId), getStores()])
      .then(([loaded, loadedStores]) => {
        if (!active) return;
        setChannel(loaded);
        setStores(loadedStores);
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [storeId, channelId]);

  if (failed || !channel) return <RecordLoadState title="Migrate channel" noun="channel" failed={failed} />;

  const versions = findCatalogueEntry(channel.type)?.versions;
  const currentVersion = channel.api_version ?? versions?.default;
  const currentStore = stores.find((store) => store.id === channel.store_id);
  // Only the company's own stores: a shared store belongs to another company.
  const targets = stores.filter((store) => !store.shared && store.id !== channel.store_id);

  const migrate = async (values: Values) => {
    const input: ChannelMigrateInput = {
      ...(values.store_id !== undefined ? { store_id: values.store_id } : {}),
      ...(values.api_version !== undefined && values.api_version !== currentVersion
        ? { api_version: values.api_version }
        : {}),
    };
    const checked = channelMigrateSchema.safeParse(input);
    if (!checked.success) {
      form.setFields(
        checked.error.issues.map((issue) => ({
          name: String(issue.path[0] ?? 'store_id') as keyof Values,
          errors: [issue.message],
        })),
      );
      return;
    }
    setSaving(true);
    try {
      const moved = await migrateChannel(channel.store_id, channel.id, checked.data);
      notifySuccess(SUCCESS_MESSAGES.channelMigrationCompleted);
      void navigate(routes.channelDetail(moved.store_id, moved.id));
    } catch (error) {
      applyServerErrors(form, error);
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader
        title={`Migrate ${channel.name}`}
        subtitle="Move the channel to another store, or onto another API version."
        actions={
          <Button onClick={() => void navigate(connectionListRoute(channel.store_id, 'channel'))}>
            Back to channels
          </Button>
        }
      />
      <Flex vertical gap={16} style={{ maxWidth: 640 }}>
        <Card>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'name', label: 'Name', children: channel.name },
              { key: 'provider', label: 'Provider', children: `${channel.provider} · ${channel.category}` },
              { key: 'store', label: 'Store', children: currentStore?.name ?? `#${channel.store_id}` },
              ...(versions
                ? [{ key: 'version', label: 'API version', children: currentVersion ?? '—' }]
                : []),
            ]}
          />
        </Card>
        {targets.length === 0 && !versions ? (
          <Alert type="info" showIcon title="Your company has no other store to move this channel to." />
        ) : (
          <Card>
            <Form<Values>
              form={form}
              layout="vertical"
              initialValues={{ api_version: currentVersion }}
              onFinish={migrate}
              disabled={saving}
            >
              <Form.Item
                name="store_id"
                label="Move to store"
                extra="Leave empty to keep the channel in its store."
              >
                <Select
                  allowClear
                  placeholder={currentStore ? `Keep in ${currentStore.name}` : 'Keep in its store'}
                  options={targets.map((store) => ({ value: store.id, label: store.name }))}
                />
              </Form.Item>
              {versions ? (
                <Form.Item name="api_version" label="API version">
                  <Select options={versions.options.map((option) => ({ ...option }))} />
                </Form.Item>
              ) : null}
              <Button type="primary" htmlType="submit" loading={saving}>
                Migrate channel
              </Button>
            </Form>
          </Card>
        )}
      </Flex>
    </>
  );
}
