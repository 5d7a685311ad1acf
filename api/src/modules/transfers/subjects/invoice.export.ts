import { Op, type WhereOptions } from 'sequelize';
import {
  exportInvoicesSchema,
  INVOICE_EXPORT_COLUMNS,
  INVOICE_STATUS,
  INVOICE_SYNC_STATUS,
  routes,
} from '@syncdesk/contracts';
import type { Models } from '../../../db/models';
import { parseListQuery, toFindOptions, type ListQueryInput } from '../../../http/list-query';
import { protectPersonalData, visibleListSpec } from '../../../http/personal-data';
import { validate } from '../../../http/validate';
import { INVOICE_LIST_SPEC, INVOICE_PERSONAL_FIELDS, invoiceDateRange } from '../../invoices/invoice.service';
import type { SheetCell } from '../transfer-sheet';
import {
  amountCell,
  pickedRecords,
  textCell,
  type ExportRun,
  type ExportSelection,
  type ExportSubject,
} from '../export-subject';
import { channelNamesOf, linesByRecord } from './order-export-rows';

/** The invoices `GET invoices/{storeId}` shows for this query (its invoice-date range included), or the picked ones. */
function invoiceSelection(
  models: Models,
  storeId: number,
  query: ListQueryInput,
  viewer: ExportRun['viewer'],
  selection: Pick<ExportSelection, 'ids' | 'uuids'> = {},
): WhereOptions {
  const { rest, where: dates } = invoiceDateRange(query);
  const spec = visibleListSpec(viewer, INVOICE_LIST_SPEC, INVOICE_PERSONAL_FIELDS, rest);
  const { where } = toFindOptions(parseListQuery(rest, spec), INVOICE_LIST_SPEC, models.Invoice);
  return { [Op.and]: [{ store_id: storeId }, where, ...(dates ? [dates] : []), ...pickedRecords(selection)] };
}

/** `POST invoices/{storeId}/export/{fileFormat}`: one row per invoice line, the invoice's columns repeated. */
export const invoiceExport: ExportSubject = {
  subject: 'invoices',
  permission: 'orders.read',
  // Customer names (and e-mails, phones, addresses for orders), masked for a data-protection role.
  personalData: true,
  labels: { plural: 'invoices', sheet: 'Invoices', file: 'invoices' },
  page: ({ storeId }) => routes.invoiceList(storeId),
  select(models, { storeId }, query, body, viewer) {
    const { invoice_ids: ids, invoice_uuids: uuids } = validate(exportInvoicesSchema, body ?? {});
    invoiceSelection(models, storeId, query, viewer);
    return { query, ids, uuids };
  },
  plan({ models, storeId, selection, viewer }) {
    const where = invoiceSelection(models, storeId, selection.query, viewer, selection);
    return {
      columns: INVOICE_EXPORT_COLUMNS,
      sheetName: invoiceExport.labels.sheet,
      count: () => models.Invoice.count({ where }),
      async page(afterId, limit) {
        const invoices = await models.Invoice.findAll({
          where: { [Op.and]: [where, { id: { [Op.gt]: afterId } }] },
          order: [['id', 'ASC']],
          limit,
        });
        const linesOf = await linesByRecord(
          invoices.map((invoice) => invoice.id),
          (ids) =>
            models.InvoiceLine.findAll({
              where: { invoice_id: { [Op.in]: ids } },
              order: [
                ['invoice_id', 'ASC'],
                ['position', 'ASC'],
              ],
            }),
          (line) => line.invoice_id,
        );
        const channels = await channelNamesOf(
          models,
          invoices.flatMap((invoice) => (invoice.channel_id === null ? [] : [invoice.channel_id])),
        );
        const rows: SheetCell[][] = [];
        for (const invoice of invoices) {
          const head: SheetCell[] = [
            textCell(invoice.invoice_number),
            invoice.channel_id === null ? null : textCell(channels.get(invoice.channel_id)),
            textCell(String(invoice.invoice_date).slice(0, 10)),
            INVOICE_STATUS.label(invoice.status),
            INVOICE_SYNC_STATUS.label(invoice.sync_status),
            textCell(invoice.order_reference),
            protectPersonalData(viewer, invoice.customer_name, 'name'),
            protectPersonalData(viewer, invoice.customer_email, 'email'),
            textCell(invoice.currency),
            amountCell(invoice.subtotal),
            amountCell(invoice.tax_total),
            amountCell(invoice.discount_total),
            amountCell(invoice.total),
          ];
          const own = linesOf.get(invoice.id) ?? [];
          if (own.length === 0) rows.push([...head, null, null, null, null, null, null, null, null, null]);
          for (const line of own) {
            rows.push([
              ...head,
              textCell(line.sku),
              textCell(line.product_nominal_code),
              textCell(line.description),
              // Quantities may have 4 places (hours, kilograms): written as stored, trailing zeros dropped.
              textCell(
                String(line.quantity)
                  .replace(/(\.\d*?)0+$/, '$1')
                  .replace(/\.$/, ''),
              ),
              textCell(line.tax_type),
              amountCell(line.unit_price),
              amountCell(line.tax_total),
              amountCell(line.discount_total),
              amountCell(line.price),
            ]);
          }
        }
        return { rows, lastId: invoices.at(-1)?.id ?? afterId, records: invoices.length };
      },
    };
  },
};
