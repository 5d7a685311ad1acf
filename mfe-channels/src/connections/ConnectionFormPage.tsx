import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Skeleton, Space, Switch, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';

import {
  findCatalogueEntry,
  notSynchronisedText,
  routes,
  settingsErrorsFor,
  SUCCESS_MESSAGES,
  type ChannelDto,
  type ChannelKind,
  type SettingField,
  type SettingsValues,
} from '@syncdesk/contracts';
import {
  applyServerErrors,
  formatDate,
  notifySuccess,
  PageHeader,
  RecordLoadState,
  SettingsFields,
  settingsFormValues,
  settingsValuesToValidate,
  settingsWireValues,
  useRecord,
} from '@syncdesk/web-kit';

import { useCan } from '../hooks/useCan';
import { PluginRulesCard } from '../plugin-rules/PluginRulesCard';
import { ConnectionHealthCard } from '../sync-health/ConnectionHealthCard';
import { CONNECTION_KINDS, connectionListRoute, type ConnectionKindConfig } from './connection-kinds';
import {
  createConnection,
  deleteConnection,
  getConnection,
  getSettingsForm,
  setConnectionActive,
  updateConnection,
} from './connections.api';
import { DeleteConnectionButton } from './DeleteConnectionButton';
import { settingsSections } from './settings-sections';

/** The saved values a form starts from: settings plus the columns the DTO keeps apart. */
function savedValuesOf(connection: ChannelDto | null): Record<string, unknown> {
  if (!connection) return {};
  return {
    ...connection.settings,
    name: connection.name,
    account_nominal_code: connection.account_nominal_code ?? undefined,
    is_default: connection.is_default,
  };
}

/**
 * Create and edit page of a channel, an accounting channel or a plugin (`/stores/{storeId}/
 * channels/create/{type}`, `/stores/{storeId}/channels/{id}` and the twins). The form is the
 * type's definition from the api, checked with the contracts' `settingsErrorsFor` so the
 * messages are the server's before anything is sent.
 */
export function ConnectionFormPage({ kind }: { kind: ChannelKind }) {
  const config = CONNECTION_KINDS[kind];
  const params = useParams();
  const storeId = params.storeId ?? '';
  const id = kind === 'plugin' ? params.pluginId : params.channelId;
  const createType = kind === 'plugin' ? params.pluginType : params.channelType;
  const navigate = useNavigate();
  const can = useCan();

  const load = useCallback((recordId: string) => getConnection(kind, storeId, recordId), [kind, storeId]);
  const { record, setRecord, failed } = useRecord(id, load);
  const type = record?.type ?? createType;
  const { fields, formFailed } = useSettingsForm(storeId, type);

  const list = connectionListRoute(storeId, kind);
  const back = <Button onClick={() => void navigate(list)}>Back to {config.title.toLowerCase()}</Button>;
  if (failed || (id !== undefined && !record))
    return <RecordLoadState title={config.title} noun={config.noun} actions={back} failed={failed} />;

  const entry = type ? findCatalogueEntry(type) : undefined;
  const providerName = record?.provider ?? entry?.name ?? type ?? '';
  const category = record?.category ?? entry?.category;

  return (
    <>
      <PageHeader
        title={record ? record.name : `Add ${providerName}`}
        subtitle={[providerName, category].filter(Boolean).join(' · ')}
        actions={
          <>
            {back}
            {record ? (
              <RecordActions config={config} storeId={storeId} record={record} onChange={setRecord} />
            ) : null}
          </>
        }
      />
      <Flex vertical gap={16}>
        {record && record.syncs.length === 0 ? (
          <Alert type="info" showIcon title={notSynchronisedText(record.provider, record.kind)} />
        ) : null}
        <AuthorisationNotice record={record} oauth={(record?.auth_type ?? entry?.authType) === 'oauth'} />
        {record && kind === 'channel' ? (
          <ConnectionHealthCard storeId={storeId} channelId={record.id} />
        ) : null}
        {formFailed ? (
          <Alert type="error" showIcon title="The settings form could not be loaded." />
        ) : !fields || !type ? (
          <Card>
            <Skeleton active />
          </Card>
        ) : (
          <SettingsForm
            key={record?.id ?? 'new'}
            config={config}
            storeId={storeId}
            type={type}
            providerName={providerName}
            fields={fields}
            record={record}
            readOnly={!(record ? can('channels.update') : can('channels.create'))}
            onSaved={(saved) => {
              if (record) {
                setRecord(saved);
                notifySuccess(SUCCESS_MESSAGES.updated);
              } else {
                notifySuccess(SUCCESS_MESSAGES.created);
                void navigate(config.detailRoute(storeId, saved.id));
              }
            }}
          />
        )}
        {/* A plugin's own rules run on the orders sent to it; a plugin not saved yet has none. */}
        {record && kind === 'plugin' ? <PluginRulesCard storeId={storeId} pluginId={record.id} /> : null}
      </Flex>
    </>
  );
}

function useSettingsForm(storeId: string, type: string | undefined) {
  const [fields, setFields] = useState<SettingField[] | null>(null);
  const [formFailed, setFormFailed] = useState(false);
  useEffect(() => {
    if (!type) return undefined;
    let active = true;
    getSettingsForm(storeId, type)
      .then((loaded) => active && setFields(loaded))
      .catch(() => active && setFormFailed(true));
    return () => {
      active = false;
    };
  }, [storeId, type]);
  return { fields, formFailed };
}

interface SettingsFormProps {
  config: ConnectionKindConfig;
  storeId: string;
  type: string;
  providerName: string;
  fields: readonly SettingField[];
  record: ChannelDto | null;
  readOnly: boolean;
  onSaved(saved: ChannelDto): void;
}

function SettingsForm({
  config,
  storeId,
  type,
  providerName,
  fields,
  record,
  readOnly,
  onSaved,
}: SettingsFormProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const savedSecrets = record?.credentials_set ?? [];
  const initialValues = useMemo(() => settingsFormValues(fields, savedValuesOf(record)), [fields, record]);
  const validate = useCallback((values: SettingsValues) => settingsErrorsFor(type, values), [type]);
  const sections = useMemo(() => settingsSections(providerName), [providerName]);

  const save = async () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    // The field rules already ran; this is the same check over the whole form, as the api does it.
    const errors = validate(settingsValuesToValidate(fields, values, savedSecrets));
    if (errors) {
      form.setFields(
        Object.entries(errors).map(([name, messages]) => ({ name, errors: messages.slice(0, 1) })),
      );
      return;
    }
    const body = settingsWireValues(fields, values);
    setSaving(true);
    try {
      const saved = record
        ? await updateConnection(config.kind, storeId, record.id, body)
        : await createConnection(config.kind, storeId, type, body);
      setSaving(false);
      // Saved secrets are never sent back; blank them so the "saved" placeholder shows.
      form.setFieldsValue(
        Object.fromEntries(fields.filter((field) => field.secret).map((f) => [f.name, ''])),
      );
      onSaved(saved);
    } catch (error) {
      applyServerErrors(form, error);
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={save}
      disabled={saving || readOnly}
      // The field rules give the api's messages; the browser's own URL check would preempt them.
      noValidate
      scrollToFirstError
    >
      <SettingsFields fields={fields} savedSecrets={savedSecrets} validate={validate} sections={sections} />
      {readOnly ? null : (
        <Flex gap={8} style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {record ? 'Save' : `Create ${config.noun}`}
          </Button>
        </Flex>
      )}
    </Form>
  );
}

/** OAuth connections: whether access is granted and until when, with the way to (re)connect. */
function AuthorisationNotice({ record, oauth }: { record: ChannelDto | null; oauth: boolean }) {
  if (!oauth) return null;
  if (!record)
    return (
      <Alert
        type="info"
        showIcon
        title="After saving, connect to grant access: the provider asks you to sign in and approve."
      />
    );
  if (!record.authorized_at)
    return <Alert type="warning" showIcon title="Not connected: connect to grant access before syncing." />;
  return (
    <Alert
      type="success"
      showIcon
      title={`Connected on ${formatDate(record.authorized_at)}`}
      description={
        record.token_expires_at
          ? `The access token expires on ${formatDate(record.token_expires_at)}.`
          : 'The access token does not expire.'
      }
    />
  );
}

interface RecordActionsProps {
  config: ConnectionKindConfig;
  storeId: string;
  record: ChannelDto;
  onChange(record: ChannelDto): void;
}

/** The edit page's header: active switch, connect, delete. */
function RecordActions({ config, storeId, record, onChange }: RecordActionsProps) {
  const can = useCan();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);

  const toggle = async (isActive: boolean) => {
    setSwitching(true);
    try {
      const saved = await setConnectionActive(config.kind, storeId, record.id, isActive);
      onChange(saved ?? { ...record, is_active: isActive });
      notifySuccess(SUCCESS_MESSAGES.updated);
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setSwitching(false);
    }
  };

  const remove = async () => {
    try {
      await deleteConnection(config.kind, storeId, record.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      void navigate(connectionListRoute(storeId, config.kind));
    } catch {
      // An active connection is refused; the api's message is notified by the error handler.
    }
  };

  return (
    <>
      <Space size={8} align="center">
        <Typography.Text id="connection-active-label">Active</Typography.Text>
        <Switch
          aria-labelledby="connection-active-label"
          checked={record.is_active}
          loading={switching}
          disabled={!can('channels.update')}
          onChange={(checked) => void toggle(checked)}
        />
      </Space>
      {config.kind !== 'accounting' && can('products.read') ? (
        <Button
          onClick={() =>
            void navigate(
              config.kind === 'plugin'
                ? routes.pluginProducts(storeId, record.id)
                : routes.channelProducts(storeId, record.id),
            )
          }
        >
          Products
        </Button>
      ) : null}
      {record.auth_type === 'oauth' && can('channels.update') ? (
        <Button onClick={() => void navigate(config.connectRoute(storeId, record.id))}>
          {record.authorized_at ? 'Reconnect' : 'Connect'}
        </Button>
      ) : null}
      {can('channels.delete') ? (
        <DeleteConnectionButton
          config={config}
          connection={record}
          onDelete={remove}
          onDeactivate={() => toggle(false)}
          mayDeactivate={can('channels.update')}
        />
      ) : null}
    </>
  );
}
