import { FULFILMENT_MESSAGES, createFulfilmentSchema, resendFulfilmentsSchema } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { OrderServices } from './order-services';

/**
 * Fulfilments of an order and the resend of failed ones (contracts/src/orders/fulfilment.dto.ts).
 * `orders/fulfillment/notSynced` has no store in its path: the service keeps to the caller's stores.
 */
export function fulfilmentRoutes(services: () => OrderServices): ApiRoute[] {
  return [
    route('POST', '/orders/fulfillment/notSynced', { permission: 'orders.update' }, async (ctx) => {
      const { order_fulfillment_ids } = validate(resendFulfilmentsSchema, ctx.request.body ?? {});
      ctx.body = await services().fulfilments.resendFailed(scopeOf(ctx), order_fulfillment_ids);
    }),
    route('GET', '/orders/:storeId/:orderId/fulfillments', { permission: 'orders.read' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      ctx.body = await services().fulfilments.list(scopeOf(ctx), storeId, idParam(ctx, 'orderId'));
    }),
    route('POST', '/orders/:storeId/:orderId/fulfillments', { permission: 'orders.update' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const orderId = idParam(ctx, 'orderId');
      const input = validate(createFulfilmentSchema, ctx.request.body ?? {});
      ctx.status = 201;
      ctx.body = {
        message: FULFILMENT_MESSAGES.created,
        data: await services().fulfilments.create(scopeOf(ctx), storeId, orderId, input),
      };
    }),
  ];
}
