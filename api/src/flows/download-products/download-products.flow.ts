import type { ProductDownloadEvent, Publish } from '@syncdesk/contracts';
import { rooms } from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import type { ProductDownloadCounts } from './product-download-position';

export {
  abandonProductDownload,
  advanceProductDownload,
  PRODUCT_DOWNLOAD_CLAIM_STALE_MS,
  beginProductDownload,
  claimProductDownload,
  finishProductDownload,
  productDownloadInProgress,
  releaseProductDownload,
  type ProductDownloadCounts,
  type ProductDownloadPosition,
} from './product-download-position';
export {
  downloadSettingsOf,
  storeListingsPage,
  type DownloadSettings,
  type ProductDownloadDependencies,
} from './store-listings-page';

/**
 * A channel's product download (spec job type get_products), whatever the provider: the
 * channels.get_products job pages through the connector's `listProducts` and hands each page here
 * (`storeListingsPage`), which stores it and moves the download's position in one transaction.
 * The position lives on the channel's sync state, so a run that died resumes after the last stored
 * page, and a provider still preparing its export is come back to later by a re-queued job.
 */
const isOn = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

/** Only sales channels with download_products on download their listings. */
export function downloadsProducts(
  channel: Pick<Channel, 'kind'>,
  settings: Record<string, unknown>,
): boolean {
  return channel.kind === 'channel' && isOn(settings.download_products);
}

/** The final notice of a download, in the channel's transaction records. */
export function productDownloadMessage(counts: ProductDownloadCounts): string {
  return `${counts.listings} listings downloaded, ${counts.matched} matched, ${counts.newProducts} new products`;
}

/** Tells the store's pages how far the download is (the channel products list refetches on `done`). */
export function publishDownloadProgress(
  publish: Publish,
  channel: Pick<Channel, 'id' | 'store_id'>,
  status: ProductDownloadEvent['status'],
  counts: ProductDownloadCounts,
): void {
  publish({
    name: 'products:download',
    rooms: [rooms.store(channel.store_id)],
    payload: {
      storeId: channel.store_id,
      channelId: channel.id,
      status,
      pages: counts.pages,
      listings: counts.listings,
      matched: counts.matched,
      newProducts: counts.newProducts,
    },
  });
}
