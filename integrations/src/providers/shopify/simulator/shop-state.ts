import type {
  ShopifyFinancialStatus,
  ShopifyFulfillment,
  ShopifyFulfillmentOrder,
  ShopifyInventoryLevel,
  ShopifyLineItem,
  ShopifyLocation,
  ShopifyOrder,
  ShopifyProduct,
  ShopifyRefund,
  ShopifyVariant,
} from './shop-resources';
import { plausibleOrder, type NewOrderInput } from './order-factory';
import { shopifyTime, toSecond } from './simulator-time';

/** An answer Shopify would give instead of doing the thing: its status and its `errors` value. */
export class ShopRefusal extends Error {
  constructor(
    readonly status: number,
    readonly errors: unknown,
  ) {
    super(typeof errors === 'string' ? errors : JSON.stringify(errors));
  }
}

export interface StoredOrder {
  order: ShopifyOrder;
  /** To the second, like the answer's `updated_at`. */
  updatedMs: number;
  createdMs: number;
}

/** A change at the shop that webhooks announce; `payload` is the REST resource Shopify sends. */
export type ShopEvent =
  | {
      topic: 'orders/create' | 'orders/updated' | 'orders/cancelled' | 'orders/fulfilled';
      order: ShopifyOrder;
    }
  | { topic: 'products/create' | 'products/update'; product: ShopifyProduct }
  | { topic: 'inventory_levels/update'; level: ShopifyInventoryLevel };
/** @deprecated the order events only; kept for callers of the REST simulator. */
export type OrderEvent = Extract<ShopEvent, { order: ShopifyOrder }>;

/** A catalogue product as a test or bench asks for it: several variants, each its own SKU. */
export interface NewProductInput {
  title?: string;
  variants: { sku: string; price?: string; barcode?: string | null; stock?: number }[];
}

/** One quantity `inventorySetQuantities` was asked to set, as the simulator checks it. */
export interface QuantityChange {
  inventoryItemId: number;
  locationId: number;
  quantity: number;
  /** null: set without comparing (explicitly asked for). */
  changeFromQuantity: number | null;
}

export interface ShopStateOptions {
  skus: readonly string[];
  /** Product titles by SKU; `Product {sku}` for a SKU without one. */
  titles?: Readonly<Record<string, string>>;
  initialStock: number;
  currency: string;
  random: () => number;
  now: () => number;
  /** Ids (orders, lines, products …) count up from here. */
  firstId?: number;
  firstOrderNumber?: number;
}

const SHOP_ID = 548380009;

/**
 * One shop's data, in memory: products with their variants and inventory items, locations and
 * levels, orders with their fulfilment orders and fulfilments. Changes to orders are told to
 * `onOrderEvent` (webhook delivery listens there).
 */
export class ShopState {
  readonly orders = new Map<number, StoredOrder>();
  readonly products: ShopifyProduct[] = [];
  readonly locations: ShopifyLocation[] = [
    { id: 655441491, name: 'Main warehouse', active: true, country_code: 'GB' },
    { id: 655441492, name: 'Shop floor', active: true, country_code: 'GB' },
  ];
  /** `${inventory_item_id}:${location_id}` → level. */
  readonly levels = new Map<string, ShopifyInventoryLevel>();
  readonly fulfillmentOrders = new Map<number, ShopifyFulfillmentOrder[]>();
  readonly fulfillments: ShopifyFulfillment[] = [];
  orderListeners: ((event: ShopEvent) => void)[] = [];
  /** Counts order changes: a sorted order list stays valid while it does not move. */
  orderRevision = 0;
  /** Inventory items no longer stocked at a location (`ITEM_NOT_STOCKED_AT_LOCATION`): `${item}:${location}`. */
  readonly inventoryAdjustments: {
    inventoryItemId: number;
    locationId: number;
    delta: number;
    quantityAfterChange: number;
    reason: string;
    referenceDocumentUri: string | null;
    at: string;
  }[] = [];

  private nextId: number;
  private nextOrderNumber: number;
  private readonly variantsBySku = new Map<string, ShopifyVariant>();
  private readonly itemIndex = new Map<number, ShopifyVariant>();
  private readonly productIndex = new Map<number, ShopifyProduct>();

  constructor(private readonly options: ShopStateOptions) {
    this.nextId = options.firstId ?? 450789469;
    this.nextOrderNumber = options.firstOrderNumber ?? 1001;
    for (const sku of options.skus) this.addProduct(sku);
  }

  newId(): number {
    this.nextId += 1 + Math.floor(this.options.random() * 7);
    return this.nextId;
  }

  get primaryLocation(): ShopifyLocation {
    return this.locations[0]!;
  }

  variantBySku(sku: string): ShopifyVariant | null {
    return this.variantsBySku.get(sku) ?? null;
  }

  addProduct(sku: string, price?: string): ShopifyVariant {
    const known = this.variantsBySku.get(sku);
    if (known) return known;
    const at = shopifyTime(this.options.now());
    const productId = this.newId();
    const variant: ShopifyVariant = {
      id: this.newId(),
      product_id: productId,
      title: 'Default Title',
      sku,
      price: price ?? (5 + Math.floor(this.options.random() * 60) + 0.99).toFixed(2),
      inventory_item_id: this.newId(),
      inventory_quantity: this.options.initialStock,
      inventory_management: 'shopify',
      barcode: null,
      created_at: at,
      updated_at: at,
    };
    this.products.push({
      id: productId,
      title: this.options.titles?.[sku] ?? `Product ${sku}`,
      status: 'active',
      created_at: at,
      updated_at: at,
      variants: [variant],
    });
    this.variantsBySku.set(sku, variant);
    this.itemIndex.set(variant.inventory_item_id, variant);
    this.levels.set(`${variant.inventory_item_id}:${this.primaryLocation.id}`, {
      inventory_item_id: variant.inventory_item_id,
      location_id: this.primaryLocation.id,
      available: this.options.initialStock,
      updated_at: at,
      admin_graphql_api_id: `gid://shopify/InventoryLevel/${this.primaryLocation.id}?inventory_item_id=${variant.inventory_item_id}`,
    });
    return variant;
  }

  /**
   * A product with several variants (product download, large catalogues): each variant its own
   * inventory item, stocked at the first location.
   */
  addCatalogueProduct(input: NewProductInput): ShopifyProduct {
    const at = shopifyTime(this.options.now());
    const productId = this.newId();
    const product: ShopifyProduct = {
      id: productId,
      title: input.title ?? `Product ${input.variants[0]?.sku ?? productId}`,
      status: 'active',
      created_at: at,
      updated_at: at,
      variants: [],
    };
    for (const [index, wanted] of input.variants.entries()) {
      if (this.variantsBySku.has(wanted.sku)) continue;
      const stock = wanted.stock ?? this.options.initialStock;
      const variant: ShopifyVariant = {
        id: this.newId(),
        product_id: productId,
        title: input.variants.length > 1 ? `Option ${index + 1}` : 'Default Title',
        sku: wanted.sku,
        price: wanted.price ?? (5 + Math.floor(this.options.random() * 60) + 0.99).toFixed(2),
        inventory_item_id: this.newId(),
        inventory_quantity: stock,
        inventory_management: 'shopify',
        barcode: wanted.barcode ?? null,
        created_at: at,
        updated_at: at,
      };
      product.variants.push(variant);
      this.variantsBySku.set(wanted.sku, variant);
      this.itemIndex.set(variant.inventory_item_id, variant);
      this.levels.set(`${variant.inventory_item_id}:${this.primaryLocation.id}`, {
        inventory_item_id: variant.inventory_item_id,
        location_id: this.primaryLocation.id,
        available: stock,
        updated_at: at,
        admin_graphql_api_id: `gid://shopify/InventoryLevel/${this.primaryLocation.id}?inventory_item_id=${variant.inventory_item_id}`,
      });
    }
    this.products.push(product);
    this.emit({ topic: 'products/create', product });
    return product;
  }

  /** The variant whose inventory item this is. */
  variantByInventoryItem(inventoryItemId: number): ShopifyVariant | null {
    return this.itemIndex.get(inventoryItemId) ?? null;
  }

  productOf(variant: ShopifyVariant): ShopifyProduct | null {
    const indexed = this.productIndex.get(variant.product_id);
    if (indexed) return indexed;
    const product = this.products.find((candidate) => candidate.id === variant.product_id) ?? null;
    if (product) this.productIndex.set(product.id, product);
    return product;
  }

  /** A merchant's edit of a product (`products/update`): title and/or a variant's price or barcode. */
  updateProduct(
    productId: number,
    change: { title?: string; variants?: { sku: string; price?: string; barcode?: string | null }[] },
  ): ShopifyProduct {
    const product = this.products.find((candidate) => candidate.id === productId);
    if (!product) throw new ShopRefusal(404, 'Not Found');
    const at = shopifyTime(this.options.now());
    if (change.title !== undefined) product.title = change.title;
    for (const wanted of change.variants ?? []) {
      const variant = product.variants.find((candidate) => candidate.sku === wanted.sku);
      if (!variant) continue;
      if (wanted.price !== undefined) variant.price = wanted.price;
      if (wanted.barcode !== undefined) variant.barcode = wanted.barcode;
      variant.updated_at = at;
    }
    product.updated_at = at;
    this.emit({ topic: 'products/update', product });
    return product;
  }

  /**
   * `inventorySetQuantities` (name `available`): every quantity is checked before any is set, so a
   * stale compare leaves all of them as they were, as Shopify's mutation does. Returns the user
   * errors (empty when the quantities were set).
   */
  setQuantities(
    changes: readonly QuantityChange[],
    reason: string,
    referenceDocumentUri: string | null,
  ): { code: string; field: string[]; message: string }[] {
    const errors: { code: string; field: string[]; message: string }[] = [];
    for (const [index, change] of changes.entries()) {
      const field = (name: string) => ['input', 'quantities', String(index), name];
      if (!this.itemIndex.has(change.inventoryItemId)) {
        errors.push({
          code: 'INVALID_INVENTORY_ITEM',
          field: field('inventoryItemId'),
          message: 'The specified inventory item could not be found.',
        });
        continue;
      }
      if (!this.locations.some((location) => location.id === change.locationId)) {
        errors.push({
          code: 'INVALID_LOCATION',
          field: field('locationId'),
          message: 'The specified location could not be found.',
        });
        continue;
      }
      if (change.quantity < 0) {
        errors.push({
          code: 'INVALID_QUANTITY_NEGATIVE',
          field: field('quantity'),
          message: "The quantity can't be negative.",
        });
        continue;
      }
      if (change.quantity > 1_000_000_000) {
        errors.push({
          code: 'INVALID_QUANTITY_TOO_HIGH',
          field: field('quantity'),
          message: "The total quantity can't be higher than 1,000,000,000.",
        });
        continue;
      }
      const level = this.levels.get(`${change.inventoryItemId}:${change.locationId}`);
      if (change.changeFromQuantity !== null && (level?.available ?? 0) !== change.changeFromQuantity) {
        errors.push({
          code: 'CHANGE_FROM_QUANTITY_STALE',
          field: field('changeFromQuantity'),
          message: 'The changeFromQuantity value does not match persisted value.',
        });
      }
    }
    if (errors.length) return errors;
    const at = shopifyTime(this.options.now());
    for (const change of changes) {
      const before = this.levels.get(`${change.inventoryItemId}:${change.locationId}`)?.available ?? 0;
      this.setInventory(change.inventoryItemId, change.locationId, change.quantity);
      this.inventoryAdjustments.push({
        inventoryItemId: change.inventoryItemId,
        locationId: change.locationId,
        delta: change.quantity - before,
        quantityAfterChange: change.quantity,
        reason,
        referenceDocumentUri,
        at,
      });
    }
    return [];
  }

  /** `POST inventory_levels/set.json`. */
  setInventory(inventoryItemId: number, locationId: number, available: number): ShopifyInventoryLevel {
    const variant = this.itemIndex.get(inventoryItemId);
    if (!variant) throw new ShopRefusal(422, ['Inventory item does not exist']);
    if (!this.locations.some((location) => location.id === locationId)) {
      throw new ShopRefusal(422, ['Location does not exist']);
    }
    const level: ShopifyInventoryLevel = {
      inventory_item_id: inventoryItemId,
      location_id: locationId,
      available,
      updated_at: shopifyTime(this.options.now()),
      admin_graphql_api_id: `gid://shopify/InventoryLevel/${locationId}?inventory_item_id=${inventoryItemId}`,
    };
    this.levels.set(`${inventoryItemId}:${locationId}`, level);
    variant.inventory_quantity = this.availableOf(variant);
    this.emit({ topic: 'inventory_levels/update', level });
    return level;
  }

  /** The title of the product a variant belongs to. */
  titleOf(variant: ShopifyVariant): string {
    return (
      this.products.find((product) => product.id === variant.product_id)?.title ?? `Product ${variant.sku}`
    );
  }

  /** All locations together, as the variant's `inventory_quantity` reports it. */
  availableOf(variant: ShopifyVariant): number {
    let total = 0;
    for (const location of this.locations) {
      total += this.levels.get(`${variant.inventory_item_id}:${location.id}`)?.available ?? 0;
    }
    return total;
  }

  /** Quantity per SKU as the shop holds it (every location). */
  stock(): Record<string, number> {
    const stock: Record<string, number> = {};
    for (const [sku, variant] of this.variantsBySku) stock[sku] = this.availableOf(variant);
    return stock;
  }

  createOrder(input: NewOrderInput = {}): ShopifyOrder {
    const random = this.options.random;
    const made = plausibleOrder(
      input,
      this.options.skus.length ? this.options.skus : ['SIM-SKU-1'],
      (sku) => this.variantsBySku.get(sku)?.price ?? '9.99',
      random,
      this.options.currency,
    );
    const nowMs = input.createdAt ? Date.parse(input.createdAt) : this.options.now();
    const at = shopifyTime(nowMs);
    const id = this.newId();
    const orderNumber = this.nextOrderNumber++;
    const lineItems: ShopifyLineItem[] = made.lines.map((line) => {
      // A SKU the shop doesn't list still sells (a custom line): no variant, no inventory item.
      const variant = this.variantsBySku.get(line.sku) ?? null;
      const tax = ((Number(line.price) * line.quantity * 0.2) / 1.2).toFixed(2);
      return {
        id: this.newId(),
        variant_id: variant?.id ?? null,
        product_id: variant?.product_id ?? null,
        sku: line.sku,
        // Shopify names a line after its product (the variant's own title is `variant_title`).
        title: variant ? this.titleOf(variant) : line.sku,
        variant_title: null,
        quantity: line.quantity,
        price: line.price,
        total_discount: '0.00',
        fulfillable_quantity: line.quantity,
        fulfillment_status: null,
        requires_shipping: true,
        tax_lines: [{ title: 'VAT', price: tax, rate: 0.2 }],
        properties: [],
      };
    });
    const subtotal = lineItems.reduce((sum, line) => sum + Number(line.price) * line.quantity, 0);
    const tax = lineItems.reduce((sum, line) => sum + Number(line.tax_lines[0]!.price), 0);
    const shipping = Number(made.shippingPrice);
    const order: ShopifyOrder = {
      id,
      admin_graphql_api_id: `gid://shopify/Order/${id}`,
      name: `#${orderNumber}`,
      order_number: orderNumber,
      email: made.email,
      phone: made.phone,
      created_at: at,
      updated_at: at,
      processed_at: at,
      cancelled_at: null,
      cancel_reason: null,
      closed_at: null,
      currency: made.currency,
      financial_status: made.financialStatus,
      fulfillment_status: null,
      subtotal_price: subtotal.toFixed(2),
      total_price: (subtotal + shipping).toFixed(2),
      total_tax: tax.toFixed(2),
      total_discounts: '0.00',
      total_shipping_price_set: {
        shop_money: { amount: made.shippingPrice, currency_code: made.currency },
      },
      shipping_lines: [{ id: this.newId(), title: 'Standard', code: 'STANDARD', price: made.shippingPrice }],
      tags: '',
      test: false,
      customer: {
        id: this.newId(),
        email: made.email,
        first_name: made.firstName,
        last_name: made.lastName,
        phone: made.phone,
      },
      shipping_address: made.address,
      billing_address: { ...made.address },
      line_items: lineItems,
      refunds: [],
    };
    this.orders.set(id, { order, createdMs: toSecond(nowMs), updatedMs: toSecond(nowMs) });
    this.orderRevision += 1;
    // One fulfilment order per location the lines ship from (a line may name its location), as
    // Shopify splits an order whose items are stocked in different places.
    const byLocation = new Map<number, ShopifyLineItem[]>();
    for (const [index, line] of lineItems.entries()) {
      const wanted = made.lines[index]?.locationId;
      const locationId = this.locations.some((location) => location.id === wanted)
        ? wanted!
        : this.primaryLocation.id;
      byLocation.set(locationId, [...(byLocation.get(locationId) ?? []), line]);
    }
    this.fulfillmentOrders.set(
      id,
      [...byLocation].map(([locationId, lines]) => {
        const fulfillmentOrderId = this.newId();
        return {
          id: fulfillmentOrderId,
          shop_id: SHOP_ID,
          order_id: id,
          assigned_location_id: locationId,
          status: 'open' as const,
          request_status: 'unsubmitted' as const,
          supported_actions: ['create_fulfillment', 'hold', 'move'],
          line_items: lines.map((line) => ({
            id: this.newId(),
            shop_id: SHOP_ID,
            fulfillment_order_id: fulfillmentOrderId,
            line_item_id: line.id,
            inventory_item_id: this.variantsBySku.get(line.sku ?? '')?.inventory_item_id ?? 0,
            quantity: line.quantity,
            fulfillable_quantity: line.quantity,
            variant_id: line.variant_id,
          })),
        };
      }),
    );
    // Selling takes the units off the shop's shelf, as Shopify does for tracked inventory.
    for (const line of lineItems) {
      const variant = line.sku ? this.variantsBySku.get(line.sku) : undefined;
      if (!variant) continue;
      const key = `${variant.inventory_item_id}:${this.primaryLocation.id}`;
      const level = this.levels.get(key);
      if (level) {
        level.available -= line.quantity;
        level.updated_at = at;
      }
      variant.inventory_quantity = this.availableOf(variant);
    }
    this.emit({ topic: 'orders/create', order });
    return order;
  }

  /** A change of the order by the merchant (paid, cancelled, tagged): its `updated_at` moves. */
  updateOrder(
    id: number,
    change: {
      financialStatus?: ShopifyFinancialStatus;
      cancel?: boolean;
      /** Shopify's cancel reasons: customer, declined, fraud, inventory, staff, other. */
      cancelReason?: string;
      tags?: string;
      /** A refund of these lines (all of them when empty), money back to the customer. */
      refund?: { lines?: { lineItemId: number; quantity: number }[]; note?: string };
    },
  ): ShopifyOrder {
    const stored = this.requireOrder(id);
    const at = shopifyTime(this.options.now());
    let cancelled = false;
    if (change.financialStatus) stored.order.financial_status = change.financialStatus;
    if (change.tags !== undefined) stored.order.tags = change.tags;
    if (change.refund) stored.order.refunds.push(this.refund(stored.order, change.refund, at));
    if (change.cancel && !stored.order.cancelled_at) {
      cancelled = true;
      stored.order.cancelled_at = at;
      stored.order.cancel_reason = change.cancelReason ?? 'customer';
      stored.order.closed_at = at;
      for (const fulfillmentOrder of this.fulfillmentOrders.get(id) ?? []) {
        if (fulfillmentOrder.status === 'open') fulfillmentOrder.status = 'cancelled';
      }
    }
    this.touch(stored);
    if (cancelled) this.emit({ topic: 'orders/cancelled', order: stored.order });
    return stored.order;
  }

  private refund(
    order: ShopifyOrder,
    request: { lines?: { lineItemId: number; quantity: number }[]; note?: string },
    at: string,
  ): ShopifyRefund {
    const already = (lineItemId: number) =>
      order.refunds
        .flatMap((refund) => refund.refund_line_items)
        .filter((line) => line.line_item_id === lineItemId)
        .reduce((sum, line) => sum + line.quantity, 0);
    const wanted =
      request.lines && request.lines.length > 0
        ? request.lines
        : order.line_items.map((line) => ({
            lineItemId: line.id,
            quantity: line.quantity - already(line.id),
          }));
    const lines = wanted
      .map((want) => {
        const line = order.line_items.find((candidate) => candidate.id === want.lineItemId);
        if (!line) throw new ShopRefusal(422, [`Line item ${want.lineItemId} does not exist.`]);
        const quantity = Math.min(want.quantity, line.quantity - already(line.id));
        return {
          id: this.newId(),
          line_item_id: line.id,
          quantity,
          subtotal: (Number(line.price) * quantity).toFixed(2),
        };
      })
      .filter((line) => line.quantity > 0);
    const amount = lines.reduce((sum, line) => sum + Number(line.subtotal), 0);
    const refundedBefore = order.refunds.reduce((sum, refund) => sum + Number(refund.amount), 0);
    order.financial_status =
      refundedBefore + amount >= Number(order.total_price) - 0.005 ? 'refunded' : 'partially_refunded';
    return {
      id: this.newId(),
      order_id: order.id,
      created_at: at,
      note: request.note ?? null,
      refund_line_items: lines,
      amount: amount.toFixed(2),
    };
  }

  /** `fulfillmentTrackingInfoUpdate`: the fulfilment's tracking replaced, the order touched. */
  updateTracking(
    fulfillmentId: number,
    tracking: { number?: string | null; company?: string | null; url?: string | null },
  ): ShopifyFulfillment {
    const fulfillment = this.fulfillments.find((candidate) => candidate.id === fulfillmentId);
    if (!fulfillment) throw new ShopRefusal(404, 'Not Found');
    fulfillment.tracking_company = tracking.company ?? fulfillment.tracking_company;
    fulfillment.tracking_number = tracking.number ?? null;
    fulfillment.tracking_numbers = tracking.number ? [tracking.number] : [];
    fulfillment.tracking_url = tracking.url ?? null;
    fulfillment.tracking_urls = tracking.url ? [tracking.url] : [];
    fulfillment.updated_at = shopifyTime(this.options.now());
    this.touch(this.requireOrder(fulfillment.order_id));
    return fulfillment;
  }

  requireOrder(id: number): StoredOrder {
    const stored = this.orders.get(id);
    if (!stored) throw new ShopRefusal(404, 'Not Found');
    return stored;
  }

  /** `POST fulfillments.json` with `line_items_by_fulfillment_order`. */
  createFulfillment(request: {
    lineItemsByFulfillmentOrder: {
      fulfillmentOrderId: number;
      lines: { id: number; quantity: number }[] | null;
    }[];
    trackingInfo: { number?: string | null; company?: string | null; url?: string | null } | null;
  }): ShopifyFulfillment {
    if (request.lineItemsByFulfillmentOrder.length === 0) {
      throw new ShopRefusal(422, { line_items_by_fulfillment_order: ["can't be blank"] });
    }
    const located = request.lineItemsByFulfillmentOrder.map((group) => {
      for (const [orderId, fulfillmentOrders] of this.fulfillmentOrders) {
        const fulfillmentOrder = fulfillmentOrders.find((f) => f.id === group.fulfillmentOrderId);
        if (fulfillmentOrder) return { orderId, fulfillmentOrder, group };
      }
      throw new ShopRefusal(404, 'Not Found');
    });
    const orderId = located[0]!.orderId;
    if (located.some((entry) => entry.orderId !== orderId)) {
      throw new ShopRefusal(422, ['All fulfillment orders must belong to the same order.']);
    }
    // Check everything before changing anything: a refused fulfilment leaves the order as it was.
    const taken: { line: ShopifyFulfillmentOrder['line_items'][number]; quantity: number }[] = [];
    for (const { fulfillmentOrder, group } of located) {
      if (fulfillmentOrder.status !== 'open' && fulfillmentOrder.status !== 'in_progress') {
        throw new ShopRefusal(422, ['The fulfillment order is not in an open state.']);
      }
      const wanted =
        group.lines ??
        fulfillmentOrder.line_items
          .filter((line) => line.fulfillable_quantity > 0)
          .map((line) => ({ id: line.id, quantity: line.fulfillable_quantity }));
      for (const want of wanted) {
        const line = fulfillmentOrder.line_items.find((candidate) => candidate.id === want.id);
        if (!line) throw new ShopRefusal(422, [`Fulfillment order line item ${want.id} does not exist.`]);
        if (want.quantity < 1 || want.quantity > line.fulfillable_quantity) {
          throw new ShopRefusal(422, [
            `Invalid fulfillment order line item quantity requested. Quantity ${want.quantity} exceeds the fulfillable quantity ${line.fulfillable_quantity}.`,
          ]);
        }
        taken.push({ line, quantity: want.quantity });
      }
    }
    if (taken.length === 0)
      throw new ShopRefusal(422, ['The fulfillment order has nothing left to fulfill.']);

    const stored = this.requireOrder(orderId);
    const at = shopifyTime(this.options.now());
    for (const { line, quantity } of taken) {
      line.fulfillable_quantity -= quantity;
      const orderLine = stored.order.line_items.find((candidate) => candidate.id === line.line_item_id);
      if (orderLine) {
        orderLine.fulfillable_quantity -= quantity;
        orderLine.fulfillment_status = orderLine.fulfillable_quantity === 0 ? 'fulfilled' : 'partial';
      }
    }
    for (const { fulfillmentOrder } of located) {
      const left = fulfillmentOrder.line_items.some((line) => line.fulfillable_quantity > 0);
      fulfillmentOrder.status = left ? 'in_progress' : 'closed';
    }
    const allDone = stored.order.line_items.every((line) => line.fulfillable_quantity === 0);
    stored.order.fulfillment_status = allDone ? 'fulfilled' : 'partial';
    const count = this.fulfillments.filter((f) => f.order_id === orderId).length;
    const tracking = request.trackingInfo ?? {};
    const fulfillment: ShopifyFulfillment = {
      id: this.newId(),
      order_id: orderId,
      name: `${stored.order.name}.${count + 1}`,
      status: 'success',
      created_at: at,
      updated_at: at,
      tracking_company: tracking.company ?? null,
      tracking_number: tracking.number ?? null,
      tracking_numbers: tracking.number ? [tracking.number] : [],
      tracking_url: tracking.url ?? null,
      tracking_urls: tracking.url ? [tracking.url] : [],
      location_id: located[0]!.fulfillmentOrder.assigned_location_id,
      line_items: taken.map(({ line, quantity }) => ({
        ...stored.order.line_items.find((candidate) => candidate.id === line.line_item_id)!,
        quantity,
      })),
    };
    this.fulfillments.push(fulfillment);
    this.touch(stored);
    return fulfillment;
  }

  private touch(stored: StoredOrder): void {
    this.orderRevision += 1;
    const nowMs = this.options.now();
    stored.updatedMs = toSecond(nowMs);
    stored.order.updated_at = shopifyTime(nowMs);
    this.emit({ topic: 'orders/updated', order: stored.order });
  }

  private emit(event: ShopEvent): void {
    for (const listener of this.orderListeners) listener(event);
  }
}
