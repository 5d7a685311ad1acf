import type { RateLimit } from '@syncdesk/contracts';
import type { ChannelConnector, ConnectorContext, PluginConnector } from '../connector';
import { miraklConnectorEntry } from './mirakl/mirakl.connector';
import { shopifyConnectorEntry } from './shopify/shopify.connector';
import { createWmsConnector } from './wms/wms.connector';

/**
 * Which connector serves a channel type. Each provider folder adds its line here; a type without a
 * connector is not synchronised (its jobs record that the provider is not supported yet).
 */
export interface ConnectorEntry<C> {
  provider: string;
  handles(type: string): boolean;
  create(context: ConnectorContext): C;
  /** The provider's own limits beside the catalogue's (Mirakl STO01/STO02); the stricter one wins. */
  operationLimits?: Readonly<Record<string, RateLimit>>;
}

export const CHANNEL_CONNECTORS: readonly ConnectorEntry<ChannelConnector>[] = [
  miraklConnectorEntry,
  shopifyConnectorEntry,
];

export const PLUGIN_CONNECTORS: readonly ConnectorEntry<PluginConnector>[] = [
  { provider: 'wms', handles: (type) => type === 'wms', create: createWmsConnector },
];

export function channelConnectorEntry(type: string): ConnectorEntry<ChannelConnector> | null {
  return CHANNEL_CONNECTORS.find((entry) => entry.handles(type)) ?? null;
}

export function pluginConnectorEntry(type: string): ConnectorEntry<PluginConnector> | null {
  return PLUGIN_CONNECTORS.find((entry) => entry.handles(type)) ?? null;
}
