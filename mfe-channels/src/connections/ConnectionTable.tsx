import { useState, type ReactNode } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Space, Switch, Tag, Typography, type MenuProps } from 'antd';
import { Link, useNavigate } from 'react-router';

import { routes, SUCCESS_MESSAGES, type ChannelDto } from '@syncdesk/contracts';
import {
  DataTable,
  formatDate,
  notifySuccess,
  useListQuery,
  type DataTableColumn,
  type ListQueryResult,
} from '@syncdesk/web-kit';

import { useCan } from '../hooks/useCan';
import { ChannelMark } from './ChannelMark';
import { NO_SYNC_YET_LABEL } from './ChannelPicker';
import type { ConnectionKindConfig } from './connection-kinds';
import { deleteConnection, makeDefaultPlugin, setConnectionActive } from './connections.api';
import { DeleteConnectionButton } from './DeleteConnectionButton';

export interface ConnectionTableProps {
  config: ConnectionKindConfig;
  storeId: number;
  /** Opens the channel picker (the empty state's call to action). */
  onAdd(): void;
}

/** OAuth connections show whether access has been granted; the others need no connect step. */
export function AuthorisationTag({ connection }: { connection: ChannelDto }) {
  if (connection.auth_type !== 'oauth') return <Typography.Text type="secondary">—</Typography.Text>;
  return connection.authorized_at ? (
    <Tag color="success">Connected</Tag>
  ) : (
    <Tag color="warning">Not connected</Tag>
  );
}

/**
 * One tab of the channels page: a store's channels, accounting channels or plugins, with the
 * active switch, the plugin default, and links to the screens that hang under a connection.
 */
export function ConnectionTable({ config, storeId, onAdd }: ConnectionTableProps) {
  const query = useListQuery<ChannelDto>(config.apiPath(storeId));
  const can = useCan();

  const columns: DataTableColumn<ChannelDto>[] = [
    {
      key: 'name',
      title: 'Name',
      dataIndex: 'name',
      sorter: true,
      render: (name: string, connection) => (
        <Space size={4} wrap>
          <Link to={config.detailRoute(storeId, connection.id)}>{name}</Link>
          {config.kind === 'plugin' && connection.is_default ? <Tag color="processing">Default</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'provider',
      title: 'Provider',
      dataIndex: 'provider',
      render: (provider: string, connection) => (
        <Flex gap={8} align="center">
          <ChannelMark type={connection.type} name={provider} size={28} />
          <Flex vertical>
            <span>{provider}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {connection.category}
            </Typography.Text>
            {/* Connected but never synchronised: said where the seller scans their channels. */}
            {connection.syncs.length === 0 ? (
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {NO_SYNC_YET_LABEL}
              </Typography.Text>
            ) : null}
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'authorisation',
      title: 'Authorisation',
      render: (_value, connection) => <AuthorisationTag connection={connection} />,
    },
    {
      key: 'is_active',
      title: 'Active',
      dataIndex: 'is_active',
      render: (_value, connection) => (
        <ActiveSwitch config={config} storeId={storeId} connection={connection} query={query} />
      ),
    },
    {
      key: 'created_at',
      title: 'Created',
      dataIndex: 'created_at',
      sorter: true,
      render: (value: string) => formatDate(value),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_value, connection) => (
        <RowActions config={config} storeId={storeId} connection={connection} query={query} />
      ),
    },
  ];

  return (
    <DataTable
      tableKey={`channels.${config.tab}`}
      label={config.title}
      query={query}
      columns={columns}
      searchPlaceholder={`Search ${config.title.toLowerCase()}`}
      emptyText={config.emptyText}
      emptyAction={can('channels.create') ? <Button onClick={onAdd}>{config.addLabel}</Button> : undefined}
    />
  );
}

interface RowProps {
  config: ConnectionKindConfig;
  storeId: number;
  connection: ChannelDto;
  query: ListQueryResult<ChannelDto>;
}

function ActiveSwitch({ config, storeId, connection, query }: RowProps) {
  const can = useCan();
  const [saving, setSaving] = useState(false);
  const toggle = async (isActive: boolean) => {
    setSaving(true);
    try {
      await setConnectionActive(config.kind, storeId, connection.id, isActive);
      notifySuccess(SUCCESS_MESSAGES.updated);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Switch
      aria-label={`Active: ${connection.name}`}
      checked={connection.is_active}
      loading={saving}
      disabled={!can('channels.update')}
      onChange={(checked) => void toggle(checked)}
    />
  );
}

function RowActions({ config, storeId, connection, query }: RowProps) {
  const can = useCan();
  const navigate = useNavigate();
  const mayUpdate = can('channels.update');

  const remove = async () => {
    try {
      await deleteConnection(config.kind, storeId, connection.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      query.reload();
    } catch {
      // The api refuses an active connection; its message is notified by the error handler.
    }
  };

  const deactivate = async () => {
    try {
      await setConnectionActive(config.kind, storeId, connection.id, false);
      notifySuccess(SUCCESS_MESSAGES.updated);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const makeDefault = async () => {
    try {
      await makeDefaultPlugin(storeId, connection.id);
      notifySuccess(SUCCESS_MESSAGES.updated);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  // The screens that hang under a sales channel (built by their own pages).
  const mayReadProducts = can('products.read');
  const more: { key: string; label: ReactNode; to: string }[] =
    config.kind === 'channel'
      ? [
          ...(mayReadProducts
            ? [{ key: 'products', label: 'Products', to: routes.channelProducts(storeId, connection.id) }]
            : []),
          { key: 'couriers', label: 'Couriers', to: routes.channelCouriers(storeId, connection.id) },
          {
            key: 'courier-mapping',
            label: 'Courier mapping',
            to: routes.channelCourierMapping(storeId, connection.id),
          },
          {
            key: 'custom-statuses',
            label: 'Custom statuses',
            to: routes.channelCustomStatuses(storeId, connection.id),
          },
          ...(connection.type === 'shopify'
            ? [{ key: 'pickups', label: 'Pickup stores', to: routes.channelPickups(storeId, connection.id) }]
            : []),
          ...(mayUpdate
            ? [{ key: 'migrate', label: 'Migrate', to: routes.channelMigrate(storeId, connection.id) }]
            : []),
        ]
      : config.kind === 'plugin' && mayReadProducts
        ? [{ key: 'products', label: 'Products', to: routes.pluginProducts(storeId, connection.id) }]
        : [];
  const menu: MenuProps = {
    items: more.map(({ key, label }) => ({ key, label })),
    onClick: ({ key }) => {
      const target = more.find((entry) => entry.key === key);
      if (target) void navigate(target.to);
    },
  };

  return (
    <Space size={4} wrap>
      <Button size="small" onClick={() => void navigate(config.detailRoute(storeId, connection.id))}>
        {mayUpdate ? 'Edit' : 'View'}
      </Button>
      {connection.auth_type === 'oauth' && mayUpdate ? (
        <Button size="small" onClick={() => void navigate(config.connectRoute(storeId, connection.id))}>
          {connection.authorized_at ? 'Reconnect' : 'Connect'}
        </Button>
      ) : null}
      {config.kind === 'plugin' && !connection.is_default && mayUpdate ? (
        <Button size="small" onClick={() => void makeDefault()}>
          Make default
        </Button>
      ) : null}
      {more.length > 0 ? (
        <Dropdown menu={menu} trigger={['click']}>
          <Button size="small" aria-label={`More actions for ${connection.name}`}>
            More <DownOutlined />
          </Button>
        </Dropdown>
      ) : null}
      {can('channels.delete') ? (
        <DeleteConnectionButton
          config={config}
          connection={connection}
          onDelete={remove}
          onDeactivate={deactivate}
          mayDeactivate={mayUpdate}
          size="small"
        />
      ) : null}
    </Space>
  );
}
