/**
 * Channel settings forms as data (integration-domain §3, §5, §9). The browser renders these
 * definitions and `settingsSchemaFor` validates against them, so a field added here appears on the
 * form and is checked on the server without a second edit.
 */
import { findCatalogueEntry, formTypeOf, isMiraklType, type ChannelAuthType } from './channel-catalogue';

/** Field types the spec names (§3); `switch` is the spec's switch/toggle. */
export type SettingFieldType =
  'text' | 'number' | 'select' | 'switch' | 'date' | 'datetime' | 'time' | 'combobox';

export type SettingValue = string | number | boolean | readonly (string | number)[];

export interface SettingFieldOption {
  value: string | number;
  label: string;
}

/** The field is shown (and so validated) only while `field` holds `equals`. */
export interface SettingFieldDependency {
  field: string;
  equals: string | number | boolean;
}

export interface SettingField {
  /** Key in the saved settings object, as the api stores it. */
  name: string;
  label: string;
  type: SettingFieldType;
  /** Choices of a select; suggestions of a combobox (which also takes free text). */
  options?: readonly SettingFieldOption[];
  /** A select that takes several values (sent as an array). */
  multiple?: boolean;
  /** Required while visible (spec §5 lists which). */
  required?: boolean;
  default?: SettingValue;
  help?: string;
  dependsOn?: SettingFieldDependency;
  /** Credentials: rendered masked and never echoed back in clear. */
  secret?: boolean;
  /** A text field holding an address the api calls. */
  url?: boolean;
  /** Numbers must be positive unless a lower bound is given (a tax rate of 0 is valid). */
  min?: number;
  max?: number;
}

const on = (field: string): SettingFieldDependency => ({ field, equals: true });
const off = (field: string): SettingFieldDependency => ({ field, equals: false });

/**
 * Settings every channel and accounting channel has (§3). Defaults from §9: auto_match_product and
 * get_orders on, the default order-sent-via-webhook delay on; other switches start off so a new
 * channel changes nothing in the store until the seller opts in.
 */
export const COMMON_SETTING_FIELDS: readonly SettingField[] = [
  // Identity and sync
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'account_nominal_code', label: 'Account nominal code', type: 'text' },
  { name: 'auto_sync_orders', label: 'Auto sync orders', type: 'switch', default: false },
  { name: 'auto_hold_orders', label: 'Auto hold orders', type: 'switch', default: false },
  { name: 'get_orders', label: 'Get orders', type: 'switch', default: true },
  { name: 'auto_match_product', label: 'Auto match products', type: 'switch', default: true },
  // Order fetching
  {
    name: 'use_default_get_orders_interval',
    label: 'Use default get orders interval',
    type: 'switch',
    default: true,
  },
  {
    name: 'get_orders_interval',
    label: 'Get orders interval',
    type: 'number',
    required: true,
    help: 'Seconds between two order downloads.',
    dependsOn: off('use_default_get_orders_interval'),
  },
  {
    name: 'use_default_order_sent_via_webhook_delay',
    label: 'Use default order sent via webhook delay',
    type: 'switch',
    default: true,
  },
  {
    name: 'order_sent_via_webhook_delay',
    label: 'Order sent via webhook delay',
    type: 'number',
    required: true,
    help: 'Minutes to wait before an imported order is sent to webhooks.',
    dependsOn: off('use_default_order_sent_via_webhook_delay'),
  },
  { name: 'use_order_prefix', label: 'Use order prefix', type: 'switch', default: false },
  {
    name: 'order_prefix',
    label: 'Order prefix',
    type: 'text',
    required: true,
    dependsOn: on('use_order_prefix'),
  },
  { name: 'ignore_orders_before', label: 'Ignore orders before a date', type: 'switch', default: false },
  {
    name: 'ignore_orders_before_at',
    label: 'Ignore orders before',
    type: 'date',
    required: true,
    dependsOn: on('ignore_orders_before'),
  },
  {
    name: 'orderPollingTime',
    label: 'Order polling time',
    type: 'time',
    help: 'Time of day for a daily order download, for channels polled once a day.',
  },
  // Product download
  { name: 'download_products', label: 'Download products', type: 'switch', default: false },
  {
    name: 'download_product_images',
    label: 'Download product images',
    type: 'switch',
    default: false,
    dependsOn: on('download_products'),
  },
  {
    name: 'download_product_dimensions',
    label: 'Download product dimensions',
    type: 'switch',
    default: false,
    dependsOn: on('download_products'),
  },
  {
    name: 'download_product_customs_information',
    label: 'Download product customs information',
    type: 'switch',
    default: false,
    dependsOn: on('download_products'),
  },
  { name: 'add_to_products', label: 'Add to products', type: 'switch', default: false },
  { name: 'set_initial_stock_levels', label: 'Set initial stock levels', type: 'switch', default: false },
  { name: 'refetch_products', label: 'Refetch products', type: 'switch', default: false },
  // Stock
  { name: 'auto_sync_stock', label: 'Auto sync stock', type: 'switch', default: false },
  { name: 'push_stock_levels', label: 'Push stock levels', type: 'switch', default: false },
  { name: 'deduct_stock_via_orders', label: 'Deduct stock via orders', type: 'switch', default: false },
  { name: 'use_low_stock_buffer', label: 'Use low stock buffer', type: 'switch', default: false },
  {
    name: 'low_stock_buffer',
    label: 'Low stock buffer',
    type: 'number',
    required: true,
    dependsOn: on('use_low_stock_buffer'),
  },
  { name: 'use_max_stock_level', label: 'Use max stock level', type: 'switch', default: false },
  {
    name: 'max_stock_level',
    label: 'Max stock level',
    type: 'number',
    required: true,
    dependsOn: on('use_max_stock_level'),
  },
  // Fulfilment
  { name: 'use_delay_fulfilment', label: 'Delay fulfilment', type: 'switch', default: false },
  {
    name: 'delay_fulfilment_interval',
    label: 'Delay fulfilment interval',
    type: 'number',
    required: true,
    help: 'Hours to wait before a fulfilment is pushed to the channel.',
    dependsOn: on('use_delay_fulfilment'),
  },
  { name: 'disable_fulfillment', label: 'Disable fulfilment', type: 'switch', default: false },
];

/** A plugin has a name and a default flag, then its provider settings (§3). */
export const PLUGIN_COMMON_FIELDS: readonly SettingField[] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'is_default', label: 'Default plugin', type: 'switch', default: false },
];

/** The 23 Amazon marketplaces (§9) with their SP-API marketplace ids. */
export const AMAZON_MARKETPLACES: readonly SettingFieldOption[] = [
  { value: 'A2EUQ1WTGCTBG2', label: 'Canada' },
  { value: 'ATVPDKIKX0DER', label: 'United States' },
  { value: 'A1AM78C64UM0Y8', label: 'Mexico' },
  { value: 'A2Q3Y263D00KWC', label: 'Brazil' },
  { value: 'A28R8C7NBKEWEA', label: 'Ireland' },
  { value: 'A1RKKUPIHCS9HS', label: 'Spain' },
  { value: 'A1F83G8C2ARO7P', label: 'United Kingdom' },
  { value: 'A13V1IB3VIYZZH', label: 'France' },
  { value: 'AMEN7PMS3EDWL', label: 'Belgium' },
  { value: 'A1805IZSGTT6HS', label: 'Netherlands' },
  { value: 'A1PA6795UKMFR9', label: 'Germany' },
  { value: 'APJ6JRA9NG5V4', label: 'Italy' },
  { value: 'A2NODRKZP88ZB9', label: 'Sweden' },
  { value: 'AE08WJ6YKNBMC', label: 'South Africa' },
  { value: 'A1C3SOZRARQ6R3', label: 'Poland' },
  { value: 'ARBP9OOSHTCHU', label: 'Egypt' },
  { value: 'A33AVAJ2PDY3EV', label: 'Turkey' },
  { value: 'A17E79C6D8DWNP', label: 'Saudi Arabia' },
  { value: 'A2VIGQ35RCS4UG', label: 'United Arab Emirates' },
  { value: 'A21TJRUUN4KGV', label: 'India' },
  { value: 'A19VAU5U5O7RUS', label: 'Singapore' },
  { value: 'A39IBJ37TRP1C6', label: 'Australia' },
  { value: 'A1VC38T7YXB528', label: 'Japan' },
];

/** eBay Trading API site ids. */
export const EBAY_SITES: readonly SettingFieldOption[] = [
  { value: 0, label: 'United States' },
  { value: 2, label: 'Canada (English)' },
  { value: 3, label: 'United Kingdom' },
  { value: 15, label: 'Australia' },
  { value: 16, label: 'Austria' },
  { value: 23, label: 'Belgium (French)' },
  { value: 71, label: 'France' },
  { value: 77, label: 'Germany' },
  { value: 100, label: 'eBay Motors' },
  { value: 101, label: 'Italy' },
  { value: 123, label: 'Belgium (Dutch)' },
  { value: 146, label: 'Netherlands' },
  { value: 186, label: 'Spain' },
  { value: 193, label: 'Switzerland' },
  { value: 201, label: 'Hong Kong' },
  { value: 203, label: 'India' },
  { value: 205, label: 'Ireland' },
  { value: 207, label: 'Malaysia' },
  { value: 210, label: 'Canada (French)' },
  { value: 211, label: 'Philippines' },
  { value: 212, label: 'Poland' },
  { value: 216, label: 'Singapore' },
];

export const ONBUY_SITES: readonly SettingFieldOption[] = [{ value: 2000, label: 'United Kingdom' }];

export const TIKTOK_MARKETS: readonly SettingFieldOption[] = [
  { value: 'uk', label: 'United Kingdom' },
  { value: 'us', label: 'United States' },
];

export const TIKTOK_FULFILMENT: readonly SettingFieldOption[] = [
  { value: 'seller', label: 'Fulfilled by seller' },
  { value: 'tiktok', label: 'Fulfilled by TikTok' },
];

export const ZOHO_DATA_CENTRES: readonly SettingFieldOption[] = [
  { value: 'eu', label: 'Europe' },
  { value: 'us', label: 'United States' },
  { value: 'au', label: 'Australia' },
  { value: 'in', label: 'India' },
];

export const BOL_FULFILMENT: readonly SettingFieldOption[] = [
  { value: 'FBR', label: 'Fulfilled by retailer (FBR)' },
  { value: 'FBB', label: 'Fulfilled by bol (FBB)' },
];

export const AMAZON_FULFILMENT_CHANNELS: readonly SettingFieldOption[] = [
  { value: 'AFN', label: 'Fulfilled by Amazon (AFN)' },
  { value: 'MFN', label: 'Fulfilled by merchant (MFN)' },
];

/** The spec's order-status vocabulary (§4), offered where a channel filters orders by status. */
const ORDER_STATUS_OPTIONS: readonly SettingFieldOption[] = [
  'Unpaid',
  'Unshipped',
  'PartiallyShipped',
  'Shipped',
  'Cancelled',
  'Refunded',
  'Unfulfillable',
].map((status) => ({ value: status, label: status }));

/** WooCommerce order statuses accepted by `GET /orders?status=` (channel-apis §3). */
const WOOCOMMERCE_ORDER_STATUSES: readonly SettingFieldOption[] = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
].map((status) => ({ value: status, label: status }));

/** Mirakl order states a seller acts on (channel-apis §2, OR11 `order_state_codes`). */
const MIRAKL_ORDER_STATES: readonly SettingFieldOption[] = ['WAITING_ACCEPTANCE', 'SHIPPING', 'SHIPPED'].map(
  (state) => ({ value: state, label: state }),
);

const orderStatuses = (
  options: readonly SettingFieldOption[],
  defaults: readonly string[],
): SettingField => ({
  name: 'order_statuses',
  label: 'Order statuses to download',
  type: 'select',
  multiple: true,
  options,
  default: defaults,
});

const urlField = (name: string, label: string, help?: string): SettingField => ({
  name,
  label,
  type: 'text',
  url: true,
  required: true,
  ...(help ? { help } : {}),
});

const credential = (name: string, label: string): SettingField => ({
  name,
  label,
  type: 'text',
  required: true,
  secret: true,
});

const NOTIFY_CUSTOMER: SettingField = {
  name: 'notify_customer',
  label: 'Notify customer on fulfilment',
  type: 'switch',
  default: false,
};

const FETCH_SHIPPED_ORDERS: SettingField = {
  name: 'fetch_shipped_orders',
  label: 'Fetch shipped orders',
  type: 'switch',
  default: false,
};

/** Tax settings (§3), for channels whose orders can arrive without tax lines. */
const TAX_FIELDS: readonly SettingField[] = [
  { name: 'auto_calculate_tax', label: 'Auto calculate tax', type: 'switch', default: false },
  {
    name: 'auto_calculate_tax_rate',
    label: 'Tax rate (%)',
    type: 'number',
    min: 0,
    max: 100,
    required: true,
    dependsOn: on('auto_calculate_tax'),
  },
  {
    name: 'country_taxes',
    label: 'Country taxes',
    type: 'text',
    help: 'Rates per country, overriding the tax rate.',
    dependsOn: on('auto_calculate_tax'),
  },
];

/** A channel-side order status shown to the seller under a friendlier name (§3). */
const CUSTOM_STATUS_FIELDS: readonly SettingField[] = [
  { name: 'custom_status', label: 'Custom status', type: 'text' },
  { name: 'friendly_status', label: 'Friendly status', type: 'text' },
];

/** Location settings (§3); the options come from the channel at run time, hence combobox. */
const LOCATION_FIELDS: readonly SettingField[] = [
  { name: 'default_location', label: 'Default location', type: 'combobox', options: [] },
  {
    name: 'use_restricted_location_orders',
    label: 'Only import orders of the default location',
    type: 'switch',
    default: false,
  },
  {
    name: 'use_restricted_location_products',
    label: 'Only sync products of the default location',
    type: 'switch',
    default: false,
  },
];

/** Store URL plus key pair, the shape shared by the self-hosted shop platforms. */
const shopWithKeys = (keyLabel: string, secretLabel: string | null, urlHelp?: string): SettingField[] => [
  urlField('url', 'Store URL', urlHelp),
  credential('api_key', keyLabel),
  ...(secretLabel ? [credential('api_secret', secretLabel)] : []),
];

/** Fields each settings form adds to the common ones, keyed by form type (see `formTypeOf`). */
export const CHANNEL_FORM_FIELDS: Readonly<Record<string, readonly SettingField[]>> = {
  amazonsp: [
    {
      name: 'marketplace_id',
      label: 'Marketplace',
      type: 'select',
      options: AMAZON_MARKETPLACES,
      required: true,
    },
    {
      name: 'fulfillment_channels',
      label: 'Fulfilment channels',
      type: 'select',
      multiple: true,
      options: AMAZON_FULFILMENT_CHANNELS,
      default: ['MFN'],
      help: 'AFN orders are shipped by Amazon and are imported for stock only.',
    },
    orderStatuses(ORDER_STATUS_OPTIONS, ['Unshipped', 'PartiallyShipped']),
    FETCH_SHIPPED_ORDERS,
    ...TAX_FIELDS,
  ],
  ebay: [
    { name: 'site_id', label: 'eBay site', type: 'select', options: EBAY_SITES, required: true },
    FETCH_SHIPPED_ORDERS,
    ...TAX_FIELDS,
  ],
  shopify: [
    urlField('shop_url', 'Shop URL', 'Your myshopify.com address, e.g. https://example.myshopify.com'),
    NOTIFY_CUSTOMER,
    FETCH_SHIPPED_ORDERS,
    ...LOCATION_FIELDS,
    {
      name: 'auto_hold_fraud_orders',
      label: 'Hold orders Shopify flags as fraud',
      type: 'switch',
      default: false,
    },
    {
      name: 'fraud_score_threshold',
      label: 'Fraud score threshold',
      type: 'number',
      max: 100,
      help: 'Orders scoring at or above this are put on hold.',
      dependsOn: on('auto_hold_fraud_orders'),
    },
    {
      name: 'products_per_request',
      label: 'Products per request',
      type: 'number',
      default: 250,
      // Shopify's REST `limit` caps a page at 250 (channel-apis §1).
      max: 250,
    },
    { name: 'use_what3words', label: 'Use what3words addresses', type: 'switch', default: false },
  ],
  etsy: [FETCH_SHIPPED_ORDERS, NOTIFY_CUSTOMER],
  woocommerce: [
    ...shopWithKeys('Consumer key', 'Consumer secret'),
    orderStatuses(WOOCOMMERCE_ORDER_STATUSES, ['processing']),
    ...CUSTOM_STATUS_FIELDS,
    NOTIFY_CUSTOMER,
  ],
  magento: [...shopWithKeys('Access token', null), ...CUSTOM_STATUS_FIELDS],
  bigcommerce: [
    ...shopWithKeys(
      'Access token',
      null,
      'The API path, e.g. https://api.bigcommerce.com/stores/{store_hash}/',
    ),
  ],
  prestashop: [
    ...shopWithKeys(
      'Webservice key',
      null,
      'The webservice key needs the orders, order_histories, products and stock_availables permissions.',
    ),
  ],
  tiktok: [
    { name: 'market', label: 'Market', type: 'select', options: TIKTOK_MARKETS, required: true },
    {
      name: 'fulfillment_channel',
      label: 'Fulfilment',
      type: 'select',
      options: TIKTOK_FULFILMENT,
      default: 'seller',
    },
  ],
  onbuy: [
    { name: 'site_id', label: 'Site', type: 'select', options: ONBUY_SITES, required: true, default: 2000 },
    credential('consumer_key', 'Consumer key'),
    credential('secret_key', 'Secret key'),
  ],
  bol: [
    credential('client_id', 'Client id'),
    credential('client_secret', 'Client secret'),
    {
      name: 'fulfillment_channel',
      label: 'Fulfilment method',
      type: 'select',
      options: BOL_FULFILMENT,
      default: 'FBR',
    },
  ],
  aliexpress: [FETCH_SHIPPED_ORDERS],
  zoho: [
    {
      name: 'data_centre',
      label: 'Data centre',
      type: 'select',
      options: ZOHO_DATA_CENTRES,
      required: true,
    },
    { name: 'organization_id', label: 'Organisation id', type: 'text', required: true },
  ],
  mirakl: [
    urlField('shop_url', 'Shop URL', 'The operator instance, e.g. https://<instance>.mirakl.net'),
    credential('api_key', 'API key'),
    // Only needed when the API user belongs to several shops (channel-apis §2).
    { name: 'shop_id', label: 'Shop id', type: 'text' },
    orderStatuses(MIRAKL_ORDER_STATES, ['SHIPPING']),
    {
      name: 'auto_confirmation',
      label: 'Accept orders automatically',
      type: 'switch',
      default: false,
      help: 'Accepts orders waiting for acceptance (OR21) when stock covers them.',
    },
  ],
  xero: [],
  quickbooksonline: [],
  sage: [],
  'e-logo': [credential('username', 'User code'), credential('password', 'Password')],
  wms: [
    urlField(
      'api_url',
      'API URL',
      'Where the warehouse serves the WMS REST contract, e.g. https://wms.example.com',
    ),
    credential('api_key', 'API key'),
    {
      name: 'updates_interval',
      label: 'Seconds between reading shipments and stock',
      type: 'number',
      default: 60,
    },
  ],
};

/**
 * Credentials of a catalogue entry without its own form, derived from how it authenticates:
 * OAuth channels authorise through the connect flow, so they need no field here.
 */
function credentialFieldsFor(authType: ChannelAuthType): SettingField[] {
  switch (authType) {
    case 'oauth':
      return [];
    case 'api_key':
      return [credential('api_key', 'API key')];
    case 'key_secret':
      return [credential('api_key', 'API key'), credential('api_secret', 'API secret')];
  }
}

/**
 * The full settings form of a channel, accounting channel or plugin type. A type neither in the
 * catalogue nor a `mirakl-*` type has no provider, so its form is empty (spec §5).
 */
export function settingsFormFor(type: string): readonly SettingField[] {
  const formType = formTypeOf(type);
  const catalogueEntry = findCatalogueEntry(type) ?? findCatalogueEntry(formType);
  if (!catalogueEntry && !isMiraklType(type)) return [];
  const own = CHANNEL_FORM_FIELDS[formType] ?? credentialFieldsFor(catalogueEntry?.authType ?? 'api_key');
  const common = catalogueEntry?.kind === 'plugin' ? PLUGIN_COMMON_FIELDS : COMMON_SETTING_FIELDS;
  return [...common, ...own];
}

/** Values a new channel starts with: each field's default, where it has one. */
export function defaultSettingsFor(type: string): Record<string, SettingValue> {
  const defaults: Record<string, SettingValue> = {};
  for (const field of settingsFormFor(type)) {
    if (field.default !== undefined) defaults[field.name] = field.default;
  }
  return defaults;
}
