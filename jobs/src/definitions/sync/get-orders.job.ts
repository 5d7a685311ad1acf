import { JOB_NAMES, type NormalisedOrderInput } from '@syncdesk/contracts';
import type { Services } from '@syncdesk/api';
import { afterOrdersImported } from '@syncdesk/api/src/flows/push-stock/after-orders-imported';
import { ConnectorError, type ChannelConnector } from '../../connectors/connector';
import type { OpenConnection } from '../../sync/open-connection';
import { runChannelJob } from '../../sync/run-channel-job';
import type { JobDefinition, JobLogger } from '../job-definition';

/**
 * Downloads one channel's orders (spec job type get_orders): every order changed since the
 * watermark, page by page, or only the named ones when a channel webhook announced them. Each page
 * is stored by the import service BEFORE the watermark moves to the page's end, so a crash re-reads
 * the page instead of skipping it; the import is idempotent (upsert on channel + remote id), so a
 * re-read page, an overlapping run of the same channel or a retried job store each order once.
 * That is also why the job needs no per-channel lock: two runs at once only do some work twice.
 */
export const getOrdersJob: JobDefinition<typeof JOB_NAMES.getOrders> = {
  name: JOB_NAMES.getOrders,
  async handler(data, context) {
    // A first download of a busy channel can outlive the lock; keep it fresh rather than ask for a long one.
    const stop = context.keepAlive?.();
    try {
      await runChannelJob(
        context,
        data.channelId,
        'get_orders',
        (open, connector) =>
          data.fromWebhooks
            ? importInboxOrders(context.services, context.logger, open, connector)
            : data.remoteOrderIds?.length
              ? importNamedOrders(context.services, context.logger, open, connector, data.remoteOrderIds)
              : importChangedOrders(context.services, context.logger, open, connector),
        {
          operation: {
            job: JOB_NAMES.getOrders,
            data: {
              channelId: data.channelId,
              ...(data.remoteOrderIds ? { remoteOrderIds: data.remoteOrderIds } : {}),
              ...(data.fromWebhooks ? { fromWebhooks: true } : {}),
            },
          },
          retryOfId: data.retryOfLogId ?? null,
        },
      );
    } finally {
      await stop?.();
    }
  },
  options: { concurrency: 5, removeOnComplete: true },
};

/** Only sales channels with get_orders on download orders; anything else has nothing to do. */
function downloads(open: OpenConnection): boolean {
  return open.channel.kind === 'channel' && open.info.settings.get_orders !== false;
}

/** The later of the watermark and the channel's "ignore orders before" date. */
function sinceOf(watermark: Date | null, settings: Record<string, unknown>): Date | null {
  let since = watermark;
  if (settings.ignore_orders_before === true && settings.ignore_orders_before_at) {
    const ignoreBefore = new Date(String(settings.ignore_orders_before_at));
    if (!Number.isNaN(ignoreBefore.getTime()) && (!since || ignoreBefore > since)) since = ignoreBefore;
  }
  return since;
}

async function importChangedOrders(
  services: Services,
  logger: JobLogger,
  open: OpenConnection,
  connector: ChannelConnector,
): Promise<void | 'idle'> {
  if (!downloads(open) || !connector.listOrders) return 'idle';
  const channelId = open.channel.id;
  // Taken before the first call: a change made after it may be missed by this run, not before.
  const startedAt = new Date();
  const since = sinceOf(await services.syncState.watermarkOf(channelId), open.info.settings);
  let cursor: string | null = null;
  let imported = 0;
  do {
    const page = await connector.listOrders(since, cursor);
    if (page.orders.length > 0) {
      const result = await services.orderImport.importBatch(channelId, page.orders, {
        source: `${connector.provider} connector`,
        via: 'get_orders',
      });
      if (!result.imported) return;
      imported += result.created + result.updated;
      await acceptWaitingOrders(open, connector, page.orders, page.awaitingAcceptance);
    }
    // Only now that the page is stored (and its orders accepted) may the next run start after it.
    if (page.watermark) await services.syncState.advanceWatermark(channelId, page.watermark);
    cursor = page.next;
  } while (cursor !== null);
  await services.syncState.ordersChecked(channelId, startedAt);
  // Raises held until these orders were in can go now; new orders go on to the default plugin.
  await afterOrdersImported(services, channelId, { ordersStored: imported > 0 });
  if (imported > 0) logger.info({ channelId, imported }, 'orders downloaded');
}

/** Orders a page of the provider takes by id (Shopify's `ids=` takes up to 250). */
const INBOX_PAGE = 250;
/** A run that took the inbox and died: after this its orders are taken again (polling is the net). */
const INBOX_CLAIM_STALE_MS = 2 * 60_000;

/**
 * The orders the channel's webhooks announced and no run has taken yet, in as few calls as a page
 * allows: a burst of webhooks queues a run each, the first takes the whole inbox, the others find it
 * empty and call nothing (the spec's get_orders budget is 10 calls per 30 s per channel).
 */
async function importInboxOrders(
  services: Services,
  logger: JobLogger,
  open: OpenConnection,
  connector: ChannelConnector,
): Promise<void | 'idle'> {
  if (!downloads(open) || !connector.getOrders) return 'idle';
  const channelId = open.channel.id;
  // One inbox download per channel at a time: a run waiting for budget must not leave the others
  // each taking a few orders and queueing a call of their own behind it. They leave; this run looks
  // again when it ends, by then with everything that arrived meanwhile.
  if (!(await services.syncState.claimRun(channelId, 'inbox', INBOX_CLAIM_STALE_MS))) return 'idle';
  let took: number;
  try {
    const { token, remoteIds } = await services.channelWebhookInbox.take(channelId, INBOX_CLAIM_STALE_MS);
    took = remoteIds.length;
    for (let start = 0; start < remoteIds.length; start += INBOX_PAGE) {
      await importNamedOrders(services, logger, open, connector, remoteIds.slice(start, start + INBOX_PAGE));
    }
    await services.channelWebhookInbox.imported(channelId, token);
  } finally {
    await services.syncState.releaseRun(channelId, 'inbox');
  }
  if ((await services.channelWebhookInbox.pending(channelId, 1)).length > 0) {
    await services.jobs.enqueue(JOB_NAMES.getOrders, { channelId, fromWebhooks: true });
  }
  return took === 0 ? 'idle' : undefined;
}

async function importNamedOrders(
  services: Services,
  logger: JobLogger,
  open: OpenConnection,
  connector: ChannelConnector,
  remoteIds: string[],
): Promise<void | 'idle'> {
  if (!downloads(open) || !connector.getOrders) return 'idle';
  const startedAt = new Date();
  const orders = await connector.getOrders(remoteIds);
  if (orders.length === 0) return;
  const result = await services.orderImport.importBatch(open.channel.id, orders, {
    source: `${connector.provider} connector`,
    via: 'get_orders',
  });
  if (result.imported) await acceptWaitingOrders(open, connector, orders);
  await services.syncState.clearUnimported(open.channel.id, startedAt);
  await afterOrdersImported(services, open.channel.id, {
    ordersStored: result.imported && result.created + result.updated > 0,
  });
  logger.info(
    { channelId: open.channel.id, created: result.created, updated: result.updated },
    'orders imported',
  );
}

/**
 * With "Accept orders automatically" on, accepts every line of each order still waiting for the
 * seller (Mirakl OR21). Orders are accepted as they come, without checking stock first: a line the
 * seller cannot ship is better refused on the channel by hand than silently left to expire.
 * Waiting for acceptance and waiting for the customer's debit both import as unpaid/pending, so
 * the channel's "invalid state" answer for an order already accepted is expected and skipped.
 */
async function acceptWaitingOrders(
  open: OpenConnection,
  connector: ChannelConnector,
  orders: readonly NormalisedOrderInput[],
  awaitingAcceptance?: readonly string[],
): Promise<void> {
  if (open.info.settings.auto_confirmation !== true || !connector.acceptOrder) return;
  // The connector names the orders waiting for acceptance when it knows; else every unpaid one is tried.
  const waiting = awaitingAcceptance ? new Set(awaitingAcceptance) : null;
  for (const order of orders) {
    if (
      waiting
        ? !waiting.has(String(order.remote_id))
        : order.status !== 'Unpaid' || order.payment_status !== 'Pending'
    )
      continue;
    const lineIds = order.lines
      .map((line) => (line.remote_id === null || line.remote_id === undefined ? '' : String(line.remote_id)))
      .filter((id) => id !== '');
    try {
      await connector.acceptOrder(String(order.remote_id), lineIds);
    } catch (error) {
      if (error instanceof ConnectorError && error.kind === 'invalid_state') continue;
      throw error;
    }
  }
}
