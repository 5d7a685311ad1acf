import {
  MIRAKL_SIMULATOR_KEY,
  startMiraklSimulator,
  type MiraklSimulator,
  type MiraklSimulatorOptions,
} from '../providers/mirakl/simulator';
import {
  SHOPIFY_SIMULATOR_DEFAULTS,
  startShopifySimulator,
  type ShopifySimulator,
  type ShopifySimulatorOptions,
} from '../providers/shopify/simulator';
import {
  DEFAULT_WMS_API_KEY,
  startWmsSimulator,
  type RunningWmsSimulator,
  type WmsSimulatorOptions,
} from '../providers/wms/simulator';

/**
 * The three simulators the demo and `npm run simulators` need (Shopify, a Mirakl retailer, the
 * WMS), started together on given or free ports with the credentials the channels will hold.
 */
export interface SimulatorCredentials {
  shopify: { accessToken: string; clientId: string; clientSecret: string };
  mirakl: { apiKey: string; shopId: string };
  wms: { apiKey: string };
}

export interface StartSimulatorsOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 each: free ports. */
  ports?: { shopify?: number; mirakl?: number; wms?: number };
  credentials?: {
    shopify?: Partial<SimulatorCredentials['shopify']>;
    mirakl?: Partial<SimulatorCredentials['mirakl']>;
    wms?: Partial<SimulatorCredentials['wms']>;
  };
  /** SKUs every simulator sells or stocks, so one order's lines mean the same product everywhere. */
  skus?: readonly string[];
  /** Demo traffic from the start: new orders at Shopify and Mirakl, stock movement at the WMS. */
  traffic?: boolean;
  /**
   * The live demo's hiccups: every `everyMs` one of the simulators, in turn, fails a call the way
   * real ones do now and then (Shopify 503, Mirakl 429 with Retry-After, the WMS 503), so a newcomer
   * sees a failure explained and retried. Off unless asked (tests never are).
   */
  hiccups?: { everyMs: number };
  seed?: number;
  /** Anything else each simulator takes (faster shipping, bucket size …). */
  shopify?: Omit<ShopifySimulatorOptions, 'port' | 'host'>;
  mirakl?: Omit<MiraklSimulatorOptions, 'port' | 'host'>;
  wms?: Omit<WmsSimulatorOptions, 'port' | 'host'>;
}

export interface RunningSimulators {
  shopify: ShopifySimulator;
  mirakl: MiraklSimulator;
  wms: RunningWmsSimulator;
  credentials: SimulatorCredentials;
  /** What each channel row's settings and credentials hold to reach its simulator. */
  connections: {
    shopify: { settings: { shop_url: string }; credentials: { access_token: string } };
    mirakl: { settings: { shop_url: string; shop_id: string }; credentials: { api_key: string } };
    wms: { settings: { api_url: string }; credentials: { api_key: string } };
  };
  startTraffic(): void;
  stopTraffic(): void;
  close(): Promise<void>;
}

/** Demo traffic pace: staggered so the two channels' orders do not arrive in lockstep. */
export const TRAFFIC_EVERY_MS = { shopify: 5_000, mirakl: 7_000, wms: 4_000 } as const;

/** The live demo's pace of hiccups: one recoverable failure every few minutes, never a flood. */
export const DEMO_HICCUP_EVERY_MS = 3 * 60_000;

/** What each hiccup is, in turn: failures the sync engine waits out and retries. */
const HICCUPS = ['shopify', 'mirakl', 'wms'] as const;

/**
 * Answers each hiccup fails: as many as the transport's attempts at one call (channel-http retries a
 * 503 on a read and a 429 twice), so the call fails and is recorded, explained, then run again by
 * the next poll or the Retry button. One answer would be retried away unseen.
 */
const HICCUP_ANSWERS = 3;

/** Each simulator's own seeded credentials, unless the caller gives others. */
export const SIMULATOR_CREDENTIALS: SimulatorCredentials = {
  shopify: {
    accessToken: SHOPIFY_SIMULATOR_DEFAULTS.accessToken,
    clientId: SHOPIFY_SIMULATOR_DEFAULTS.clientId,
    clientSecret: SHOPIFY_SIMULATOR_DEFAULTS.clientSecret,
  },
  mirakl: { apiKey: MIRAKL_SIMULATOR_KEY, shopId: '2001' },
  wms: { apiKey: DEFAULT_WMS_API_KEY },
};

export async function startSimulators(options: StartSimulatorsOptions = {}): Promise<RunningSimulators> {
  const host = options.host ?? '127.0.0.1';
  const credentials: SimulatorCredentials = {
    shopify: { ...SIMULATOR_CREDENTIALS.shopify, ...options.credentials?.shopify },
    mirakl: { ...SIMULATOR_CREDENTIALS.mirakl, ...options.credentials?.mirakl },
    wms: { ...SIMULATOR_CREDENTIALS.wms, ...options.credentials?.wms },
  };
  const skus = options.skus && options.skus.length > 0 ? options.skus : undefined;
  const started: { close(): Promise<void> }[] = [];
  try {
    const shopify = await startShopifySimulator({
      ...options.shopify,
      host,
      port: options.ports?.shopify ?? 0,
      ...credentials.shopify,
      ...(skus ? { skus } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
    });
    started.push(shopify);
    const mirakl = await startMiraklSimulator({
      ...options.mirakl,
      host,
      port: options.ports?.mirakl ?? 0,
      apiKey: credentials.mirakl.apiKey,
      shopId: credentials.mirakl.shopId,
      ...(skus ? { skus } : {}),
      ...(options.seed !== undefined ? { seed: options.seed + 1 } : {}),
    });
    started.push(mirakl);
    const wms = await startWmsSimulator({
      ...options.wms,
      host,
      port: options.ports?.wms ?? 0,
      apiKey: credentials.wms.apiKey,
      ...(skus ? { skus } : {}),
      ...(options.seed !== undefined ? { seed: options.seed + 2 } : {}),
    });
    started.push(wms);

    const startTraffic = () => {
      shopify.state.startTraffic(TRAFFIC_EVERY_MS.shopify);
      mirakl.state.startTraffic(TRAFFIC_EVERY_MS.mirakl);
      wms.state.startTraffic(TRAFFIC_EVERY_MS.wms);
    };
    const stopTraffic = () => {
      shopify.state.stopTraffic();
      mirakl.state.stopTraffic();
      wms.state.stopTraffic();
    };
    if (options.traffic) startTraffic();
    let hiccup = 0;
    const hiccups = options.hiccups
      ? setInterval(() => {
          const next = HICCUPS[hiccup++ % HICCUPS.length]!;
          // Reads the demo polls (orders, stock levels), so the failure is met within a minute.
          const count = HICCUP_ANSWERS;
          if (next === 'shopify') shopify.state.addFault({ status: 503, count, path: '/orders' });
          else if (next === 'mirakl') mirakl.state.addFault({ status: 429, count, path: '/api/orders' });
          else wms.state.addFault({ status: 503, count, path: '/v1/stock' });
        }, options.hiccups.everyMs)
      : null;
    hiccups?.unref();

    return {
      shopify,
      mirakl,
      wms,
      credentials,
      connections: {
        shopify: {
          settings: { shop_url: shopify.url },
          credentials: { access_token: credentials.shopify.accessToken },
        },
        mirakl: {
          settings: { shop_url: mirakl.url, shop_id: credentials.mirakl.shopId },
          credentials: { api_key: credentials.mirakl.apiKey },
        },
        wms: { settings: { api_url: wms.url }, credentials: { api_key: credentials.wms.apiKey } },
      },
      startTraffic,
      stopTraffic,
      close: async () => {
        if (hiccups) clearInterval(hiccups);
        stopTraffic();
        await Promise.all([shopify.close(), mirakl.close(), wms.close()]);
      },
    };
  } catch (error) {
    // A port already taken must not leave the simulators that did start listening.
    await Promise.all(started.map((simulator) => simulator.close().catch(() => undefined)));
    throw error;
  }
}
