import { randomUUID } from 'node:crypto';
import { Op } from 'sequelize';
import { PLUGIN_SYNC_STATUS, rooms, type Publish } from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import { jsonOf } from '../../db/json-column';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { ScopeService } from '../../modules/auth/scope.service';
import type { FulfilmentService } from '../../modules/orders/fulfilment.service';
import type { StockService } from '../../modules/products/stock.types';

/** One shipment the plugin reports (the connector's PluginShipment shape). */
export interface PluginShipmentIn {
  /** Our order id, as we sent it. */
  reference: string;
  remoteId: string;
  courier: string | null;
  trackingCode: string | null;
  trackingUrl: string | null;
  lines: { sku: string; quantity: number }[];
  shippedAt: Date;
}

/** What a plugin reports back (the connector's listShipments and listStockLevels). */
export interface PluginReports {
  listShipments(
    since: Date | null,
    cursor: string | null,
  ): Promise<{ shipments: PluginShipmentIn[]; next: string | null; watermark: Date | null }>;
  listStockLevels(
    cursor: string | null,
  ): Promise<{ levels: { sku: string; quantity: number }[]; next: string | null }>;
}

/** Where the plugin's shipment watermark lives (the plugin's sync state: its orders watermark). */
export interface ShipmentWatermarks {
  watermarkOf(pluginId: number): Promise<Date | null>;
  advanceWatermark(pluginId: number, to: Date): Promise<void>;
}

export interface PluginUpdatesDependencies {
  models: Models;
  scopes: ScopeService;
  fulfilments: FulfilmentService;
  stock: StockService;
  watermarks: ShipmentWatermarks;
  /** Tells the plugin's products page its rows changed (it refetches). */
  publish?: Publish;
}

export interface PluginUpdatesSummary {
  fulfilments: number[];
  /** Shipments kept without a fulfilment, with why. */
  refused: { remoteId: string; note: string }[];
  stockSet: number;
  unknownSkus: string[];
  /** Plugin products (what the plugin holds of our products) created or updated from its report. */
  pluginProducts: number;
}

export const PLUGIN_UPDATE_MESSAGES = {
  unknownOrder: 'The plugin shipped an order this store does not have.',
  noCourier: 'The plugin did not name a carrier for this shipment.',
} as const;

/** Pages one run reads at most, so a huge backlog cannot hold the job forever (the next run goes on). */
const MAX_PAGES = 50;

const isUniqueViolation = (error: unknown) =>
  (error as { name?: string } | null)?.name === 'SequelizeUniqueConstraintError';

/**
 * Reads back what the store's plugin reports: shipments become fulfilments of their orders, made
 * through the orders module's fulfilment service as the store owner would (courier, tracking,
 * lines by SKU), which queues the push to the order's channel; the watermark moves only after a
 * page is stored, and a re-read shipment is recognised by its id. Stock levels set each product's
 * on hand through the stock service ("via plugin" in the ledger), once per reported value and run.
 */
export async function readPluginUpdates(
  deps: PluginUpdatesDependencies,
  plugin: Channel,
  reports: PluginReports,
  options: { now?: Date } = {},
): Promise<PluginUpdatesSummary> {
  const summary: PluginUpdatesSummary = {
    fulfilments: [],
    refused: [],
    stockSet: 0,
    unknownSkus: [],
    pluginProducts: 0,
  };
  await readShipments(deps, plugin, reports, summary);
  await readStock(deps, plugin, reports, summary, options.now ?? new Date());
  return summary;
}

async function readShipments(
  deps: PluginUpdatesDependencies,
  plugin: Channel,
  reports: PluginReports,
  summary: PluginUpdatesSummary,
): Promise<void> {
  const { models } = deps;
  const company = await models.Company.findByPk(plugin.company_id, { attributes: ['id', 'owner_user_id'] });
  if (!company?.owner_user_id) return;
  // The plugin acts for the store's owner: the fulfilment service checks its rules for them.
  const scope = await deps.scopes.scopeFor(
    {
      userId: company.owner_user_id,
      companyId: company.id,
      tokenId: `plugin:${plugin.uuid}`,
      tokenExpiresAt: null,
    },
    { clientIp: '127.0.0.1', via: 'api' },
  );
  const since = await deps.watermarks.watermarkOf(plugin.id);
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await reports.listShipments(since, cursor);
    const known = new Set(
      answer.shipments.length === 0
        ? []
        : (
            await models.PluginShipmentReceipt.findAll({
              where: {
                plugin_id: plugin.id,
                remote_id: { [Op.in]: answer.shipments.map((s) => s.remoteId) },
              },
              attributes: ['remote_id'],
              raw: true,
            })
          ).map((row) => row.remote_id),
    );
    for (const shipment of answer.shipments) {
      if (known.has(shipment.remoteId)) continue;
      await storeShipment(deps, plugin, scope, shipment, summary);
    }
    if (answer.watermark) await deps.watermarks.advanceWatermark(plugin.id, answer.watermark);
    if (!answer.next) return;
    cursor = answer.next;
  }
}

async function storeShipment(
  deps: PluginUpdatesDependencies,
  plugin: Channel,
  scope: Awaited<ReturnType<ScopeService['scopeFor']>>,
  shipment: PluginShipmentIn,
  summary: PluginUpdatesSummary,
): Promise<void> {
  const { models } = deps;
  const orderId = Number(shipment.reference);
  const order = Number.isSafeInteger(orderId)
    ? await models.Order.findOne({ where: { id: orderId, store_id: plugin.store_id }, attributes: ['id'] })
    : null;
  let fulfilmentId: number | null = null;
  let note: string | null = null;
  if (!order) note = PLUGIN_UPDATE_MESSAGES.unknownOrder;
  else if (!shipment.courier) note = PLUGIN_UPDATE_MESSAGES.noCourier;
  else {
    const items = await models.OrderItem.findAll({
      where: { order_id: order.id },
      attributes: ['id', 'product_sku', 'matched_sku'],
      order: [['id', 'ASC']],
      raw: true,
    });
    const itemOf = (sku: string) => {
      const folded = sku.trim().toLowerCase();
      return items.find(
        (item) => item.matched_sku?.toLowerCase() === folded || item.product_sku?.toLowerCase() === folded,
      );
    };
    const quantities = new Map<number, number>();
    for (const line of shipment.lines) {
      const item = itemOf(line.sku);
      if (item) quantities.set(item.id, (quantities.get(item.id) ?? 0) + line.quantity);
    }
    try {
      const created = await deps.fulfilments.create(scope, plugin.store_id, order.id, {
        courier: shipment.courier,
        shipping_tracking_code: shipment.trackingCode ?? undefined,
        // No line the order knows: the whole order (what is left of it) shipped.
        lines: [...quantities].map(([order_item_id, quantity]) => ({ order_item_id, quantity })),
      } as Parameters<FulfilmentService['create']>[3]);
      fulfilmentId = created.id;
      summary.fulfilments.push(created.id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      note = firstMessage(error);
    }
  }
  if (note) summary.refused.push({ remoteId: shipment.remoteId, note });
  try {
    await models.PluginShipmentReceipt.create({
      plugin_id: plugin.id,
      remote_id: shipment.remoteId,
      order_id: order?.id ?? null,
      order_fulfillment_id: fulfilmentId,
      note: note?.slice(0, 500) ?? null,
    });
  } catch (error) {
    // Another run stored the same shipment first; its receipt stands.
    if (!isUniqueViolation(error)) throw error;
  }
}

function firstMessage(error: AppError): string {
  const first = error.errors ? Object.values(error.errors).flat()[0] : undefined;
  return first ?? error.message;
}

/** Order statuses whose units are not on a shelf any more, or never left it. */
const SETTLED_STATUSES = ['Shipped', 'Cancelled', 'Refunded'];

/**
 * Units of each product that orders of the store took from our stock and the warehouse has not
 * accepted yet (no synced copy for this plugin): orders that arrived since the warehouse was
 * connected (what it is sent), still open. A kit line took its components' units (its kit_items
 * as matched, times the line's quantity): the warehouse, which stocks the components, still has
 * those on its shelf too.
 */
async function unitsNotYetAtWarehouse(
  deps: PluginUpdatesDependencies,
  plugin: Channel,
  productIds: number[],
): Promise<Map<number, number>> {
  const units = new Map<number, number>();
  if (productIds.length === 0) return units;
  const synced = PLUGIN_SYNC_STATUS.byKey('synced').value;
  const [rows] = await deps.models.Order.sequelize!.query(
    `SELECT oi.product_id AS product_id, SUM(oi.quantity) AS units
       FROM order_items oi
       JOIN orders o ON o.id = oi.order_id
       LEFT JOIN plugin_orders po ON po.order_id = o.id AND po.plugin_id = ? AND po.sync_status = ?
      WHERE o.store_id = ? AND o.created_at >= ? AND po.id IS NULL
        AND (o.status IS NULL OR o.status NOT IN (?))
        AND oi.kit_items IS NULL AND oi.product_id IN (?)
      GROUP BY oi.product_id`,
    {
      replacements: [plugin.id, synced, plugin.store_id, plugin.created_at, SETTLED_STATUSES, productIds],
    },
  );
  for (const row of rows as { product_id: number; units: number | string }[]) {
    units.set(Number(row.product_id), Number(row.units));
  }
  const [kitLines] = await deps.models.Order.sequelize!.query(
    `SELECT oi.quantity AS quantity, oi.kit_items AS kit_items
       FROM order_items oi
       JOIN orders o ON o.id = oi.order_id
       LEFT JOIN plugin_orders po ON po.order_id = o.id AND po.plugin_id = ? AND po.sync_status = ?
      WHERE o.store_id = ? AND o.created_at >= ? AND po.id IS NULL
        AND (o.status IS NULL OR o.status NOT IN (?))
        AND oi.kit_items IS NOT NULL`,
    { replacements: [plugin.id, synced, plugin.store_id, plugin.created_at, SETTLED_STATUSES] },
  );
  const wanted = new Set(productIds);
  for (const line of kitLines as { quantity: number | string; kit_items: unknown }[]) {
    const components = jsonOf<{ product_id: number; quantity: number }[]>(line.kit_items) ?? [];
    for (const component of components) {
      const productId = Number(component.product_id);
      if (!wanted.has(productId)) continue;
      units.set(productId, (units.get(productId) ?? 0) + Number(component.quantity) * Number(line.quantity));
    }
  }
  return units;
}

/**
 * What the plugin holds of each product, as it reported it (spec: plugin products): created on its
 * first report, then kept at the last figure, so the plugin's products page lists what every
 * product's ledger shows it reported. The quantity is the plugin's own figure (before our held
 * orders are taken off the on hand), synced as of this read. Returns the rows created or changed.
 */
async function recordPluginProducts(
  deps: PluginUpdatesDependencies,
  plugin: Channel,
  reported: { productId: number; remoteId: string; quantity: number }[],
  now: Date,
): Promise<number> {
  if (reported.length === 0) return 0;
  const { models } = deps;
  const synced = PLUGIN_SYNC_STATUS.byKey('synced').value;
  // One figure per product per read (a page naming a SKU twice keeps its last figure).
  const latest = new Map(reported.map((row) => [row.productId, row]));
  const existing = new Map(
    (
      await models.PluginProduct.findAll({
        where: { plugin_id: plugin.id, product_id: { [Op.in]: [...latest.keys()] } },
        attributes: ['id', 'product_id', 'remote_id', 'quantity', 'plugin_sync_status'],
      })
    ).map((row) => [row.product_id, row]),
  );
  const changedIds: number[] = [];
  for (const row of latest.values()) {
    const known = existing.get(row.productId);
    const values = {
      remote_id: row.remoteId.slice(0, 190),
      quantity: row.quantity,
      plugin_sync_status: synced,
      plugin_synced_at: now,
    };
    if (known) {
      // The synced time moves on every read; a row is "changed" for the page only when its figures do.
      const moved =
        known.quantity !== row.quantity ||
        known.remote_id !== values.remote_id ||
        known.plugin_sync_status !== synced;
      await known.update(values);
      if (moved) changedIds.push(known.id);
      continue;
    }
    try {
      const created = await models.PluginProduct.create({
        uuid: randomUUID(),
        company_id: plugin.company_id,
        store_id: plugin.store_id,
        plugin_id: plugin.id,
        product_id: row.productId,
        ...values,
      });
      changedIds.push(created.id);
    } catch (error) {
      // Another run created it first: the next read brings its figure up to date.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (changedIds.length > 0) {
    deps.publish?.({
      name: 'catalogue:changed',
      rooms: [rooms.store(plugin.store_id)],
      payload: { storeId: plugin.store_id, subject: 'plugin_products', pluginId: plugin.id, ids: changedIds },
    });
  }
  return changedIds.length;
}

async function readStock(
  deps: PluginUpdatesDependencies,
  plugin: Channel,
  reports: PluginReports,
  summary: PluginUpdatesSummary,
  now: Date,
): Promise<void> {
  const { models } = deps;
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await reports.listStockLevels(cursor);
    const levels = answer.levels.filter(
      (level) => Number.isSafeInteger(level.quantity) && level.quantity >= 0,
    );
    if (levels.length > 0) {
      const products = await models.Product.findAll({
        where: {
          store_id: plugin.store_id,
          sku: { [Op.in]: levels.map((level) => level.sku) },
          type: 'product',
        },
        attributes: ['id', 'sku'],
        raw: true,
      });
      const bySku = new Map(products.map((product) => [product.sku.toLowerCase(), product.id]));
      const notYetAtWarehouse = await unitsNotYetAtWarehouse(
        deps,
        plugin,
        products.map((product) => product.id),
      );
      const changes = levels.flatMap((level) => {
        const productId = bySku.get(level.sku.toLowerCase());
        if (productId === undefined) {
          summary.unknownSkus.push(level.sku);
          return [];
        }
        // What the warehouse can give minus what our orders already took and it has not heard of
        // (held, not sent yet): its figure alone would hand those units back and oversell them.
        const setTo = level.quantity - (notYetAtWarehouse.get(productId) ?? 0);
        return [
          {
            productId,
            setTo,
            reason: 'plugin' as const,
            sourceRef: `plugin:${plugin.id}`,
            // Per plugin, SKU, figure and read: the same read applied twice changes nothing.
            idempotencyKey: `plugin:${plugin.id}:${level.sku}:${setTo}:${now.toISOString()}`,
          },
        ];
      });
      if (changes.length > 0) {
        const results = await deps.stock.apply(null, plugin.store_id, changes, { via: 'plugin' });
        summary.stockSet += results.filter((result) => result.applied).length;
      }
      const reported = levels.flatMap((level) => {
        const productId = bySku.get(level.sku.toLowerCase());
        return productId === undefined ? [] : [{ productId, remoteId: level.sku, quantity: level.quantity }];
      });
      summary.pluginProducts += await recordPluginProducts(deps, plugin, reported, now);
    }
    if (!answer.next) return;
    cursor = answer.next;
  }
}
