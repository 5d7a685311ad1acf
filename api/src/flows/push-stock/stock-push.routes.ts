import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import type { StockPushService } from './stock-push.service';

/**
 * `GET stores/{storeId}/channels/{channelId}/products/{productId}/stockPushes`: a listing's stock
 * pushes, latest first. Read with products.read, like the listing itself: whoever sees the number
 * may see why it is that number.
 */
export function stockPushRoutes(services: () => { stockPushes: StockPushService }): ApiRoute[] {
  return [
    route(
      'GET',
      '/stores/:storeId/channels/:channelId/products/:productId/stockPushes',
      { permission: 'products.read' },
      async (ctx) => {
        ctx.body = await services().stockPushes.list(
          scopeOf(ctx),
          {
            storeId: idParam(ctx, 'storeId'),
            channelId: idParam(ctx, 'channelId'),
            channelProductId: idParam(ctx, 'productId'),
          },
          ctx.query,
        );
      },
    ),
  ];
}
