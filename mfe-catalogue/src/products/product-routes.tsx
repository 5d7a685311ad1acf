import type { RouteObject } from 'react-router';

import { ROUTE_PATTERNS } from '@syncdesk/contracts';

import { ProductCreatePage } from './ProductCreatePage';
import { ProductDetailPage } from './ProductDetailPage';
import { ProductListPage } from './ProductListPage';
import { ProductStoreChooserPage } from './ProductStoreChooserPage';

/** Products and kits of a store; `…/create` outranks `…/{productId}` (a static segment wins). */
export const productRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.products, element: <ProductStoreChooserPage /> },
  { path: ROUTE_PATTERNS.productList, element: <ProductListPage /> },
  { path: ROUTE_PATTERNS.productCreate, element: <ProductCreatePage /> },
  { path: ROUTE_PATTERNS.productDetail, element: <ProductDetailPage /> },
];
