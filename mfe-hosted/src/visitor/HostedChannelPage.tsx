import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import {
  findCatalogueEntry,
  routes,
  settingsErrorsFor,
  SUCCESS_MESSAGES,
  type ChannelDto,
  type SettingField,
  type SettingsValues,
} from '@syncdesk/contracts';
import {
  applyServerErrors,
  formatDate,
  isApiError,
  notifySuccess,
  SettingsFields,
  settingsFormValues,
  settingsValuesToValidate,
  settingsWireValues,
} from '@syncdesk/web-kit';

import {
  createHostedChannel,
  deleteHostedChannel,
  getHostedChannel,
  getHostedChannelForm,
  setHostedChannelActive,
  updateHostedChannel,
} from '../api/hosted-visitor.api';
import { HostedCustomStatuses } from './HostedCustomStatuses';
import { useHostedPage } from './HostedPageFrame';

type Loaded<T> = { status: 'loading' } | { status: 'loaded'; value: T } | { status: 'missing' };

function useLoaded<T>(load: (() => Promise<T>) | null): [Loaded<T>, (value: T) => void] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  useEffect(() => {
    if (!load) return undefined;
    let active = true;
    setState({ status: 'loading' });
    load().then(
      (value) => active && setState({ status: 'loaded', value }),
      () => active && setState({ status: 'missing' }),
    );
    return () => {
      active = false;
    };
  }, [load]);
  return [state, (value: T) => setState({ status: 'loaded', value })];
}

/** The saved values a form starts from: settings plus the name the DTO keeps apart. */
function savedValuesOf(channel: ChannelDto | null): Record<string, unknown> {
  return channel ? { ...channel.settings, name: channel.name } : {};
}

/**
 * `/hostedPages/{token}/channels/create/{channelType}` and `/hostedPages/{token}/channels/{channelId}`:
 * the same settings form the seller fills (rendered from the type's field definitions, checked
 * with the api's own rules), and for a connected channel its switch, the provider connection,
 * deletion and its custom order statuses.
 */
export function HostedChannelPage() {
  const { token } = useHostedPage();
  const { channelType, channelId } = useParams();
  const navigate = useNavigate();
  const [query] = useSearchParams();

  const loadChannel = useMemo(
    () => (channelId ? () => getHostedChannel(token, channelId) : null),
    [token, channelId],
  );
  const [channelState, setChannel] = useLoaded(loadChannel);
  const channel = channelState.status === 'loaded' ? channelState.value : null;
  const type = channel?.type ?? channelType;
  const loadForm = useMemo(() => (type ? () => getHostedChannelForm(token, type) : null), [token, type]);
  const [formState] = useLoaded(loadForm);

  const back = <Button onClick={() => void navigate(routes.hostedPage(token))}>Back to your channels</Button>;
  if (channelState.status === 'missing' || (channelId === undefined && formState.status === 'missing')) {
    return (
      <Result
        status="404"
        title={
          channelId ? 'This channel could not be found.' : 'This channel type is not offered on this page.'
        }
        extra={back}
      />
    );
  }

  const entry = type ? findCatalogueEntry(type) : undefined;
  const provider = channel?.provider ?? entry?.name ?? type ?? '';
  const oauth = (channel?.auth_type ?? entry?.authType) === 'oauth';

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {channel ? channel.name : `Add ${provider}`}
        </Typography.Title>
        <Space wrap>
          {back}
          {channel ? <ChannelActions token={token} channel={channel} onChange={setChannel} /> : null}
        </Space>
      </Flex>
      {query.get('connected') === '1' && channel?.authorized_at ? (
        <Alert type="success" showIcon title={SUCCESS_MESSAGES.channelConnected} />
      ) : null}
      {oauth ? <AuthorisationNotice channel={channel} /> : null}
      {formState.status !== 'loaded' || !type || (channelId && !channel) ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <Card title={`${provider} settings`}>
          <SettingsForm
            key={channel?.id ?? 'new'}
            type={type}
            fields={formState.value}
            channel={channel}
            prefill={channel ? {} : Object.fromEntries(query)}
            onSave={async (values) => {
              if (channel) {
                const saved = await updateHostedChannel(token, channel.id, values);
                setChannel(saved);
                notifySuccess(SUCCESS_MESSAGES.updated);
              } else {
                const saved = await createHostedChannel(token, type, values);
                notifySuccess(SUCCESS_MESSAGES.created);
                void navigate(routes.hostedPageChannelDetail(token, saved.id), { replace: true });
              }
            }}
          />
        </Card>
      )}
      {channel ? <HostedCustomStatuses token={token} channelId={channel.id} /> : null}
    </Flex>
  );
}

function AuthorisationNotice({ channel }: { channel: ChannelDto | null }) {
  if (!channel)
    return (
      <Alert
        type="info"
        showIcon
        title="After saving, connect to grant access: the provider asks you to sign in and approve."
      />
    );
  if (!channel.authorized_at)
    return <Alert type="warning" showIcon title="Not connected: connect to grant access before syncing." />;
  return <Alert type="success" showIcon title={`Connected on ${formatDate(channel.authorized_at)}`} />;
}

function ChannelActions({
  token,
  channel,
  onChange,
}: {
  token: string;
  channel: ChannelDto;
  onChange(channel: ChannelDto): void;
}) {
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);

  const toggle = async (isActive: boolean) => {
    setSwitching(true);
    try {
      onChange(await setHostedChannelActive(token, channel.id, isActive));
      notifySuccess(SUCCESS_MESSAGES.updated);
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setSwitching(false);
    }
  };
  const remove = async () => {
    try {
      await deleteHostedChannel(token, channel.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      void navigate(routes.hostedPage(token));
    } catch {
      // An active channel is refused with the api's words, notified.
    }
  };

  return (
    <>
      <Space size={8} align="center">
        <Typography.Text id="hosted-channel-active-label">Active</Typography.Text>
        <Switch
          aria-labelledby="hosted-channel-active-label"
          checked={channel.is_active}
          loading={switching}
          onChange={(checked) => void toggle(checked)}
        />
      </Space>
      {channel.auth_type === 'oauth' ? (
        <Button
          type="primary"
          onClick={() => void navigate(routes.hostedPageConnect(token, channel.store_id, channel.id))}
        >
          {channel.authorized_at ? 'Reconnect' : 'Connect'}
        </Button>
      ) : null}
      <Popconfirm
        title={`Delete ${channel.name}?`}
        description={
          channel.is_active ? 'Switch it off first: an active channel can not be deleted.' : undefined
        }
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={remove}
      >
        <Button danger>Delete</Button>
      </Popconfirm>
    </>
  );
}

interface SettingsFormProps {
  type: string;
  fields: readonly SettingField[];
  channel: ChannelDto | null;
  /** Query values a channel's install link brings (`?shop_url=…`), for the fields they name. */
  prefill: Record<string, string>;
  onSave(values: SettingsValues): Promise<void>;
}

function SettingsForm({ type, fields, channel, prefill, onSave }: SettingsFormProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const savedSecrets = channel?.credentials_set ?? [];
  const initialValues = useMemo(() => {
    const known = Object.fromEntries(
      Object.entries(prefill).filter(([name]) =>
        fields.some((field) => field.name === name && !field.secret),
      ),
    );
    return settingsFormValues(fields, { ...known, ...savedValuesOf(channel) });
  }, [fields, channel, prefill]);
  const validate = useCallback((values: SettingsValues) => settingsErrorsFor(type, values), [type]);

  const save = async () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const errors = validate(settingsValuesToValidate(fields, values, savedSecrets));
    if (errors) {
      form.setFields(
        Object.entries(errors).map(([name, messages]) => ({ name, errors: messages.slice(0, 1) })),
      );
      return;
    }
    setSaving(true);
    try {
      await onSave(settingsWireValues(fields, values));
      form.setFieldsValue(
        Object.fromEntries(fields.filter((field) => field.secret).map((f) => [f.name, ''])),
      );
    } catch (error) {
      if (!applyServerErrors(form, error) && !isApiError(error)) throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={save}
      disabled={saving}
      noValidate
    >
      <SettingsFields fields={fields} savedSecrets={savedSecrets} validate={validate} />
      <Button type="primary" htmlType="submit" loading={saving} style={{ marginTop: 16 }}>
        {channel ? 'Save' : 'Create channel'}
      </Button>
    </Form>
  );
}
