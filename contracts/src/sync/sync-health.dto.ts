/**
 * How a channel (or plugin) is keeping up: its health and its sync lag, as the channel page and the
 * dashboard show them ("sync lag as a figure").
 */
export interface ConnectionSyncHealthDto {
  channel_id: number;
  channel_name: string;
  is_active: boolean;
  /** Consecutive failed runs; 0 when the last run worked. */
  consecutive_errors: number;
  /** ISO UTC; when the current run of errors began (the 24 h deactivation counts from here). */
  failing_since: string | null;
  last_error: string | null;
  /** ISO UTC of the last call that worked. */
  last_success_at: string | null;
  /** ISO UTC of the next scheduled order download; null when none is scheduled. */
  next_run_at: string | null;
  /** Orders download watermark: changes up to here are imported (ISO UTC). */
  orders_watermark: string | null;
  /**
   * Seconds behind: now minus the oldest change known at the channel and not yet imported, or
   * since the oldest stuck send stopped if that is longer (0 when none).
   */
  lag_seconds: number;
  /** Listings whose new quantity waits to be pushed, fulfilments waiting to be sent. */
  pending_stock_pushes: number;
  pending_fulfilments: number;
  /**
   * Sends (fulfilments, stock pushes, orders to a plugin) whose worker stopped mid-send and that
   * are not taken back yet: they are sent again within a minute. Absent from an older server.
   */
  stuck_sends?: number;
}

/** One stock push of one listing and how its number was worked out ("why does Amazon show 7?"). */
export interface StockPushProvenanceDto {
  id: number;
  channel_product_id: number;
  sku: string;
  /** What the channel was told. */
  quantity: number;
  /** What the channel held before, as far as we know. */
  previous_quantity: number | null;
  /** The inputs of the stock rules. */
  on_hand: number | null;
  /** For a kit: each component's on-hand and quantity per kit. */
  kit_components: { sku: string; on_hand: number; per_kit: number }[] | null;
  buffer: number | null;
  cap: number | null;
  /** Why a push was held back or lowered ('relist_guard' …), in words. */
  note: string | null;
  /** 'pushed' | 'failed' | 'held'. */
  outcome: string;
  /** ISO UTC. */
  pushed_at: string;
}
