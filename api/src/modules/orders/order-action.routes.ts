import {
  ORDER_ID_FILE,
  bulkUpdatePluginSyncStatusSchema,
  resendExcludedQuerySchema,
  sendPickupOrderSchema,
  updateOrderSyncStatusSchema,
  updatePluginSyncStatusSchema,
} from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../http/api-route';
import type { ListQueryInput } from '../../http/list-query';
import { validate } from '../../http/validate';
import { readOrderSelectionRequest } from './order-id-file';
import type { OrderServices } from './order-services';

const BASE = '/orders/:storeId';

/** The fields of updateSyncStatus itself; every other field is the list's query ("all matching"). */
const OWN_FIELDS = new Set([
  'action_type',
  'status',
  'order_ids',
  'order_remote_ids',
  'plugin_id',
  'webhook_id',
  'all',
  ORDER_ID_FILE.field,
]);

/** A JSON value as a list-query value (the list's parameters are strings). */
function queryValue(value: unknown): string | string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map((item) => String(item));
  if (typeof value === 'object') return undefined;
  return String(value);
}

/**
 * The body of updateSyncStatus, multipart (the spec's form, with an optional file of ids) or JSON,
 * and the list's query: the URL's parameters, overridden by the body's other fields.
 */
async function readSyncStatusRequest(ctx: RouteContext) {
  const { body, file } = await readOrderSelectionRequest(ctx);
  const input = validate(updateOrderSyncStatusSchema, body);
  const listQuery: ListQueryInput = {};
  for (const [key, value] of Object.entries(ctx.query)) if (!OWN_FIELDS.has(key)) listQuery[key] = value;
  for (const [key, value] of Object.entries(body)) {
    if (OWN_FIELDS.has(key)) continue;
    const text = queryValue(value);
    if (text !== undefined) listQuery[key] = Array.isArray(text) && text.length === 1 ? text[0] : text;
  }
  return { input, file, listQuery };
}

/**
 * The order actions that change a state (spec §7; contracts/src/orders/order-actions.schemas.ts
 * says what each accepts). Fixed segments come before `/orders/:storeId/:orderId` (see order.routes.ts).
 */
export function orderActionRoutes(services: () => OrderServices): ApiRoute[] {
  return [
    route(
      'POST',
      `${BASE}/updateSyncStatus`,
      { permission: 'orders.update' },
      async (ctx) => {
        const storeId = idParam(ctx, 'storeId');
        const request = await readSyncStatusRequest(ctx);
        ctx.body = await services().orderActions.updateSyncStatus(scopeOf(ctx), storeId, request);
      },
      // Thousands of ids in a JSON array.
      { jsonLimit: '2mb' },
    ),
    route(
      'PUT',
      `${BASE}/bulkUpdatePluginSyncStatus`,
      { permission: 'orders.update' },
      async (ctx) => {
        const storeId = idParam(ctx, 'storeId');
        const { order_ids, plugin_id } = validate(bulkUpdatePluginSyncStatusSchema, ctx.request.body ?? {});
        ctx.body = await services().orderActions.bulkUpdatePluginSyncStatus(
          scopeOf(ctx),
          storeId,
          order_ids,
          plugin_id,
        );
      },
      { jsonLimit: '1mb' },
    ),
    route('PUT', `${BASE}/:orderId/updatePluginSyncStatus`, { permission: 'orders.update' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const orderId = idParam(ctx, 'orderId');
      const { plugin_id } = validate(updatePluginSyncStatusSchema, ctx.request.body ?? {});
      ctx.body = await services().orderActions.updatePluginSyncStatus(
        scopeOf(ctx),
        storeId,
        orderId,
        plugin_id,
      );
    }),
    route('PUT', `${BASE}/:orderId/resendTheExcludedOrder`, { permission: 'orders.update' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const orderId = idParam(ctx, 'orderId');
      const { force_resend } = validate(resendExcludedQuerySchema, {
        force_resend:
          ctx.query.force_resend ??
          (ctx.request.body as { force_resend?: unknown } | undefined)?.force_resend,
      });
      ctx.body = await services().orderActions.resendExcluded(scopeOf(ctx), storeId, orderId, force_resend);
    }),
    route('PUT', `${BASE}/:orderId/sendPickupOrder`, { permission: 'orders.update' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const orderId = idParam(ctx, 'orderId');
      const { action } = validate(sendPickupOrderSchema, ctx.request.body ?? {});
      ctx.body = await services().orderActions.sendPickupOrder(scopeOf(ctx), storeId, orderId, action.to);
    }),
  ];
}
