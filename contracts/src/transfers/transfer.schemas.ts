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
