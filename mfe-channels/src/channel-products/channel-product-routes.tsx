import type { RouteObject } from 'react-router';

import { ROUTE_PATTERNS } from '@syncdesk/contracts';

import { ChannelProductDetailPage } from './ChannelProductDetailPage';
import { ChannelProductListPage } from './ChannelProductListPage';

/** A sales channel's listings; without a channel in the path, a channel chooser. */
export const channelProductRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.channelProducts, element: <ChannelProductListPage /> },
  { path: ROUTE_PATTERNS.channelProductDetail, element: <ChannelProductDetailPage /> },
];
