import type { RouteObject } from 'react-router';

import { ROUTE_PATTERNS } from '@syncdesk/contracts';

import { ChannelCourierListPage } from './ChannelCourierListPage';
import { CourierMappingPage } from './CourierMappingPage';

/** A sales channel's couriers and shipping-method mappings. */
export const courierRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.channelCouriers, element: <ChannelCourierListPage /> },
  { path: ROUTE_PATTERNS.channelCourierMapping, element: <CourierMappingPage /> },
];
