import { randomUUID } from 'node:crypto';
import { Op } from 'sequelize';
import { settingsErrorsFor, settingsFormFor, type ChannelKind } from '@syncdesk/contracts';
import type { Services } from '@syncdesk/api';
import type { Channel } from '@syncdesk/api/src/db/channel.models';
import { splitValues, valuesForCreate } from '@syncdesk/api/src/modules/channels/channel-settings';
import { writeChannelCredentials } from '@syncdesk/api/src/modules/channels/channel-credentials';
import { startSimulators, type RunningSimulators } from '../simulators/start-simulators';

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
  /** OAuth app credentials the demo Shopify channel is connected with (token refresh, webhook signatures). */
  oauthApps: Record<string, { clientId: string; clientSecret: string }>;
  close(): Promise<void>;
}

const DEMO_STORE = 'Acme UK';
const DEMO_COMPANY = 'Acme Trading';

interface DemoConnection {
  kind: ChannelKind;
  type: string;
  name: string;
  isDefault?: boolean;
  body: Record<string, unknown>;
  /** Stored as the credentials blob. */
  credentials: Record<string, unknown>;
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
  const { settings, columns } = splitValues(settingsFormFor(connection.type), values);
  const existing = await services.models.Channel.findOne({
    where: { store_id: store.id, kind: connection.kind, type: connection.type },
    order: [['id', 'ASC']],
  });
  const uuid = existing?.uuid ?? randomUUID();
  const credentials = writeChannelCredentials(services.credentials, { uuid }, connection.credentials);
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

export async function startDemoSync(
  services: Services,
  options: { traffic: boolean },
): Promise<DemoSync | null> {
  const store = await demoStore(services);
  if (!store) return null;
  const products = await services.models.Product.findAll({
    where: { store_id: store.id, type: 'product' },
    attributes: ['sku'],
    order: [['id', 'ASC']],
    raw: true,
  });
  const skus = products.map((product) => product.sku);
  const firstOrderId = Math.floor(Date.now() / 1000) * 10;
  const simulators = await startSimulators({
    skus,
    traffic: options.traffic,
    shopify: { firstOrderId },
    mirakl: { firstOrderNumber: firstOrderId },
  });
  const { connections, credentials } = simulators;
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
      type: 'mirakl-decathlon',
      name: 'Acme Decathlon',
      body: {
        ...connections.mirakl.settings,
        order_statuses: ['WAITING_ACCEPTANCE', 'SHIPPING'],
        auto_confirmation: true,
        get_orders_interval: 30,
        use_default_get_orders_interval: false,
        push_stock_levels: true,
      },
      credentials: { ...connections.mirakl.credentials },
    }),
    connect(services, store, {
      kind: 'plugin',
      type: 'wms',
      name: 'Acme Warehouse',
      isDefault: true,
      body: { ...connections.wms.settings, updates_interval: 15 },
      credentials: { ...connections.wms.credentials },
    }),
  ]);
  void channels;
  return {
    simulators,
    allowedOrigins: [simulators.shopify.url, simulators.mirakl.url, simulators.wms.url].map(
      (url) => new URL(url).origin,
    ),
    oauthApps: {
      shopify: { clientId: credentials.shopify.clientId, clientSecret: credentials.shopify.clientSecret },
    },
    close: () => simulators.close(),
  };
}
