import { z } from 'zod';

import { PRODUCT_SYNC_STATUS } from './product.status';
import type { ProductSyncStatus } from './product.dto';

/**
 * Request bodies of the channel-product and plugin-product calls (spec §7). Listings are named by
 * our own row ids (`ChannelProductDto.id`) or uuids, never by the channel's listing id, which is
 * only unique within one channel.
 */

/** At most this many ids or uuids in one request; larger selections use `all`. */
export const MAX_SELECTED_LISTINGS = 1000;

const rowId = (field: string) =>
  z
    .number({ error: `The ${field} must be a whole number.` })
    .int(`The ${field} must be a whole number.`)
    .positive(`The ${field} must be a whole number.`);

const SYNC_STATUS_MESSAGE = 'The status must be one of the product sync statuses.';
const syncStatus = z
  .number({ error: SYNC_STATUS_MESSAGE })
  .refine((value) => (PRODUCT_SYNC_STATUS.values as number[]).includes(value), SYNC_STATUS_MESSAGE)
  .transform((value) => value as ProductSyncStatus);

/** `PUT .../products/{id}`: match the listing to the store's product with this SKU, or unmatch (null, ''). */
export const updateChannelProductSchema = z.object({
  matched_sku: z
    .string({ error: 'The matched SKU must be text or null.' })
    .trim()
    .max(190, 'The matched SKU may not be greater than 190 characters.')
    .transform((value) => (value === '' ? null : value))
    .nullable(),
});
export type UpdateChannelProductInput = z.infer<typeof updateChannelProductSchema>;

/** `PUT .../products/pushStockLevel`: push one listing's stock now (`channel_product_id` is `ChannelProductDto.id`). */
export const pushStockLevelSchema = z.object({
  channel_product_id: rowId('channel product id'),
});
export type PushStockLevelInput = z.infer<typeof pushStockLevelSchema>;

/** `PUT .../products/updateSyncStatus`: set the sync status of the selected listings. */
export const updateChannelProductSyncStatusSchema = z.object({
  channel_product_ids: z
    .array(rowId('channel product id'), { error: 'Select at least one channel product.' })
    .min(1, 'Select at least one channel product.')
    .max(MAX_SELECTED_LISTINGS, `Select at most ${MAX_SELECTED_LISTINGS} channel products, or all of them.`),
  status: syncStatus,
});
export type UpdateChannelProductSyncStatusInput = z.infer<typeof updateChannelProductSyncStatusSchema>;

/** `PUT .../products/updateSyncStatusAll`: the same for every listing of the channel (the list's filters apply). */
export const updateAllChannelProductSyncStatusSchema = z.object({ status: syncStatus });
export type UpdateAllChannelProductSyncStatusInput = z.infer<typeof updateAllChannelProductSyncStatusSchema>;

const uuids = (field: string) =>
  z
    .array(z.uuid(`Every ${field} must be a uuid.`), { error: `The ${field}s must be a list.` })
    .max(MAX_SELECTED_LISTINGS, `Select at most ${MAX_SELECTED_LISTINGS}, or all of them.`)
    .optional();

const all = z.boolean({ error: 'The all field must be true or false.' }).optional();
const selectedSomething = (body: { all?: boolean }, selected: string[] | undefined) =>
  body.all === true || (selected?.length ?? 0) > 0;

/** `DELETE stores/{storeId}/channels/{channelId}/products`: `all` (every listing the list's filters select) or a selection. */
export const deleteChannelProductsSchema = z
  .object({ all, channel_product_uuids: uuids('channel product') })
  .refine((body) => selectedSomething(body, body.channel_product_uuids), {
    message: 'Select at least one channel product, or all of them.',
    path: ['channel_product_uuids'],
  });
export type DeleteChannelProductsInput = z.infer<typeof deleteChannelProductsSchema>;

/** `DELETE stores/{storeId}/plugins/{pluginId}/products`: `all` (every plugin product the filters select) or a selection. */
export const deletePluginProductsSchema = z
  .object({ all, plugin_product_uuids: uuids('plugin product') })
  .refine((body) => selectedSomething(body, body.plugin_product_uuids), {
    message: 'Select at least one plugin product, or all of them.',
    path: ['plugin_product_uuids'],
  });
export type DeletePluginProductsInput = z.infer<typeof deletePluginProductsSchema>;

/** `PUT stores/{storeId}/plugins/{pluginId}/products/{id}`: resend to the plugin (spec: plugin_sync_status 0). */
export const resendPluginProductSchema = z.object({
  plugin_sync_status: z.literal(PRODUCT_SYNC_STATUS.byKey('pending').value, {
    error: 'A plugin product can only be set back to pending (0) to resend it.',
  }),
});
export type ResendPluginProductInput = z.infer<typeof resendPluginProductSchema>;

/** Answer of `PUT .../products/matchBySku`. */
export interface MatchBySkuResultDto {
  /** Listings now matched to a product. */
  matched: number;
  /** Products created for listings whose SKU the store had none of (the channel's add_to_products). */
  created: number;
}
