/** Job names, namespaced by domain (`<domain>.<verb>`), and the data each carries. */
export const JOB_NAMES = {
  /** Delivers a saved platform announcement to every connected page. */
  systemAnnounce: 'system.announce',
  /** Deletes one-off jobs that finished long ago from the job table (recurring each hour). */
  systemPruneJobs: 'system.prune_jobs',
  /** Runs one catalogue import or export (a file_transfers row). */
  catalogueTransfer: 'catalogue.transfer',
  /**
   * Tells one channel the stock of its listings (spec job type submit_inventory). The connector
   * that makes the push comes with the sync engine; until then the job waits in the queue.
   */
  submitInventory: 'channels.submit_inventory',
  /** Pushes new or resent fulfilments (courier, tracking) of one channel's orders; the sync engine's. */
  submitFulfillment: 'channels.submit_fulfillment',
  /** Tells the channel an order's click-and-collect step (ready for pickup, picked up); the sync engine's. */
  pickupOrder: 'channels.pickup_order',
  /**
   * Downloads one channel's orders changed since its watermark (recurring per active channel), or
   * only the named remote orders (a channel webhook said they changed).
   */
  getOrders: 'channels.get_orders',
  /**
   * Downloads one channel's listings into its channel products (spec job type get_products; the
   * channel's download_products settings), page by page, resuming where a crashed run stopped.
   */
  getProducts: 'channels.get_products',
  /** Renews an OAuth channel's access token ahead of its expiry (one refresh at a time per channel). */
  refreshTokens: 'channels.refresh_tokens',
  /** Subscribes (on activation) or removes (on deletion) a channel's own order webhooks. */
  channelWebhooks: 'channels.webhook_subscriptions',
  /** Sends orders that are ready to the store's default plugin (WMS); spec job type sync_orders. */
  syncOrders: 'plugins.sync_orders',
  /** Reads what a plugin reports back: shipments with tracking and stock levels (recurring). */
  pluginUpdates: 'plugins.get_updates',
  /** Runs a `rule_runs` row (trigger-rules on chosen orders, a backfill of a saved rule) with progress. */
  rulesRun: 'rules.run',
  /** Runs the import's rules again for orders left waiting in 15 (recurring each minute). */
  rulesReleaseHeld: 'rules.release_held',
  /**
   * Sets every outbound claim whose lease ran out (a killed worker's fulfilment, plugin order or
   * stock send) back to waiting and queues its send again (recurring each minute).
   */
  outboundSweepClaims: 'outbound.sweep_claims',
} as const;

export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

/** Set on a job queued by `PUT logs/.../retry`: the new transaction records link to the failed one. */
export interface RetryOf {
  retryOfLogId?: number;
}

export interface JobData {
  'system.announce': { announcementId: number };
  'system.prune_jobs': Record<string, never>;
  'catalogue.transfer': { transferId: number };
  /**
   * No ids: every listing of the channel whose sync status is pending. `ordersImportedAt`: queued
   * by an order download that had stored its orders at that moment (ISO time); that download, still
   * finishing, is not a reason to hold raises.
   */
  'channels.submit_inventory': {
    channelId: number;
    channelProductIds?: number[];
    ordersImportedAt?: string;
  } & RetryOf;
  'channels.submit_fulfillment': { channelId: number; orderFulfillmentIds: number[] } & RetryOf;
  'channels.pickup_order': {
    channelId: number;
    orderId: number;
    pickupStatus: 'ready_for_pickup' | 'picked_up';
  } & RetryOf;
  /** `fromWebhooks`: the orders the channel's webhooks announced and no download has taken yet. */
  'channels.get_orders': { channelId: number; remoteOrderIds?: string[]; fromWebhooks?: boolean } & RetryOf;
  /**
   * `restart`: drop a download left midway and begin again. `resume`: only go on with a download
   * left midway, never begin one (the job's own re-queue). `refetch`: the daily run of a channel
   * with refetch_products on (its recurring row, kept apart from one-off runs).
   */
  'channels.get_products': {
    channelId: number;
    restart?: boolean;
    resume?: boolean;
    refetch?: boolean;
  } & RetryOf;
  'channels.refresh_tokens': { channelId: number } & RetryOf;
  /**
   * `subscribe` reads the channel row; `unsubscribe` carries what it needs, because the row may be
   * deleted by then (shop url, encrypted credentials, the remote webhook ids).
   */
  'channels.webhook_subscriptions':
    | ({ action: 'subscribe'; channelId: number } & RetryOf)
    | ({
        action: 'unsubscribe';
        channelId: number;
        /** The credentials are encrypted with the row's uuid; the callback address names it too. */
        channelUuid: string;
        channelType: string;
        settings: Record<string, unknown>;
        credentials: string | null;
      } & RetryOf);
  'plugins.sync_orders': { pluginId: number; orderIds?: number[] } & RetryOf;
  'plugins.get_updates': { pluginId: number } & RetryOf;
  'rules.run': { runId: number };
  'rules.release_held': Record<string, never>;
  'outbound.sweep_claims': Record<string, never>;
}
