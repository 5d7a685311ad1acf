import { SUCCESS_MESSAGES, type FileTransferSubject } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../http/api-route';
import type { ListQueryInput } from '../../http/list-query';
import type { TransferFile, TransferServices, TransferTarget } from './transfer-services';
import { exportSubjectOf } from './export-subjects';

const PRODUCTS = '/products/:storeId';
const CHANNEL_PRODUCTS = '/stores/:storeId/channels/:channelId/products';
const TRANSFER = '/fileTransfers/:storeId/:uuid';
/** A selection of up to MAX_EXPORT_SELECTION uuids (about 40 bytes each). */
const EXPORT_BODY = { jsonLimit: '1mb' };

const productsTarget = (ctx: RouteContext): TransferTarget => ({ storeId: idParam(ctx, 'storeId') });
const channelProductsTarget = (ctx: RouteContext): TransferTarget => ({
  storeId: idParam(ctx, 'storeId'),
  channelId: idParam(ctx, 'channelId'),
});
const storeTarget =
  (subject: FileTransferSubject) =>
  (ctx: RouteContext): TransferTarget => ({ storeId: idParam(ctx, 'storeId'), subject });

/**
 * The order domain's exports (spec §7), each an export of what its list selects. They sit with
 * the catalogue's, which the app mounts before the order routes, so `…/export/:fileFormat` is
 * never read as an order id or an order action.
 */
const ORDER_DOMAIN_EXPORTS: readonly [path: string, subject: FileTransferSubject][] = [
  ['/orders/:storeId/export/:fileFormat', 'orders'],
  ['/orders/:storeId/pluginOrderExport/:fileFormat', 'plugin_orders'],
  ['/invoices/:storeId/export/:fileFormat', 'invoices'],
  ['/confirmationOrders/:storeId/export/:fileFormat', 'confirmation_orders'],
];

function sendFile(ctx: RouteContext, file: TransferFile): void {
  ctx.set('Content-Type', file.contentType);
  ctx.set('Content-Length', String(file.size));
  ctx.attachment(file.fileName);
  ctx.body = file.stream;
}

/**
 * Imports and exports of products and channel products, and the transfers they start. Declared
 * before the product routes, so `…/import` and `…/export/…` are never read as a product id.
 * An import's multipart body is read by the service, after the store check: a caller who can't
 * reach the store is refused before a byte of the file is stored. Any member of the starting
 * company who may read the transfer's subject in the store (products.read for the catalogue,
 * orders.read for the order domain) may follow a transfer, fetch its file and its report: the
 * service checks that permission once it knows the transfer's subject.
 */
export function transferRoutes(services: () => TransferServices): ApiRoute[] {
  const startImport = async (ctx: RouteContext, target: TransferTarget) => {
    const data = await services().transfers.startImport(scopeOf(ctx), target, ctx.req);
    ctx.status = 202;
    ctx.body = { message: SUCCESS_MESSAGES.importStarted, data };
  };
  const startExport = async (ctx: RouteContext, target: TransferTarget) => {
    const data = await services().transfers.startExport(
      scopeOf(ctx),
      target,
      ctx.params.fileFormat ?? '',
      ctx.query as ListQueryInput,
      ctx.request.body,
    );
    ctx.status = 202;
    ctx.body = { message: SUCCESS_MESSAGES.exportStarted, data };
  };

  return [
    route('POST', `${PRODUCTS}/import`, { permission: 'products.create' }, (ctx) =>
      startImport(ctx, productsTarget(ctx)),
    ),
    route(
      'POST',
      `${PRODUCTS}/export/:fileFormat`,
      { permission: 'products.read' },
      (ctx) => startExport(ctx, productsTarget(ctx)),
      EXPORT_BODY,
    ),
    route('POST', `${CHANNEL_PRODUCTS}/import`, { permission: 'products.update' }, (ctx) =>
      startImport(ctx, channelProductsTarget(ctx)),
    ),
    route(
      'POST',
      `${CHANNEL_PRODUCTS}/export/:fileFormat`,
      { permission: 'products.read' },
      (ctx) => startExport(ctx, channelProductsTarget(ctx)),
      EXPORT_BODY,
    ),
    ...ORDER_DOMAIN_EXPORTS.map(([path, subject]) =>
      route(
        'POST',
        path,
        { permission: exportSubjectOf(subject).permission },
        (ctx) => startExport(ctx, storeTarget(subject)(ctx)),
        EXPORT_BODY,
      ),
    ),

    route('GET', TRANSFER, 'authenticated', async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      ctx.body = { data: await services().transfers.show(scopeOf(ctx), storeId, ctx.params.uuid ?? '') };
    }),
    route('GET', `${TRANSFER}/download`, 'authenticated', async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      sendFile(ctx, await services().transfers.download(scopeOf(ctx), storeId, ctx.params.uuid ?? ''));
    }),
    route('GET', `${TRANSFER}/report`, 'authenticated', async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      sendFile(ctx, await services().transfers.report(scopeOf(ctx), storeId, ctx.params.uuid ?? ''));
    }),
  ];
}
