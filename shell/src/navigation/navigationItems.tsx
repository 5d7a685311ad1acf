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
import { SIDE_NAVIGATION, type NavigationItem, type SessionUser } from '@syncdesk/contracts';
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

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The item whose path is the longest prefix of the current path (so /orders/1/2 marks Orders). */
export function findActiveNavigationItem<T extends NavigationItem>(
  items: readonly T[],
  pathname: string,
): T | undefined {
  const current = withoutTrailingSlash(pathname);
  return items
    .filter((item) => {
      const path = withoutTrailingSlash(item.path);
      return path === '/' ? current === '/' : current === path || current.startsWith(`${path}/`);
    })
    .sort((left, right) => right.path.length - left.path.length)[0];
}
