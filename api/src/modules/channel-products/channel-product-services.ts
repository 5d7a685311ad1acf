import type { CoreServices } from '../../services';
import type { ProductServices } from '../products/product-services';
import { createChannelProductService, type ChannelProductService } from './channel-product.service';
import { createPluginProductService, type PluginProductService } from './plugin-product.service';
import { watchChannelStockSettings } from './channel-stock-settings-watch';

export type { ChannelProductService, ChannelProductUpsertRow } from './channel-product.service';
export type { PluginProductService } from './plugin-product.service';

export interface ChannelProductServices {
  channelProducts: ChannelProductService;
  pluginProducts: PluginProductService;
}

/**
 * Channel and plugin listings. Every committed stock change is followed here: the listings of the
 * changed products (kits containing them included) whose target quantity moved are marked for the
 * sync engine's push, before the stock service publishes `stock:changed`.
 */
export function createChannelProductServices(
  core: CoreServices,
  products: ProductServices,
): ChannelProductServices {
  const deps = { models: core.models, publish: core.publish, activities: core.activities };
  const channelProducts = createChannelProductService({ ...deps, jobs: core.jobs, products });
  products.stock.onChanged(async (storeId, productIds) => {
    await channelProducts.recomputeTargets(storeId, productIds);
  });
  watchChannelStockSettings({ models: core.models, publish: core.publish, channelProducts });
  return { channelProducts, pluginProducts: createPluginProductService(deps) };
}
