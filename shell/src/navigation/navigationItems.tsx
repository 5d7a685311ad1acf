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
import { SIDE_NAVIGATION, type NavigationItem } from '@syncdesk/contracts';

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
}

/**
 * The side navigation of spec §2. Until the identity work gates items by the user's scopes, every
 * item is a plain link except the administrator-only ones, which nobody can be shown yet.
 */
export const NAVIGATION_ITEMS: readonly ShellNavigationItem[] = SIDE_NAVIGATION.filter(
  (item) => item.access !== 'administrator',
).map((item) => ({ ...item, icon: ICONS[item.key] }));

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The item whose path is the longest prefix of the current path (so /orders/1/2 marks Orders). */
export function findActiveNavigationItem(pathname: string): ShellNavigationItem | undefined {
  const current = withoutTrailingSlash(pathname);
  return NAVIGATION_ITEMS.filter((item) => {
    const path = withoutTrailingSlash(item.path);
    return path === '/' ? current === '/' : current === path || current.startsWith(`${path}/`);
  }).sort((left, right) => right.path.length - left.path.length)[0];
}
