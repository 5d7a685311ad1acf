import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../http/api-route';
import type { RequestScope } from '../../http/request-scope';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import type { ConnectionKind, ConnectionRef } from './transaction-record.service';
import type { WorstLag } from './dashboard.service';
import { logSelectionSchema } from './transaction-record.schemas';

/**
 * Transaction records (spec §7 "Dashboard, stats, logs"). Reading needs logs.read. Retry and ignore
 * change what happens to a connection — retry runs its operation again (a stock push, a shipment),
 * ignore takes its failures off the dashboard — so they need channels.update, the permission that
 * already governs acting on a store's channels and plugins; logs.read alone stays read-only.
 * The dashboard needs dashboard.read.
 */
export function transactionRecordRoutes(services: () => Services): ApiRoute[] {
  const records = () => services().transactionRecords;
  return [
    route('GET', '/logs/apiLogs', { permission: 'logs.read' }, async (ctx) => {
      ctx.body = await records().listApi(scopeOf(ctx), ctx.query);
    }),
    route('GET', '/logs/apiLogs/:logId/content', { permission: 'logs.read' }, async (ctx) => {
      ctx.body = { data: await records().apiContent(scopeOf(ctx), idParam(ctx, 'logId')) };
    }),
    ...connectionLogRoutes('channel', records),
    ...connectionLogRoutes('plugin', records),
    route('GET', '/dashboard', { permission: 'dashboard.read' }, async (ctx) => {
      // The connection furthest behind comes from the sync state service (modules/sync).
      const worstLag: WorstLag = (scope) => services().syncState.worst(scope);
      ctx.body = { data: await services().dashboard.summary(scopeOf(ctx), worstLag) };
    }),
    route('GET', '/dashboard/logs', { permission: 'dashboard.read' }, async (ctx) => {
      ctx.body = await services().dashboard.failedRecords(scopeOf(ctx), ctx.query);
    }),
  ];
}

/** `logs/stores/{storeId}/channels/{channelId}/logs…` and the same under `plugins/{pluginId}`. */
function connectionLogRoutes(
  kind: ConnectionKind,
  records: () => Services['transactionRecords'],
): ApiRoute[] {
  const param = kind === 'plugin' ? 'pluginId' : 'channelId';
  const base = `/logs/stores/:storeId/${kind === 'plugin' ? 'plugins' : 'channels'}/:${param}/logs`;
  const where = (ctx: RouteContext): [RequestScope, number, ConnectionRef] => [
    scopeOf(ctx),
    idParam(ctx, 'storeId'),
    { kind, id: idParam(ctx, param) },
  ];
  return [
    route('GET', base, { permission: 'logs.read' }, async (ctx) => {
      ctx.body = await records().list(...where(ctx), ctx.query);
    }),
    route('PUT', `${base}/retry`, { permission: 'channels.update' }, async (ctx) => {
      const { log_ids } = validate(logSelectionSchema, ctx.request.body);
      ctx.body = { data: await records().retry(...where(ctx), log_ids) };
    }),
    route('PUT', `${base}/ignore`, { permission: 'channels.update' }, async (ctx) => {
      const { log_ids } = validate(logSelectionSchema, ctx.request.body);
      ctx.body = { data: await records().ignore(...where(ctx), log_ids) };
    }),
    route('GET', `${base}/:logId`, { permission: 'logs.read' }, async (ctx) => {
      ctx.body = { data: await records().show(...where(ctx), idParam(ctx, 'logId')) };
    }),
    route('GET', `${base}/:logId/content`, { permission: 'logs.read' }, async (ctx) => {
      ctx.body = { data: await records().content(...where(ctx), idParam(ctx, 'logId')) };
    }),
    route('GET', `${base}/:logId/aiInterpreter`, { permission: 'logs.read' }, async (ctx) => {
      ctx.body = { data: await records().explain(...where(ctx), idParam(ctx, 'logId')) };
    }),
  ];
}
