import { createInvoiceSchema, updateInvoiceSyncStatusSchema } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../http/api-route';
import { AppError } from '../../http/app-error';
import { validate } from '../../http/validate';
import type { InvoiceServices } from './invoice-services';
import { INVOICE_MESSAGES } from './invoice.service';

const BASE = '/invoices/:storeId';

/** `?channel_id=` picks one of several accounting channels; the store's default (or first) otherwise. */
function channelQuery(ctx: RouteContext): number | undefined {
  const raw = ctx.query.channel_id;
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d+$/.test(value)) {
    throw AppError.validation({
      channel_id: ['The accounting channel must be one of the store’s channels.'],
    });
  }
  return Number(value);
}

/**
 * Invoices (spec §7) under orders.* permissions (contracts/src/permissions.ts has no invoices
 * group). `channels` comes before `/:invoiceId`: the router runs the first route that matches.
 * `services` is a getter so the routes can be listed before any service exists.
 */
export function invoiceRoutes(services: () => InvoiceServices): ApiRoute[] {
  return [
    route('GET', BASE, { permission: 'orders.read' }, async (ctx) => {
      ctx.body = await services().invoices.list(scopeOf(ctx), idParam(ctx, 'storeId'), ctx.query);
    }),
    route('GET', `${BASE}/channels`, { permission: 'orders.read' }, async (ctx) => {
      ctx.body = { data: await services().invoices.channels(scopeOf(ctx), idParam(ctx, 'storeId')) };
    }),
    route('POST', `${BASE}/create`, { permission: 'orders.create' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const input = validate(createInvoiceSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await services().invoices.create(scopeOf(ctx), storeId, input) };
    }),
    route('PUT', `${BASE}/updateSyncStatus`, { permission: 'orders.update' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const { invoice_ids, status } = validate(updateInvoiceSyncStatusSchema, ctx.request.body);
      const result = await services().invoices.updateSyncStatus(scopeOf(ctx), storeId, invoice_ids, status);
      ctx.body = { message: INVOICE_MESSAGES.syncStatusUpdated, data: result };
    }),
    route('GET', `${BASE}/:invoiceId`, { permission: 'orders.read' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      ctx.body = { data: await services().invoices.show(scopeOf(ctx), storeId, idParam(ctx, 'invoiceId')) };
    }),
    route('GET', `${BASE}/:invoiceId/lines`, { permission: 'orders.read' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      ctx.body = await services().invoices.lines(scopeOf(ctx), storeId, idParam(ctx, 'invoiceId'));
    }),
    route('GET', '/stores/:storeId/accounts', { permission: 'orders.read' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      ctx.body = await services().invoices.accounts(scopeOf(ctx), storeId, channelQuery(ctx));
    }),
    route('GET', '/stores/:storeId/taxTypes', { permission: 'orders.read' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      ctx.body = await services().invoices.taxTypes(scopeOf(ctx), storeId, channelQuery(ctx));
    }),
  ];
}
