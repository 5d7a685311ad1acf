import { useEffect, useState } from 'react';
import { Card, Empty, Flex, Select, Typography } from 'antd';
import { useNavigate } from 'react-router';

import type { ChannelDto } from '@syncdesk/contracts';
import { PageHeader } from '@syncdesk/web-kit';

import { getStoreChannels } from './channel-scope.api';

export interface ChannelChooserProps {
  title: string;
  storeId: string;
  /** Where the chosen channel's screen is. */
  routeFor(channelId: number): string;
}

/**
 * Shown when a channel screen's path names no channel (`/stores/{storeId}/channels/couriers`):
 * pick one of the store's sales channels to go on.
 */
export function ChannelChooser({ title, storeId, routeFor }: ChannelChooserProps) {
  const navigate = useNavigate();
  const [channels, setChannels] = useState<ChannelDto[] | null>(null);
  useEffect(() => {
    let active = true;
    getStoreChannels(storeId)
      .then((loaded) => active && setChannels(loaded))
      .catch(() => active && setChannels([]));
    return () => {
      active = false;
    };
  }, [storeId]);

  return (
    <>
      <PageHeader title={title} subtitle="Choose a channel" />
      <Card>
        {channels !== null && channels.length === 0 ? (
          <Empty description="This store has no sales channels yet" />
        ) : (
          <Flex vertical gap={8} style={{ maxWidth: 420 }}>
            <Typography.Text id="channel-chooser-label">Channel</Typography.Text>
            <Select<number>
              aria-labelledby="channel-chooser-label"
              placeholder="Choose a channel"
              loading={channels === null}
              showSearch={{ optionFilterProp: 'label' }}
              options={(channels ?? []).map((channel) => ({
                value: channel.id,
                label: `${channel.name} (${channel.provider})`,
              }))}
              onChange={(channelId) => void navigate(routeFor(channelId))}
            />
          </Flex>
        )}
      </Card>
    </>
  );
}
