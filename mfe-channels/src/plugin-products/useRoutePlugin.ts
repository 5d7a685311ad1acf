import { useEffect, useState } from 'react';
import { useParams } from 'react-router';

import type { ChannelDto } from '@syncdesk/contracts';

import { getStorePlugin } from './plugin-products.api';

/** The store and plugin of a plugin-product path, with the plugin loaded for the page header. */
export function useRoutePlugin() {
  const { storeId = '', pluginId } = useParams();
  const [plugin, setPlugin] = useState<ChannelDto | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!pluginId) return undefined;
    let active = true;
    setPlugin(null);
    setFailed(false);
    getStorePlugin(storeId, pluginId)
      .then((loaded) => active && setPlugin(loaded))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [storeId, pluginId]);
  return { storeId, pluginId, plugin, failed };
}

/** What a page header says about the plugin while it loads, once loaded, or if it can't be. */
export function pluginSubtitle(plugin: ChannelDto | null, failed: boolean): string {
  if (plugin) return `${plugin.name} · ${plugin.provider}`;
  return failed ? 'Plugin' : 'Loading plugin…';
}
