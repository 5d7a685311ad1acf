import type { FileTransferSubject } from '@syncdesk/contracts';
import type { ExportSubject } from './export-subject';
import { productExport } from './subjects/product.export';
import { channelProductExport } from './subjects/channel-product.export';
import { orderExport } from './subjects/order.export';
import { pluginOrderExport } from './subjects/plugin-order.export';
import { invoiceExport } from './subjects/invoice.export';
import { confirmationOrderExport } from './subjects/confirmation-order.export';

/** Every export, by subject: the transfer service looks the subject up here and nowhere else. */
export const EXPORT_SUBJECTS: Readonly<Record<FileTransferSubject, ExportSubject>> = {
  products: productExport,
  channel_products: channelProductExport,
  orders: orderExport,
  plugin_orders: pluginOrderExport,
  invoices: invoiceExport,
  confirmation_orders: confirmationOrderExport,
};

export const exportSubjectOf = (subject: FileTransferSubject): ExportSubject => EXPORT_SUBJECTS[subject];
