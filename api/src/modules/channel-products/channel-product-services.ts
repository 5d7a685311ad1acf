import type { CoreServices } from '../../services';
import type { RequestScope } from '../../http/request-scope';
import type { ProductServices } from '../products/product-services';
import type { UpsertRowResult } from '../products/product-batch.types';

// FOUNDATION STUB — the channel-products helper replaces this file's contents.

/** One listing of a batch write (an import file's row, a channel's product download). */
export interface ChannelProductUpsertRow {
  channel_product_id: string;
  sku?: string | null;
  remote_sku?: string | null;
  title?: string | null;
  quantity?: number | null;
  price?: string | null;
  listing_status?: number;
  tiktok_status?: string | null;
  /** Manual match to a product of the store by SKU; null unmatches; absent keeps. */
  matched_sku?: string | null;
}

export interface ChannelProductService {
  upsertMany(
    scope: RequestScope,
    storeId: number,
    channelId: number,
    rows: ChannelProductUpsertRow[],
  ): Promise<UpsertRowResult[]>;
}

export interface ChannelProductServices {
  channelProducts: ChannelProductService;
}

export function createChannelProductServices(
  _core: CoreServices,
  _products: ProductServices,
): ChannelProductServices {
  return {
    channelProducts: {
      upsertMany: () => {
        throw new Error('not built yet');
      },
    },
  };
}
