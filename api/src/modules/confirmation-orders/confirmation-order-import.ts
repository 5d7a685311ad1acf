import { randomUUID } from 'node:crypto';
import { Op, type Sequelize } from 'sequelize';
import {
  PURCHASE_ORDER_STATUS,
  type ConfirmationOrderImport,
  type ConfirmationOrderImportResult,
} from '@syncdesk/contracts';
import type { ConfirmationOrder, ConfirmationOrderItem } from '../../db/confirmation-order.models';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { changedFields, type ActivityService } from '../activities/activity.service';
import { skuKeyFor } from '../products/product-lookups';
import { decimalText } from './confirmation-order.mapper';
import { CONFIRMATION_ORDER_SUBJECT, recordedHeader } from './confirmation-order.service';

const DECIMAL = /^-?\d{1,10}(\.\d{1,2})?$/;
const IN_CHUNK = 500;

/** A purchase order as stored: header columns the channel owns, and its items. */
interface NormalisedOrder {
  header: {
    purchase_order_number: string;
    status: string;
    order_date: Date;
    acknowledge_by: Date | null;
    ship_window_start: Date | null;
    ship_window_end: Date | null;
    buyer_party_id: string | null;
    ship_to_party_id: string | null;
    selling_party_id: string | null;
    currency: string | null;
    item_count: number;
    total_quantity: number;
  };
  items: {
    item_sequence_number: string;
    sku: string | null;
    remote_product_id: string | null;
    title: string | null;
    ordered_quantity: number;
    net_cost: string | null;
  }[];
}

/** The header columns a re-import overwrites; the seller's `selling_party_id` is only set on creation. */
const CHANNEL_HEADER_FIELDS = [
  'status',
  'order_date',
  'acknowledge_by',
  'ship_window_start',
  'ship_window_end',
  'buyer_party_id',
  'ship_to_party_id',
  'currency',
  'item_count',
  'total_quantity',
] as const;
/** The item columns a re-import overwrites; the acknowledgement fields are the seller's. */
const CHANNEL_ITEM_FIELDS = [
  'sku',
  'remote_product_id',
  'title',
  'product_id',
  'ordered_quantity',
  'net_cost',
] as const;

class ImportRefusal extends Error {}

const text = (value: unknown, max: number): string | null => {
  if (value === null || value === undefined) return null;
  const trimmed = String(value).trim();
  if (trimmed === '') return null;
  return trimmed.slice(0, max);
};

function dateOf(value: unknown, label: string, required: boolean): Date | null {
  if (value === null || value === undefined || value === '') {
    if (required) throw new ImportRefusal(`The ${label} is missing.`);
    return null;
  }
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new ImportRefusal(`The ${label} is not a date.`);
  // Whole seconds, as the DATETIME columns keep them (so a re-import compares equal).
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/** Checks and normalises one purchase order; throws ImportRefusal with the reason. */
function normalise(order: ConfirmationOrderImport): NormalisedOrder {
  const number = text(order.purchase_order_number, 64);
  if (!number) throw new ImportRefusal('The purchase order number is missing.');
  const status = order.status ?? PURCHASE_ORDER_STATUS.byKey('placed').value;
  if (!PURCHASE_ORDER_STATUS.byValue(status as never)) {
    throw new ImportRefusal(
      `The purchase order status "${status}" is not one of ${PURCHASE_ORDER_STATUS.values.join(', ')}.`,
    );
  }
  if (!Array.isArray(order.items) || order.items.length === 0) {
    throw new ImportRefusal('The purchase order has no items.');
  }
  const seen = new Set<string>();
  const items = order.items.map((item, index) => {
    const sequence = text(item.item_sequence_number, 20);
    if (!sequence) throw new ImportRefusal(`Item ${index + 1} has no item sequence number.`);
    if (seen.has(sequence)) throw new ImportRefusal(`Item sequence number ${sequence} appears twice.`);
    seen.add(sequence);
    const quantity = item.ordered_quantity;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10_000_000) {
      throw new ImportRefusal(`Item ${sequence}: the ordered quantity must be a whole number of at least 1.`);
    }
    const cost = item.net_cost === null || item.net_cost === undefined ? null : String(item.net_cost).trim();
    if (cost !== null && !DECIMAL.test(cost)) {
      throw new ImportRefusal(`Item ${sequence}: the net cost "${cost}" is not an amount.`);
    }
    return {
      item_sequence_number: sequence,
      sku: text(item.sku, 190),
      remote_product_id: text(item.remote_product_id, 64),
      title: text(item.title, 255),
      ordered_quantity: quantity,
      net_cost: cost === null ? null : decimalText(cost),
    };
  });
  return {
    header: {
      purchase_order_number: number,
      status,
      order_date: dateOf(order.order_date, 'order date', true)!,
      acknowledge_by: dateOf(order.acknowledge_by, 'acknowledgement deadline', false),
      ship_window_start: dateOf(order.ship_window_start, 'ship window start', false),
      ship_window_end: dateOf(order.ship_window_end, 'ship window end', false),
      buyer_party_id: text(order.buyer_party_id, 64),
      ship_to_party_id: text(order.ship_to_party_id, 64),
      selling_party_id: text(order.selling_party_id, 64),
      currency: text(order.currency, 3)?.toUpperCase() ?? null,
      item_count: items.length,
      total_quantity: items.reduce((sum, item) => sum + item.ordered_quantity, 0),
    },
    items,
  };
}

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

function headerChanged(row: ConfirmationOrder, header: NormalisedOrder['header']): boolean {
  return CHANNEL_HEADER_FIELDS.some((field) => comparable(row[field]) !== comparable(header[field]));
}

function itemsChanged(
  rows: ConfirmationOrderItem[],
  items: (NormalisedOrder['items'][number] & { product_id: number | null })[],
): boolean {
  if (rows.length !== items.length) return true;
  const bySequence = new Map(rows.map((row) => [row.item_sequence_number, row]));
  return items.some((item) => {
    const row = bySequence.get(item.item_sequence_number);
    if (!row) return true;
    return CHANNEL_ITEM_FIELDS.some((field) =>
      field === 'net_cost'
        ? decimalText(row.net_cost) !== item.net_cost
        : comparable(row[field]) !== comparable(item[field]),
    );
  });
}

/**
 * `importBatch(channelId, purchaseOrders)`: the one way confirmation orders are stored (seed,
 * tests, and the connectors of the sync engine). Idempotent on (channel, purchase order number)
 * with an upsert: a purchase order seen again updates what the channel owns (status, dates,
 * parties, items) and keeps the seller's acknowledgement; an unchanged one writes nothing. A bad
 * purchase order is reported with its reason and never blocks the others.
 */
export function createConfirmationOrderImport(deps: {
  sequelize: Sequelize;
  models: Models;
  activities: ActivityService;
}) {
  const { models, sequelize } = deps;
  const skuKey = skuKeyFor(sequelize);

  return async function importBatch(
    channelId: number,
    purchaseOrders: readonly ConfirmationOrderImport[],
  ): Promise<ConfirmationOrderImportResult> {
    const channel = await models.Channel.findByPk(channelId);
    if (!channel) throw AppError.notFound();
    const result: ConfirmationOrderImportResult = { created: 0, updated: 0, failed: [], ids: [] };

    // Normalise; the last copy of a number repeated within the batch wins.
    const valid = new Map<string, NormalisedOrder>();
    for (const order of purchaseOrders) {
      try {
        const normalised = normalise(order);
        valid.set(normalised.header.purchase_order_number, normalised);
      } catch (error) {
        if (!(error instanceof ImportRefusal)) throw error;
        result.failed.push({
          purchase_order_number: String(order?.purchase_order_number ?? ''),
          reason: error.message,
        });
      }
    }
    const numbers = [...valid.keys()];
    for (let start = 0; start < numbers.length; start += IN_CHUNK) {
      const chunk = numbers.slice(start, start + IN_CHUNK).map((number) => valid.get(number)!);
      const chunkResult = await importChunk(chunk);
      result.created += chunkResult.created;
      result.updated += chunkResult.updated;
      result.ids.push(...chunkResult.ids);
    }
    return result;

    async function importChunk(orders: NormalisedOrder[]) {
      const numbers = orders.map((order) => order.header.purchase_order_number);
      // Matched products by SKU (the store's catalogue).
      const skus = [
        ...new Set(
          orders
            .flatMap((order) => order.items.map((item) => item.sku))
            .filter((sku): sku is string => !!sku),
        ),
      ];
      const products = skus.length
        ? await models.Product.findAll({
            where: { store_id: channel!.store_id, sku: { [Op.in]: skus } },
            attributes: ['id', 'sku'],
          })
        : [];
      const productBySku = new Map(products.map((product) => [skuKey(product.sku), product.id]));
      const withProducts = (order: NormalisedOrder) =>
        order.items.map((item) => ({
          ...item,
          product_id: item.sku ? (productBySku.get(skuKey(item.sku)) ?? null) : null,
        }));

      // What is stored already, to tell new, changed and unchanged apart (the write itself is an upsert).
      const existing = await models.ConfirmationOrder.findAll({
        where: { channel_id: channel!.id, purchase_order_number: { [Op.in]: numbers } },
      });
      const existingByNumber = new Map(existing.map((row) => [row.purchase_order_number, row]));
      const existingItems = existing.length
        ? await models.ConfirmationOrderItem.findAll({
            where: { confirmation_order_id: { [Op.in]: existing.map((row) => row.id) } },
          })
        : [];
      const itemsByOrder = new Map<number, ConfirmationOrderItem[]>();
      for (const item of existingItems) {
        const list = itemsByOrder.get(item.confirmation_order_id) ?? [];
        list.push(item);
        itemsByOrder.set(item.confirmation_order_id, list);
      }

      const toWrite = orders.filter((order) => {
        const row = existingByNumber.get(order.header.purchase_order_number);
        return (
          !row ||
          headerChanged(row, order.header) ||
          itemsChanged(itemsByOrder.get(row.id) ?? [], withProducts(order))
        );
      });
      const unchangedIds = orders
        .filter((order) => !toWrite.includes(order))
        .map((order) => existingByNumber.get(order.header.purchase_order_number)!.id);
      if (toWrite.length === 0) return { created: 0, updated: 0, ids: unchangedIds };

      const now = new Date();
      const stored = await sequelize.transaction(async (transaction) => {
        await models.ConfirmationOrder.bulkCreate(
          toWrite.map((order) => ({
            uuid: randomUUID(),
            company_id: channel!.company_id,
            store_id: channel!.store_id,
            channel_id: channel!.id,
            ...order.header,
            created_at: now,
            updated_at: now,
          })),
          {
            transaction,
            updateOnDuplicate: [...CHANNEL_HEADER_FIELDS, 'updated_at'],
            conflictAttributes: ['channel_id', 'purchase_order_number'],
          },
        );
        const rows = await models.ConfirmationOrder.findAll({
          where: {
            channel_id: channel!.id,
            purchase_order_number: { [Op.in]: toWrite.map((order) => order.header.purchase_order_number) },
          },
          transaction,
        });
        const idByNumber = new Map(rows.map((row) => [row.purchase_order_number, row.id]));
        const itemRows = toWrite.flatMap((order) =>
          withProducts(order).map((item) => ({
            confirmation_order_id: idByNumber.get(order.header.purchase_order_number)!,
            ...item,
            created_at: now,
            updated_at: now,
          })),
        );
        await models.ConfirmationOrderItem.bulkCreate(itemRows, {
          transaction,
          updateOnDuplicate: [...CHANNEL_ITEM_FIELDS, 'updated_at'],
          conflictAttributes: ['confirmation_order_id', 'item_sequence_number'],
        });
        // Items the retailer no longer lists on a changed order.
        for (const order of toWrite) {
          const orderId = idByNumber.get(order.header.purchase_order_number)!;
          if (!existingByNumber.has(order.header.purchase_order_number)) continue;
          await models.ConfirmationOrderItem.destroy({
            where: {
              confirmation_order_id: orderId,
              item_sequence_number: { [Op.notIn]: order.items.map((item) => item.item_sequence_number) },
            },
            transaction,
          });
        }
        return rows;
      });

      let created = 0;
      let updated = 0;
      for (const row of stored) {
        const before = existingByNumber.get(row.purchase_order_number);
        if (!before) {
          created += 1;
          await deps.activities.record(null, {
            event: 'confirmation_order.received',
            subjectType: CONFIRMATION_ORDER_SUBJECT,
            subjectId: row.id,
            companyId: row.company_id,
            new: recordedHeader(row),
          });
        } else {
          updated += 1;
          const changed = changedFields(recordedHeader(before), recordedHeader(row));
          await deps.activities.record(null, {
            event: 'confirmation_order.received_update',
            subjectType: CONFIRMATION_ORDER_SUBJECT,
            subjectId: row.id,
            companyId: row.company_id,
            old: changed?.old ?? null,
            new: changed?.new ?? { items: 'changed' },
          });
        }
      }
      return { created, updated, ids: [...stored.map((row) => row.id), ...unchangedIds] };
    }
  };
}
