/** Job names, namespaced by domain (`<domain>.<verb>`), and the data each carries. */
export const JOB_NAMES = {
  /** Delivers a saved platform announcement to every connected page. */
  systemAnnounce: 'system.announce',
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
} as const;

export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

export interface JobData {
  'system.announce': { announcementId: number };
  'catalogue.transfer': { transferId: number };
  /** No ids: every listing of the channel whose sync status is pending. */
  'channels.submit_inventory': { channelId: number; channelProductIds?: number[] };
  'channels.submit_fulfillment': { channelId: number; orderFulfillmentIds: number[] };
  'channels.pickup_order': {
    channelId: number;
    orderId: number;
    pickupStatus: 'ready_for_pickup' | 'picked_up';
  };
}
