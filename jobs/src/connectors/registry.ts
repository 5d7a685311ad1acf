import type { ChannelConnector, ConnectorContext, PluginConnector } from './connector';

/**
 * Which connector serves a channel type. Each provider folder adds its line here; a type without a
 * connector is not synchronised (its jobs record that the provider is not supported yet).
 */
export interface ConnectorEntry<C> {
  provider: string;
  handles(type: string): boolean;
  create(context: ConnectorContext): C;
}

export const CHANNEL_CONNECTORS: readonly ConnectorEntry<ChannelConnector>[] = [
  // FOUNDATION STUB: shopify and mirakl entries are added by their folders.
];

export const PLUGIN_CONNECTORS: readonly ConnectorEntry<PluginConnector>[] = [
  // FOUNDATION STUB: the generic WMS plugin entry is added by its folder.
];

export function channelConnectorEntry(type: string): ConnectorEntry<ChannelConnector> | null {
  return CHANNEL_CONNECTORS.find((entry) => entry.handles(type)) ?? null;
}

export function pluginConnectorEntry(type: string): ConnectorEntry<PluginConnector> | null {
  return PLUGIN_CONNECTORS.find((entry) => entry.handles(type)) ?? null;
}
