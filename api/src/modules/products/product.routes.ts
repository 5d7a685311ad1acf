import {
  bulkDeleteProductsSchema,
  checkProductUsedInKitSchema,
  createProductSchema,
  updateAutoSyncStockSchema,
  updateProductSchema,
} from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { ProductServices } from './product-services';

const BASE = '/products/:storeId';
/** Bulk bodies name up to MAX_BULK_PRODUCTS uuids (~40 bytes each). */
const BULK_JSON_LIMIT = '1mb';
const PRODUCT = `${BASE}/:id`;

/**
 * Products and kits of a store (integration-domain §7 "Products"). The literal paths
 * (`create`, `updateAutoSyncStock`, `checkProductUsedInKit`) come before `/:id`, which would
 * otherwise take them and answer 404. Stock moves through `PUT /:id` with `quantity` (set on hand
 * to) or `stock_delta` (add or take; concurrent deltas never lose one), both manual movements of
 * the ledger. Import and export are the transfers module's (declared before these).
 */
export function productRoutes(services: () => ProductServices): ApiRoute[] {
  return [
    route('GET', BASE, { permission: 'products.read' }, async (ctx) => {
      ctx.body = await services().products.list(scopeOf(ctx), idParam(ctx, 'storeId'), ctx.query);
    }),
    route('POST', `${BASE}/create`, { permission: 'products.create' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const input = validate(createProductSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await services().products.create(scopeOf(ctx), storeId, input) };
    }),
    route(
      'PUT',
      `${BASE}/updateAutoSyncStock`,
      { permission: 'products.update' },
      async (ctx) => {
        const storeId = idParam(ctx, 'storeId');
        const input = validate(updateAutoSyncStockSchema, ctx.request.body);
        ctx.body = {
          data: await services().products.setAutoSyncStock(scopeOf(ctx), storeId, input, ctx.query),
        };
      },
      { jsonLimit: BULK_JSON_LIMIT },
    ),
    route(
      'POST',
      `${BASE}/checkProductUsedInKit`,
      { permission: 'products.read' },
      async (ctx) => {
        const storeId = idParam(ctx, 'storeId');
        const { product_uuids } = validate(checkProductUsedInKitSchema, ctx.request.body);
        ctx.body = { data: await services().products.kitUsage(scopeOf(ctx), storeId, product_uuids) };
      },
      { jsonLimit: BULK_JSON_LIMIT },
    ),
    // Bulk delete: `{ all: true }` or `{ product_uuids }`; the kits using a product go with it or it stays.
    route(
      'DELETE',
      BASE,
      { permission: 'products.delete' },
      async (ctx) => {
        const scope = scopeOf(ctx);
        const storeId = idParam(ctx, 'storeId');
        // Another company's store is 404 before anything is said about the body.
        await services().products.reach(scope, storeId);
        const input = validate(bulkDeleteProductsSchema, ctx.request.body);
        ctx.body = { data: await services().products.removeMany(scope, storeId, input, ctx.query) };
      },
      { jsonLimit: BULK_JSON_LIMIT },
    ),
    route('GET', PRODUCT, { permission: 'products.read' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      ctx.body = { data: await services().products.show(scopeOf(ctx), storeId, idParam(ctx, 'id')) };
    }),
    route('PUT', PRODUCT, { permission: 'products.update' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const id = idParam(ctx, 'id');
      const input = validate(updateProductSchema, ctx.request.body);
      ctx.body = { data: await services().products.update(scopeOf(ctx), storeId, id, input) };
    }),
    route('DELETE', PRODUCT, { permission: 'products.delete' }, async (ctx) => {
      await services().products.remove(scopeOf(ctx), idParam(ctx, 'storeId'), idParam(ctx, 'id'));
      ctx.status = 204;
    }),
    route('GET', `${PRODUCT}/stockMovements`, { permission: 'products.read' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const id = idParam(ctx, 'id');
      ctx.body = await services().products.stockMovements(scopeOf(ctx), storeId, id, ctx.query);
    }),
  ];
}
