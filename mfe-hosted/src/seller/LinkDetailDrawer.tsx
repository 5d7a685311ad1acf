import { useEffect, useState } from 'react';
import { Button, Descriptions, Drawer, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';

import { HOSTED_PAGE_LINK_STATUS_DISPLAY, routes, type HostedPageLinkDetailDto } from '@syncdesk/contracts';
import { formatDate, TONE_COLORS } from '@syncdesk/web-kit';

import { getHostedPageLink } from '../api/hosted-pages.api';
import { channelTypesSummary } from './channel-type-options';

/** A link's detail: what it offers, until when, and the channels connected through it. */
export function LinkDetailDrawer({ linkId, onClose }: { linkId: number | null; onClose(): void }) {
  const navigate = useNavigate();
  const [link, setLink] = useState<HostedPageLinkDetailDto | null>(null);

  useEffect(() => {
    if (linkId === null) return undefined;
    let active = true;
    setLink(null);
    getHostedPageLink(linkId).then(
      (loaded) => active && setLink(loaded),
      () => active && onClose(),
    );
    return () => {
      active = false;
    };
  }, [linkId, onClose]);

  const status = link ? HOSTED_PAGE_LINK_STATUS_DISPLAY[link.status] : null;
  return (
    <Drawer open={linkId !== null} onClose={onClose} title={link?.name ?? 'Hosted page link'} size="large">
      {!link || !status ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Store">{link.store_name}</Descriptions.Item>
            <Descriptions.Item label="Offers">
              {channelTypesSummary(link.channel_types, 10)}
            </Descriptions.Item>
            <Descriptions.Item label="Expires">{formatDate(link.expires_at)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <Tag color={TONE_COLORS[status.tone]}>{status.label}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Last used">
              {link.last_used_at ? formatDate(link.last_used_at) : 'Never'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ margin: 0 }}>
            Channels connected through this link
          </Typography.Title>
          {link.channels.length === 0 ? (
            <Empty description="No channels connected through this link yet" />
          ) : (
            <List
              dataSource={link.channels}
              renderItem={(channel) => (
                <List.Item
                  actions={[
                    <Button
                      key="open"
                      size="small"
                      onClick={() => void navigate(routes.channelDetail(link.store_id, channel.id))}
                    >
                      Open
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={channel.name}
                    description={`${channel.provider} · added ${formatDate(channel.created_at)}${
                      channel.authorized_at ? ' · connected' : ''
                    }`}
                  />
                  <Tag color={channel.is_active ? 'success' : 'default'}>
                    {channel.is_active ? 'Active' : 'Inactive'}
                  </Tag>
                </List.Item>
              )}
            />
          )}
        </Flex>
      )}
    </Drawer>
  );
}
