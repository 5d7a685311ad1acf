import { JOB_NAMES, LOG_STATUS } from '@syncdesk/contracts';
import {
  abandonProductDownload,
  advanceProductDownload,
  beginProductDownload,
  claimProductDownload,
  downloadsProducts,
  finishProductDownload,
  productDownloadInProgress,
  productDownloadMessage,
  publishDownloadProgress,
  releaseProductDownload,
  storeListingsPage,
  PRODUCT_DOWNLOAD_CLAIM_STALE_MS,
  type Services,
} from '@syncdesk/api';
import { ConnectorError, type ChannelConnector, type ConnectorErrorKind } from '@syncdesk/integrations';
import type { OpenConnection } from '../../sync/open-connection';
import { runChannelJob } from '../../sync/run-channel-job';
import type { JobDefinition } from '../job-definition';

/** How long to wait for a provider still preparing its export when it does not say (Mirakl says 60 s). */
export const STILL_RUNNING_RETRY_MS = 30_000;
/**
 * Failures after which the same position is worth asking again (the provider was down or slow):
 * the next run resumes there. Any other refusal means the cursor itself is no good any more (an
 * export that failed, a cursor the provider does not know): the next run starts over.
 */
const RESUMABLE: ReadonlySet<ConnectorErrorKind> = new Set(['server', 'timeout', 'network', 'rate_limited']);

/**
 * Downloads one channel's listings into its channel products (spec job type get_products), page by
 * page, never holding the whole catalogue: each page is stored, and the download moved past it, in
 * one transaction (flows/download-products), so a run that dies resumes after the last stored page
 * and a page read twice is stored once. A provider still preparing its export (a Shopify bulk
 * operation, a Mirakl offer export) is come back to by a re-queued job after the wait it asks for,
 * instead of a worker sleeping on it. The end is told in the channel's transaction records.
 */
export const getProductsJob: JobDefinition<typeof JOB_NAMES.getProducts> = {
  name: JOB_NAMES.getProducts,
  async handler(data, context) {
    // A large catalogue outlives the lock; keep it fresh rather than ask for a long one.
    const stop = context.keepAlive?.();
    try {
      await runChannelJob(
        context,
        data.channelId,
        'get_products',
        (open, connector) =>
          downloadProducts(context.services, open, connector, {
            restart: data.restart === true,
            resume: data.resume === true,
          }),
        {
          operation: { job: JOB_NAMES.getProducts, data: { channelId: data.channelId } },
          retryOfId: data.retryOfLogId ?? null,
        },
      );
    } finally {
      await stop?.();
    }
  },
  options: { concurrency: 2, removeOnComplete: true },
};

/** A re-queue of the job itself: it goes on with the download left midway, never begins another. */
const resumeLater = (services: Services, channelId: number, afterMs: number) =>
  services.jobs.enqueueAt(JOB_NAMES.getProducts, { channelId, resume: true }, new Date(Date.now() + afterMs));

async function downloadProducts(
  services: Services,
  open: OpenConnection,
  connector: ChannelConnector,
  options: { restart: boolean; resume: boolean },
): Promise<void | 'idle'> {
  const { channel } = open;
  if (!downloadsProducts(channel, open.info.settings) || !connector.listProducts) return 'idle';
  if (options.resume && !(await productDownloadInProgress(services, channel.id))) return 'idle';
  if (!(await claimProductDownload(services, channel.id))) {
    // Another run is at it (activation and a retry at once, two workers): leave it the channel. If
    // that run died, its claim goes stale: come back then and go on where it stopped.
    if (await productDownloadInProgress(services, channel.id)) {
      await resumeLater(services, channel.id, PRODUCT_DOWNLOAD_CLAIM_STALE_MS);
    }
    return 'idle';
  }
  try {
    await download(services, channel, connector.listProducts.bind(connector), options.restart);
  } finally {
    await releaseProductDownload(services, channel.id);
  }
}

async function download(
  services: Services,
  channel: OpenConnection['channel'],
  listProducts: NonNullable<ChannelConnector['listProducts']>,
  restart: boolean,
): Promise<void> {
  const position = await beginProductDownload(services, channel.id, { restart });
  let { cursor, counts } = position;
  try {
    for (;;) {
      const page = await listProducts(cursor);
      if (page.listings.length === 0 && page.next !== null) {
        // Still running at the channel: keep where we are and come back, freeing the worker.
        if (page.next !== cursor) await advanceProductDownload(services, channel.id, page.next, counts);
        publishDownloadProgress(services.publish, channel, 'waiting', counts);
        await resumeLater(services, channel.id, page.retryAfterMs ?? STILL_RUNNING_RETRY_MS);
        return;
      }
      counts = await storeListingsPage(services, channel, page.listings, { next: page.next, counts });
      publishDownloadProgress(services.publish, channel, 'running', counts);
      cursor = page.next;
      if (cursor === null) break;
    }
  } catch (error) {
    if (error instanceof ConnectorError) {
      if (!RESUMABLE.has(error.kind)) await abandonProductDownload(services, channel.id);
      publishDownloadProgress(services.publish, channel, 'failed', counts);
    }
    throw error;
  }
  await finishProductDownload(services, channel.id);
  // The process's own recorder, as the not-synchronised note: the seller reads the end whoever ran it.
  services.transactionRecords.recorder.record({
    companyId: channel.company_id,
    storeId: channel.store_id,
    channelId: channel.id,
    kind: 'channel',
    type: 'get_products',
    method: '',
    url: '',
    status: LOG_STATUS.byKey('success').value,
    httpStatus: null,
    responseTimeMs: 0,
    attempts: 0,
    message: productDownloadMessage(counts),
    requestBody: null,
    responseBody: null,
    waitingRequests: 0,
    createdAt: new Date(),
  });
  await services.transactionRecords.recorder.flush();
  publishDownloadProgress(services.publish, channel, 'done', counts);
}
