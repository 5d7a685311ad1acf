import type { WmsOrderIn, WmsOrderResult, WmsShipment, WmsStockLevel } from '../wms-contract';
import { carrierFor } from './carriers';
import { readOrder } from './order-validation';
import type { SeededRandom } from './seeded-random';

export interface StoredOrder extends WmsOrderIn {
  id: string;
  status: 'accepted' | 'shipped';
  received_at: string;
  shipment_id: string | null;
}

export interface WarehouseOptions {
  /** Starting units on hand per SKU; a SKU not listed is unknown to the warehouse. */
  stock: Readonly<Record<string, number>>;
  /** Milliseconds between accepting an order and shipping it; null ships only when told to. */
  shipAfterMs: number | null;
  /** When false, an order asking for more than is available is rejected (ORDER_REJECTED). */
  backorders: boolean;
  random: SeededRandom;
  now: () => number;
}

/**
 * The simulated warehouse: orders it took, shipments it made and units it holds per SKU. Accepting
 * an order allocates its units; shipping takes them off the shelf. Plain state, no HTTP.
 */
export class Warehouse {
  private readonly orders = new Map<string, StoredOrder>();
  private readonly shipments: WmsShipment[] = [];
  private readonly stock = new Map<string, { onHand: number; allocated: number }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private orderSerial = 0;
  private shipmentSerial = 0;
  private lastShippedAt = 0;

  constructor(private readonly options: WarehouseOptions) {
    for (const [sku, quantity] of Object.entries(options.stock)) this.setStock(sku, quantity);
  }

  /** One order of a `POST /v1/orders` batch; an already known reference answers what it answered. */
  receive(input: unknown): WmsOrderResult {
    const read = readOrder(input);
    const reference =
      typeof (input as { reference?: unknown } | null)?.reference === 'string'
        ? (input as { reference: string }).reference
        : '';
    if ('problem' in read) {
      return { reference, status: 'rejected', error: { code: 'VALIDATION_FAILED', message: read.problem } };
    }
    const { order } = read;
    const known = this.orders.get(order.reference);
    if (known) return { reference: order.reference, status: 'accepted', id: known.id };

    const unknownSku = order.lines.find((line) => !this.stock.has(line.sku));
    if (unknownSku) {
      return {
        reference: order.reference,
        status: 'rejected',
        error: { code: 'UNKNOWN_SKU', message: `SKU ${unknownSku.sku} is not stocked at this warehouse.` },
      };
    }
    const address = order.shipping_address;
    if (!address?.line1 || !address.postcode || !address.country) {
      return {
        reference: order.reference,
        status: 'rejected',
        error: {
          code: 'ORDER_REJECTED',
          message: 'The order has no complete shipping address (line1, postcode and country are needed).',
        },
      };
    }
    if (!this.options.backorders) {
      for (const [sku, wanted] of totalsBySku(order.lines)) {
        const available = this.available(sku);
        if (wanted > available) {
          return {
            reference: order.reference,
            status: 'rejected',
            error: {
              code: 'ORDER_REJECTED',
              message: `Not enough stock of ${sku}: ${available} available, ${wanted} ordered.`,
            },
          };
        }
      }
    }

    this.orderSerial += 1;
    const stored: StoredOrder = {
      ...order,
      id: `WO-${String(this.orderSerial).padStart(6, '0')}`,
      status: 'accepted',
      received_at: new Date(this.options.now()).toISOString(),
      shipment_id: null,
    };
    this.orders.set(stored.reference, stored);
    for (const line of stored.lines) this.stock.get(line.sku)!.allocated += line.quantity;
    this.scheduleShipping(stored.reference);
    return { reference: stored.reference, status: 'accepted', id: stored.id };
  }

  /** Ships an accepted order now; null when the reference is unknown or already shipped. */
  ship(reference: string): WmsShipment | null {
    const order = this.orders.get(reference);
    if (!order || order.status !== 'accepted') return null;
    const carrier = carrierFor(order.shipping_method, this.options.random);
    const trackingNumber = carrier.trackingNumber(this.options.random);
    // Never back-dated: a client reading `since` its last shipped_at must not miss a later one.
    this.lastShippedAt = Math.max(this.lastShippedAt, this.options.now());
    this.shipmentSerial += 1;
    const shipment: WmsShipment = {
      id: `SH-${String(this.shipmentSerial).padStart(6, '0')}`,
      reference,
      carrier: carrier.name,
      tracking_number: trackingNumber,
      tracking_url: carrier.trackingUrl(trackingNumber),
      shipped_at: new Date(this.lastShippedAt).toISOString(),
      lines: order.lines.map((line) => ({ ...line })),
    };
    for (const line of order.lines) {
      const level = this.stock.get(line.sku)!;
      level.allocated = Math.max(0, level.allocated - line.quantity);
      level.onHand = Math.max(0, level.onHand - line.quantity);
    }
    order.status = 'shipped';
    order.shipment_id = shipment.id;
    this.shipments.push(shipment);
    return shipment;
  }

  /** Shipments at or after `since` and after the cursor position, in (shipped_at, id) order. */
  shipmentsPage(
    since: number | null,
    after: { shippedAt: number; id: string } | null,
    limit: number,
  ): { shipments: WmsShipment[]; more: boolean } {
    const matching = this.shipments.filter((shipment) => {
      const shippedAt = Date.parse(shipment.shipped_at);
      if (since !== null && shippedAt < since) return false;
      if (
        after &&
        (shippedAt < after.shippedAt || (shippedAt === after.shippedAt && shipment.id <= after.id))
      ) {
        return false;
      }
      return true;
    });
    return { shipments: matching.slice(0, limit), more: matching.length > limit };
  }

  /** Levels by SKU in SKU order, after the cursor's SKU. */
  stockPage(afterSku: string | null, limit: number): { levels: WmsStockLevel[]; more: boolean } {
    const levels = this.stockLevels().filter((level) => afterSku === null || level.sku > afterSku);
    return { levels: levels.slice(0, limit), more: levels.length > limit };
  }

  stockLevels(): WmsStockLevel[] {
    return [...this.stock.keys()].sort().map((sku) => this.level(sku));
  }

  level(sku: string): WmsStockLevel {
    const level = this.stock.get(sku) ?? { onHand: 0, allocated: 0 };
    return { sku, quantity: level.onHand, available: Math.max(0, level.onHand - level.allocated) };
  }

  setStock(sku: string, quantity: number): void {
    const level = this.stock.get(sku);
    if (level) level.onHand = Math.max(0, Math.floor(quantity));
    else this.stock.set(sku, { onHand: Math.max(0, Math.floor(quantity)), allocated: 0 });
  }

  skus(): string[] {
    return [...this.stock.keys()];
  }

  order(reference: string): StoredOrder | null {
    const order = this.orders.get(reference);
    return order ? structuredClone(order) : null;
  }

  allOrders(): StoredOrder[] {
    return [...this.orders.values()].map((order) => structuredClone(order));
  }

  allShipments(): WmsShipment[] {
    return this.shipments.map((shipment) => structuredClone(shipment));
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private available(sku: string): number {
    return this.level(sku).available;
  }

  private scheduleShipping(reference: string): void {
    if (this.options.shipAfterMs === null) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.ship(reference);
    }, this.options.shipAfterMs);
    timer.unref();
    this.timers.add(timer);
  }
}

function totalsBySku(lines: readonly { sku: string; quantity: number }[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.sku, (totals.get(line.sku) ?? 0) + line.quantity);
  return totals;
}
