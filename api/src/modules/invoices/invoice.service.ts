import { randomUUID } from 'node:crypto';
import { Op, UniqueConstraintError, type WhereOptions } from 'sequelize';
import {
  INVOICE_SYNC_STATUS,
  canChangeInvoiceSyncStatus,
  type AccountingAccountDto,
  type AccountingTaxTypeDto,
  createInvoiceSchema,
  type CreateInvoiceData,
  type CreateInvoiceInput,
  type InvoiceChannelDto,
  type InvoiceDetailDto,
  type InvoiceDto,
  type InvoiceLineDto,
  type InvoiceSyncStatus,
  type ListResponse,
} from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import type { Invoice, InvoiceLine } from '../../db/invoice.models';
import type { Models, Store } from '../../db/models';
import { AppError, type FieldErrors } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import { protectPersonalData, visibleListSpec } from '../../http/personal-data';
import type { RequestScope } from '../../http/request-scope';
import type { CoreServices } from '../../services';
import { validate } from '../../http/validate';
import { findReachableStore } from '../stores/store-access';
import { accountingReferenceOf, type AccountingReference } from './accounting-reference';
import {
  exceedsMaxAmount,
  invoiceTotals,
  isNegative,
  lineAmounts,
  MAX_AMOUNT,
  sameAmount,
  trimDecimal,
} from './invoice-totals';

export const INVOICE_SUBJECT = 'invoice';

/** Who reads a DTO: only whether personal data is masked matters. */
type Viewer = Pick<RequestScope, 'dataProtection'>;
const SYSTEM_VIEWER: Viewer = { dataProtection: false };

export const INVOICE_MESSAGES = {
  noAccountingChannel:
    'This store has no accounting channel. Connect Xero, QuickBooks Online, Sage or e-Logo to the store first.',
  notAccountingChannel: "Choose one of this store's accounting channels.",
  invoiceNumberTaken: 'This invoice number is already used in this store.',
  syncStatusUpdated: 'The sync status of the invoices was updated.',
} as const;

/** What an invoice list, detail and change call needs. */
export interface InvoiceService {
  list(scope: RequestScope, storeId: number, query: ListQueryInput): Promise<ListResponse<InvoiceDto>>;
  show(scope: RequestScope, storeId: number, invoiceId: number): Promise<InvoiceDetailDto>;
  lines(scope: RequestScope, storeId: number, invoiceId: number): Promise<ListResponse<InvoiceLineDto>>;
  channels(scope: RequestScope, storeId: number): Promise<InvoiceChannelDto[]>;
  create(scope: RequestScope, storeId: number, input: CreateInvoiceData): Promise<InvoiceDetailDto>;
  /**
   * The same creation, with the same checks and totals, for the system (the demo seed, the sync
   * engine bringing invoices in): no caller's scope; the activity names the system.
   */
  importInvoice(storeId: number, input: CreateInvoiceInput): Promise<InvoiceDetailDto>;
  updateSyncStatus(
    scope: RequestScope,
    storeId: number,
    invoiceIds: number[],
    status: InvoiceSyncStatus,
  ): Promise<{ updated: number }>;
  accounts(
    scope: RequestScope,
    storeId: number,
    channelId?: number,
  ): Promise<ReferenceAnswer<AccountingAccountDto>>;
  taxTypes(
    scope: RequestScope,
    storeId: number,
    channelId?: number,
  ): Promise<ReferenceAnswer<AccountingTaxTypeDto>>;
  /** Resolves when the caller may read the invoice (activities); 404 otherwise. */
  reach(scope: RequestScope, invoiceId: number): Promise<void>;
}

/** `data` is empty (with `message`) when the store has no accounting channel. */
export interface ReferenceAnswer<T> {
  data: T[];
  meta: { channel_id: number | null; channel_type: string | null; source: 'static' | null };
  message?: string;
}

/**
 * The invoice list's fields holding personal data: masked for a data-protection role, which may
 * not search or filter by them (`visibleListSpec`).
 */
export const INVOICE_PERSONAL_FIELDS = ['customer_name', 'customer_email'] as const;

/** What `GET invoices/{storeId}` filters, searches and sorts on; the invoices export selects with it too. */
export const INVOICE_LIST_SPEC: ListQuerySpec = {
  filters: {
    sync_status: { type: 'string', operators: ['eq', 'in', 'ne'] },
    status: { type: 'string', operators: ['eq', 'in'] },
    channel_id: { type: 'number', operators: ['eq', 'in'] },
    currency: { type: 'string', operators: ['eq', 'in'] },
    total: { type: 'number', operators: ['eq', 'gte', 'lte', 'gt', 'lt'] },
  },
  dateRanges: { created_at: {} },
  search: ['invoice_number', 'customer_name', 'customer_email', 'order_reference'],
  sort: {
    fields: ['invoice_date', 'invoice_number', 'customer_name', 'total', 'sync_status', 'created_at'],
    default: { field: 'invoice_date', direction: 'desc' },
  },
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}/;
const money = (value: unknown) => trimDecimal(String(value ?? 0), 2);

function lineDto(row: InvoiceLine): InvoiceLineDto {
  return {
    id: row.id,
    position: row.position,
    sku: row.sku,
    product_nominal_code: row.product_nominal_code,
    description: row.description,
    quantity: trimDecimal(String(row.quantity)),
    tax_type: row.tax_type,
    tax_total: money(row.tax_total),
    discount_total: money(row.discount_total),
    unit_price: money(row.unit_price),
    price: money(row.price),
  };
}

/** `invoice_date[startDate]` / `[endDate]`: whole days (the column is a date), both inclusive. */
export function invoiceDateRange(query: ListQueryInput): {
  rest: ListQueryInput;
  where: WhereOptions | null;
} {
  const rest: ListQueryInput = { ...query };
  const start = rest['invoice_date[startDate]'];
  const end = rest['invoice_date[endDate]'];
  delete rest['invoice_date[startDate]'];
  delete rest['invoice_date[endDate]'];
  if (start === undefined && end === undefined) return { rest, where: null };
  const errors: FieldErrors = {};
  const day = (value: string | string[] | undefined, key: string) => {
    if (value === undefined) return undefined;
    const text = Array.isArray(value) ? value[0] : value;
    if (!text || !DATE_ONLY.test(text) || Number.isNaN(Date.parse(text.slice(0, 10)))) {
      errors[key] = ['The invoice date must be a date (YYYY-MM-DD).'];
      return undefined;
    }
    return text.slice(0, 10);
  };
  const from = day(start, 'invoice_date[startDate]');
  const to = day(end, 'invoice_date[endDate]');
  if (Object.keys(errors).length) throw AppError.validation(errors);
  const range: Record<symbol, string> = {};
  if (from) range[Op.gte] = from;
  if (to) range[Op.lte] = to;
  return { rest, where: { invoice_date: range } };
}

export function createInvoiceService(core: CoreServices): InvoiceService {
  const models: Models = core.models;

  async function storeOf(scope: RequestScope, storeId: number): Promise<Store> {
    return (await findReachableStore(models, scope, storeId)).store;
  }

  async function accountingChannels(storeId: number): Promise<Channel[]> {
    return models.Channel.findAll({
      where: { store_id: storeId, kind: 'accounting' },
      order: [
        ['is_default', 'DESC'],
        ['id', 'ASC'],
      ],
    });
  }

  function toDto(scope: Viewer, row: Invoice, channels: Map<number, Channel>): InvoiceDto {
    const channel = row.channel_id === null ? undefined : channels.get(row.channel_id);
    return {
      id: row.id,
      uuid: row.uuid,
      store_id: row.store_id,
      channel_id: row.channel_id,
      channel_name: channel?.name ?? null,
      channel_type: channel?.type ?? null,
      invoice_number: row.invoice_number,
      order_reference: row.order_reference,
      customer_name: protectPersonalData(scope, row.customer_name, 'name'),
      customer_email: protectPersonalData(scope, row.customer_email, 'email'),
      invoice_date: String(row.invoice_date).slice(0, 10),
      currency: row.currency,
      status: row.status,
      sync_status: row.sync_status,
      synced_at: row.synced_at ? row.synced_at.toISOString() : null,
      total_invoice_lines: row.total_invoice_lines,
      subtotal: money(row.subtotal),
      discount_total: money(row.discount_total),
      tax_total: money(row.tax_total),
      total: money(row.total),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }

  async function channelMap(storeId: number) {
    return new Map((await accountingChannels(storeId)).map((channel) => [channel.id, channel]));
  }

  async function findInvoice(storeId: number, invoiceId: number): Promise<Invoice> {
    const invoice = await models.Invoice.findOne({ where: { id: invoiceId, store_id: storeId } });
    if (!invoice) throw AppError.notFound();
    return invoice;
  }

  async function show(scope: RequestScope, storeId: number, invoiceId: number): Promise<InvoiceDetailDto> {
    await storeOf(scope, storeId);
    return detail(scope, storeId, invoiceId);
  }

  /** The invoice with its lines, for a viewer already allowed to see the store. */
  async function detail(viewer: Viewer, storeId: number, invoiceId: number): Promise<InvoiceDetailDto> {
    const invoice = await findInvoice(storeId, invoiceId);
    const lines = await models.InvoiceLine.findAll({
      where: { invoice_id: invoice.id },
      order: [['position', 'ASC']],
    });
    return { ...toDto(viewer, invoice, await channelMap(storeId)), lines: lines.map(lineDto) };
  }

  /** Makes one invoice in `store`; `scope` null for the system (the demo seed, the sync engine). */
  async function createInvoice(
    scope: RequestScope | null,
    store: Store,
    input: CreateInvoiceData,
  ): Promise<InvoiceDetailDto> {
    const storeId = store.id;
    const channel = (await accountingChannels(storeId)).find((entry) => entry.id === input.channel_id);
    if (!channel) throw AppError.validation({ channel_id: [INVOICE_MESSAGES.notAccountingChannel] });
    const reference = accountingReferenceOf(channel.type);

    // Every line's amounts, exactly; all the seller's mistakes at once.
    const errors: FieldErrors = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    const computed = input.lines.map((line, index) => {
      const amounts = lineAmounts(line);
      const at = `lines.${index}`;
      if (exceedsMaxAmount(amounts.gross) || exceedsMaxAmount(amounts.tax_total)) {
        add(`${at}.quantity`, `The line amount may not be greater than ${MAX_AMOUNT}.`);
      } else if (isNegative(amounts.price)) {
        add(
          `${at}.discount_total`,
          `The discount may not be greater than the line amount (${amounts.gross}).`,
        );
      }
      if (line.price !== undefined && !sameAmount(line.price, amounts.price)) {
        add(`${at}.price`, `The price must be quantity × unit price − discount: ${amounts.price}.`);
      }
      if (reference) {
        const taxType = reference.taxTypes.find((entry) => entry.code === line.tax_type);
        if (!taxType) {
          add(`${at}.tax_type`, `The tax type is not one of ${reference.providerName}'s tax types.`);
        } else if (taxType.exemption && !sameAmount(amounts.tax_total, '0')) {
          add(`${at}.tax_total`, 'The tax amount must be 0 for a VAT exemption code.');
        }
        if (
          line.product_nominal_code !== null &&
          !reference.accounts.some((account) => account.code === line.product_nominal_code)
        ) {
          add(
            `${at}.product_nominal_code`,
            `The account code is not one of ${reference.providerName}'s accounts.`,
          );
        }
      }
      return { line, amounts };
    });
    if (Object.keys(errors).length) throw AppError.validation(errors);
    const totals = invoiceTotals(computed.map(({ amounts }) => amounts));
    if (exceedsMaxAmount(totals.total)) {
      throw AppError.validation({ lines: [`The invoice total may not be greater than ${MAX_AMOUNT}.`] });
    }

    let invoiceId: number;
    try {
      invoiceId = await core.sequelize.transaction(async (transaction) => {
        const uuid = randomUUID();
        const invoice = await models.Invoice.create(
          {
            uuid,
            company_id: store.company_id,
            store_id: store.id,
            channel_id: channel.id,
            // Numbered from the row's id when the seller gives none (unique per store).
            invoice_number: input.invoice_number ?? `pending-${uuid}`,
            order_reference: input.order_reference,
            customer_name: input.customer_name,
            customer_email: input.customer_email,
            invoice_date: input.invoice_date,
            currency: input.currency,
            status: input.status,
            sync_status: INVOICE_SYNC_STATUS.byKey('pending').value,
            total_invoice_lines: computed.length,
            ...totals,
          },
          { transaction },
        );
        if (!input.invoice_number) {
          await invoice.update(
            { invoice_number: `INV-${String(invoice.id).padStart(6, '0')}` },
            { transaction },
          );
        }
        await models.InvoiceLine.bulkCreate(
          computed.map(({ line, amounts }, index) => ({
            invoice_id: invoice.id,
            position: index + 1,
            sku: line.sku,
            product_nominal_code: line.product_nominal_code,
            description: line.description,
            quantity: amounts.quantity,
            tax_type: line.tax_type,
            tax_total: amounts.tax_total,
            discount_total: amounts.discount_total,
            unit_price: amounts.unit_price,
            price: amounts.price,
          })),
          { transaction },
        );
        return invoice.id;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintError) {
        throw AppError.validation({ invoice_number: [INVOICE_MESSAGES.invoiceNumberTaken] });
      }
      throw error;
    }
    const created = await detail(scope ?? SYSTEM_VIEWER, storeId, invoiceId);
    await core.activities.record(scope, {
      // The system's invoices belong to the store's company.
      ...(scope ? {} : { companyId: store.company_id }),
      event: 'invoice.created',
      subjectType: INVOICE_SUBJECT,
      subjectId: invoiceId,
      new: {
        invoice_number: created.invoice_number,
        channel: channel.name,
        invoice_date: created.invoice_date,
        currency: created.currency,
        total: created.total,
        lines: created.total_invoice_lines,
      },
    });
    return created;
  }

  async function referenceFor(
    scope: RequestScope,
    storeId: number,
    channelId: number | undefined,
  ): Promise<{ channel: Channel; reference: AccountingReference } | null> {
    await storeOf(scope, storeId);
    const channels = await accountingChannels(storeId);
    const channel = channelId === undefined ? channels[0] : channels.find((entry) => entry.id === channelId);
    if (channelId !== undefined && !channel) throw AppError.notFound();
    const reference = channel ? accountingReferenceOf(channel.type) : undefined;
    return channel && reference ? { channel, reference } : null;
  }

  async function referenceAnswer<T>(
    scope: RequestScope,
    storeId: number,
    channelId: number | undefined,
    pick: (reference: AccountingReference) => readonly T[],
  ): Promise<ReferenceAnswer<T>> {
    const found = await referenceFor(scope, storeId, channelId);
    if (!found) {
      return {
        data: [],
        meta: { channel_id: null, channel_type: null, source: null },
        message: INVOICE_MESSAGES.noAccountingChannel,
      };
    }
    return {
      data: [...pick(found.reference)],
      meta: { channel_id: found.channel.id, channel_type: found.channel.type, source: 'static' },
    };
  }

  return {
    async list(scope, storeId, query) {
      await storeOf(scope, storeId);
      const { rest, where } = invoiceDateRange(query);
      const channels = await channelMap(storeId);
      const base: WhereOptions<Invoice> = where
        ? { [Op.and]: [{ store_id: storeId }, where] }
        : { store_id: storeId };
      const spec = visibleListSpec(scope, INVOICE_LIST_SPEC, INVOICE_PERSONAL_FIELDS, rest);
      return findPage(models.Invoice, rest, spec, base, {
        map: (row) => toDto(scope, row, channels),
      });
    },

    show,

    async lines(scope, storeId, invoiceId) {
      await storeOf(scope, storeId);
      const invoice = await findInvoice(storeId, invoiceId);
      const lines = await models.InvoiceLine.findAll({
        where: { invoice_id: invoice.id },
        order: [['position', 'ASC']],
      });
      return { data: lines.map(lineDto), meta: { total: lines.length } };
    },

    async channels(scope, storeId) {
      await storeOf(scope, storeId);
      return (await accountingChannels(storeId)).map((channel) => ({
        id: channel.id,
        name: channel.name,
        type: channel.type,
        is_active: channel.is_active,
      }));
    },

    async create(scope, storeId, input) {
      return createInvoice(scope, await storeOf(scope, storeId), input);
    },

    async importInvoice(storeId, input) {
      const store = await models.Store.findByPk(storeId);
      if (!store) throw AppError.notFound();
      return createInvoice(null, store, validate(createInvoiceSchema, input));
    },

    async updateSyncStatus(scope, storeId, invoiceIds, status) {
      await storeOf(scope, storeId);
      const ids = [...new Set(invoiceIds)];
      const changed = await core.sequelize.transaction(async (transaction) => {
        const invoices = await models.Invoice.findAll({
          where: { store_id: storeId, id: { [Op.in]: ids } },
          transaction,
          lock: transaction.LOCK.UPDATE,
        });
        // Another store's or company's id is the same as none.
        if (invoices.length !== ids.length) throw AppError.notFound();
        const refused = invoices.filter(
          (invoice) => !canChangeInvoiceSyncStatus(invoice.sync_status, status),
        );
        if (refused.length) {
          const target = INVOICE_SYNC_STATUS.label(status);
          throw AppError.validation(
            {
              status: refused.map(
                (invoice) =>
                  `Invoice ${invoice.invoice_number} cannot change from ${INVOICE_SYNC_STATUS.label(invoice.sync_status)} to ${target}.`,
              ),
            },
            `The sync status cannot be changed to ${target} for ${refused.length} of the chosen invoices.`,
          );
        }
        await models.Invoice.update(
          { sync_status: status },
          { where: { id: { [Op.in]: ids }, store_id: storeId }, transaction },
        );
        return invoices.map((invoice) => ({ id: invoice.id, from: invoice.sync_status }));
      });
      // Recorded once the change is committed (SQLite has one writer: never beside an open transaction).
      for (const invoice of changed) {
        await core.activities.record(scope, {
          event: 'invoice.sync_status_updated',
          subjectType: INVOICE_SUBJECT,
          subjectId: invoice.id,
          old: { sync_status: invoice.from },
          new: { sync_status: status },
        });
      }
      return { updated: changed.length };
    },

    accounts(scope, storeId, channelId) {
      return referenceAnswer(scope, storeId, channelId, (reference) => reference.accounts);
    },

    taxTypes(scope, storeId, channelId) {
      return referenceAnswer(scope, storeId, channelId, (reference) => reference.taxTypes);
    },

    async reach(scope, invoiceId) {
      const invoice = await models.Invoice.findByPk(invoiceId, { attributes: ['id', 'store_id'] });
      if (!invoice) throw AppError.notFound();
      await storeOf(scope, invoice.store_id);
    },
  };
}
