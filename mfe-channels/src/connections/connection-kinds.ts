import { ROUTE_PATTERNS, routes, type ChannelKind, type RouteParam } from '@syncdesk/contracts';

/** The list page's tabs, also its `?tab=` values. */
export type ConnectionTab = 'channels' | 'accounting' | 'plugins';

/**
 * What differs between a sales channel, an accounting channel and a plugin on these screens: the
 * api folder, the routes and the words. Everything else (list, picker, settings form) is shared.
 */
export interface ConnectionKindConfig {
  kind: ChannelKind;
  tab: ConnectionTab;
  /** `channel` → "Delete channel?", "This channel could not be loaded." */
  noun: string;
  /** Tab and heading. */
  title: string;
  addLabel: string;
  emptyText: string;
  /** `stores/{storeId}/channels` and the like: list, GET/PUT/DELETE `/{id}`, POST `/{type}`. */
  apiPath(storeId: RouteParam): string;
  createRoute(storeId: RouteParam, type: string): string;
  detailRoute(storeId: RouteParam, id: RouteParam): string;
  /** The authorisation connect flow of an OAuth connection. */
  connectRoute(storeId: RouteParam, id: RouteParam): string;
}

export const CONNECTION_KINDS: Readonly<Record<ChannelKind, ConnectionKindConfig>> = {
  channel: {
    kind: 'channel',
    tab: 'channels',
    noun: 'channel',
    title: 'Channels',
    addLabel: 'Add channel',
    emptyText: 'No channels connected yet',
    apiPath: (storeId) => `/stores/${storeId}/channels`,
    createRoute: routes.channelCreate,
    detailRoute: routes.channelDetail,
    connectRoute: routes.authorizationConnect,
  },
  accounting: {
    kind: 'accounting',
    tab: 'accounting',
    noun: 'accounting channel',
    title: 'Accounting channels',
    addLabel: 'Add accounting channel',
    emptyText: 'No accounting channels connected yet',
    apiPath: (storeId) => `/stores/${storeId}/accountingChannels`,
    createRoute: routes.accountingChannelCreate,
    detailRoute: routes.accountingChannelDetail,
    // The connect page shares the channel route; the kind tells it which api to authorise.
    connectRoute: (storeId, id) => `${routes.authorizationConnect(storeId, id)}?kind=accounting`,
  },
  plugin: {
    kind: 'plugin',
    tab: 'plugins',
    noun: 'plugin',
    title: 'Plugins',
    addLabel: 'Add plugin',
    emptyText: 'No plugins connected yet',
    apiPath: (storeId) => `/stores/${storeId}/plugins`,
    createRoute: routes.pluginCreate,
    detailRoute: routes.pluginDetail,
    connectRoute: routes.authorizationPluginConnect,
  },
};

export const CONNECTION_TABS: readonly ConnectionKindConfig[] = [
  CONNECTION_KINDS.channel,
  CONNECTION_KINDS.accounting,
  CONNECTION_KINDS.plugin,
];

export function kindOfTab(tab: string | null): ConnectionKindConfig {
  return CONNECTION_TABS.find((config) => config.tab === tab) ?? CONNECTION_KINDS.channel;
}

/** The list page, on the store and tab a connection belongs to. */
export function connectionListRoute(storeId: RouteParam, kind: ChannelKind): string {
  return `${ROUTE_PATTERNS.channels}?store=${storeId}&tab=${CONNECTION_KINDS[kind].tab}`;
}
