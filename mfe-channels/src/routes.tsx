import type { RouteObject } from 'react-router';
import { ROUTE_PATTERNS } from '@syncdesk/contracts';
import { ChannelListPage } from './pages/ChannelListPage';
import { StoreFormPage } from './pages/StoreFormPage';
import { StoreListPage } from './pages/StoreListPage';
import { TransactionRecordListPage } from './pages/TransactionRecordListPage';

/**
 * The pages this remote offers, with absolute paths: the shell mounts them under the top-level
 * paths contracts' REMOTES gives mfe_channels, and standalone mode mounts them at the root.
 */
export const routes: RouteObject[] = [
  { path: ROUTE_PATTERNS.stores, element: <StoreListPage /> },
  { path: ROUTE_PATTERNS.storeCreate, element: <StoreFormPage /> },
  { path: ROUTE_PATTERNS.storeDetail, element: <StoreFormPage /> },
  { path: ROUTE_PATTERNS.channels, element: <ChannelListPage /> },
  { path: ROUTE_PATTERNS.transactionRecords, element: <TransactionRecordListPage /> },
];

// Module Federation hands the shell this module; the shell reads `default` (or `routes`).
export default routes;
