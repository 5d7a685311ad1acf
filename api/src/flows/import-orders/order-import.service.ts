import { moveOrderStatusCounts } from '../../modules/orders/order-status-counts';
import { createHash, randomUUID } from 'node:crypto';
import { Op, type Sequelize, type Transaction } from 'sequelize';
import {
  normalisedOrderSchema,
  rooms,
  type NormalisedOrder,
  type OrderImportResult,
  type OrderKitItemDto,
  type Publish,
} from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import { createCatalogueWrite, type CatalogueWrite } from '../../modules/products/catalogue-writes';
import { insertRows } from '../../modules/products/product-lookups';
import {
  deductionKey,
  restoreKey,
  storedKey,
  storedRef,
  type StockEngine,
} from '../../modules/products/stock.service';
import type { StockChange } from '../../modules/products/stock.types';

/** The sync statuses the import sets (ORDER_SYNC_STATUS values). */
const SYNC = { pending: 0, updated: 1, synced: 2, onHold: 3, failed: 7, cancelled: 14 } as const;
const CANCELLED = 'Cancelled';
/** Orders per multi-row statement (× ~40 columns: far below any placeholder limit). */
const ORDER_CHUNK = 500;
const LINE_CHUNK = 1000;

export const ORDER_CREATED_EVENT = 'order.created';
export const ORDER_UPDATED_EVENT = 'order.updated';
export const ORDER_IMPORT_FAILED_EVENT = 'order.import_failed';

export const ORDER_IMPORT_MESSAGES = {
  getOrdersOff: 'Getting orders is switched off for this channel, so nothing was imported.',
  notAChannel: 'Orders can only be imported into a sales channel.',
  noRemoteId: 'The order has no remote id, so it cannot be stored.',
  repeatedLine: (remoteId: string) => `The order has two lines with the remote id ${remoteId}.`,
} as const;

export interface OrderImportOptions {
  /** Who imported (the activity's source name): 'Shopify connector', 'Demo seed', … */
  source?: string;
  /** How (the activity's via, ≤ 20 characters): 'import' by default. */
  via?: string;
}

export interface OrderImportService {
  /**
   * Stores a batch of one channel's orders idempotently (upsert on channel + remote id), applies the
   * channel's order settings, matches lines to products by SKU, deducts (and on cancellation gives
   * back) stock, records activities and publishes one `orders:changed`.
   */
  importBatch(channelId: number, orders: unknown[], options?: OrderImportOptions): Promise<OrderImportResult>;
}

/** The channel settings the import reads (channel.settings, with the catalogue's defaults). */
interface ImportSettings {
  getOrders: boolean;
  prefix: string;
  ignoreBefore: Date | null;
  autoHold: boolean;
  deductStock: boolean;
}

function settingsOf(settings: Record<string, unknown>): ImportSettings {
  const on = (name: string, fallback: boolean) =>
    settings[name] === undefined || settings[name] === null ? fallback : Boolean(settings[name]);
  const prefix =
    on('use_order_prefix', false) && typeof settings.order_prefix === 'string'
      ? settings.order_prefix.trim()
      : '';
  let ignoreBefore: Date | null = null;
  if (on('ignore_orders_before', false) && settings.ignore_orders_before_at) {
    const date = new Date(String(settings.ignore_orders_before_at));
    ignoreBefore = Number.isNaN(date.getTime()) ? null : date;
  }
  return {
    getOrders: on('get_orders', true),
    prefix,
    ignoreBefore,
    autoHold: on('auto_hold_orders', false),
    deductStock: on('deduct_stock_via_orders', false),
  };
}

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
/** A bad order may hold anything (a BigInt, a cycle): its hash must not throw and sink the batch. */
function safeHash(value: unknown): string {
  try {
    return hash(value);
  } catch {
    return hash(String(randomUUID()));
  }
}

/** A line's stable key: the stock ledger's source for it (hashed when longer than the column). */
export function orderLineKey(channelId: number, orderRemoteId: string, lineRemoteId: string): string {
  const key = `${channelId}/${orderRemoteId}/${lineRemoteId}`;
  return key.length <= 190 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** The columns the upsert writes, in statement order (id, uuid, created_at only on insert). */
const ORDER_COLUMNS = [
  'uuid',
  'company_id',
  'store_id',
  'channel_id',
  'remote_id',
  'order_number',
  'status',
  'sync_status',
  'payment_status',
  'currency',
  'subtotal',
  'shipping_total',
  'tax_total',
  'discount_total',
  'total',
  'total_order_items',
  'order_date',
  'customer_name',
  'customer_email',
  'customer_phone',
  'channel_customer_id',
  'shipping_country',
  'invoice_country',
  'shipping_address',
  'invoice_address',
  'shipping_method',
  'tags',
  'order_type',
  'content_hash',
  'failure_reason',
  'created_at',
  'updated_at',
] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];
type OrderRow = Record<OrderColumn, unknown>;
const KEPT_ON_UPDATE = new Set<OrderColumn>([
  'uuid',
  'company_id',
  'store_id',
  'channel_id',
  'remote_id',
  'created_at',
]);
/** A failed re-import keeps what the order had and only says why it failed. */
const FAILED_UPDATES: OrderColumn[] = ['sync_status', 'failure_reason', 'content_hash', 'updated_at'];

/** The fields whose change an `order.updated` activity names (old → new). */
const DIFFED: OrderColumn[] = [
  'order_number',
  'status',
  'sync_status',
  'payment_status',
  'currency',
  'total',
  'order_date',
  'customer_name',
  'customer_email',
  'customer_phone',
  'shipping_address',
  'invoice_address',
  'shipping_method',
  'tags',
  'order_type',
];

interface Existing {
  id: number;
  remote_id: string;
  content_hash: string;
  status: string | null;
  sync_status: number;
  values: Record<string, unknown>;
}

interface Prepared {
  order: NormalisedOrder;
  row: OrderRow;
}

interface Failed {
  remoteId: string;
  reason: string;
  row: OrderRow;
}

function reasonOf(issues: { path: PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path
        .map((part) => (typeof part === 'number' ? `#${part + 1}` : String(part).replace(/_/g, ' ')))
        .join(' ');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** Comparable form of a stored value (DECIMAL strings, dates and JSON text differ by dialect). */
function comparable(column: OrderColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column === 'order_date') return new Date(value as string | Date).toISOString();
  if (column === 'total') return Number(value).toFixed(2);
  if (column === 'shipping_address' || column === 'invoice_address' || column === 'tags') {
    return typeof value === 'string' ? value : JSON.stringify(value);
  }
  return value;
}

export function createOrderImportService(deps: {
  sequelize: Sequelize;
  models: Models;
  publish: Publish;
  stock: StockEngine;
  /** The transaction runner (retries deadlocks and lost unique races; queues writes on SQLite). */
  write?: CatalogueWrite;
}): OrderImportService {
  const { sequelize, models } = deps;
  const mysql = sequelize.getDialect() !== 'sqlite';
  const write = deps.write ?? createCatalogueWrite(sequelize);

  /**
   * A replacement value. MySQL runs at +00:00 (create-sequelize): a Date written as its UTC text
   * is what Sequelize would write, without formatting every date through moment.
   */
  const value = (raw: unknown) =>
    raw instanceof Date && mysql ? raw.toISOString().slice(0, 23).replace('T', ' ') : (raw ?? null);

  /** One multi-row upsert on (channel_id, remote_id); `updates` are the columns a duplicate takes. */
  async function upsertOrders(rows: OrderRow[], updates: OrderColumn[], transaction: Transaction) {
    const columns = ORDER_COLUMNS.join(', ');
    const tuple = `(${ORDER_COLUMNS.map(() => '?').join(', ')})`;
    const set = mysql
      ? updates.map((column) => `${column} = VALUES(${column})`).join(', ')
      : updates.map((column) => `${column} = excluded.${column}`).join(', ');
    for (let start = 0; start < rows.length; start += ORDER_CHUNK) {
      const part = rows.slice(start, start + ORDER_CHUNK);
      const sql =
        `INSERT INTO orders (${columns}) VALUES ${part.map(() => tuple).join(', ')} ` +
        (mysql
          ? `ON DUPLICATE KEY UPDATE ${set}`
          : `ON CONFLICT (channel_id, remote_id) DO UPDATE SET ${set}`);
      await sequelize.query(sql, {
        replacements: part.flatMap((row) => ORDER_COLUMNS.map((column) => value(row[column]))),
        transaction,
      });
    }
  }

  async function idsOf(channelId: number, remoteIds: string[], transaction: Transaction) {
    const ids = new Map<string, number>();
    for (let start = 0; start < remoteIds.length; start += ORDER_CHUNK) {
      const found = await models.Order.findAll({
        where: { channel_id: channelId, remote_id: { [Op.in]: remoteIds.slice(start, start + ORDER_CHUNK) } },
        attributes: ['id', 'remote_id'],
        raw: true,
        transaction,
      });
      for (const row of found) ids.set(row.remote_id, Number(row.id));
    }
    return ids;
  }

  return {
    async importBatch(channelId, inputs, options = {}) {
      const result: OrderImportResult = {
        imported: true,
        created: 0,
        updated: 0,
        unchanged: 0,
        failed: 0,
        skipped: 0,
        orderIds: [],
        failures: [],
      };
      const channel = await models.Channel.findByPk(channelId);
      if (!channel || channel.kind !== 'channel') throw new Error(ORDER_IMPORT_MESSAGES.notAChannel);
      const settings = settingsOf(channel.settings ?? {});
      if (!settings.getOrders) {
        return {
          ...result,
          imported: false,
          reason: ORDER_IMPORT_MESSAGES.getOrdersOff,
          skipped: inputs.length,
        };
      }
      const storeId = channel.store_id;
      const companyId = channel.company_id;
      const now = new Date();
      now.setMilliseconds(0);

      // 1. Validate and normalise (outside the transaction). Last occurrence of a remote id wins.
      const prepared = new Map<string, Prepared>();
      const failed = new Map<string, Failed>();
      for (const input of inputs) {
        const parsed = normalisedOrderSchema.safeParse(input);
        let reason: string | null = parsed.success ? null : reasonOf(parsed.error.issues);
        if (parsed.success) {
          const seen = new Set<string>();
          for (const [index, line] of parsed.data.lines.entries()) {
            const lineId = line.remote_id ?? `#${index + 1}`;
            if (seen.has(lineId)) reason = ORDER_IMPORT_MESSAGES.repeatedLine(lineId);
            seen.add(lineId);
          }
        }
        const rawRemote = (input as { remote_id?: unknown } | null)?.remote_id;
        const remoteId =
          typeof rawRemote === 'string' || typeof rawRemote === 'number'
            ? String(rawRemote).trim().slice(0, 190)
            : '';
        if (reason !== null || !parsed.success) {
          if (!remoteId) {
            result.failed += 1;
            result.failures.push({
              remote_id: null,
              reason: `${ORDER_IMPORT_MESSAGES.noRemoteId} ${reason ?? ''}`.trim(),
            });
            continue;
          }
          const rawNumber = (input as { order_number?: unknown }).order_number;
          const number =
            typeof rawNumber === 'string' || typeof rawNumber === 'number'
              ? String(rawNumber).trim()
              : remoteId;
          prepared.delete(remoteId);
          failed.set(remoteId, {
            remoteId,
            reason: reason!,
            row: {
              ...(Object.fromEntries(ORDER_COLUMNS.map((column) => [column, null])) as OrderRow),
              uuid: randomUUID(),
              company_id: companyId,
              store_id: storeId,
              channel_id: channelId,
              remote_id: remoteId,
              order_number: `${settings.prefix}${number || remoteId}`.slice(0, 190),
              sync_status: SYNC.failed,
              total_order_items: 0,
              content_hash: safeHash({ failed: input ?? null, prefix: settings.prefix }),
              failure_reason: reason,
              created_at: now,
              updated_at: now,
            },
          });
          continue;
        }
        const order = parsed.data;
        if (settings.ignoreBefore && order.order_date < settings.ignoreBefore) {
          result.skipped += 1;
          continue;
        }
        failed.delete(order.remote_id);
        const orderNumber = `${settings.prefix}${order.order_number}`.slice(0, 190);
        prepared.set(order.remote_id, {
          order,
          row: {
            uuid: randomUUID(),
            company_id: companyId,
            store_id: storeId,
            channel_id: channelId,
            remote_id: order.remote_id,
            order_number: orderNumber,
            status: order.status,
            sync_status: null, // decided against the stored row
            payment_status: order.payment_status,
            currency: order.currency,
            subtotal: order.subtotal,
            shipping_total: order.shipping_total,
            tax_total: order.tax_total,
            discount_total: order.discount_total,
            total: order.total,
            total_order_items: order.lines.reduce((sum, line) => sum + line.quantity, 0),
            order_date: order.order_date,
            customer_name: order.customer.name,
            customer_email: order.customer.email,
            customer_phone: order.customer.phone,
            channel_customer_id: order.customer.remote_id,
            shipping_country: order.shipping_address?.country ?? null,
            invoice_country: order.invoice_address?.country ?? null,
            shipping_address: order.shipping_address ? JSON.stringify(order.shipping_address) : null,
            invoice_address: order.invoice_address ? JSON.stringify(order.invoice_address) : null,
            shipping_method: order.shipping_method,
            tags: JSON.stringify(order.tags),
            order_type: order.order_type,
            content_hash: hash({ order, orderNumber }),
            failure_reason: null,
            created_at: now,
            updated_at: now,
          },
        });
      }
      for (const failure of failed.values())
        result.failures.push({ remote_id: failure.remoteId, reason: failure.reason });

      const remoteIds = [...prepared.keys(), ...failed.keys()];
      if (remoteIds.length === 0) return result;

      const outcome = await write(async (transaction) => {
        const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
        const activities: Record<string, unknown>[] = [];
        const activity = (orderId: number, event: string, oldValues: unknown, newValues: unknown) =>
          activities.push({
            company_id: companyId,
            user_id: null,
            source: 'system',
            source_name: (options.source ?? channel.name).slice(0, 120),
            via: (options.via ?? 'import').slice(0, 20),
            event,
            subject_type: 'order',
            subject_id: orderId,
            old_values: oldValues === null ? null : JSON.stringify(oldValues),
            new_values: newValues === null ? null : JSON.stringify(newValues),
            created_at: now,
          });

        // 2. What is stored already, locked: a concurrent import of the same orders waits here
        // (or deadlocks on the gap and runs again, then finds them).
        const existing = new Map<string, Existing>();
        for (let start = 0; start < remoteIds.length; start += ORDER_CHUNK) {
          const rows = await models.Order.findAll({
            where: {
              channel_id: channelId,
              remote_id: { [Op.in]: remoteIds.slice(start, start + ORDER_CHUNK) },
            },
            attributes: ['id', 'remote_id', 'content_hash', 'status', 'sync_status', ...DIFFED],
            raw: true,
            lock: mysql ? transaction.LOCK.UPDATE : undefined,
            transaction,
          });
          for (const row of rows) {
            existing.set(row.remote_id, {
              id: Number(row.id),
              remote_id: row.remote_id,
              content_hash: row.content_hash,
              status: row.status,
              sync_status: row.sync_status,
              values: row as unknown as Record<string, unknown>,
            });
          }
        }

        const deltas = new Map<string, number>();
        const count = (sync: unknown, status: unknown, delta: number) => {
          const key = `${Number(sync)}|${typeof status === 'string' ? status : ''}`;
          deltas.set(key, (deltas.get(key) ?? 0) + delta);
        };

        // 3. Failed records: new ones stored, changed ones marked failed, same ones left alone.
        const failedRows: OrderRow[] = [];
        for (const failure of failed.values()) {
          const before = existing.get(failure.remoteId);
          if (before && before.content_hash === failure.row.content_hash) {
            counts.unchanged += 1;
            continue;
          }
          failedRows.push(failure.row);
          if (before) count(before.sync_status, before.status, -1);
          count(SYNC.failed, before ? before.status : null, 1);
        }
        if (failedRows.length > 0) await upsertOrders(failedRows, FAILED_UPDATES, transaction);

        // 4. Good orders: decide created / changed / unchanged and the sync status.
        const writes: Prepared[] = [];
        const changedBefore = new Map<string, Existing>();
        for (const entry of prepared.values()) {
          const before = existing.get(entry.order.remote_id);
          const cancelled = entry.order.status === CANCELLED;
          if (!before) {
            entry.row.sync_status = cancelled
              ? SYNC.cancelled
              : settings.autoHold
                ? SYNC.onHold
                : SYNC.pending;
            count(entry.row.sync_status, entry.row.status, 1);
            writes.push(entry);
            continue;
          }
          if (before.content_hash === entry.row.content_hash) {
            counts.unchanged += 1;
            continue;
          }
          let sync = before.sync_status;
          if (cancelled && before.status !== CANCELLED) sync = SYNC.cancelled;
          else if (sync === SYNC.synced) sync = SYNC.updated;
          else if (sync === SYNC.failed) sync = settings.autoHold ? SYNC.onHold : SYNC.pending;
          entry.row.sync_status = sync;
          count(before.sync_status, before.status, -1);
          count(sync, entry.row.status, 1);
          changedBefore.set(entry.order.remote_id, before);
          writes.push(entry);
        }
        const updates = ORDER_COLUMNS.filter((column) => !KEPT_ON_UPDATE.has(column));
        if (writes.length > 0)
          await upsertOrders(
            writes.map((entry) => entry.row),
            updates,
            transaction,
          );

        const ids = await idsOf(
          channelId,
          [
            ...writes.map((entry) => entry.order.remote_id),
            ...failedRows.map((row) => row.remote_id as string),
          ],
          transaction,
        );

        // 5. Lines: matched to products by SKU (kits with their components), replaced when changed.
        const skus = [
          ...new Set(
            writes.flatMap((entry) =>
              entry.order.lines.map((line) => line.sku).filter((sku) => sku !== null),
            ),
          ),
        ] as string[];
        const products = new Map<string, { id: number; sku: string; type: string }>();
        for (let start = 0; start < skus.length; start += LINE_CHUNK) {
          const found = await models.Product.findAll({
            where: { store_id: storeId, sku: { [Op.in]: skus.slice(start, start + LINE_CHUNK) } },
            attributes: ['id', 'sku', 'type'],
            raw: true,
            transaction,
          });
          for (const product of found) products.set(product.sku.toLowerCase(), product);
        }
        const kitIds = [...products.values()]
          .filter((product) => product.type === 'kit')
          .map((product) => product.id);
        const components = new Map<number, OrderKitItemDto[]>();
        if (kitIds.length > 0) {
          const items = await models.KitItem.findAll({
            where: { kit_product_id: { [Op.in]: kitIds } },
            attributes: ['kit_product_id', 'component_product_id', 'sku', 'quantity'],
            order: [['id', 'ASC']],
            raw: true,
            transaction,
          });
          for (const item of items) {
            const list = components.get(item.kit_product_id) ?? [];
            list.push({ product_id: item.component_product_id, sku: item.sku, quantity: item.quantity });
            components.set(item.kit_product_id, list);
          }
        }

        const changedIds = [...changedBefore.values()].map((before) => before.id);
        const oldLines = new Map<
          number,
          { line_key: string; product_sku: string | null; quantity: number; price: string | number | null }[]
        >();
        if (changedIds.length > 0) {
          for (let start = 0; start < changedIds.length; start += ORDER_CHUNK) {
            const part = changedIds.slice(start, start + ORDER_CHUNK);
            const rows = await models.OrderItem.findAll({
              where: { order_id: { [Op.in]: part } },
              attributes: ['order_id', 'line_key', 'product_sku', 'quantity', 'price'],
              order: [['id', 'ASC']],
              raw: true,
              transaction,
            });
            for (const row of rows) {
              const list = oldLines.get(Number(row.order_id)) ?? [];
              list.push(row);
              oldLines.set(Number(row.order_id), list);
            }
            await models.OrderItem.destroy({ where: { order_id: { [Op.in]: part } }, transaction });
          }
        }

        const lineRows: Record<string, unknown>[] = [];
        const deductions: StockChange[] = [];
        const restoreKeys: string[] = [];
        for (const entry of writes) {
          const orderId = ids.get(entry.order.remote_id)!;
          const before = changedBefore.get(entry.order.remote_id);
          const cancelled = entry.order.status === CANCELLED;
          const newLines: {
            line_key: string;
            product_sku: string | null;
            quantity: number;
            price: string | number | null;
          }[] = [];
          for (const [index, line] of entry.order.lines.entries()) {
            const lineKey = orderLineKey(channelId, entry.order.remote_id, line.remote_id ?? `#${index + 1}`);
            const product = line.sku ? products.get(line.sku.toLowerCase()) : undefined;
            const kit = product?.type === 'kit' ? (components.get(product.id) ?? []) : null;
            const totalPrice =
              line.total_price ??
              (line.price === null
                ? null
                : (Math.round(Number(line.price) * 100 * line.quantity) / 100).toFixed(2));
            lineRows.push({
              order_id: orderId,
              line_key: lineKey,
              remote_id: line.remote_id ?? null,
              product_sku: line.sku,
              matched_sku: product?.sku ?? null,
              product_id: product?.id ?? null,
              title: line.title,
              quantity: line.quantity,
              price: line.price,
              tax_total: line.tax_total,
              discount_total: line.discount_total,
              total_price: totalPrice,
              kit_items: kit ? JSON.stringify(kit) : null,
              options: JSON.stringify(line.options),
              created_at: now,
              updated_at: now,
            });
            newLines.push({
              line_key: lineKey,
              product_sku: line.sku,
              quantity: line.quantity,
              price: line.price,
            });
            if (settings.deductStock && product && !cancelled) {
              const parts = kit
                ? kit.map((component) => ({
                    productId: component.product_id,
                    units: component.quantity * line.quantity,
                  }))
                : [{ productId: product.id, units: line.quantity }];
              for (const part of parts) {
                deductions.push({
                  productId: part.productId,
                  delta: -part.units,
                  reason: 'order',
                  sourceRef: lineKey,
                  idempotencyKey: deductionKey(lineKey, part.productId),
                });
              }
            }
          }
          if (!before) {
            counts.created += 1;
            activity(orderId, ORDER_CREATED_EVENT, null, {
              order_number: entry.row.order_number,
              status: entry.row.status,
              sync_status: entry.row.sync_status,
              total: entry.row.total,
              currency: entry.row.currency,
            });
            continue;
          }
          counts.updated += 1;
          if (cancelled && before.status !== CANCELLED) {
            restoreKeys.push(
              ...(oldLines.get(before.id) ?? []).map((line) => line.line_key),
              ...newLines.map((line) => line.line_key),
            );
          }
          const oldValues: Record<string, unknown> = {};
          const newValues: Record<string, unknown> = {};
          for (const column of DIFFED) {
            const was = comparable(column, before.values[column]);
            const now_ = comparable(column, entry.row[column]);
            if (JSON.stringify(was) !== JSON.stringify(now_)) {
              oldValues[column] = was;
              newValues[column] = now_;
            }
          }
          const lineSignature = (lines: typeof newLines) =>
            JSON.stringify(
              lines.map((line) => [
                line.line_key,
                line.product_sku,
                line.quantity,
                line.price === null ? null : Number(line.price),
              ]),
            );
          const previous = oldLines.get(before.id) ?? [];
          if (lineSignature(previous) !== lineSignature(newLines)) {
            oldValues.lines = previous.map((line) => ({ sku: line.product_sku, quantity: line.quantity }));
            newValues.lines = newLines.map((line) => ({ sku: line.product_sku, quantity: line.quantity }));
          }
          activity(orderId, ORDER_UPDATED_EVENT, oldValues, newValues);
        }
        if (lineRows.length > 0) await insertRows(models.OrderItem, lineRows, transaction, LINE_CHUNK);

        for (const row of failedRows) {
          const orderId = ids.get(row.remote_id as string)!;
          counts.failed += 1;
          activity(orderId, ORDER_IMPORT_FAILED_EVENT, null, { reason: row.failure_reason });
        }

        // 6. Stock: taken once per line (the ledger's idempotency key), given back on cancellation.
        const restores: StockChange[] = [];
        if (restoreKeys.length > 0) {
          const keys = [...new Set(restoreKeys)];
          const taken = await models.StockMovement.findAll({
            where: {
              store_id: storeId,
              reason: 'order',
              source_ref: { [Op.in]: keys.map((key) => storedRef(key)!) },
            },
            order: [['id', 'ASC']],
            raw: true,
            transaction,
          });
          for (const movement of taken) {
            const lineKey = keys.find((key) => storedRef(key) === movement.source_ref)!;
            if (movement.idempotency_key !== storedKey(storeId, deductionKey(lineKey, movement.product_id)))
              continue;
            restores.push({
              productId: movement.product_id,
              delta: -movement.delta,
              reason: 'cancellation',
              sourceRef: lineKey,
              idempotencyKey: restoreKey(lineKey, movement.product_id),
            });
          }
        }
        if (deductions.length > 0)
          await deps.stock.apply(null, storeId, deductions, { transaction, via: 'order' });
        if (restores.length > 0)
          await deps.stock.apply(null, storeId, restores, { transaction, via: 'cancellation' });

        if (activities.length > 0) await insertRows(models.Activity, activities, transaction);
        await moveOrderStatusCounts(sequelize, storeId, deltas, transaction);
        return { counts, orderIds: [...ids.values()] };
      });

      result.created = outcome.counts.created;
      result.updated = outcome.counts.updated;
      result.unchanged = outcome.counts.unchanged;
      result.failed += outcome.counts.failed;
      result.orderIds = outcome.orderIds;
      if (result.orderIds.length > 0) {
        deps.publish({
          name: 'orders:changed',
          rooms: [rooms.store(storeId)],
          payload: { storeId, orderIds: result.orderIds },
        });
      }
      return result;
    },
  };
}
