import { JOB_NAMES, type NormalisedOrderInput } from '@syncdesk/contracts';
import {
  afterOrdersImported,
  downloadsOrders,
  importChannelOrders,
  normaliseOrder,
  ordersSince,
  type InboxOrder,
  type Services,
} from '@syncdesk/api';
import {
  channelUpdatedAtOf,
  ConnectorError,
  type ChannelConnector,
  type ChannelOrderInput,
} from '@syncdesk/integrations';
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
  return downloadsOrders(open.channel, open.info.settings);
}

/**
 * The connector's side of an import: who read the orders and how an order waiting for the seller
 * is accepted. The channel's "invalid state" answer for an order already accepted is expected
 * (waiting for acceptance and waiting for the customer's debit import alike) and skipped.
 */
function channelSide(open: OpenConnection, connector: ChannelConnector) {
  const acceptOrder = connector.acceptOrder?.bind(connector);
  return {
    channelId: open.channel.id,
    settings: open.info.settings,
    source: `${connector.provider} connector`,
    accept: acceptOrder
      ? async (remoteId: string, lineRemoteIds: string[]) => {
          try {
            await acceptOrder(remoteId, lineRemoteIds);
          } catch (error) {
            if (!(error instanceof ConnectorError && error.kind === 'invalid_state')) throw error;
          }
        }
      : undefined,
  };
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
  const since = ordersSince(await services.syncState.watermarkOf(channelId), open.info.settings);
  let cursor: string | null = null;
  let imported = 0;
  do {
    const page = await connector.listOrders(since, cursor);
    // A page read before a webhook's newer body was imported does not put the older data back.
    const { result, stored } = await importChannelOrders(services, {
      ...channelSide(open, connector),
      orders: page.orders,
      awaitingAcceptance: page.awaitingAcceptance,
    });
    if (result && !result.imported) return;
    imported += stored;
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
 * The orders the channel's webhooks announced and no run has taken yet. A webhook whose body is the
 * whole order (Shopify's orders/create, orders/updated) is imported as is: no call, no budget, so an
 * order is in within a moment of its webhook however many come. The rest (a body that is not a
 * usable order, a provider without bodies) are fetched in as few calls as a page allows: a burst of
 * webhooks queues a run each, the first takes the whole inbox, the others find it empty and call
 * nothing (the spec's get_orders budget is 10 calls per 30 s per channel).
 */
async function importInboxOrders(
  services: Services,
  logger: JobLogger,
  open: OpenConnection,
  connector: ChannelConnector,
): Promise<void | 'idle'> {
  if (!downloads(open) || (!connector.getOrders && !connector.orderFromWebhook)) return 'idle';
  const channelId = open.channel.id;
  // One inbox download per channel at a time: a run waiting for budget must not leave the others
  // each taking a few orders and queueing a call of their own behind it. They leave; this run looks
  // again when it ends, by then with everything that arrived meanwhile.
  if (!(await services.syncState.claimRun(channelId, 'inbox', INBOX_CLAIM_STALE_MS))) return 'idle';
  let took: number;
  try {
    // Changes announced after this are not in what the run takes: they stay counted as lag.
    const takenAt = new Date();
    const { token, orders: announced } = await services.channelWebhookInbox.take(
      channelId,
      INBOX_CLAIM_STALE_MS,
    );
    took = announced.length;
    const bodies: ChannelOrderInput[] = [];
    const toFetch: string[] = [];
    for (const entry of announced) {
      const order = orderOfBodies(connector, entry);
      if (order) bodies.push(order);
      else toFetch.push(entry.remoteId);
    }
    if (bodies.length > 0) {
      // All the bodies taken together are one import; a body older than what is stored is dropped.
      const lost = await importOrders(services, logger, open, connector, bodies, takenAt);
      // Stored meanwhile by a run that read a newer version (a lost race): fetch to be sure.
      toFetch.push(...lost);
    }
    if (connector.getOrders) {
      for (let start = 0; start < toFetch.length; start += INBOX_PAGE) {
        await importNamedOrders(services, logger, open, connector, toFetch.slice(start, start + INBOX_PAGE));
      }
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
  await importOrders(services, logger, open, connector, orders, startedAt);
}

/**
 * Imports orders read from the channel (fetched, or a webhook's body) in one batch. Answers the
 * remote ids that a concurrent run stored in a newer version meanwhile.
 */
async function importOrders(
  services: Services,
  logger: JobLogger,
  open: OpenConnection,
  connector: ChannelConnector,
  orders: readonly NormalisedOrderInput[],
  startedAt: Date,
): Promise<string[]> {
  const channelId = open.channel.id;
  const { result, stored, lost } = await importChannelOrders(services, {
    ...channelSide(open, connector),
    orders,
  });
  if (result) {
    await afterOrdersImported(services, channelId, { ordersStored: stored > 0 });
    logger.info({ channelId, created: result.created, updated: result.updated }, 'orders imported');
  }
  await services.syncState.clearUnimported(channelId, startedAt);
  return lost;
}

/**
 * The newest of the bodies the webhooks of one order carried, as an order the import takes; null
 * (fetch it) when any of them is missing or unusable, since that one may be the newest change.
 */
function orderOfBodies(connector: ChannelConnector, entry: InboxOrder): ChannelOrderInput | null {
  if (!connector.orderFromWebhook || entry.deliveries.length === 0) return null;
  let newest: { order: ChannelOrderInput; at: number } | null = null;
  for (const { topic, body } of entry.deliveries) {
    if (body === null) return null;
    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      return null;
    }
    const order = connector.orderFromWebhook(topic, payload);
    const at = order ? channelUpdatedAtOf(order) : null;
    // The import would store an order it cannot validate as a failed record: fetch it instead.
    if (!order || !at || String(order.remote_id) !== entry.remoteId || !normaliseOrder(order).ok) return null;
    // Equal times: the later delivery is taken (the bodies come oldest first).
    if (!newest || at.getTime() >= newest.at) newest = { order, at: at.getTime() };
  }
  return newest?.order ?? null;
}
