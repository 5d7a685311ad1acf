import type { RouteObject } from 'react-router';
import { ROUTE_PATTERNS } from '@syncdesk/contracts';
import { authorizationRoutes } from './authorization/authorization-routes';
import { connectionRoutes } from './connections/connection-routes';
import { ChannelListPage } from './pages/ChannelListPage';
import { StoreFormPage } from './pages/StoreFormPage';
import { StoreListPage } from './pages/StoreListPage';
import { CustomStatusesPage } from './custom-statuses/CustomStatusesPage';
import { WebhookFormPage } from './webhooks/WebhookFormPage';
import { courierRoutes } from './couriers/courier-routes';
import { pickupRoutes } from './pickups/pickup-routes';
import { channelProductRoutes } from './channel-products/channel-product-routes';
import { pluginProductRoutes } from './plugin-products/plugin-product-routes';
import { transactionRecordRoutes } from './transaction-records/transaction-record-routes';
import { ruleLogRoutes } from './rule-logs/rule-log-routes';

/**
 * The pages this remote offers, with absolute paths: the shell mounts them under the top-level
 * paths contracts' REMOTES gives mfe_channels, and standalone mode mounts them at the root.
 */
export const routes: RouteObject[] = [
  { path: ROUTE_PATTERNS.stores, element: <StoreListPage /> },
  { path: ROUTE_PATTERNS.storeCreate, element: <StoreFormPage /> },
  { path: ROUTE_PATTERNS.storeDetail, element: <StoreFormPage /> },
  { path: ROUTE_PATTERNS.channels, element: <ChannelListPage /> },
  ...connectionRoutes,
  ...authorizationRoutes,
  { path: ROUTE_PATTERNS.webhookCreate, element: <WebhookFormPage /> },
  { path: ROUTE_PATTERNS.webhookDetail, element: <WebhookFormPage /> },
  { path: ROUTE_PATTERNS.channelCustomStatuses, element: <CustomStatusesPage /> },
  ...courierRoutes,
  ...pickupRoutes,
  ...channelProductRoutes,
  ...pluginProductRoutes,
  ...transactionRecordRoutes,
  ...ruleLogRoutes,
];

// Module Federation hands the shell this module; the shell reads `default` (or `routes`).
export default routes;
