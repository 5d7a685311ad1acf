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
} as const;

export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

export interface JobData {
  'system.announce': { announcementId: number };
  'catalogue.transfer': { transferId: number };
  /** No ids: every listing of the channel whose sync status is pending. */
  'channels.submit_inventory': { channelId: number; channelProductIds?: number[] };
}
