/**
 * `GET plugins/orders/{storeId}` (spec §2 "plugin orders", §3 "Plugin order: remote_id,
 * sync_status, synced_at"): one row per order and plugin (WMS) it was sent to, newest order first.
 * Filters (list convention): `plugin_id[eq|in]`, `sync_status[eq|in|ne]` (PLUGIN_SYNC_STATUS),
 * `channel_id[eq|in]`, `order_date[startDate|endDate]`, `synced_at[startDate|endDate]`; `search`
 * on order number, the plugin's remote id and the channel's order id (`searchBy`: order_number,
 * remote_id, order_remote_id); sort by order_date, synced_at, sync_status, order_number, created_at.
 * Resend a row with `updateSyncStatus` (action_type=plugin) or `bulkUpdatePluginSyncStatus`.
 */
export interface PluginOrderDto {
  id: number;
  order_id: number;
  order_uuid: string;
  order_number: string;
  /** The channel's id of the order. */
  order_remote_id: string;
  channel_id: number;
  channel_name: string | null;
  plugin_id: number;
  plugin_name: string | null;
  /** The plugin's id of the order (null until the plugin has taken it). */
  remote_id: string | null;
  /** PLUGIN_SYNC_STATUS. */
  sync_status: number;
  synced_at: string | null;
  order_date: string | null;
  /** The order's sync status (ORDER_SYNC_STATUS). */
  order_sync_status: number;
  /** Masked for data-protection roles. */
  customer_name: string | null;
  created_at: string;
  updated_at: string;
}
