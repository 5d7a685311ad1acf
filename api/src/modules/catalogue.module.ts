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

/**
 * The catalogue: products and kits with their stock ledger, channel and plugin listings, imports
 * and exports of them, and the in-app notifications those jobs end with.
 */
export interface CatalogueServices
  extends ProductServices, ChannelProductServices, NotificationServices, TransferServices {}

export function createCatalogueServices(core: CoreServices): CatalogueServices {
  const products = createProductServices(core);
  const channelProducts = createChannelProductServices(core, products);
  const notifications = createNotificationServices(core);
  const transfers = createTransferServices(core, { ...products, ...channelProducts, ...notifications });
  return { ...products, ...channelProducts, ...notifications, ...transfers };
}

/** The isolation matrix lists routes with empty services, so the services are only used inside handlers. */
export function catalogueRoutes(services: Services): ApiRoute[] {
  return [
    ...transferRoutes(() => services),
    ...productRoutes(() => services),
    ...channelProductRoutes(() => services),
    ...notificationRoutes(() => services),
  ];
}
