import type { RouteObject } from 'react-router';

import { ROUTE_PATTERNS } from '@syncdesk/contracts';

import { PluginProductDetailPage } from './PluginProductDetailPage';
import { PluginProductListPage } from './PluginProductListPage';

/** A fulfilment plugin's products; without a plugin in the path, a plugin chooser. */
export const pluginProductRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.pluginProducts, element: <PluginProductListPage /> },
  { path: ROUTE_PATTERNS.pluginProductDetail, element: <PluginProductDetailPage /> },
];
