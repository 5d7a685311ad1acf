import { randomUUID } from 'node:crypto';
import { Op, type Transaction } from 'sequelize';
import {
  settingsErrorsFor,
  settingsFormFor,
  type ChannelKind,
  type ConfirmationOrderImport,
  type CreateInvoiceInput,
  type NormalisedOrderInput,
  updateOrderSyncStatusSchema,
} from '@syncdesk/contracts';
import type { Channel } from '../channel.models';
import type { Services } from '../../services';
import { splitValues, valuesForCreate } from '../../modules/channels/channel-settings';
import { addStatusMove, moveOrderStatusCounts } from '../../modules/orders/order-status-counts';

/**
 * The demo store's order history: about 300 orders over the last 90 days on three sales channels
 * (the Shopify shop, Amazon and eBay), with kits and line options, every marketplace status, a few
 * failed records, excluded and held orders, fulfilments with tracking, purchase orders from Amazon
 * Vendor awaiting acknowledgement and Xero invoices. Everything enters through the services the
 * connectors use (`orderImport.importBatch`, `confirmationOrders.importBatch`,
 * `invoices.importInvoice`). The content is fixed by a seeded generator; only the dates follow `now`.
 */

export type DemoOrderServices = Pick<
  Services,
  'sequelize' | 'models' | 'scopes' | 'orderImport' | 'orderActions' | 'confirmationOrders' | 'invoices'
>;

export interface DemoOrdersSummary {
  orders: number;
  failed: number;
  confirmationOrders: number;
  invoices: number;
}

const DAY_MS = 86_400_000;
/** Activities name the channel as their source, as a connector's import does; `via` tells the seed's apart. */
const SOURCE = { via: 'seed' };
/** ORDER_SYNC_STATUS / FULFILMENT_STATUS values the seed sets after the import. */
const SYNC = { synced: 2, onHold: 3, excluded: 6 } as const;
const FULFILMENT = { pendingSync: 1, synced: 2, failed: 3 } as const;

/** mulberry32: small, fast and the same sequence on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (probability: number) => next() < probability,
  };
}
type Random = ReturnType<typeof generator>;

/** Money in pence: the seed adds integers and only formats at the end (never float arithmetic). */
const pence = (amount: string | number) => {
  const [whole, fraction = ''] = String(amount).split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};
const pounds = (value: number) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;

const FIRST = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Mia',
  'Grace',
  'Freya',
  'Lily',
  'Ella',
  'Sophie',
  'Harriet',
  'Poppy',
  'Ruby',
  'Evie',
  'Alice',
  'Oliver',
  'George',
  'Harry',
  'Noah',
  'Jack',
  'Leo',
  'Arthur',
  'Oscar',
  'Charlie',
  'Thomas',
  'James',
  'William',
  'Henry',
  'Alfie',
  'Edward',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Clarke',
  'Hughes',
  'Edwards',
  'Turner',
  'Hill',
  'Moore',
];
const UK_TOWNS: readonly (readonly [city: string, region: string, postcode: string])[] = [
  ['London', 'Greater London', 'SE1 7PB'],
  ['Manchester', 'Greater Manchester', 'M4 1HN'],
  ['Bristol', 'Bristol', 'BS1 5TR'],
  ['Leeds', 'West Yorkshire', 'LS2 7EY'],
  ['Edinburgh', 'City of Edinburgh', 'EH1 1YZ'],
  ['Cardiff', 'Cardiff', 'CF10 1EP'],
  ['Brighton', 'East Sussex', 'BN1 1UB'],
  ['York', 'North Yorkshire', 'YO1 7HH'],
  ['Norwich', 'Norfolk', 'NR2 1NH'],
  ['Bath', 'Somerset', 'BA1 1LZ'],
  ['Glasgow', 'Glasgow City', 'G1 3SQ'],
  ['Belfast', 'County Antrim', 'BT1 5GS'],
];
const EU_TOWNS: readonly (readonly [city: string, country: string, postcode: string])[] = [
  ['Dublin', 'IE', 'D02 X285'],
  ['Paris', 'FR', '75011'],
  ['Berlin', 'DE', '10115'],
  ['Amsterdam', 'NL', '1015 CJ'],
];
const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Victoria Road',
  'Mill Lane',
  'Park Avenue',
  'Queen Street',
  'Orchard Close',
  'The Green',
  'Kings Road',
];
const COURIERS: readonly { courier: string; method: string; tracking: (random: Random) => string }[] = [
  {
    courier: 'Royal Mail',
    method: 'Royal Mail Tracked 48',
    tracking: (random) => `RM${random.int(10_000_000, 99_999_999)}${random.int(0, 9)}GB`,
  },
  {
    courier: 'DPD',
    method: 'DPD Next Day',
    tracking: (random) => `15${random.int(100_000_000, 999_999_999)}${random.int(100, 999)}`,
  },
  {
    courier: 'Evri',
    method: 'Evri 48',
    tracking: (random) => `H00A${random.int(100_000_000, 999_999_999)}${random.int(1000, 9999)}`,
  },
];

/** The demo store's other connections, made the way demo-connections makes the first ones. */
const EXTRA_CONNECTIONS: readonly {
  kind: ChannelKind;
  type: string;
  body: Record<string, unknown>;
  settings?: Record<string, unknown>;
}[] = [
  { kind: 'channel', type: 'amazonsp', body: { name: 'Acme Amazon UK', marketplace_id: 'A1F83G8C2ARO7P' } },
  { kind: 'channel', type: 'ebay', body: { name: 'Acme eBay', site_id: 3 } },
  // Purchase orders (confirmation orders) come from Amazon's vendor programme, a separate account.
  {
    kind: 'channel',
    type: 'amazonsp',
    body: { name: 'Acme Amazon Vendor', marketplace_id: 'A1F83G8C2ARO7P' },
    settings: { get_orders: false },
  },
  { kind: 'accounting', type: 'xero', body: { name: 'Acme Xero' } },
];

async function createConnection(
  services: DemoOrderServices,
  storeId: number,
  companyId: number,
  connection: (typeof EXTRA_CONNECTIONS)[number],
): Promise<Channel> {
  const values = valuesForCreate(connection.type, connection.body);
  const errors = settingsErrorsFor(connection.type, values);
  if (errors) throw new Error(`Demo ${connection.type} settings are invalid: ${JSON.stringify(errors)}`);
  const { settings, columns } = splitValues(settingsFormFor(connection.type), values);
  return services.models.Channel.create({
    uuid: randomUUID(),
    company_id: companyId,
    store_id: storeId,
    kind: connection.kind,
    type: connection.type,
    name: columns.name ?? connection.type,
    is_active: false,
    is_default: columns.is_default === true,
    account_nominal_code: columns.account_nominal_code ?? null,
    api_version: null,
    settings: { ...settings, ...connection.settings },
    credentials: null,
    authorized_at: null,
    token_expires_at: null,
  });
}

interface SeedProduct {
  sku: string;
  title: string;
  price: string;
  type: string;
  /** What deducting orders may still take: stock above a small floor (components for kits). */
  parts: { id: number; units: number }[];
}

interface Planned {
  channel: 'shopify' | 'amazon' | 'ebay';
  /** What the channel first sent; `later` is the same order re-sent with a change. */
  first: NormalisedOrderInput;
  later: NormalisedOrderInput | null;
  status: string;
  at: Date;
}

/**
 * What the sync engine (the next issue) would have recorded by now: orders sent to the warehouse
 * (synced, with the plugin's reference) and the shipments that came back with tracking, already
 * pushed to the channel. ONE helper, because no service writes the engine's results yet: it moves
 * the status counters exactly as every writer must (order-status-counts.ts), in one transaction.
 * The fulfilments are history, not the seller's new ones: `fulfilments.create` would queue each
 * to be pushed to the channel again, so they are written here with their final sync status.
 */
async function recordDemoOrderHistory(
  services: DemoOrderServices,
  storeId: number,
  pluginId: number | null,
  changes: {
    sync: Map<number, number>;
    fulfilments: {
      orderId: number;
      courier: string;
      method: string;
      tracking: string;
      status: number;
      at: Date;
      partial: boolean;
    }[];
  },
): Promise<void> {
  const { models, sequelize } = services;
  await sequelize.transaction(async (transaction: Transaction) => {
    const ids = [...changes.sync.keys()];
    const rows = ids.length
      ? await models.Order.findAll({
          where: { id: { [Op.in]: ids } },
          attributes: ['id', 'sync_status', 'status', 'order_date'],
          transaction,
        })
      : [];
    const deltas = new Map<string, number>();
    const bySync = new Map<number, number[]>();
    for (const row of rows) {
      const to = changes.sync.get(row.id)!;
      if (to === row.sync_status) continue;
      addStatusMove(deltas, row, { sync_status: to, status: row.status });
      bySync.set(to, [...(bySync.get(to) ?? []), row.id]);
    }
    for (const [sync, orderIds] of bySync) {
      await models.Order.update(
        {
          sync_status: sync,
          ...(sync === SYNC.synced && pluginId ? { plugin_sync_status: SYNC.synced } : {}),
        },
        { where: { id: { [Op.in]: orderIds } }, transaction },
      );
    }
    await moveOrderStatusCounts(sequelize, storeId, deltas, transaction);
    // Orders sent to the warehouse: the plugin's own order reference and when it took them.
    const synced = rows.filter((row) => changes.sync.get(row.id) === SYNC.synced);
    if (pluginId && synced.length) {
      await models.PluginOrder.bulkCreate(
        synced.map((row) => {
          const at = new Date((row.order_date ?? new Date()).getTime() + 2 * 3_600_000);
          return {
            order_id: row.id,
            plugin_id: pluginId,
            remote_id: `SB-${700_000 + row.id}`,
            sync_status: SYNC.synced,
            synced_at: at,
            created_at: at,
            updated_at: at,
          };
        }),
        { transaction },
      );
    }
    const items = await models.OrderItem.findAll({
      where: {
        order_id: {
          [Op.in]: changes.fulfilments.filter((entry) => entry.partial).map((entry) => entry.orderId),
        },
      },
      attributes: ['id', 'order_id', 'quantity'],
      order: [['id', 'ASC']],
      transaction,
    });
    await models.OrderFulfillment.bulkCreate(
      changes.fulfilments.map((entry) => {
        // A partial shipment: the first line went out, the rest waits for stock.
        const first = entry.partial ? items.find((item) => item.order_id === entry.orderId) : undefined;
        return {
          uuid: randomUUID(),
          order_id: entry.orderId,
          courier: entry.courier,
          shipping_method: entry.method,
          shipping_tracking_code: entry.tracking,
          sync_status: entry.status,
          lines: first ? [{ order_item_id: first.id, quantity: first.quantity }] : null,
          created_at: entry.at,
          updated_at: entry.at,
        };
      }),
      { transaction },
    );
    for (const status of [FULFILMENT.pendingSync, FULFILMENT.synced, FULFILMENT.failed]) {
      const orderIds = changes.fulfilments
        .filter((entry) => entry.status === status)
        .map((entry) => entry.orderId);
      if (orderIds.length)
        await models.Order.update(
          { fulfillment_status: status },
          { where: { id: { [Op.in]: orderIds } }, transaction },
        );
    }
  });
}

/**
 * Seeds the demo store's orders, purchase orders and invoices. Runs once, right after `seedDemo`
 * created the demo accounts (so a restart never adds a second history).
 */
export async function seedDemoOrders(
  services: DemoOrderServices,
  now: Date = new Date(),
): Promise<DemoOrdersSummary> {
  const { models } = services;
  const random = generator(20_261_124);
  const shopify = await models.Channel.findOne({ where: { type: 'shopify', name: 'Acme Shopify' } });
  if (!shopify) throw new Error('The demo orders need the demo Shopify channel (demo-connections).');
  const storeId = shopify.store_id;
  const companyId = shopify.company_id;
  const created = new Map<string, Channel>();
  for (const connection of EXTRA_CONNECTIONS) {
    created.set(
      connection.body.name as string,
      await createConnection(services, storeId, companyId, connection),
    );
  }
  const amazon = created.get('Acme Amazon UK')!;
  const ebay = created.get('Acme eBay')!;
  const vendor = created.get('Acme Amazon Vendor')!;
  const xero = created.get('Acme Xero')!;
  // The web shop deducts stock (as a seller would switch on); the marketplaces are listed from the
  // same stock but their orders stay out of the demo ledger, so stock never goes absurdly negative.
  await shopify.update({ settings: { ...shopify.settings, deduct_stock_via_orders: true } });
  const plugin = await models.Channel.findOne({
    where: { store_id: storeId, kind: 'plugin', is_default: true },
  });

  // The catalogue: products and kits with what the Shopify orders may take (a floor of 3 on hand).
  const products = await models.Product.findAll({
    where: { store_id: storeId },
    attributes: ['id', 'sku', 'title', 'price', 'type', 'quantity'],
    order: [['id', 'ASC']],
  });
  const onHand = new Map(products.map((product) => [product.id, product.quantity - 3]));
  const kitItems = await models.KitItem.findAll({
    where: { kit_product_id: { [Op.in]: products.filter((p) => p.type === 'kit').map((p) => p.id) } },
    attributes: ['kit_product_id', 'component_product_id', 'quantity'],
  });
  const catalogue: SeedProduct[] = products.map((product) => ({
    sku: product.sku,
    title: product.title,
    price: String(product.price ?? '10.00'),
    type: product.type,
    parts:
      product.type === 'kit'
        ? kitItems
            .filter((item) => item.kit_product_id === product.id)
            .map((item) => ({ id: item.component_product_id, units: item.quantity }))
        : [{ id: product.id, units: 1 }],
  }));
  const singles = catalogue.filter((product) => product.type !== 'kit');
  const kits = catalogue.filter((product) => product.type === 'kit');
  /** Takes stock for a deducting channel; false when the product can't spare it. */
  const take = (product: SeedProduct, quantity: number) => {
    if (product.parts.length === 0) return false;
    if (product.parts.some((part) => (onHand.get(part.id) ?? 0) < part.units * quantity)) return false;
    for (const part of product.parts) onHand.set(part.id, onHand.get(part.id)! - part.units * quantity);
    return true;
  };

  // 1. Plan ~300 orders, oldest first, denser towards today as a growing shop's are.
  const total = 300;
  const planned: Planned[] = [];
  const counters = { shopify: 1000, amazon: 0, ebay: 0 };
  const customers = Array.from({ length: 90 }, (_, index) => {
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    const eu = index % 15 === 14;
    const town = eu ? random.pick(EU_TOWNS) : random.pick(UK_TOWNS);
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}${index}@example.com`.toLowerCase(),
      phone: eu ? null : `07700 9${String(random.int(0, 99_999)).padStart(5, '0')}`,
      remote: `cust-${5000 + index}`,
      address: {
        name: `${first} ${last}`,
        line1: `${random.int(1, 180)} ${random.pick(STREETS)}`,
        city: town[0],
        region: eu ? null : town[1],
        postcode: town[2],
        country: eu ? town[1] : 'GB',
      },
    };
  });
  const offsets = Array.from({ length: total }, () => 90 * DAY_MS * (1 - Math.sqrt(random.next()))).sort(
    (a, b) => b - a,
  );
  for (const offset of offsets) {
    const at = new Date(Math.floor((now.getTime() - offset - 600_000) / 1000) * 1000);
    const ageDays = (now.getTime() - at.getTime()) / DAY_MS;
    const roll = random.next();
    const channel: Planned['channel'] = roll < 0.45 ? 'shopify' : roll < 0.8 ? 'amazon' : 'ebay';
    const customer = random.pick(customers);

    // The order's final status by its age: old ones shipped (or cancelled, refunded), new ones open.
    const state = random.next();
    let status: string;
    if (ageDays > 6)
      status =
        state < 0.84 ? 'Shipped' : state < 0.92 ? 'Cancelled' : state < 0.97 ? 'Refunded' : 'Unfulfillable';
    else if (ageDays > 2)
      status =
        state < 0.5
          ? 'Shipped'
          : state < 0.62
            ? 'PartiallyShipped'
            : state < 0.95
              ? 'Unshipped'
              : 'Cancelled';
    else status = state < 0.85 || channel !== 'shopify' ? 'Unshipped' : 'Unpaid';

    const lines: NonNullable<NormalisedOrderInput['lines']> = [];
    let subtotal = 0;
    const lineCount = random.chance(0.6) ? 1 : random.chance(0.7) ? 2 : 3;
    for (let index = 0; index < lineCount; index += 1) {
      const quantity = random.chance(0.8) ? 1 : 2;
      let product = random.chance(0.14) ? random.pick(kits) : random.pick(singles);
      // Only the web shop takes stock; pick another product when this one can't spare it.
      if (channel === 'shopify' && status !== 'Cancelled') {
        let tries = 0;
        while (!take(product, quantity) && tries < 20) {
          product = random.pick(singles);
          tries += 1;
        }
      }
      if (lines.some((line) => line.sku === product.sku)) continue;
      const price = pence(product.price);
      subtotal += price * quantity;
      const options =
        channel === 'shopify' && product.sku.startsWith('MUG') && random.chance(0.4)
          ? [
              {
                option_name: 'Personalisation',
                option_value: random.pick(['Mum', 'Grandad', 'Best Teacher', 'Home']),
              },
            ]
          : channel === 'shopify' && random.chance(0.12)
            ? [{ option_name: 'Gift wrap', option_value: 'Yes' }]
            : [];
      lines.push({
        remote_id: `${index + 1}`,
        sku: product.sku,
        title: product.title,
        quantity,
        price: pounds(price),
        // UK prices include VAT at 20%: the tax is a sixth of the line.
        tax_total: pounds(Math.round((price * quantity) / 6)),
        total_price: pounds(price * quantity),
        options,
      });
    }
    const shipping = channel === 'amazon' ? 0 : channel === 'ebay' ? 299 : subtotal >= 4000 ? 0 : 395;
    const discount = channel === 'shopify' && random.chance(0.1) ? Math.round(subtotal / 10) : 0;
    const orderTotal = subtotal + shipping - discount;
    let remoteId: string;
    let number: string;
    if (channel === 'shopify') {
      counters.shopify += 1;
      remoteId = String(5_400_000_000 + counters.shopify * 7);
      number = String(counters.shopify);
    } else if (channel === 'amazon') {
      counters.amazon += 1;
      number = `202-${String(1_000_000 + random.int(0, 8_999_999))}-${String(1_000_000 + random.int(0, 8_999_999))}`;
      remoteId = number;
    } else {
      counters.ebay += 1;
      number = `${random.int(10, 27)}-${random.int(10_000, 99_999)}-${random.int(10_000, 99_999)}`;
      remoteId = number;
    }
    const payment =
      status === 'Unpaid'
        ? 'Pending'
        : status === 'Refunded'
          ? 'Refunded'
          : status === 'Cancelled'
            ? 'Voided'
            : 'Paid';
    const order: NormalisedOrderInput = {
      remote_id: remoteId,
      order_number: number,
      status: status as NormalisedOrderInput['status'],
      payment_status: payment as NormalisedOrderInput['payment_status'],
      currency: 'GBP',
      subtotal: pounds(subtotal),
      shipping_total: pounds(shipping),
      tax_total: pounds(Math.round(orderTotal / 6)),
      discount_total: pounds(discount),
      total: pounds(orderTotal),
      order_date: at,
      customer: {
        name: customer.name,
        // Amazon hides the buyer's address behind a relay address.
        email: channel === 'amazon' ? `${customer.remote}@marketplace.amazon.co.uk` : customer.email,
        phone: customer.phone,
        remote_id: customer.remote,
      },
      shipping_address: customer.address,
      invoice_address: channel === 'shopify' ? customer.address : null,
      shipping_method:
        channel === 'amazon'
          ? 'Standard'
          : channel === 'ebay'
            ? 'Royal Mail Tracked 48'
            : shipping === 0
              ? 'Free UK delivery'
              : 'UK Standard',
      tags:
        channel === 'shopify' && random.chance(0.2)
          ? [random.pick(['gift', 'repeat customer', 'wholesale enquiry'])]
          : [],
      order_type: channel === 'amazon' ? 'StandardOrder' : null,
      lines,
    };
    // Orders the channel has changed since: first seen open, then cancelled or shipped.
    const changesLater =
      status === 'Cancelled' || (status === 'Shipped' && ageDays < 20 && random.chance(0.5));
    planned.push({
      channel,
      first: changesLater
        ? {
            ...order,
            status: 'Unshipped',
            payment_status: status === 'Cancelled' ? 'Paid' : order.payment_status,
          }
        : order,
      later: changesLater ? order : null,
      status,
      at,
    });
  }

  // A few records no connector could make sense of: stored as failed with the reason.
  const broken: { channel: Channel; order: unknown }[] = [
    {
      channel: amazon,
      order: {
        ...planned.find((p) => p.channel === 'amazon')!.first,
        remote_id: '202-0000000-0000001',
        currency: 'Pounds',
      },
    },
    {
      channel: ebay,
      order: { ...planned.find((p) => p.channel === 'ebay')!.first, remote_id: '99-00000-00001', lines: [] },
    },
    {
      channel: ebay,
      order: {
        ...planned.filter((p) => p.channel === 'ebay')[1]!.first,
        remote_id: '99-00000-00002',
        shipping_address: { name: 'Sean Murphy', city: 'Cork', country: 'Ireland' },
      },
    },
    {
      channel: amazon,
      order: {
        ...planned.filter((p) => p.channel === 'amazon')[1]!.first,
        remote_id: '202-0000000-0000002',
        total: 'twelve pounds',
      },
    },
  ];

  // 2. Import per channel, as each connector would: first what each channel sent, then its changes.
  const channelOf = { shopify, amazon, ebay };
  const idOf = new Map<Planned, number>();
  let failed = 0;
  for (const key of ['shopify', 'amazon', 'ebay'] as const) {
    const mine = planned.filter((entry) => entry.channel === key);
    const extra = broken.filter((entry) => entry.channel === channelOf[key]).map((entry) => entry.order);
    const result = await services.orderImport.importBatch(
      channelOf[key].id,
      [...mine.map((entry) => entry.first), ...extra],
      SOURCE,
    );
    failed += result.failed;
    const later = mine.filter((entry) => entry.later).map((entry) => entry.later!);
    if (later.length) await services.orderImport.importBatch(channelOf[key].id, later, SOURCE);
    const stored = await models.Order.findAll({
      where: {
        channel_id: channelOf[key].id,
        remote_id: { [Op.in]: mine.map((entry) => String(entry.first.remote_id)) },
      },
      attributes: ['id', 'remote_id'],
    });
    const byRemote = new Map(stored.map((row) => [row.remote_id, row.id]));
    for (const entry of mine) idOf.set(entry, byRemote.get(String(entry.first.remote_id))!);
  }

  // 3. What happened since: shipped orders went to the warehouse and out with tracking; a few
  // orders the seller excluded (sold elsewhere, collected in person) or held (address check).
  const sync = new Map<number, number>();
  const excluded: number[] = [];
  const held: number[] = [];
  const fulfilments: Parameters<typeof recordDemoOrderHistory>[3]['fulfilments'] = [];
  let open = 0;
  for (const entry of planned) {
    const id = idOf.get(entry)!;
    const ageDays = (now.getTime() - entry.at.getTime()) / DAY_MS;
    if (entry.status === 'Shipped' || entry.status === 'PartiallyShipped' || entry.status === 'Refunded') {
      sync.set(id, SYNC.synced);
      const courier = random.pick(COURIERS);
      fulfilments.push({
        orderId: id,
        courier: courier.courier,
        method: courier.method,
        tracking: courier.tracking(random),
        status:
          ageDays < 1.5
            ? FULFILMENT.pendingSync
            : random.chance(0.03)
              ? FULFILMENT.failed
              : FULFILMENT.synced,
        at: new Date(entry.at.getTime() + Math.min(ageDays, 1.2) * DAY_MS),
        partial: entry.status === 'PartiallyShipped',
      });
    } else if (
      entry.status === 'Unshipped' ||
      entry.status === 'Unpaid' ||
      entry.status === 'Unfulfillable'
    ) {
      open += 1;
      // Nothing to send for an order the channel says can't be fulfilled: held for the seller.
      if (entry.status === 'Unfulfillable') held.push(id);
      else if (open % 9 === 4) excluded.push(id);
      else if (open % 11 === 6) held.push(id);
      else if (ageDays > 1 && entry.status === 'Unshipped') sync.set(id, SYNC.synced);
    }
  }
  // The seller's own decisions go through the order actions, as the bulk action on the list does.
  const company = await models.Company.findByPk(companyId);
  const seller = await services.scopes.scopeFor(
    { userId: company!.owner_user_id!, companyId, tokenId: 'demo-seed', tokenExpiresAt: null },
    { clientIp: '127.0.0.1', via: 'web' },
  );
  for (const [status, orderIds] of [
    [SYNC.excluded, excluded],
    [SYNC.onHold, held],
  ] as const) {
    if (orderIds.length === 0) continue;
    await services.orderActions.updateSyncStatus(seller, storeId, {
      input: updateOrderSyncStatusSchema.parse({ action_type: 'order', status, order_ids: orderIds }),
      file: null,
      listQuery: {},
    });
  }
  await recordDemoOrderHistory(services, storeId, plugin?.id ?? null, { sync, fulfilments });

  // 4. Purchase orders from Amazon Vendor awaiting acknowledgement: one due within hours, one overdue.
  const vendorOrders: ConfirmationOrderImport[] = Array.from({ length: 8 }, (_, index) => {
    const placed = new Date(now.getTime() - (index + 1) * 0.7 * DAY_MS);
    const dueIn = index === 0 ? 3 * 3_600_000 : index === 1 ? -6 * 3_600_000 : (index + 1) * 0.5 * DAY_MS;
    const items = Array.from({ length: random.int(2, 5) }, (_, position) => {
      const product = random.pick(singles);
      return {
        item_sequence_number: String(position + 1),
        sku: product.sku,
        remote_product_id: `B0${String(random.int(10_000_000, 99_999_999))}`,
        title: product.title,
        ordered_quantity: random.pick([6, 12, 12, 24, 36, 48]),
        // Vendor cost: about 55% of the shelf price, in pence.
        net_cost: pounds(Math.round((pence(product.price) * 55) / 100)),
      };
    });
    return {
      purchase_order_number: `${String.fromCharCode(65 + index)}${random.int(1, 9)}K${random.int(10_000, 99_999)}`,
      status: 'Placed',
      order_date: placed,
      acknowledge_by: new Date(now.getTime() + dueIn),
      ship_window_start: new Date(now.getTime() + 3 * DAY_MS),
      ship_window_end: new Date(now.getTime() + 10 * DAY_MS),
      buyer_party_id: 'AMAZON-UK',
      ship_to_party_id: random.pick(['LTN4', 'BHX4', 'MAN1', 'EUK5']),
      selling_party_id: 'ACME1',
      currency: 'GBP',
      items,
    };
  });
  const purchaseOrders = await services.confirmationOrders.importBatch(vendor.id, vendorOrders);

  // 5. Invoices raised in Xero for the web shop's recent paid orders.
  const invoiced = planned
    .filter((entry) => entry.channel === 'shopify' && entry.status === 'Shipped')
    .slice(-20);
  let invoices = 0;
  for (const [index, entry] of invoiced.entries()) {
    const order = (entry.later ?? entry.first) as NormalisedOrderInput;
    const input: CreateInvoiceInput = {
      channel_id: xero.id,
      customer_name: order.customer!.name!,
      customer_email: order.customer!.email ?? null,
      invoice_number: `INV-${String(2041 + index).padStart(5, '0')}`,
      order_reference: `#${order.order_number}`,
      invoice_date: entry.at.toISOString().slice(0, 10),
      currency: 'GBP',
      status: index === invoiced.length - 1 ? 'draft' : 'authorised',
      lines: order.lines.map((line) => ({
        sku: line.sku ?? null,
        product_nominal_code: '200',
        description: line.title ?? line.sku ?? 'Item',
        quantity: String(line.quantity),
        tax_type: 'OUTPUT2',
        tax_total: String(line.tax_total ?? '0'),
        discount_total: '0',
        unit_price: String(line.price ?? '0'),
      })),
    };
    await services.invoices.importInvoice(storeId, input);
    invoices += 1;
  }

  return { orders: planned.length, failed, confirmationOrders: purchaseOrders.ids.length, invoices };
}
