import type { ApiRoute } from '../http/api-route';
import type { CoreServices, Services } from '../services';
import { createProductServices, type ProductServices } from './products/product-services';
import { productRoutes } from './products/product.routes';
import {
  createChannelProductServices,
  type ChannelProductServices,
} from './channel-products/channel-product-services';
import { channelProductRoutes } from './channel-products/channel-product.routes';
import { createNotificationServices, type NotificationServices } from './notifications/notification.service';
import { notificationRoutes } from './notifications/notification.routes';
import { createTransferServices, type TransferServices } from './transfers/transfer-services';
import { transferRoutes } from './transfers/transfer.routes';
import { createStockPushService, type StockPushService } from '../flows/push-stock/stock-push.service';
import { stockPushRoutes } from '../flows/push-stock/stock-push.routes';
import { matchOrderLinesOnCatalogueChanges } from '../flows/match-order-lines/match-on-catalogue-changes';

/**
 * The catalogue: products and kits with their stock ledger, channel and plugin listings, imports
 * and exports of them, and the in-app notifications those jobs end with.
 */
export interface CatalogueServices
  extends ProductServices, ChannelProductServices, NotificationServices, TransferServices {
  /** Quantity provenance of stock pushes (flows/push-stock). */
  stockPushes: StockPushService;
}

export function createCatalogueServices(core: CoreServices): CatalogueServices {
  const products = createProductServices(core);
  const channelProducts = createChannelProductServices(core, products);
  matchOrderLinesOnCatalogueChanges(core, { ...products, ...channelProducts });
  const notifications = createNotificationServices(core);
  const transfers = createTransferServices(core, { ...products, ...channelProducts, ...notifications });
  const stockPushes = createStockPushService(core);
  return { ...products, ...channelProducts, ...notifications, ...transfers, stockPushes };
}

/** The isolation matrix lists routes with empty services, so the services are only used inside handlers. */
export function catalogueRoutes(services: Services): ApiRoute[] {
  return [
    ...transferRoutes(() => services),
    ...productRoutes(() => services),
    ...channelProductRoutes(() => services),
    ...stockPushRoutes(() => services),
    ...notificationRoutes(() => services),
  ];
}
