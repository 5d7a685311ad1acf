import type { ReactNode } from 'react';
import {
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  DashboardOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  HistoryOutlined,
  PartitionOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { matchPath } from 'react-router';
import { ROUTE_PATTERNS, SIDE_NAVIGATION, type NavigationItem, type SessionUser } from '@syncdesk/contracts';
import { canAccess } from './canAccess';

/** Icons are presentation, so they live here and not in the contracts' navigation list. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  products: <AppstoreOutlined />,
  orders: <ShoppingCartOutlined />,
  confirmationOrders: <FileDoneOutlined />,
  invoices: <FileTextOutlined />,
  customers: <TeamOutlined />,
  stores: <ShopOutlined />,
  channels: <ApiOutlined />,
  rules: <PartitionOutlined />,
  transactionRecords: <HistoryOutlined />,
  stats: <BarChartOutlined />,
};

export interface ShellNavigationItem extends NavigationItem {
  icon: ReactNode;
  /** Store-bound screens are shown but disabled while the user has no store (spec §2). */
  disabled: boolean;
}

/** The side navigation of spec §2 for this user: items they may see, store-bound ones disabled without stores. */
export function navigationItemsFor(user: SessionUser): ShellNavigationItem[] {
  const hasStores = user.stores.length > 0;
  return SIDE_NAVIGATION.filter((item) => canAccess(user, item.access)).map((item) => ({
    ...item,
    icon: ICONS[item.key],
    disabled: item.disabledWithoutStores && !hasStores,
  }));
}

/**
 * Screens that sit below another item's path but belong to this item. A store's channels,
 * accounting channels and plugins are reached through `/stores/:storeId/…`, yet they are the
 * Channels area's screens (the `/channels` list shows them all), as is migrating a channel.
 */
const ALSO_ACTIVE_ON: Readonly<Record<string, readonly string[]>> = {
  channels: [
    `${ROUTE_PATTERNS.storeDetail}/channels`,
    `${ROUTE_PATTERNS.storeDetail}/accounting-channels`,
    `${ROUTE_PATTERNS.storeDetail}/plugins`,
    ROUTE_PATTERNS.pickups,
    '/migrate',
  ],
};

/** How many segments of `pathname` the pattern covers (its own length), or -1 when it does not match. */
function matchedSegments(pattern: string, pathname: string): number {
  const path = pattern.length > 1 && pattern.endsWith('/') ? pattern.slice(0, -1) : pattern;
  // `/` is the dashboard alone; every other path also marks the pages below it.
  const match = matchPath({ path, end: path === '/' }, pathname);
  return match ? path.split('/').filter(Boolean).length : -1;
}

/**
 * The item for the current path: the most specific match wins, so /orders/1/2 marks Orders and
 * /stores/1/channels/2 marks Channels rather than Stores.
 */
export function findActiveNavigationItem<T extends { key: string; path: string }>(
  items: readonly T[],
  pathname: string,
): T | undefined {
  let active: T | undefined;
  let best = -1;
  for (const item of items) {
    for (const pattern of [item.path, ...(ALSO_ACTIVE_ON[item.key] ?? [])]) {
      const segments = matchedSegments(pattern, pathname);
      if (segments > best) {
        best = segments;
        active = item;
      }
    }
  }
  return active;
}
