import type {
  ShopifyFinancialStatus,
  ShopifyFulfillment,
  ShopifyFulfillmentOrder,
  ShopifyInventoryLevel,
  ShopifyLineItem,
  ShopifyLocation,
  ShopifyOrder,
  ShopifyProduct,
  ShopifyVariant,
} from '../shopify-rest.types';
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

export type OrderEvent = { topic: 'orders/create' | 'orders/updated'; order: ShopifyOrder };

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
  orderListeners: ((event: OrderEvent) => void)[] = [];

  private nextId: number;
  private nextOrderNumber: number;
  private readonly variantsBySku = new Map<string, ShopifyVariant>();

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
    this.levels.set(`${variant.inventory_item_id}:${this.primaryLocation.id}`, {
      inventory_item_id: variant.inventory_item_id,
      location_id: this.primaryLocation.id,
      available: this.options.initialStock,
      updated_at: at,
      admin_graphql_api_id: `gid://shopify/InventoryLevel/${variant.inventory_item_id}?inventory_item_id=${variant.inventory_item_id}`,
    });
    return variant;
  }

  /** `POST inventory_levels/set.json`. */
  setInventory(inventoryItemId: number, locationId: number, available: number): ShopifyInventoryLevel {
    const variant = [...this.variantsBySku.values()].find((v) => v.inventory_item_id === inventoryItemId);
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
    for (const level of this.levels.values()) {
      if (level.inventory_item_id === variant.inventory_item_id) total += level.available;
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
    const nowMs = this.options.now();
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
    };
    this.orders.set(id, { order, createdMs: toSecond(nowMs), updatedMs: toSecond(nowMs) });
    this.fulfillmentOrders.set(id, [
      {
        id: this.newId(),
        shop_id: SHOP_ID,
        order_id: id,
        assigned_location_id: this.primaryLocation.id,
        status: 'open',
        request_status: 'unsubmitted',
        supported_actions: ['create_fulfillment', 'hold', 'move'],
        line_items: lineItems.map((line) => ({
          id: this.newId(),
          shop_id: SHOP_ID,
          fulfillment_order_id: 0,
          line_item_id: line.id,
          inventory_item_id: this.variantsBySku.get(line.sku ?? '')?.inventory_item_id ?? 0,
          quantity: line.quantity,
          fulfillable_quantity: line.quantity,
          variant_id: line.variant_id,
        })),
      },
    ]);
    for (const fulfillmentOrder of this.fulfillmentOrders.get(id)!) {
      for (const line of fulfillmentOrder.line_items) line.fulfillment_order_id = fulfillmentOrder.id;
    }
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
    change: { financialStatus?: ShopifyFinancialStatus; cancel?: boolean; tags?: string },
  ): ShopifyOrder {
    const stored = this.requireOrder(id);
    const at = shopifyTime(this.options.now());
    if (change.financialStatus) stored.order.financial_status = change.financialStatus;
    if (change.tags !== undefined) stored.order.tags = change.tags;
    if (change.cancel && !stored.order.cancelled_at) {
      stored.order.cancelled_at = at;
      stored.order.cancel_reason = 'customer';
      for (const fulfillmentOrder of this.fulfillmentOrders.get(id) ?? []) {
        if (fulfillmentOrder.status === 'open') fulfillmentOrder.status = 'cancelled';
      }
    }
    this.touch(stored);
    return stored.order;
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
    const nowMs = this.options.now();
    stored.updatedMs = toSecond(nowMs);
    stored.order.updated_at = shopifyTime(nowMs);
    this.emit({ topic: 'orders/updated', order: stored.order });
  }

  private emit(event: OrderEvent): void {
    for (const listener of this.orderListeners) listener(event);
  }
}
