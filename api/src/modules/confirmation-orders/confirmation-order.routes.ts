import { updateConfirmationOrderItemSchema, updateConfirmationOrderSchema } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { ConfirmationOrderServices } from './confirmation-order-services';
import { CONFIRMATION_ORDER_MESSAGES } from './confirmation-order.service';

const BASE = '/confirmationOrders/:storeId';
const ORDER = `${BASE}/:id`;

/**
 * Confirmation orders (spec §7). Reading
 * needs orders.read, acknowledging and editing orders.update. `services` is a getter so the routes
 * can be listed before any service exists (the isolation matrix does).
 */
export function confirmationOrderRoutes(services: () => ConfirmationOrderServices): ApiRoute[] {
  const confirmationOrders = () => services().confirmationOrders;
  return [
    route('GET', BASE, { permission: 'orders.read' }, async (ctx) => {
      ctx.body = await confirmationOrders().list(scopeOf(ctx), idParam(ctx, 'storeId'), ctx.query);
    }),
    route('GET', ORDER, { permission: 'orders.read' }, async (ctx) => {
      ctx.body = {
        data: await confirmationOrders().show(scopeOf(ctx), idParam(ctx, 'storeId'), idParam(ctx, 'id')),
      };
    }),
    route('GET', `${ORDER}/confirmationOrderItems`, { permission: 'orders.read' }, async (ctx) => {
      ctx.body = {
        data: await confirmationOrders().items(scopeOf(ctx), idParam(ctx, 'storeId'), idParam(ctx, 'id')),
      };
    }),
    route('PUT', ORDER, { permission: 'orders.update' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const id = idParam(ctx, 'id');
      const input = validate(updateConfirmationOrderSchema, ctx.request.body ?? {});
      ctx.body = { data: await confirmationOrders().update(scopeOf(ctx), storeId, id, input) };
    }),
    route('PUT', `${ORDER}/:itemId/updateItem`, { permission: 'orders.update' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const id = idParam(ctx, 'id');
      const itemId = idParam(ctx, 'itemId');
      const input = validate(updateConfirmationOrderItemSchema, ctx.request.body ?? {});
      ctx.body = { data: await confirmationOrders().updateItem(scopeOf(ctx), storeId, id, itemId, input) };
    }),
    route('POST', `${ORDER}/submitAcKnowledgement`, { permission: 'orders.update' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const id = idParam(ctx, 'id');
      const data = await confirmationOrders().submitAcknowledgement(scopeOf(ctx), storeId, id);
      ctx.body = { message: CONFIRMATION_ORDER_MESSAGES.submitted, data };
    }),
  ];
}
