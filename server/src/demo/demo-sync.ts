import { randomUUID } from 'node:crypto';
import { Op } from 'sequelize';
import { settingsErrorsFor, settingsFormFor, type ChannelKind, type RateLimit } from '@syncdesk/contracts';
import {
  loadOrCreateSecret,
  splitValues,
  valuesForCreate,
  writeChannelCredentials,
  type Channel,
  type Services,
} from '@syncdesk/api';
import {
  DEMO_HICCUP_EVERY_MS,
  SIMULATOR_CREDENTIALS,
  startSimulators,
  type RunningSimulators,
} from '@syncdesk/integrations';

/**
 * The embedded demo's live half: the Shopify, Mirakl and WMS simulators run inside `npm start`, and
 * the demo store (Acme UK) is connected to them — its Shopify channel, a Mirakl retailer channel and
 * the WMS plugin as its default — so a newcomer watches orders arrive, stock move to both channels,
 * the warehouse ship and tracking go back, and reads every call in the transaction records.
 *
 * The simulators keep their state in memory and listen on free ports; every start points the
 * channel rows at the new addresses. Order ids start from the clock, so orders of an earlier run
 * (already imported) are never confused with a new run's.
 */
export interface DemoSync {
  simulators: RunningSimulators;
  /** The simulators' origins: the only private addresses the sync engine may call for the demo. */
  allowedOrigins: string[];
  /** The demo's connections, switched on (their recurring jobs follow from them). */
  channels: Channel[];
  close(): Promise<void>;
}

/** The simulated Shopify app the demo's shop and this deployment share. */
export interface DemoShopifyApp {
  clientId: string;
  clientSecret: string;
}

/**
 * The simulated Shopify app of this deployment. Its secret signs the demo shop's webhooks, so it is
 * generated into the data folder like the other secrets (`secrets/demo-shopify-app.key`): a secret
 * written in the code would let anyone who read it sign deliveries every demo install accepts.
 */
export function demoShopifyApp(dataDir: string): DemoShopifyApp {
  return {
    clientId: SIMULATOR_CREDENTIALS.shopify.clientId,
    clientSecret: loadOrCreateSecret(dataDir, 'demo-shopify-app'),
  };
}

/**
 * `OAUTH_PROVIDERS_JSON` with the simulated Shopify app added when none is configured: the demo's
 * token refreshes and webhook signatures use the app's secret, as with a real shop.
 */
export function demoOAuthProviders(configured: string | undefined, app: DemoShopifyApp): string {
  const providers = configured?.trim() ? (JSON.parse(configured) as Record<string, unknown>) : {};
  providers.shopify ??= { clientId: app.clientId, clientSecret: app.clientSecret };
  return JSON.stringify(providers);
}

const DEMO_STORE = 'Acme UK';
const DEMO_MIRAKL_TYPE = 'mirakl-decathlon';

const windowMs = (limit: RateLimit | undefined) =>
  limit ? (limit.periodSeconds * 1000) / Math.max(1, limit.calls) : undefined;

/**
 * The simulator holds the demo's Mirakl channel to the limits the deployment gives that type, so an
 * operator who shortens them (the e2e server does, to keep its wait in seconds) meets no 429 either.
 */
function miraklWindows(limits: Readonly<Record<string, RateLimit>> | undefined) {
  const windows: { stockImportWindowMs?: number; statusPollWindowMs?: number } = {};
  const stockImport = windowMs(limits?.update_stock);
  const statusPoll = windowMs(limits?.stock_import_status);
  if (stockImport !== undefined) windows.stockImportWindowMs = stockImport;
  if (statusPoll !== undefined) windows.statusPollWindowMs = statusPoll;
  return windows;
}
const DEMO_COMPANY = 'Acme Trading';

interface DemoConnection {
  kind: ChannelKind;
  type: string;
  name: string;
  isDefault?: boolean;
  body: Record<string, unknown>;
  /** Stored as the credentials blob; the form's secret fields (in `body`) when absent. */
  credentials?: Record<string, unknown>;
}

async function demoStore(services: Services) {
  const company = await services.models.Company.findOne({ where: { name: DEMO_COMPANY } });
  if (!company) return null;
  return services.models.Store.findOne({ where: { company_id: company.id, name: DEMO_STORE } });
}

/** Creates the connection or points the existing one (same store, kind and type) at the simulator. */
async function connect(
  services: Services,
  store: { id: number; company_id: number },
  connection: DemoConnection,
): Promise<Channel> {
  const values = valuesForCreate(connection.type, { name: connection.name, ...connection.body });
  const errors = settingsErrorsFor(connection.type, values);
  if (errors) throw new Error(`Demo ${connection.type} settings are invalid: ${JSON.stringify(errors)}`);
  const { settings, columns, secrets } = splitValues(settingsFormFor(connection.type), values);
  const existing = await services.models.Channel.findOne({
    where: { store_id: store.id, kind: connection.kind, type: connection.type },
    order: [['id', 'ASC']],
  });
  const uuid = existing?.uuid ?? randomUUID();
  const credentials = writeChannelCredentials(
    services.credentials,
    { uuid },
    connection.credentials ?? secrets,
  );
  if (connection.isDefault) {
    await services.models.Channel.update(
      { is_default: false },
      { where: { store_id: store.id, kind: 'plugin', is_default: true, type: { [Op.ne]: connection.type } } },
    );
  }
  if (existing) {
    // Only what the demo sets: the seeded channel keeps its own settings (buffer, cap …).
    const given = Object.fromEntries(Object.entries(settings).filter(([key]) => key in connection.body));
    existing.settings = { ...existing.settings, ...given };
    existing.credentials = credentials;
    existing.is_active = true;
    if (connection.isDefault) existing.is_default = true;
    existing.authorized_at ??= new Date();
    await existing.save();
    return existing;
  }
  return services.models.Channel.create({
    uuid,
    company_id: store.company_id,
    store_id: store.id,
    kind: connection.kind,
    type: connection.type,
    name: String(columns.name ?? connection.name),
    is_active: true,
    is_default: connection.isDefault === true,
    account_nominal_code: null,
    api_version: null,
    settings,
    credentials,
    authorized_at: new Date(),
    token_expires_at: null,
  });
}

/**
 * The Mirakl retailer sells every product of the catalogue: one listing each, matched by SKU and waiting
 * for its first stock push (all of them go in one STO01 file). Only when the channel has none yet.
 */
async function listEveryProduct(
  services: Services,
  store: { id: number; company_id: number },
  channel: Channel,
): Promise<void> {
  if ((await services.models.ChannelProduct.count({ where: { channel_id: channel.id } })) > 0) return;
  // The simulators sell the catalogue's products (the SKUs they were started with), not its kits.
  const products = await services.models.Product.findAll({
    where: { store_id: store.id, type: 'product' },
    order: [['id', 'ASC']],
  });
  await services.models.ChannelProduct.bulkCreate(
    products.map((product) => ({
      uuid: randomUUID(),
      company_id: store.company_id,
      store_id: store.id,
      channel_id: channel.id,
      channel_product_id: `offer-${product.sku}`,
      sku: product.sku,
      remote_sku: null,
      title: product.title,
      quantity: null,
      price: product.price,
      listing_status: 4,
      product_id: product.id,
      matched_sku: product.sku,
      sync_status: 4,
      pushed_quantity: null,
      pushed_at: null,
    })),
  );
}

export async function startDemoSync(
  services: Services,
  options: {
    traffic: boolean;
    /** The operator's limits per channel type (`SYNC_RATE_LIMITS_JSON`): the Mirakl simulator enforces its type's. */
    limits?: Readonly<Record<string, Readonly<Record<string, RateLimit>>>>;
    /** The app the shop signs its webhooks for (`demoShopifyApp`), as `demoOAuthProviders` gave it. */
    shopifyApp: DemoShopifyApp;
    /** Fixed addresses (`npm run start:simulators`, which workers elsewhere trust); free local ports when absent. */
    listen?: { host: string; ports: { shopify: number; mirakl: number; wms: number } };
    /** A recoverable failure every few minutes (`DEMO_FAILURES`); never in tests unless asked. */
    failures?: boolean;
  },
): Promise<DemoSync | null> {
  const store = await demoStore(services);
  if (!store) return null;
  const products = await services.models.Product.findAll({
    where: { store_id: store.id, type: 'product' },
    attributes: ['sku', 'title', 'quantity'],
    order: [['id', 'ASC']],
    raw: true,
  });
  // The simulators sell and stock what the store has on hand, at the store's own figures: a
  // warehouse starting every SKU at 100 would report the oversold product and the sold-out
  // component of the kit back into stock within a minute, and the demo's states (README) with
  // them. Products at or below 0 are left alone by all three (no shop sells them, the warehouse
  // neither holds nor restocks them), so they stay as the seed told their story.
  const inStock = products.filter((product) => product.quantity > 0);
  const skus = inStock.map((product) => product.sku);
  // Order lines read their product's real title, as a shop's and a marketplace's do.
  const titles = Object.fromEntries(inStock.map((product) => [product.sku, product.title]));
  const firstOrderId = Math.floor(Date.now() / 1000) * 10;
  const simulators = await startSimulators({
    ...options.listen,
    skus,
    traffic: options.traffic,
    ...(options.failures ? { hiccups: { everyMs: DEMO_HICCUP_EVERY_MS } } : {}),
    credentials: { shopify: options.shopifyApp },
    shopify: { firstOrderId, titles },
    mirakl: { firstOrderNumber: firstOrderId, titles, ...miraklWindows(options.limits?.[DEMO_MIRAKL_TYPE]) },
    wms: { stock: Object.fromEntries(inStock.map((product) => [product.sku, product.quantity])) },
  });
  const { connections } = simulators;
  const channels = await Promise.all([
    connect(services, store, {
      kind: 'channel',
      type: 'shopify',
      name: 'Acme Shopify',
      body: {
        ...connections.shopify.settings,
        get_orders_interval: 60,
        use_default_get_orders_interval: false,
      },
      credentials: { oauth: { access_token: connections.shopify.credentials.access_token } },
    }),
    connect(services, store, {
      kind: 'channel',
      type: DEMO_MIRAKL_TYPE,
      name: 'Acme Decathlon',
      body: {
        ...connections.mirakl.settings,
        order_statuses: ['WAITING_ACCEPTANCE', 'SHIPPING'],
        auto_confirmation: true,
        get_orders_interval: 30,
        use_default_get_orders_interval: false,
        auto_sync_stock: true,
        push_stock_levels: true,
        use_low_stock_buffer: true,
        low_stock_buffer: 1,
        ...connections.mirakl.credentials,
      },
    }),
    connect(services, store, {
      kind: 'plugin',
      type: 'wms',
      name: 'Acme Warehouse',
      isDefault: true,
      body: { ...connections.wms.settings, updates_interval: 30, ...connections.wms.credentials },
    }),
  ]);
  await listEveryProduct(services, store, channels[1]!);
  return {
    channels,
    simulators,
    allowedOrigins: [simulators.shopify.url, simulators.mirakl.url, simulators.wms.url].map(
      (url) => new URL(url).origin,
    ),
    close: () => simulators.close(),
  };
}
