import { useEffect, useState } from 'react';
import { useParams } from 'react-router';

import type { ChannelDto } from '@syncdesk/contracts';

import { getStoreChannel } from './channel-scope.api';

/**
 * The store and (optional) sales channel of a courier or pickup path, with the channel loaded for
 * the page header. `failed` when the channel could not be loaded; the lists then still work.
 */
export function useRouteChannel() {
  const { storeId = '', channelId } = useParams();
  const [channel, setChannel] = useState<ChannelDto | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!channelId) return undefined;
    let active = true;
    setChannel(null);
    setFailed(false);
    getStoreChannel(storeId, channelId)
      .then((loaded) => active && setChannel(loaded))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [storeId, channelId]);
  return { storeId, channelId, channel, failed };
}

/** What a page header says about the channel while it loads, once loaded, or if it can't be. */
export function channelSubtitle(channel: ChannelDto | null, failed: boolean): string {
  if (channel) return `${channel.name} · ${channel.provider}`;
  return failed ? 'Channel' : 'Loading channel…';
}
