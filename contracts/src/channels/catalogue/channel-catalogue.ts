/**
 * The channel catalogue (integration-domain §9): every channel, accounting channel and plugin a
 * store can connect, with what the channel picker, the settings forms and the job scheduler need to
 * know about it. The data is plain and isomorphic so the api and the browser read the same list.
 */

import { type CHANNEL_CATEGORY } from '../channel.status';

/** Picker group, taken from the `CHANNEL_CATEGORY` vocabulary so the two cannot drift apart. */
export type ChannelCatalogueCategory = (typeof CHANNEL_CATEGORY)['entries'][number]['value'];

/** What the entry connects as: a sales channel, an accounting channel or a fulfilment/WMS plugin. */
export type ChannelKind = 'channel' | 'accounting' | 'plugin';

/**
 * How the user authorises the connection: `oauth` goes through the connect flow, `api_key` asks
 * for one key or token, `key_secret` asks for a key (or client id) and its secret.
 */
export type ChannelAuthType = 'oauth' | 'api_key' | 'key_secret';

/** Operations the scheduler throttles per channel (spec §9). */
export type RateLimitedOperation = 'get_orders' | 'get_products' | 'update_stock' | 'update_fulfillment';

/** Allowed calls per period; `{ calls: 0, periodSeconds: 0 }` means the operation is never called. */
export interface RateLimit {
  calls: number;
  periodSeconds: number;
}

export type ChannelRateLimits = Readonly<Record<RateLimitedOperation, RateLimit>>;

export interface ChannelApiVersions {
  options: readonly { value: string; label: string }[];
  default: string;
}

export interface ChannelCatalogueEntry {
  /** The channel type sent in routes and stored on the channel (`amazonsp`, `mirakl-decathlon`). */
  slug: string;
  /** What the picker shows. */
  name: string;
  category: ChannelCatalogueCategory;
  kind: ChannelKind;
  /** Inactive entries are listed but cannot be connected; the picker shows `COMING_SOON_LABEL`. */
  active: boolean;
  authType: ChannelAuthType;
  versions?: ChannelApiVersions;
  rateLimits: ChannelRateLimits;
}

/** Label the picker shows instead of a connect button for inactive entries (spec §9). */
export const COMING_SOON_LABEL = 'Coming soon...';

/** Prefix of the Mirakl-based retailers; they all share the Mirakl settings form (spec §5). */
export const MIRAKL_PREFIX = 'mirakl-';

/**
 * Limits used by channels the spec gives no figures for: "many channels default to 10/30, 100/60,
 * 10/60 or 50/60", read in operation order.
 */
export const DEFAULT_RATE_LIMITS: ChannelRateLimits = {
  get_orders: { calls: 10, periodSeconds: 30 },
  get_products: { calls: 100, periodSeconds: 60 },
  update_stock: { calls: 10, periodSeconds: 60 },
  update_fulfillment: { calls: 50, periodSeconds: 60 },
};

/** Per-channel limits given by spec §9; operations it leaves out keep the default. */
const SPEC_RATE_LIMITS: Readonly<Record<string, Partial<ChannelRateLimits>>> = {
  amazonsp: {
    get_orders: { calls: 10, periodSeconds: 60 },
    get_products: { calls: 80, periodSeconds: 3600 },
    update_stock: { calls: 1, periodSeconds: 80 },
    update_fulfillment: { calls: 1, periodSeconds: 80 },
  },
  shopify: {
    get_orders: { calls: 10, periodSeconds: 30 },
    get_products: { calls: 25, periodSeconds: 30 },
    update_stock: { calls: 40, periodSeconds: 20 },
    update_fulfillment: { calls: 50, periodSeconds: 60 },
  },
  ebay: {
    get_orders: { calls: 6, periodSeconds: 60 },
    get_products: { calls: 300, periodSeconds: 30 },
    update_stock: { calls: 25, periodSeconds: 30 },
  },
  etsy: {
    get_orders: { calls: 10, periodSeconds: 1 },
    get_products: { calls: 10, periodSeconds: 1 },
    update_stock: { calls: 10, periodSeconds: 1 },
    update_fulfillment: { calls: 10, periodSeconds: 1 },
  },
  // The spec names it `quickbooks`; the catalogue slug is `quickbooksonline`. An accounting
  // channel never ships anything, hence 0/0.
  quickbooksonline: {
    update_fulfillment: { calls: 0, periodSeconds: 0 },
  },
};

/** API versions the spec lists (§9); the spec does not say which channel each pair belongs to. */
export const API_VERSIONS_V1_V2: ChannelApiVersions = {
  options: [
    { value: 'v1', label: 'v1' },
    { value: 'v2', label: 'v2' },
  ],
  default: 'v2',
};

export const API_VERSIONS_V5_V6: ChannelApiVersions = {
  options: [
    { value: 'v5', label: 'V5 (legacy)' },
    { value: 'v6', label: 'v6' },
  ],
  default: 'v6',
};

type EntryInput = Omit<ChannelCatalogueEntry, 'rateLimits' | 'active'> & { active?: boolean };

function entry(input: EntryInput): ChannelCatalogueEntry {
  return {
    ...input,
    active: input.active ?? true,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...SPEC_RATE_LIMITS[input.slug] },
  };
}

/**
 * Retailers running a Mirakl marketplace. Each name was checked against integrator documentation
 * that calls the marketplace Mirakl-based (Multiply, Sellercloud, Productsup, Lengow, M2E, WisePIM);
 * names that could not be confirmed are left out rather than guessed.
 */
const MIRAKL_RETAILERS: readonly (readonly [retailer: string, name: string])[] = [
  ['ahold', 'Ahold Delhaize'],
  ['alltricks', 'Alltricks'],
  ['auchan', 'Auchan'],
  ['bandq', 'B&Q'],
  ['bedbathandbeyond-ca', 'Bed Bath & Beyond Canada'],
  ['bedbathandbeyond-us', 'Bed Bath & Beyond US'],
  ['belk', 'Belk'],
  ['bestbuy-ca', 'Best Buy Canada'],
  ['bhv', 'BHV Marais'],
  ['blokker', 'Blokker'],
  ['bricomarche', 'Bricomarché'],
  ['bulevip', 'Bulevip'],
  ['but', 'BUT'],
  ['carrefour', 'Carrefour'],
  ['castorama', 'Castorama'],
  ['catch', 'Catch'],
  ['colizey', 'Colizey'],
  ['conforama', 'Conforama'],
  ['currys', 'Currys'],
  ['darty', 'Darty'],
  ['debenhams', 'Debenhams'],
  ['decathlon', 'Decathlon'],
  ['distriartisan', 'Distriartisan'],
  ['eprice', 'ePrice'],
  ['express', 'Express'],
  ['fnac', 'Fnac'],
  ['fonq', 'fonQ'],
  ['galerieslafayette', 'Galeries Lafayette'],
  ['gosport', 'Go Sport'],
  ['greenweez', 'Greenweez'],
  ['hudsonsbay', "Hudson's Bay"],
  ['ibs', 'IBS.it'],
  ['intermarche', 'Intermarché'],
  ['kleertjes', 'Kleertjes'],
  ['kroger', 'Kroger'],
  ['laposte', 'La Poste'],
  ['laredoute', 'La Redoute'],
  ['leclerc', 'E.Leclerc'],
  ['leroymerlin', 'Leroy Merlin'],
  ['macway', 'Macway'],
  ['macys', "Macy's"],
  ['manor', 'Manor'],
  ['metro', 'METRO'],
  ['natureetdecouvertes', 'Nature & Découvertes'],
  ['orientaltrading', 'Oriental Trading'],
  ['pccomponentes', 'PcComponentes'],
  ['peapod', 'Peapod Digital Labs'],
  ['phonehouse', 'Phone House'],
  ['pixmania', 'Pixmania'],
  ['pricerunner', 'PriceRunner'],
  ['rueducommerce', 'Rue du Commerce'],
  ['sprinter', 'Sprinter'],
  ['theknot', 'The Knot'],
  ['tiendanimal', 'Tiendanimal'],
  ['truffaut', 'Truffaut'],
  ['ubaldi', 'Ubaldi'],
  ['verishop', 'Verishop'],
  ['voelkner', 'Völkner'],
  ['walmart-mexico', 'Walmart Mexico'],
  ['weightwatchers', 'WeightWatchers'],
  ['worten', 'Worten'],
];

const MIRAKL_ENTRIES: readonly ChannelCatalogueEntry[] = MIRAKL_RETAILERS.map(([retailer, name]) =>
  entry({
    slug: `${MIRAKL_PREFIX}${retailer}`,
    name,
    category: 'Marketplace',
    kind: 'channel',
    // Mirakl shop API: raw key in `Authorization`, no expiry (channel-apis §2).
    authType: 'api_key',
  }),
);

const ACCOUNTING_ENTRIES: readonly ChannelCatalogueEntry[] = [
  entry({ slug: 'xero', name: 'Xero', category: 'Accounting', kind: 'accounting', authType: 'oauth' }),
  entry({
    slug: 'quickbooksonline',
    name: 'QuickBooks Online',
    category: 'Accounting',
    kind: 'accounting',
    authType: 'oauth',
  }),
  entry({ slug: 'sage', name: 'Sage', category: 'Accounting', kind: 'accounting', authType: 'oauth' }),
  // Turkish e-invoicing integrator; signs in with a user code and password.
  entry({
    slug: 'e-logo',
    name: 'e-Logo',
    category: 'Accounting',
    kind: 'accounting',
    authType: 'key_secret',
  }),
];

const MARKETPLACE_ENTRIES: readonly ChannelCatalogueEntry[] = [
  entry({ slug: 'amazonsp', name: 'Amazon', category: 'Marketplace', kind: 'channel', authType: 'oauth' }),
  entry({ slug: 'ebay', name: 'eBay', category: 'Marketplace', kind: 'channel', authType: 'oauth' }),
  entry({ slug: 'etsy', name: 'Etsy', category: 'Marketplace', kind: 'channel', authType: 'oauth' }),
  // TikTok Shop moved its partner API from a legacy version to a new one; the spec's v1/v2 pair
  // fits that move, so the connector can keep old connections on v1.
  entry({
    slug: 'tiktok',
    name: 'TikTok Shop',
    category: 'Marketplace',
    kind: 'channel',
    authType: 'oauth',
    versions: API_VERSIONS_V1_V2,
  }),
  entry({ slug: 'onbuy', name: 'OnBuy', category: 'Marketplace', kind: 'channel', authType: 'key_secret' }),
  entry({ slug: 'bol', name: 'bol.com', category: 'Marketplace', kind: 'channel', authType: 'key_secret' }),
  entry({
    slug: 'aliexpress',
    name: 'AliExpress',
    category: 'Marketplace',
    kind: 'channel',
    authType: 'oauth',
  }),
  // The generic form for a Mirakl operator not listed by name.
  entry({ slug: 'mirakl', name: 'Mirakl', category: 'Marketplace', kind: 'channel', authType: 'api_key' }),
  entry({
    slug: 'walmart',
    name: 'Walmart',
    category: 'Marketplace',
    kind: 'channel',
    authType: 'key_secret',
  }),
  entry({
    slug: 'cdiscount',
    name: 'Cdiscount',
    category: 'Marketplace',
    kind: 'channel',
    authType: 'key_secret',
  }),
  entry({
    slug: 'kaufland',
    name: 'Kaufland',
    category: 'Marketplace',
    kind: 'channel',
    authType: 'key_secret',
  }),
  entry({
    slug: 'zalando',
    name: 'Zalando',
    category: 'Marketplace',
    kind: 'channel',
    authType: 'key_secret',
  }),
  entry({
    slug: 'manomano',
    name: 'ManoMano',
    category: 'Marketplace',
    kind: 'channel',
    authType: 'api_key',
  }),
  entry({ slug: 'allegro', name: 'Allegro', category: 'Marketplace', kind: 'channel', authType: 'oauth' }),
  entry({
    slug: 'otto',
    name: 'OTTO Market',
    category: 'Marketplace',
    kind: 'channel',
    authType: 'key_secret',
  }),
  entry({ slug: 'fruugo', name: 'Fruugo', category: 'Marketplace', kind: 'channel', authType: 'key_secret' }),
  entry({
    slug: 'wayfair',
    name: 'Wayfair',
    category: 'Marketplace',
    kind: 'channel',
    authType: 'key_secret',
  }),
  entry({ slug: 'newegg', name: 'Newegg', category: 'Marketplace', kind: 'channel', authType: 'key_secret' }),
];

const ECOMMERCE_ENTRIES: readonly ChannelCatalogueEntry[] = [
  entry({ slug: 'shopify', name: 'Shopify', category: 'Ecommerce', kind: 'channel', authType: 'oauth' }),
  // REST API v3 authenticates with a consumer key and secret (channel-apis §3).
  entry({
    slug: 'woocommerce',
    name: 'WooCommerce',
    category: 'Ecommerce',
    kind: 'channel',
    authType: 'key_secret',
  }),
  entry({ slug: 'magento', name: 'Magento', category: 'Ecommerce', kind: 'channel', authType: 'api_key' }),
  entry({
    slug: 'bigcommerce',
    name: 'BigCommerce',
    category: 'Ecommerce',
    kind: 'channel',
    authType: 'api_key',
  }),
  entry({
    slug: 'prestashop',
    name: 'PrestaShop',
    category: 'Ecommerce',
    kind: 'channel',
    authType: 'api_key',
  }),
  // Listed but not connectable yet (spec §9); CubeCart 5 is the legacy line, 6 the current one.
  entry({
    slug: 'cubecart',
    name: 'CubeCart',
    category: 'Ecommerce',
    kind: 'channel',
    active: false,
    authType: 'api_key',
    versions: API_VERSIONS_V5_V6,
  }),
  entry({ slug: 'zoho', name: 'Zoho', category: 'Ecommerce', kind: 'channel', authType: 'oauth' }),
  entry({ slug: 'opencart', name: 'OpenCart', category: 'Ecommerce', kind: 'channel', authType: 'api_key' }),
  entry({ slug: 'wix', name: 'Wix', category: 'Ecommerce', kind: 'channel', authType: 'oauth' }),
  entry({
    slug: 'squarespace',
    name: 'Squarespace',
    category: 'Ecommerce',
    kind: 'channel',
    authType: 'api_key',
  }),
  entry({ slug: 'ecwid', name: 'Ecwid', category: 'Ecommerce', kind: 'channel', authType: 'oauth' }),
  entry({
    slug: 'shopware',
    name: 'Shopware',
    category: 'Ecommerce',
    kind: 'channel',
    authType: 'key_secret',
  }),
  entry({ slug: 'ekm', name: 'EKM', category: 'Ecommerce', kind: 'channel', authType: 'oauth' }),
  entry({ slug: 'bigcartel', name: 'Big Cartel', category: 'Ecommerce', kind: 'channel', authType: 'oauth' }),
  entry({
    slug: 'lightspeed',
    name: 'Lightspeed',
    category: 'Ecommerce',
    kind: 'channel',
    authType: 'oauth',
  }),
  entry({ slug: 'volusion', name: 'Volusion', category: 'Ecommerce', kind: 'channel', authType: 'api_key' }),
  entry({
    slug: 'shift4shop',
    name: 'Shift4Shop',
    category: 'Ecommerce',
    kind: 'channel',
    authType: 'key_secret',
  }),
];

const PLUGIN_ENTRIES: readonly ChannelCatalogueEntry[] = [
  // The generic plugin: any warehouse implementing our REST contract (integrations/src/providers/wms/README.md).
  entry({ slug: 'wms', name: 'WMS (REST)', category: 'WMS', kind: 'plugin', authType: 'api_key' }),
  entry({
    slug: 'shipstation',
    name: 'ShipStation',
    category: 'WMS',
    kind: 'plugin',
    authType: 'key_secret',
  }),
  entry({ slug: 'shipbob', name: 'ShipBob', category: 'WMS', kind: 'plugin', authType: 'oauth' }),
  entry({ slug: 'shiphero', name: 'ShipHero', category: 'WMS', kind: 'plugin', authType: 'oauth' }),
  entry({ slug: 'mintsoft', name: 'Mintsoft', category: 'WMS', kind: 'plugin', authType: 'api_key' }),
  entry({ slug: 'peoplevox', name: 'Peoplevox', category: 'WMS', kind: 'plugin', authType: 'key_secret' }),
  entry({ slug: 'deposco', name: 'Deposco', category: 'WMS', kind: 'plugin', authType: 'key_secret' }),
  entry({ slug: 'veeqo', name: 'Veeqo', category: 'WMS', kind: 'plugin', authType: 'api_key' }),
  entry({ slug: 'skuvault', name: 'SkuVault', category: 'WMS', kind: 'plugin', authType: 'key_secret' }),
  entry({
    slug: 'extensiv',
    name: 'Extensiv 3PL Warehouse Manager',
    category: 'WMS',
    kind: 'plugin',
    authType: 'key_secret',
  }),
];

export const CHANNEL_CATALOGUE: readonly ChannelCatalogueEntry[] = [
  ...ACCOUNTING_ENTRIES,
  ...MARKETPLACE_ENTRIES,
  ...MIRAKL_ENTRIES,
  ...ECOMMERCE_ENTRIES,
  ...PLUGIN_ENTRIES,
];

const BY_SLUG = new Map(CHANNEL_CATALOGUE.map((catalogueEntry) => [catalogueEntry.slug, catalogueEntry]));

/** True for `mirakl-<retailer>` types; the bare `mirakl` type is the generic Mirakl channel. */
export function isMiraklType(type: string): boolean {
  return type === 'mirakl' || type.startsWith(MIRAKL_PREFIX);
}

/** The catalogue entry of a channel type, or undefined for a type the catalogue does not hold. */
export function findCatalogueEntry(type: string): ChannelCatalogueEntry | undefined {
  return BY_SLUG.get(type);
}

/**
 * The settings form a type uses: every `mirakl-*` type shares the Mirakl form (spec §5), any other
 * type has its own. Unknown `mirakl-*` types still map to the Mirakl form, because a new Mirakl
 * operator needs no new form.
 */
export function formTypeOf(type: string): string {
  return isMiraklType(type) ? 'mirakl' : type;
}
