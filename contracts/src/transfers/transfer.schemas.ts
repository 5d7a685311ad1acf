import { z } from 'zod';
import { FILE_TRANSFER_FORMATS } from './transfer.dto';

/** At most this many records named in one export; larger selections export the list's filters instead. */
export const MAX_EXPORT_SELECTION = 10_000;

const selection = (label: string) =>
  z
    .array(z.uuid(`Each ${label} must be a valid UUID.`), { error: `The ${label}s must be a list.` })
    .max(
      MAX_EXPORT_SELECTION,
      `Export at most ${MAX_EXPORT_SELECTION} selected rows; use the filters for more.`,
    )
    .optional();

/** `POST products/{storeId}/export/{fileFormat}`: a selection, or (none) everything the query string's filters select. */
export const exportProductsSchema = z.object({ product_uuids: selection('product uuid') });
export type ExportProductsInput = z.infer<typeof exportProductsSchema>;

/** `POST stores/{storeId}/channels/{channelId}/products/export/{fileFormat}`. */
export const exportChannelProductsSchema = z.object({
  channel_product_uuids: selection('channel product uuid'),
});
export type ExportChannelProductsInput = z.infer<typeof exportChannelProductsSchema>;

export const fileTransferFormatSchema = z.enum(FILE_TRANSFER_FORMATS, {
  error: 'The file format must be csv or xlsx.',
});

/** Selected record ids (the order-domain lists select by id); numeric strings are read as numbers. */
const idSelection = (label: string) =>
  z
    .array(
      z.coerce
        .number({ error: `Each ${label} must be a whole number.` })
        .int(`Each ${label} must be a whole number.`)
        .positive(`Each ${label} must be a whole number.`),
      { error: `The ${label}s must be a list.` },
    )
    .max(
      MAX_EXPORT_SELECTION,
      `Export at most ${MAX_EXPORT_SELECTION} selected rows; use the filters for more.`,
    )
    .optional();

/**
 * `POST orders/{storeId}/export/{fileFormat}`: selected orders by id (as the bulk actions name
 * them) or uuid; neither means everything the list's filters in the query string select.
 */
export const exportOrdersSchema = z.object({
  order_ids: idSelection('order id'),
  order_uuids: selection('order uuid'),
});
export type ExportOrdersInput = z.infer<typeof exportOrdersSchema>;

/** `POST orders/{storeId}/pluginOrderExport/{fileFormat}`: selected plugin orders (rows of the plugin orders list). */
export const exportPluginOrdersSchema = z.object({
  plugin_order_ids: idSelection('plugin order id'),
  order_ids: idSelection('order id'),
});
export type ExportPluginOrdersInput = z.infer<typeof exportPluginOrdersSchema>;

/** `POST invoices/{storeId}/export/{fileFormat}`. */
export const exportInvoicesSchema = z.object({
  invoice_ids: idSelection('invoice id'),
  invoice_uuids: selection('invoice uuid'),
});
export type ExportInvoicesInput = z.infer<typeof exportInvoicesSchema>;

/** `POST confirmationOrders/{storeId}/export/{fileFormat}?startDate&endDate` (spec §7). */
export const exportConfirmationOrdersSchema = z.object({
  confirmation_order_uuids: selection('confirmation order uuid'),
  confirmation_order_ids: idSelection('confirmation order id'),
});
export type ExportConfirmationOrdersInput = z.infer<typeof exportConfirmationOrdersSchema>;
