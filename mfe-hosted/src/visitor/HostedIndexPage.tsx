import { useCallback, useEffect, useMemo, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Input, Popconfirm, Skeleton, Switch, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';

import {
  channelMarkOf,
  findCatalogueEntry,
  routes,
  SUCCESS_MESSAGES,
  type ChannelCatalogueEntry,
  type ChannelDto,
} from '@syncdesk/contracts';
import { notifySuccess } from '@syncdesk/web-kit';

import { deleteHostedChannel, listHostedChannels, setHostedChannelActive } from '../api/hosted-visitor.api';
import { useHostedPage } from './HostedPageFrame';

/** Case-insensitive match on the name or the slug, as the seller's channel picker does. */
export function matchesChannelSearch(entry: ChannelCatalogueEntry, search: string): boolean {
  const term = search.trim().toLowerCase();
  return term === '' || entry.name.toLowerCase().includes(term) || entry.slug.toLowerCase().includes(term);
}

export function ChannelMonogram({ type, name, size = 32 }: { type: string; name: string; size?: number }) {
  const mark = channelMarkOf({ slug: type, name });
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-flex',
        flex: 'none',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: 4,
        background: mark.background,
        color: mark.foreground,
        fontSize: Math.round(size * 0.4),
        fontWeight: 600,
      }}
    >
      {mark.monogram}
    </span>
  );
}

/**
 * `/hostedPages/{token}`: the channels this link connected (switch on or off, open, delete) and the
 * channel types the seller offers, with a search box when the seller turned it on.
 */
export function HostedIndexPage() {
  const { token, user } = useHostedPage();
  const navigate = useNavigate();
  const [channels, setChannels] = useState<ChannelDto[] | null>(null);
  const [search, setSearch] = useState('');

  const reload = useCallback(() => {
    listHostedChannels(token).then(setChannels, () => setChannels([]));
  }, [token]);
  useEffect(reload, [reload]);

  const offered = useMemo(
    () =>
      user.channel_types
        .map((type) => findCatalogueEntry(type))
        .filter((entry): entry is ChannelCatalogueEntry => entry !== undefined)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [user.channel_types],
  );
  const shown = offered.filter((entry) => matchesChannelSearch(entry, search));

  const toggle = async (channel: ChannelDto, isActive: boolean) => {
    try {
      await setHostedChannelActive(token, channel.id, isActive);
      notifySuccess(SUCCESS_MESSAGES.updated);
      reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };
  const remove = async (channel: ChannelDto) => {
    try {
      await deleteHostedChannel(token, channel.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      reload();
    } catch {
      // An active channel is refused; the api's words are notified.
    }
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Connect your channels
      </Typography.Title>

      <Card title="Your connected channels">
        {channels === null ? (
          <Skeleton active />
        ) : channels.length === 0 ? (
          <Empty description="No channels connected yet" />
        ) : (
          <Flex vertical gap={12} role="list" aria-label="Your connected channels">
            {channels.map((channel) => (
              <Flex key={channel.id} align="center" gap={12} wrap role="listitem">
                <ChannelMonogram type={channel.type} name={channel.provider} />
                <Flex vertical style={{ flex: 1, minWidth: 160 }}>
                  <Typography.Text strong>{channel.name}</Typography.Text>
                  <Typography.Text type="secondary">{channel.provider}</Typography.Text>
                </Flex>
                {channel.auth_type === 'oauth' ? (
                  channel.authorized_at ? (
                    <Tag color="success">Connected</Tag>
                  ) : (
                    <Tag color="warning">Not connected</Tag>
                  )
                ) : null}
                <Switch
                  aria-label={`${channel.name} active`}
                  checked={channel.is_active}
                  checkedChildren="On"
                  unCheckedChildren="Off"
                  onChange={(checked) => void toggle(channel, checked)}
                />
                <Button onClick={() => void navigate(routes.hostedPageChannelDetail(token, channel.id))}>
                  Open
                </Button>
                <Popconfirm
                  title={`Delete ${channel.name}?`}
                  description={
                    channel.is_active
                      ? 'Switch it off first: an active channel can not be deleted.'
                      : undefined
                  }
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(channel)}
                >
                  <Button danger>Delete</Button>
                </Popconfirm>
              </Flex>
            ))}
          </Flex>
        )}
      </Card>

      <Card title="Connect a channel">
        <Flex vertical gap={12}>
          {user.styles.displaySearch ? (
            <Input
              allowClear
              prefix={<SearchOutlined aria-hidden="true" />}
              placeholder="Search channels"
              aria-label="Search channels"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          ) : null}
          {shown.length === 0 ? (
            <Empty
              description={offered.length ? 'No channel matches your search' : 'No channels are offered'}
            />
          ) : (
            <div
              style={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
                gap: 8,
              }}
            >
              {shown.map((entry) => (
                <Button
                  key={entry.slug}
                  style={{ height: 'auto', padding: 12, display: 'flex', flexDirection: 'column', gap: 6 }}
                  onClick={() => void navigate(routes.hostedPageChannelCreate(token, entry.slug))}
                >
                  <ChannelMonogram type={entry.slug} name={entry.name} />
                  <span style={{ whiteSpace: 'normal' }}>{entry.name}</span>
                </Button>
              ))}
            </div>
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
