import type { RouteObject } from 'react-router';

import { ROUTE_PATTERNS } from '@syncdesk/contracts';

import { PickupProductFormPage } from './PickupProductFormPage';
import { PickupStoreDetailPage } from './PickupStoreDetailPage';
import { PickupStoreListPage } from './PickupStoreListPage';

/**
 * A sales channel's pickup stores and their products. `…/pickups/create` fits the detail pattern
 * (its page opens the create form); `…/{pickupId}/create` outranks `…/{pickupId}/{productId}`.
 */
export const pickupRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.channelPickups, element: <PickupStoreListPage /> },
  { path: ROUTE_PATTERNS.channelPickupDetail, element: <PickupStoreDetailPage /> },
  { path: ROUTE_PATTERNS.channelPickupProductCreate, element: <PickupProductFormPage /> },
  { path: ROUTE_PATTERNS.channelPickupProductDetail, element: <PickupProductFormPage /> },
  // The spec's store-level paths: no channel in them, so each page asks for one first.
  { path: ROUTE_PATTERNS.pickups, element: <PickupStoreListPage /> },
  { path: ROUTE_PATTERNS.pickupDetail, element: <PickupStoreDetailPage /> },
  { path: ROUTE_PATTERNS.pickupProductCreate, element: <PickupProductFormPage /> },
  { path: ROUTE_PATTERNS.pickupProductDetail, element: <PickupProductFormPage /> },
];
