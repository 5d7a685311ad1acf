import { GraphQLError } from 'graphql';
import type {
  ShopifyAddress,
  ShopifyFulfillment,
  ShopifyFulfillmentOrder,
  ShopifyLineItem,
  ShopifyLocation,
  ShopifyOrder,
  ShopifyProduct,
  ShopifyRefund,
  ShopifyVariant,
  ShopifyWebhook,
} from '../shop-resources';
import { ShopRefusal, type ShopState, type StoredOrder } from '../shop-state';
import { parseShopifyTime } from '../simulator-time';
import type { WebhookDelivery } from '../webhook-delivery';
import type { BulkOperations } from './bulk-operations';
import { connectionOf, listConnection, type ConnectionArgs } from './connection';
import { matchesSearch, parseSearchQuery, type SearchField } from './search-query';

/** What one GraphQL request runs with: the shop, who asks (scopes) and how. */
export interface AdminContext {
  shop: ShopState;
  webhooks: WebhookDelivery;
  bulk: BulkOperations;
  /** The token's scopes (a `write_` scope implies its `read_`). */
  scopes: ReadonlySet<string>;
  /** Whether the app was approved for protected customer data (names, addresses, email, phone). */
  protectedCustomerData: boolean;
  shopInfo: { name: string; email: string; myshopifyDomain: string; currency: string };
  apiVersion: string;
  clientId: string;
  now: () => number;
  /** Bulk operations read every row of a connection; no `first` needed. */
  unlimited: boolean;
}

/** What a resolver hands graphql-js: fields as values or as functions of the field's arguments. */
type View = Record<string, unknown>;

const SIXTY_DAYS_MS = 60 * 24 * 3600 * 1000;

export const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;

/** The numeric id of a global id of the given type; null for another type or garbage. */
export function idOf(value: unknown, type: string): number | null {
  if (typeof value !== 'string') return null;
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(?:\?.*)?$/.exec(value);
  if (!match || match[1] !== type) return null;
  return Number(match[2]);
}

export function hasScope(context: AdminContext, scope: string): boolean {
  if (context.scopes.has(scope)) return true;
  return scope.startsWith('read_') && context.scopes.has(`write_${scope.slice('read_'.length)}`);
}

/** Shopify's refusal of a field the token has no scope for (`ACCESS_DENIED`, HTTP 200). */
export function requireScope(context: AdminContext, scopes: string | string[], field: string): void {
  const options = Array.isArray(scopes) ? scopes : [scopes];
  if (options.some((scope) => hasScope(context, scope))) return;
  const requiredAccess =
    options.length === 1
      ? `\`${options[0]}\` access scope.`
      : `\`${options.join('` access scope or `')}\` access scope.`;
  throw new GraphQLError(`Access denied for ${field} field. Required access: ${requiredAccess}`, {
    extensions: {
      code: 'ACCESS_DENIED',
      documentation: 'https://shopify.dev/api/usage/access-scopes',
      requiredAccess,
    },
  });
}

/**
 * Without approval for protected customer data, Shopify answers such a field with null and an
 * ACCESS_DENIED error naming the object or field (the rest of the order still comes).
 */
function withheld(what: string): never {
  throw new GraphQLError(
    `This app is not approved to ${what}. See https://shopify.dev/docs/apps/launch/protected-customer-data for more details.`,
    {
      extensions: {
        code: 'ACCESS_DENIED',
        documentation: 'https://shopify.dev/docs/apps/launch/protected-customer-data',
      },
    },
  );
}

const money = (amount: string | number, currencyCode: string) => {
  const value = typeof amount === 'number' ? amount.toFixed(2) : amount;
  return { shopMoney: { amount: value, currencyCode }, presentmentMoney: { amount: value, currencyCode } };
};

const upper = (value: string | null | undefined) => (value ? value.toUpperCase() : null);

function address(value: ShopifyAddress | null, context: AdminContext) {
  if (!value) return null;
  if (!context.protectedCustomerData) withheld('access the MailingAddress object');
  return {
    firstName: value.first_name,
    lastName: value.last_name,
    name: value.name,
    company: value.company,
    address1: value.address1,
    address2: value.address2,
    city: value.city,
    province: value.province,
    provinceCode: value.province_code,
    zip: value.zip,
    country: value.country,
    countryCodeV2: value.country_code,
    phone: value.phone,
  };
}

function lineItemView(line: ShopifyLineItem, order: ShopifyOrder, context: AdminContext): View {
  const refunded = order.refunds
    .flatMap((refund) => refund.refund_line_items)
    .filter((refundLine) => refundLine.line_item_id === line.id)
    .reduce((sum, refundLine) => sum + refundLine.quantity, 0);
  const variant = line.sku ? context.shop.variantBySku(line.sku) : null;
  return {
    __typename: 'LineItem',
    id: gid('LineItem', line.id),
    name: line.variant_title ? `${line.title} - ${line.variant_title}` : line.title,
    title: line.title,
    sku: line.sku,
    variantTitle: line.variant_title,
    quantity: line.quantity,
    currentQuantity: line.quantity - refunded,
    unfulfilledQuantity: line.fulfillable_quantity,
    requiresShipping: line.requires_shipping,
    variant: () => (variant && line.variant_id ? variantView(variant, context) : null),
    product: () => {
      const product = variant ? context.shop.productOf(variant) : null;
      return product ? productView(product, context) : null;
    },
    originalUnitPriceSet: money(line.price, order.currency),
    discountedUnitPriceSet: money(line.price, order.currency),
    originalTotalSet: money(Number(line.price) * line.quantity, order.currency),
    totalDiscountSet: money(line.total_discount, order.currency),
    taxLines: () =>
      line.tax_lines.map((tax) => ({
        title: tax.title,
        rate: tax.rate,
        ratePercentage: tax.rate * 100,
        priceSet: money(tax.price, order.currency),
      })),
  };
}

const FULFILLMENT_ORDER_STATUS: Record<ShopifyFulfillmentOrder['status'], string> = {
  open: 'OPEN',
  in_progress: 'IN_PROGRESS',
  closed: 'CLOSED',
  cancelled: 'CANCELLED',
  incomplete: 'INCOMPLETE',
  scheduled: 'SCHEDULED',
  on_hold: 'ON_HOLD',
};

function fulfillmentOrderView(fulfillmentOrder: ShopifyFulfillmentOrder, context: AdminContext): View {
  const stored = context.shop.orders.get(fulfillmentOrder.order_id)!;
  const location = context.shop.locations.find(
    (candidate) => candidate.id === fulfillmentOrder.assigned_location_id,
  );
  return {
    __typename: 'FulfillmentOrder',
    id: gid('FulfillmentOrder', fulfillmentOrder.id),
    status: FULFILLMENT_ORDER_STATUS[fulfillmentOrder.status],
    requestStatus: 'UNSUBMITTED',
    createdAt: stored.order.created_at,
    updatedAt: stored.order.updated_at,
    orderId: stored.order.admin_graphql_api_id,
    orderName: stored.order.name,
    order: () => orderView(stored, context),
    assignedLocation: {
      name: location?.name ?? '',
      countryCode: location?.country_code ?? 'GB',
      location: location ? locationView(location, context) : null,
    },
    supportedActions:
      fulfillmentOrder.status === 'open' || fulfillmentOrder.status === 'in_progress'
        ? fulfillmentOrder.supported_actions.map((action) => ({ action: action.toUpperCase() }))
        : [],
    lineItems: (args: ConnectionArgs) =>
      listConnection(
        fulfillmentOrder.line_items.map((line) => {
          const orderLine = stored.order.line_items.find((candidate) => candidate.id === line.line_item_id)!;
          const variant = orderLine.sku ? context.shop.variantBySku(orderLine.sku) : null;
          return {
            __typename: 'FulfillmentOrderLineItem',
            id: gid('FulfillmentOrderLineItem', line.id),
            totalQuantity: line.quantity,
            remainingQuantity: line.fulfillable_quantity,
            sku: orderLine.sku,
            lineItem: () => lineItemView(orderLine, stored.order, context),
            inventoryItemId: line.inventory_item_id ? gid('InventoryItem', line.inventory_item_id) : null,
            variant: () => (variant ? variantView(variant, context) : null),
          };
        }),
        args,
        context.unlimited,
      ),
  };
}

function fulfillmentView(fulfillment: ShopifyFulfillment, context: AdminContext): View {
  const stored = context.shop.orders.get(fulfillment.order_id)!;
  const location = context.shop.locations.find((candidate) => candidate.id === fulfillment.location_id);
  return {
    __typename: 'Fulfillment',
    id: gid('Fulfillment', fulfillment.id),
    legacyResourceId: String(fulfillment.id),
    name: fulfillment.name,
    status: fulfillment.status.toUpperCase(),
    createdAt: fulfillment.created_at,
    updatedAt: fulfillment.updated_at,
    order: () => orderView(stored, context),
    location: location ? locationView(location, context) : null,
    trackingInfo: () =>
      fulfillment.tracking_number || fulfillment.tracking_company || fulfillment.tracking_url
        ? [
            {
              company: fulfillment.tracking_company,
              number: fulfillment.tracking_number,
              url: fulfillment.tracking_url,
            },
          ]
        : [],
    totalQuantity: fulfillment.line_items.reduce((sum, line) => sum + line.quantity, 0),
    fulfillmentLineItems: (args: ConnectionArgs) =>
      listConnection(
        fulfillment.line_items.map((line) => ({
          __typename: 'FulfillmentLineItem',
          id: gid('FulfillmentLineItem', `${fulfillment.id}${line.id}`),
          quantity: line.quantity,
          lineItem: () => lineItemView(line, stored.order, context),
        })),
        args,
        context.unlimited,
      ),
  };
}

function refundView(refund: ShopifyRefund, order: ShopifyOrder, context: AdminContext): View {
  return {
    __typename: 'Refund',
    id: gid('Refund', refund.id),
    legacyResourceId: String(refund.id),
    createdAt: refund.created_at,
    note: refund.note,
    totalRefundedSet: money(refund.amount, order.currency),
    refundLineItems: (args: ConnectionArgs) =>
      listConnection(
        refund.refund_line_items.map((line) => ({
          id: gid('RefundLineItem', line.id),
          lineItem: () =>
            lineItemView(
              order.line_items.find((candidate) => candidate.id === line.line_item_id)!,
              order,
              context,
            ),
          quantity: line.quantity,
          restockType: 'NO_RESTOCK',
          restocked: false,
          subtotalSet: money(line.subtotal, order.currency),
        })),
        args,
        context.unlimited,
      ),
  };
}

function displayFulfillmentStatus(order: ShopifyOrder): string {
  if (order.fulfillment_status === 'fulfilled') return 'FULFILLED';
  if (order.fulfillment_status === 'partial') return 'PARTIALLY_FULFILLED';
  return 'UNFULFILLED';
}

export function orderView(stored: StoredOrder, context: AdminContext): View {
  const { order } = stored;
  const protectedData = context.protectedCustomerData;
  const refunded = order.refunds.reduce((sum, refund) => sum + Number(refund.amount), 0);
  return {
    __typename: 'Order',
    id: order.admin_graphql_api_id,
    legacyResourceId: String(order.id),
    name: order.name,
    email: () => (protectedData ? order.email : withheld('use the email field')),
    phone: () => (protectedData ? order.phone : withheld('use the phone field')),
    note: null,
    tags: order.tags
      ? order.tags
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean)
      : [],
    test: order.test,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    processedAt: order.processed_at,
    closed: order.closed_at !== null,
    closedAt: order.closed_at,
    cancelledAt: order.cancelled_at,
    cancelReason: upper(order.cancel_reason),
    currencyCode: order.currency,
    presentmentCurrencyCode: order.currency,
    displayFinancialStatus: upper(order.financial_status),
    displayFulfillmentStatus: displayFulfillmentStatus(order),
    fullyPaid: order.financial_status === 'paid',
    customer: () =>
      order.customer && !protectedData
        ? withheld('access the Customer object')
        : order.customer
          ? {
              __typename: 'Customer',
              id: gid('Customer', order.customer.id),
              legacyResourceId: String(order.customer.id),
              firstName: order.customer.first_name,
              lastName: order.customer.last_name,
              displayName: [order.customer.first_name, order.customer.last_name].filter(Boolean).join(' '),
              email: order.customer.email,
              phone: order.customer.phone,
            }
          : null,
    shippingAddress: () => address(order.shipping_address, context),
    billingAddress: () => address(order.billing_address, context),
    subtotalPriceSet: money(order.subtotal_price, order.currency),
    totalPriceSet: money(order.total_price, order.currency),
    currentTotalPriceSet: money(Math.max(0, Number(order.total_price) - refunded), order.currency),
    totalTaxSet: money(order.total_tax, order.currency),
    totalDiscountsSet: money(order.total_discounts, order.currency),
    totalShippingPriceSet: money(order.total_shipping_price_set.shop_money.amount, order.currency),
    totalRefundedSet: money(refunded, order.currency),
    lineItems: (args: ConnectionArgs) =>
      listConnection(
        order.line_items.map((line) => lineItemView(line, order, context)),
        args,
        context.unlimited,
      ),
    shippingLines: (args: ConnectionArgs) =>
      listConnection(
        order.shipping_lines.map((line) => ({
          id: gid('ShippingLine', line.id),
          title: line.title,
          code: line.code,
          originalPriceSet: money(line.price, order.currency),
          discountedPriceSet: money(line.price, order.currency),
        })),
        args,
        context.unlimited,
      ),
    fulfillmentOrders: (args: ConnectionArgs & { displayable?: boolean }) => {
      requireScope(
        context,
        [
          'read_merchant_managed_fulfillment_orders',
          'read_assigned_fulfillment_orders',
          'read_third_party_fulfillment_orders',
        ],
        'fulfillmentOrders',
      );
      const all = context.shop.fulfillmentOrders.get(order.id) ?? [];
      const shown = args.displayable
        ? all.filter(
            (fulfillmentOrder) =>
              fulfillmentOrder.status !== 'cancelled' && fulfillmentOrder.status !== 'closed',
          )
        : all;
      return listConnection(
        shown.map((fulfillmentOrder) => fulfillmentOrderView(fulfillmentOrder, context)),
        args,
        context.unlimited,
      );
    },
    fulfillments: (args: { first?: number | null }) =>
      context.shop.fulfillments
        .filter((fulfillment) => fulfillment.order_id === order.id)
        .slice(0, args.first ?? undefined)
        .map((fulfillment) => fulfillmentView(fulfillment, context)),
    refunds: (args: { first?: number | null }) =>
      order.refunds.slice(0, args.first ?? undefined).map((refund) => refundView(refund, order, context)),
  };
}

function locationView(location: ShopifyLocation, context: AdminContext): View {
  return {
    __typename: 'Location',
    id: gid('Location', location.id),
    legacyResourceId: String(location.id),
    name: location.name,
    isActive: location.active,
    fulfillsOnlineOrders: true,
    address: { countryCode: location.country_code, city: null },
    inventoryLevel: (args: { inventoryItemId: string }) => {
      const itemId = idOf(args.inventoryItemId, 'InventoryItem');
      return itemId === null ? null : levelView(itemId, location.id, context);
    },
    inventoryLevels: (args: ConnectionArgs) =>
      connectionOf(
        [...context.shop.levels.values()].filter((level) => level.location_id === location.id),
        args,
        (level) => [level.inventory_item_id],
        context.unlimited,
      ).nodesMapped((level) => levelView(level.inventory_item_id, location.id, context)!),
  };
}

function levelView(inventoryItemId: number, locationId: number, context: AdminContext): View | null {
  const level = context.shop.levels.get(`${inventoryItemId}:${locationId}`);
  if (!level) return null;
  const location = context.shop.locations.find((candidate) => candidate.id === locationId)!;
  const variant = context.shop.variantByInventoryItem(inventoryItemId)!;
  return {
    __typename: 'InventoryLevel',
    id: level.admin_graphql_api_id,
    createdAt: variant.created_at,
    updatedAt: level.updated_at,
    isActive: true,
    item: () => inventoryItemView(variant, context),
    location: () => locationView(location, context),
    quantities: (args: { names: string[] }) =>
      args.names.map((name) => ({
        __typename: 'InventoryQuantity',
        id: gid('InventoryQuantity', `${locationId}?inventory_item_id=${inventoryItemId}&name=${name}`),
        name,
        // Nothing is committed or incoming in the simulated shop: on hand is what is available.
        quantity: name === 'available' || name === 'on_hand' ? level.available : 0,
        updatedAt: level.updated_at,
      })),
  };
}

function inventoryItemView(variant: ShopifyVariant, context: AdminContext): View {
  const itemId = variant.inventory_item_id;
  return {
    __typename: 'InventoryItem',
    id: gid('InventoryItem', itemId),
    legacyResourceId: String(itemId),
    sku: variant.sku,
    tracked: variant.inventory_management === 'shopify',
    requiresShipping: true,
    createdAt: variant.created_at,
    updatedAt: variant.updated_at,
    variant: () => variantView(variant, context),
    inventoryLevel: (args: { locationId: string }) => {
      const locationId = idOf(args.locationId, 'Location');
      return locationId === null ? null : levelView(itemId, locationId, context);
    },
    inventoryLevels: (args: ConnectionArgs) => {
      requireScope(context, 'read_inventory', 'inventoryLevels');
      const levels = context.shop.locations
        .map((location) => levelView(itemId, location.id, context))
        .filter((level): level is NonNullable<typeof level> => level !== null);
      return listConnection(levels, args, context.unlimited);
    },
  };
}

export function variantView(variant: ShopifyVariant, context: AdminContext): View {
  const product = context.shop.productOf(variant);
  return {
    __typename: 'ProductVariant',
    id: gid('ProductVariant', variant.id),
    legacyResourceId: String(variant.id),
    title: variant.title,
    displayName: `${product?.title ?? ''} - ${variant.title}`,
    sku: variant.sku,
    barcode: variant.barcode,
    price: variant.price,
    inventoryQuantity: () => context.shop.availableOf(variant),
    createdAt: variant.created_at,
    updatedAt: variant.updated_at,
    product: () => productView(product!, context),
    inventoryItem: () => inventoryItemView(variant, context),
  };
}

export function productView(product: ShopifyProduct, context: AdminContext): View {
  return {
    __typename: 'Product',
    id: gid('Product', product.id),
    legacyResourceId: String(product.id),
    title: product.title,
    handle: product.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    status: product.status.toUpperCase(),
    vendor: 'Simulated shop',
    productType: '',
    createdAt: product.created_at,
    updatedAt: product.updated_at,
    totalInventory: () =>
      product.variants.reduce((sum, variant) => sum + context.shop.availableOf(variant), 0),
    tracksInventory: true,
    variantsCount: { count: product.variants.length, precision: 'EXACT' },
    variants: (args: ConnectionArgs) =>
      connectionOf(product.variants, args, (variant) => [variant.id], context.unlimited).nodesMapped(
        (variant) => variantView(variant, context),
      ),
  };
}

function webhookView(webhook: ShopifyWebhook): View {
  return {
    __typename: 'WebhookSubscription',
    id: gid('WebhookSubscription', webhook.id),
    legacyResourceId: String(webhook.id),
    topic: webhook.topic.replace('/', '_').toUpperCase(),
    uri: webhook.address,
    format: 'JSON',
    includeFields: webhook.fields,
    metafieldNamespaces: webhook.metafield_namespaces,
    filter: null,
    apiVersion: { handle: webhook.api_version, displayName: webhook.api_version, supported: true },
    createdAt: webhook.created_at,
    updatedAt: webhook.updated_at,
  };
}

/** Orders the token may see: without `read_all_orders`, the last 60 days only (Shopify's rule). */
function visibleOrders(context: AdminContext): StoredOrder[] {
  const all = [...context.shop.orders.values()];
  return hasScope(context, 'read_all_orders') ? all : all.filter((stored) => isVisible(stored, context));
}

function isVisible(stored: StoredOrder, context: AdminContext): boolean {
  return hasScope(context, 'read_all_orders') || stored.createdMs >= context.now() - SIXTY_DAYS_MS;
}

const ORDER_SEARCH: Record<string, SearchField<StoredOrder>> = {
  updated_at: { kind: 'time', read: (stored) => stored.updatedMs },
  created_at: { kind: 'time', read: (stored) => stored.createdMs },
  processed_at: { kind: 'time', read: (stored) => stored.createdMs },
  id: { kind: 'number', read: (stored) => stored.order.id },
  name: { kind: 'text', read: (stored) => [stored.order.name, stored.order.name.replace('#', '')] },
  default: { kind: 'text', read: (stored) => [stored.order.name, stored.order.email] },
  email: { kind: 'text', read: (stored) => stored.order.email },
  tag: { kind: 'text', read: (stored) => stored.order.tags.split(',').map((tag) => tag.trim()) },
  sku: { kind: 'text', read: (stored) => stored.order.line_items.map((line) => line.sku) },
  financial_status: { kind: 'text', read: (stored) => stored.order.financial_status },
  fulfillment_status: {
    kind: 'text',
    read: (stored) => [
      stored.order.fulfillment_status ?? 'unfulfilled',
      stored.order.fulfillment_status ? 'shipped' : 'unshipped',
    ],
  },
  status: {
    kind: 'text',
    read: (stored) => [
      stored.order.cancelled_at ? 'cancelled' : stored.order.closed_at ? 'closed' : 'open',
      ...(stored.order.cancelled_at ? ['closed'] : []),
    ],
  },
};

const ORDER_SORT: Record<string, (stored: StoredOrder) => number> = {
  CREATED_AT: (stored) => stored.createdMs,
  PROCESSED_AT: (stored) => stored.createdMs,
  UPDATED_AT: (stored) => stored.updatedMs,
  ID: (stored) => stored.order.id,
  ORDER_NUMBER: (stored) => stored.order.order_number,
  TOTAL_PRICE: (stored) => Math.round(Number(stored.order.total_price) * 100),
};

/**
 * Every order in a sort key's order, kept between requests while no order changes: an import reads
 * thousands of pages, and sorting the whole shop for each would make the simulator the bottleneck.
 */
const sortedCache = new WeakMap<ShopState, Map<string, { revision: number; rows: StoredOrder[] }>>();

function sortedOrders(context: AdminContext, sortKey: string): StoredOrder[] {
  const { shop } = context;
  let byKey = sortedCache.get(shop);
  if (!byKey) {
    byKey = new Map();
    sortedCache.set(shop, byKey);
  }
  const cached = byKey.get(sortKey);
  if (cached && cached.revision === shop.orderRevision) return cached.rows;
  const sortValue = ORDER_SORT[sortKey] ?? ORDER_SORT.PROCESSED_AT!;
  const rows = [...shop.orders.values()].sort(
    (a, b) => sortValue(a) - sortValue(b) || a.order.id - b.order.id,
  );
  byKey.set(sortKey, { revision: shop.orderRevision, rows });
  return rows;
}

const PRODUCT_SEARCH: Record<string, SearchField<ShopifyProduct>> = {
  updated_at: { kind: 'time', read: (product) => parseShopifyTime(product.updated_at) },
  created_at: { kind: 'time', read: (product) => parseShopifyTime(product.created_at) },
  id: { kind: 'number', read: (product) => product.id },
  title: { kind: 'text', read: (product) => product.title },
  status: { kind: 'text', read: (product) => product.status },
  sku: { kind: 'text', read: (product) => product.variants.map((variant) => variant.sku) },
  barcode: { kind: 'text', read: (product) => product.variants.map((variant) => variant.barcode) },
  default: {
    kind: 'text',
    read: (product) => [product.title, ...product.variants.map((variant) => variant.sku)],
  },
};

const VARIANT_SEARCH: Record<string, SearchField<ShopifyVariant>> = {
  sku: { kind: 'text', read: (variant) => variant.sku },
  barcode: { kind: 'text', read: (variant) => variant.barcode },
  id: { kind: 'number', read: (variant) => variant.id },
  product_id: { kind: 'number', read: (variant) => variant.product_id },
  updated_at: { kind: 'time', read: (variant) => parseShopifyTime(variant.updated_at) },
  default: { kind: 'text', read: (variant) => [variant.sku, variant.title] },
};

function allVariants(shop: ShopState): ShopifyVariant[] {
  return shop.products.flatMap((product) => product.variants);
}

/** `node(id)` / `nodes(ids)`: whatever the global id names, or null. */
function nodeById(id: string, context: AdminContext): unknown {
  const type = /^gid:\/\/shopify\/([A-Za-z]+)\//.exec(id)?.[1];
  const shop = context.shop;
  switch (type) {
    case 'Order': {
      requireScope(context, 'read_orders', 'node');
      const stored = shop.orders.get(idOf(id, 'Order') ?? -1);
      return stored && isVisible(stored, context) ? orderView(stored, context) : null;
    }
    case 'Product': {
      requireScope(context, 'read_products', 'node');
      const product = shop.products.find((candidate) => candidate.id === idOf(id, 'Product'));
      return product ? productView(product, context) : null;
    }
    case 'ProductVariant': {
      requireScope(context, 'read_products', 'node');
      const variant = allVariants(shop).find((candidate) => candidate.id === idOf(id, 'ProductVariant'));
      return variant ? variantView(variant, context) : null;
    }
    case 'InventoryItem': {
      requireScope(context, 'read_inventory', 'node');
      const variant = shop.variantByInventoryItem(idOf(id, 'InventoryItem') ?? -1);
      return variant ? inventoryItemView(variant, context) : null;
    }
    case 'InventoryLevel': {
      requireScope(context, 'read_inventory', 'node');
      const match = /^gid:\/\/shopify\/InventoryLevel\/(\d+)\?inventory_item_id=(\d+)$/.exec(id);
      return match ? levelView(Number(match[2]), Number(match[1]), context) : null;
    }
    case 'Location': {
      requireScope(context, 'read_locations', 'node');
      const location = shop.locations.find((candidate) => candidate.id === idOf(id, 'Location'));
      return location ? locationView(location, context) : null;
    }
    case 'FulfillmentOrder': {
      const wanted = idOf(id, 'FulfillmentOrder');
      for (const list of shop.fulfillmentOrders.values()) {
        const found = list.find((fulfillmentOrder) => fulfillmentOrder.id === wanted);
        if (found) return fulfillmentOrderView(found, context);
      }
      return null;
    }
    case 'Fulfillment': {
      requireScope(context, ['read_fulfillments', 'read_orders'], 'node');
      const fulfillment = shop.fulfillments.find((candidate) => candidate.id === idOf(id, 'Fulfillment'));
      return fulfillment ? fulfillmentView(fulfillment, context) : null;
    }
    case 'WebhookSubscription': {
      const webhook = context.webhooks.subscriptions.find(
        (candidate) => candidate.id === idOf(id, 'WebhookSubscription'),
      );
      return webhook ? webhookView(webhook) : null;
    }
    case 'BulkOperation':
      return context.bulk.view(id);
    default:
      return null;
  }
}

/** `INVENTORY_LEVELS_UPDATE` → `inventory_levels/update`: the last underscore is the slash. */
const WEBHOOK_TOPICS_BY_ENUM = (topic: string) => topic.toLowerCase().replace(/_([a-z]+)$/, '/$1');

function userErrorOf(error: unknown, field: string[]): { field: string[]; message: string } {
  if (error instanceof ShopRefusal) {
    const errors = error.errors;
    const message = Array.isArray(errors)
      ? String(errors[0])
      : typeof errors === 'string'
        ? errors
        : Object.entries(errors as Record<string, unknown>)
            .map(([name, value]) => `${name} ${Array.isArray(value) ? value.join(', ') : String(value)}`)
            .join('; ');
    return { field, message: message === 'Not Found' ? 'Fulfillment order does not exist.' : message };
  }
  throw error;
}

/** The root fields: `QueryRoot` and `Mutation` in one value (operation type picks the fields). */
export function rootValue() {
  return {
    shop: (_args: unknown, context: AdminContext) => ({
      __typename: 'Shop',
      id: gid('Shop', 548380009),
      name: context.shopInfo.name,
      email: context.shopInfo.email,
      myshopifyDomain: context.shopInfo.myshopifyDomain,
      currencyCode: context.shopInfo.currency,
      ianaTimezone: 'Europe/London',
      plan: { publicDisplayName: 'Basic', partnerDevelopment: false, shopifyPlus: false },
    }),
    app: (_args: unknown, context: AdminContext) => ({
      __typename: 'App',
      id: gid('App', 1),
      title: 'Syncdesk',
      apiKey: context.clientId,
    }),
    currentAppInstallation: (_args: unknown, context: AdminContext) => ({
      __typename: 'AppInstallation',
      id: gid('AppInstallation', 1),
      accessScopes: [...context.scopes].map((handle) => ({ handle, description: handle })),
    }),
    node: (args: { id: string }, context: AdminContext) => nodeById(args.id, context),
    nodes: (args: { ids: string[] }, context: AdminContext) => args.ids.map((id) => nodeById(id, context)),
    order: (args: { id: string }, context: AdminContext) => {
      requireScope(context, 'read_orders', 'order');
      const stored = context.shop.orders.get(idOf(args.id, 'Order') ?? -1);
      return stored && isVisible(stored, context) ? orderView(stored, context) : null;
    },
    orders: (args: ConnectionArgs & { sortKey: string; query?: string | null }, context: AdminContext) => {
      requireScope(context, 'read_orders', 'orders');
      const query = parseSearchQuery(args.query);
      const sortValue = ORDER_SORT[args.sortKey] ?? ORDER_SORT.PROCESSED_AT!;
      const rows = sortedOrders(context, args.sortKey).filter(
        (stored) => isVisible(stored, context) && matchesSearch(query, stored, ORDER_SEARCH),
      );
      return connectionOf(
        rows,
        args,
        (stored) => [sortValue(stored), stored.order.id],
        context.unlimited,
      ).nodesMapped((stored) => orderView(stored, context));
    },
    ordersCount: (args: { query?: string | null; limit: number }, context: AdminContext) => {
      requireScope(context, 'read_orders', 'ordersCount');
      const query = parseSearchQuery(args.query);
      const count = visibleOrders(context).filter((stored) =>
        matchesSearch(query, stored, ORDER_SEARCH),
      ).length;
      return { count: Math.min(count, args.limit), precision: count > args.limit ? 'AT_LEAST' : 'EXACT' };
    },
    product: (args: { id: string }, context: AdminContext) => {
      requireScope(context, 'read_products', 'product');
      const product = context.shop.products.find((candidate) => candidate.id === idOf(args.id, 'Product'));
      return product ? productView(product, context) : null;
    },
    products: (args: ConnectionArgs & { sortKey: string; query?: string | null }, context: AdminContext) => {
      requireScope(context, 'read_products', 'products');
      const query = parseSearchQuery(args.query);
      const sortValue = (product: ShopifyProduct): number | string =>
        args.sortKey === 'TITLE'
          ? product.title
          : args.sortKey === 'UPDATED_AT'
            ? (parseShopifyTime(product.updated_at) ?? 0)
            : args.sortKey === 'CREATED_AT'
              ? (parseShopifyTime(product.created_at) ?? 0)
              : product.id;
      const rows = context.shop.products
        .filter((product) => matchesSearch(query, product, PRODUCT_SEARCH))
        .sort((a, b) => {
          const [x, y] = [sortValue(a), sortValue(b)];
          return x === y ? a.id - b.id : x < y ? -1 : 1;
        });
      return connectionOf(
        rows,
        args,
        (product) => [sortValue(product), product.id],
        context.unlimited,
      ).nodesMapped((product) => productView(product, context));
    },
    productVariant: (args: { id: string }, context: AdminContext) => {
      requireScope(context, 'read_products', 'productVariant');
      const variant = allVariants(context.shop).find(
        (candidate) => candidate.id === idOf(args.id, 'ProductVariant'),
      );
      return variant ? variantView(variant, context) : null;
    },
    productVariants: (
      args: ConnectionArgs & { sortKey: string; query?: string | null },
      context: AdminContext,
    ) => {
      requireScope(context, 'read_products', 'productVariants');
      const query = parseSearchQuery(args.query);
      const sortValue = (variant: ShopifyVariant): number | string =>
        args.sortKey === 'SKU' ? (variant.sku ?? '') : args.sortKey === 'TITLE' ? variant.title : variant.id;
      const rows = allVariants(context.shop)
        .filter((variant) => matchesSearch(query, variant, VARIANT_SEARCH))
        .sort((a, b) => {
          const [x, y] = [sortValue(a), sortValue(b)];
          return x === y ? a.id - b.id : x < y ? -1 : 1;
        });
      return connectionOf(
        rows,
        args,
        (variant) => [sortValue(variant), variant.id],
        context.unlimited,
      ).nodesMapped((variant) => variantView(variant, context));
    },
    productVariantsCount: (args: { query?: string | null; limit: number }, context: AdminContext) => {
      requireScope(context, 'read_products', 'productVariantsCount');
      const query = parseSearchQuery(args.query);
      const count = allVariants(context.shop).filter((variant) =>
        matchesSearch(query, variant, VARIANT_SEARCH),
      ).length;
      return { count: Math.min(count, args.limit), precision: count > args.limit ? 'AT_LEAST' : 'EXACT' };
    },
    inventoryItem: (args: { id: string }, context: AdminContext) => {
      requireScope(context, 'read_inventory', 'inventoryItem');
      const variant = context.shop.variantByInventoryItem(idOf(args.id, 'InventoryItem') ?? -1);
      return variant ? inventoryItemView(variant, context) : null;
    },
    inventoryItems: (args: ConnectionArgs & { query?: string | null }, context: AdminContext) => {
      requireScope(context, 'read_inventory', 'inventoryItems');
      const query = parseSearchQuery(args.query);
      const rows = allVariants(context.shop)
        .filter((variant) =>
          matchesSearch(query, variant, {
            ...VARIANT_SEARCH,
            id: { kind: 'number', read: (v) => v.inventory_item_id },
          }),
        )
        .sort((a, b) => a.inventory_item_id - b.inventory_item_id);
      return connectionOf(
        rows,
        args,
        (variant) => [variant.inventory_item_id],
        context.unlimited,
      ).nodesMapped((variant) => inventoryItemView(variant, context));
    },
    inventoryLevel: (args: { id: string }, context: AdminContext) => {
      requireScope(context, 'read_inventory', 'inventoryLevel');
      return nodeById(args.id, context);
    },
    location: (args: { id?: string | null }, context: AdminContext) => {
      requireScope(context, 'read_locations', 'location');
      const location = args.id
        ? context.shop.locations.find((candidate) => candidate.id === idOf(args.id, 'Location'))
        : context.shop.primaryLocation;
      return location ? locationView(location, context) : null;
    },
    locations: (args: ConnectionArgs & { includeInactive?: boolean }, context: AdminContext) => {
      requireScope(context, 'read_locations', 'locations');
      const rows = context.shop.locations.filter((location) => location.active || args.includeInactive);
      return connectionOf(rows, args, (location) => [location.id], context.unlimited).nodesMapped(
        (location) => locationView(location, context),
      );
    },
    fulfillmentOrder: (args: { id: string }, context: AdminContext) => {
      requireScope(
        context,
        [
          'read_merchant_managed_fulfillment_orders',
          'read_assigned_fulfillment_orders',
          'read_third_party_fulfillment_orders',
        ],
        'fulfillmentOrder',
      );
      return nodeById(args.id, context);
    },
    fulfillment: (args: { id: string }, context: AdminContext) => nodeById(args.id, context),
    webhookSubscription: (args: { id: string }, context: AdminContext) => nodeById(args.id, context),
    webhookSubscriptions: (
      args: ConnectionArgs & { topics?: string[] | null; uri?: string | null; callbackUrl?: string | null },
      context: AdminContext,
    ) => {
      const topics = args.topics?.map(WEBHOOK_TOPICS_BY_ENUM) ?? null;
      const uri = args.uri ?? args.callbackUrl ?? null;
      const rows = context.webhooks.subscriptions.filter(
        (webhook) => (!topics || topics.includes(webhook.topic)) && (!uri || webhook.address === uri),
      );
      return connectionOf(rows, args, (webhook) => [webhook.id], context.unlimited).nodesMapped(webhookView);
    },
    currentBulkOperation: (args: { type: string }, context: AdminContext) => context.bulk.current(args.type),
    bulkOperation: (args: { id: string }, context: AdminContext) => context.bulk.view(args.id),

    // Mutation
    inventorySetQuantities: (
      args: {
        input: {
          name: string;
          reason: string;
          referenceDocumentUri?: string | null;
          quantities: {
            inventoryItemId: string;
            locationId: string;
            quantity: number;
            changeFromQuantity?: number | null;
          }[];
        };
      },
      context: AdminContext,
    ) => {
      requireScope(context, 'write_inventory', 'inventorySetQuantities');
      const { input } = args;
      const refuse = (code: string, field: string[], message: string) => ({
        inventoryAdjustmentGroup: null,
        userErrors: [{ code, field, message }],
      });
      if (input.name !== 'available' && input.name !== 'on_hand') {
        return refuse(
          'INVALID_NAME',
          ['input', 'name'],
          "The quantity name must be either 'available' or 'on_hand'.",
        );
      }
      const reasons = [
        'correction',
        'cycle_count_available',
        'damaged',
        'movement_created',
        'movement_updated',
        'movement_received',
        'movement_canceled',
        'other',
        'promotion',
        'quality_control',
        'received',
        'reservation_created',
        'reservation_deleted',
        'reservation_updated',
        'restock',
        'safety_stock',
        'shrinkage',
      ];
      if (!reasons.includes(input.reason)) {
        return refuse('INVALID_REASON', ['input', 'reason'], 'The specified reason is invalid.');
      }
      if (
        input.referenceDocumentUri !== undefined &&
        input.referenceDocumentUri !== null &&
        !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(input.referenceDocumentUri)
      ) {
        return refuse(
          'INVALID_REFERENCE_DOCUMENT',
          ['input', 'referenceDocumentUri'],
          'The specified reference document is invalid.',
        );
      }
      // Since 2026-04 every quantity says what it changes from: a number (compare and swap) or an
      // explicit null; leaving it out is an error (shopify.dev changelog, compare-and-swap redesign).
      for (const [index, quantity] of input.quantities.entries()) {
        if (!('changeFromQuantity' in quantity)) {
          return {
            inventoryAdjustmentGroup: null,
            userErrors: [
              {
                code: null,
                field: ['input', 'quantities', String(index), 'changeFromQuantity'],
                message: 'changeFromQuantity is required. Set it to null to skip the comparison.',
              },
            ],
          };
        }
      }
      const seen = new Set<string>();
      for (const [index, quantity] of input.quantities.entries()) {
        const key = `${quantity.inventoryItemId}|${quantity.locationId}`;
        if (seen.has(key)) {
          return refuse(
            'NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR',
            ['input', 'quantities', String(index), 'locationId'],
            'The combination of inventoryItemId and locationId must be unique.',
          );
        }
        seen.add(key);
      }
      const changes = input.quantities.map((quantity) => ({
        inventoryItemId: idOf(quantity.inventoryItemId, 'InventoryItem') ?? -1,
        locationId: idOf(quantity.locationId, 'Location') ?? -1,
        quantity: quantity.quantity,
        changeFromQuantity: quantity.changeFromQuantity ?? null,
      }));
      const before = changes.map(
        (change) => context.shop.levels.get(`${change.inventoryItemId}:${change.locationId}`)?.available ?? 0,
      );
      const userErrors = context.shop.setQuantities(
        changes,
        input.reason,
        input.referenceDocumentUri ?? null,
      );
      if (userErrors.length) return { inventoryAdjustmentGroup: null, userErrors };
      const at = new Date(context.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
      return {
        inventoryAdjustmentGroup: {
          id: gid('InventoryAdjustmentGroup', context.shop.newId()),
          createdAt: at,
          reason: input.reason,
          referenceDocumentUri: input.referenceDocumentUri ?? null,
          changes: (filter: { quantityNames?: string[] | null }) =>
            (filter.quantityNames ?? ['available', 'on_hand']).flatMap((name) =>
              changes.map((change, index) => {
                const variant = context.shop.variantByInventoryItem(change.inventoryItemId)!;
                const location = context.shop.locations.find(
                  (candidate) => candidate.id === change.locationId,
                )!;
                return {
                  name,
                  delta: change.quantity - before[index]!,
                  quantityAfterChange: name === input.name ? change.quantity : null,
                  item: () => inventoryItemView(variant, context),
                  location: () => locationView(location, context),
                  ledgerDocumentUri: null,
                };
              }),
            ),
        },
        userErrors: [],
      };
    },
    fulfillmentCreate: (
      args: {
        fulfillment: {
          lineItemsByFulfillmentOrder: {
            fulfillmentOrderId: string;
            fulfillmentOrderLineItems?: { id: string; quantity: number }[] | null;
          }[];
          trackingInfo?: {
            company?: string | null;
            number?: string | null;
            numbers?: string[] | null;
            url?: string | null;
            urls?: string[] | null;
          } | null;
        };
      },
      context: AdminContext,
    ) => {
      requireScope(context, 'write_fulfillments', 'fulfillmentCreate');
      const input = args.fulfillment;
      try {
        const fulfillment = context.shop.createFulfillment({
          lineItemsByFulfillmentOrder: input.lineItemsByFulfillmentOrder.map((group) => ({
            fulfillmentOrderId: idOf(group.fulfillmentOrderId, 'FulfillmentOrder') ?? -1,
            lines: group.fulfillmentOrderLineItems
              ? group.fulfillmentOrderLineItems.map((line) => ({
                  id: idOf(line.id, 'FulfillmentOrderLineItem') ?? -1,
                  quantity: line.quantity,
                }))
              : null,
          })),
          trackingInfo: input.trackingInfo
            ? {
                company: input.trackingInfo.company ?? null,
                number: input.trackingInfo.number ?? input.trackingInfo.numbers?.[0] ?? null,
                url: input.trackingInfo.url ?? input.trackingInfo.urls?.[0] ?? null,
              }
            : null,
        });
        return { fulfillment: fulfillmentView(fulfillment, context), userErrors: [] };
      } catch (error) {
        return { fulfillment: null, userErrors: [userErrorOf(error, ['fulfillment'])] };
      }
    },
    fulfillmentTrackingInfoUpdate: (
      args: {
        fulfillmentId: string;
        trackingInfoInput: { company?: string | null; number?: string | null; url?: string | null };
      },
      context: AdminContext,
    ) => {
      requireScope(context, 'write_fulfillments', 'fulfillmentTrackingInfoUpdate');
      const id = idOf(args.fulfillmentId, 'Fulfillment');
      if (id === null || !context.shop.fulfillments.some((fulfillment) => fulfillment.id === id)) {
        return {
          fulfillment: null,
          userErrors: [{ field: ['fulfillmentId'], message: 'Fulfillment does not exist.' }],
        };
      }
      const fulfillment = context.shop.updateTracking(id, args.trackingInfoInput);
      return { fulfillment: fulfillmentView(fulfillment, context), userErrors: [] };
    },
    webhookSubscriptionCreate: (
      args: {
        topic: string;
        webhookSubscription: {
          uri?: string | null;
          callbackUrl?: string | null;
          format?: string | null;
          includeFields?: string[] | null;
        };
      },
      context: AdminContext,
    ) => {
      const address = args.webhookSubscription.uri ?? args.webhookSubscription.callbackUrl ?? '';
      try {
        const webhook = context.webhooks.subscribe({
          topic: WEBHOOK_TOPICS_BY_ENUM(args.topic),
          address,
          format: (args.webhookSubscription.format ?? 'JSON').toLowerCase(),
          fields: args.webhookSubscription.includeFields ?? [],
        });
        return { webhookSubscription: webhookView(webhook), userErrors: [] };
      } catch (error) {
        if (error instanceof ShopRefusal && JSON.stringify(error.errors).includes('already been taken')) {
          return {
            webhookSubscription: null,
            userErrors: [
              {
                field: ['webhookSubscription', 'callbackUrl'],
                message: 'Address for this topic has already been taken',
              },
            ],
          };
        }
        return {
          webhookSubscription: null,
          userErrors: [userErrorOf(error, ['webhookSubscription', 'callbackUrl'])],
        };
      }
    },
    webhookSubscriptionDelete: (args: { id: string }, context: AdminContext) => {
      const id = idOf(args.id, 'WebhookSubscription');
      if (id === null || !context.webhooks.subscriptions.some((webhook) => webhook.id === id)) {
        return {
          deletedWebhookSubscriptionId: null,
          userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
        };
      }
      context.webhooks.unsubscribe(id);
      return { deletedWebhookSubscriptionId: args.id, userErrors: [] };
    },
    bulkOperationRunQuery: (args: { query: string }, context: AdminContext) =>
      context.bulk.runQuery(args.query, context),
    bulkOperationCancel: (args: { id: string }, context: AdminContext) => context.bulk.cancel(args.id),
  };
}
