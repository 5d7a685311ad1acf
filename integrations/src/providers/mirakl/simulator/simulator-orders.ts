import type { MiraklOrder, MiraklOrderLine, MiraklOrderState } from '../mirakl-order.types';

/**
 * The simulated shop's orders and their state machine (channel-apis §2, §7.2):
 * WAITING_ACCEPTANCE --OR21--> WAITING_DEBIT_PAYMENT --(debit, after `debitMs`)--> SHIPPING
 * --OR24--> SHIPPED; OR21 refusing every line --> REFUSED. Every change moves `last_updated_date`.
 */
export interface NewOrderLine {
  sku: string;
  quantity?: number;
  /** Unit price. */
  price?: number;
  title?: string;
}

export interface NewOrder {
  lines?: NewOrderLine[];
  state?: MiraklOrderState;
  currency?: string;
  customer?: { firstname?: string; lastname?: string; country?: string };
}

/** A failed operation in Mirakl's terms (the answer's status, code and message). */
export class SimulatorRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

export interface Carrier {
  code: string;
  label: string;
  tracking_url: string | null;
}

export const DEFAULT_CARRIERS: readonly Carrier[] = [
  { code: 'DHL', label: 'DHL Express', tracking_url: 'https://www.dhl.com/track?tracking-id={trackingId}' },
  { code: 'UPS', label: 'UPS', tracking_url: 'https://www.ups.com/track?tracknum={trackingId}' },
  {
    code: 'COLISSIMO',
    label: 'Colissimo',
    tracking_url: 'https://www.laposte.fr/outils/suivre-vos-envois?code={trackingId}',
  },
  { code: 'DPD', label: 'DPD', tracking_url: 'https://tracking.dpd.de/status/en_US/parcel/{trackingId}' },
];

const FIRST_NAMES = ['Camille', 'Lucas', 'Emma', 'Noah', 'Léa', 'Hugo', 'Chloé', 'Louis'];
const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand'];
const COUNTRIES = ['FRA', 'DEU', 'GBR', 'ESP', 'ITA', 'BEL'];

/** A small seedable generator (mulberry32), so demo traffic is the same on every run with one seed. */
export function seededRandom(seed: number): () => number {
  let value = seed >>> 0;
  return () => {
    value = (value + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(value ^ (value >>> 15), 1 | value);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const money = (value: number) => Math.round(value * 100) / 100;

export interface OrderBook {
  create(input: NewOrder, now: number): MiraklOrder;
  get(orderId: string): MiraklOrder | undefined;
  /** In creation order. */
  all(): MiraklOrder[];
  /** Marks an order changed without changing its state (an operator edit): for overlap tests. */
  touch(orderId: string, now: number): MiraklOrder;
  accept(orderId: string, decisions: unknown, now: number): void;
  tracking(orderId: string, body: unknown, now: number): void;
  ship(orderId: string, now: number): void;
  /** Moves accepted orders whose debit time has come to SHIPPING. */
  settle(now: number): void;
}

export function createOrderBook(options: {
  random: () => number;
  skus: readonly string[];
  /** Product titles by SKU; `Product {sku}` for a SKU without one. */
  titles?: Readonly<Record<string, string>>;
  carriers: readonly Carrier[];
  debitMs: number;
  newOrderState: MiraklOrderState;
  partialAcceptance: boolean;
  firstOrderNumber: number;
}): OrderBook {
  const orders = new Map<string, MiraklOrder>();
  // Orders accepted and waiting for the debit: when they move to SHIPPING.
  const debitDue = new Map<string, number>();
  let sequence = options.firstOrderNumber - 1;
  const { random } = options;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  function find(orderId: string): MiraklOrder {
    const order = orders.get(orderId);
    if (!order) throw new SimulatorRefusal(404, 'ORDER_NOT_FOUND', `Order ${orderId} not found`);
    return order;
  }

  function setState(order: MiraklOrder, state: MiraklOrderState, stamp: string) {
    order.order_state = state;
    order.last_updated_date = stamp;
    for (const line of order.order_lines) {
      if (line.order_line_state !== 'REFUSED') {
        line.order_line_state = state;
        line.last_updated_date = stamp;
      }
    }
  }

  function invalidState(order: MiraklOrder, action: string): SimulatorRefusal {
    return new SimulatorRefusal(
      400,
      'ORDER_INVALID_STATE',
      `Order ${order.order_id} is in state ${order.order_state} and cannot be ${action}`,
    );
  }

  return {
    create(input, now) {
      sequence += 1;
      const stamp = new Date(now).toISOString();
      const commercialId = `SIM-${String(sequence).padStart(6, '0')}`;
      const orderId = `${commercialId}-A`;
      const wanted: NewOrderLine[] = input.lines?.length
        ? input.lines
        : Array.from({ length: 1 + Math.floor(random() * 2) }, () => ({ sku: pick(options.skus) }));
      const lines: MiraklOrderLine[] = wanted.map((line, index) => {
        const quantity = line.quantity ?? 1 + Math.floor(random() * 2);
        const unit = money(line.price ?? 5 + Math.floor(random() * 4000) / 100);
        const shipping = index === 0 ? 4.9 : 0;
        return {
          order_line_id: `${orderId}-${index + 1}`,
          order_line_index: index + 1,
          order_line_state: 'WAITING_ACCEPTANCE',
          offer_sku: line.sku,
          offer_id: 1000 + index,
          product_sku: `P-${line.sku}`,
          product_title: line.title ?? options.titles?.[line.sku] ?? `Product ${line.sku}`,
          quantity,
          price: money(unit * quantity),
          price_unit: unit,
          shipping_price: shipping,
          total_price: money(unit * quantity + shipping),
          taxes: [{ amount: money(unit * quantity * 0.2), code: 'VAT' }],
          shipping_taxes: [],
          created_date: stamp,
          last_updated_date: stamp,
        };
      });
      const firstname = input.customer?.firstname ?? pick(FIRST_NAMES);
      const lastname = input.customer?.lastname ?? pick(LAST_NAMES);
      const address = {
        firstname,
        lastname,
        street_1: `${1 + Math.floor(random() * 200)} rue de la Paix`,
        city: 'Lille',
        zip_code: '59000',
        country_iso_code: input.customer?.country ?? pick(COUNTRIES),
        phone: '+33 3 20 00 00 00',
      };
      const price = money(lines.reduce((sum, line) => sum + line.price, 0));
      const shippingPrice = money(lines.reduce((sum, line) => sum + line.shipping_price, 0));
      const order: MiraklOrder = {
        order_id: orderId,
        commercial_id: commercialId,
        order_state: 'WAITING_ACCEPTANCE',
        created_date: stamp,
        last_updated_date: stamp,
        currency_iso_code: input.currency ?? 'EUR',
        price,
        shipping_price: shippingPrice,
        total_price: money(price + shippingPrice),
        order_lines: lines,
        customer: {
          customer_id: `C${1000 + sequence}`,
          firstname,
          lastname,
          shipping_address: address,
          billing_address: address,
        },
        customer_notification_email: `${firstname}.${lastname}@customer.example`.toLowerCase(),
        shipping_type_code: 'STD',
        shipping_type_label: 'Standard delivery',
        shipping_zone_code: 'EU',
        shipping_tracking: null,
        shipping_tracking_url: null,
        shipping_carrier_code: null,
        shipping_company: null,
      };
      setState(order, input.state ?? options.newOrderState, stamp);
      orders.set(orderId, order);
      return order;
    },

    get: (orderId) => orders.get(orderId),
    all: () => [...orders.values()],

    touch(orderId, now) {
      const order = find(orderId);
      order.last_updated_date = new Date(now).toISOString();
      return order;
    },

    accept(orderId, body, now) {
      const order = find(orderId);
      const decisions = (body as { order_lines?: unknown } | null)?.order_lines;
      if (
        !Array.isArray(decisions) ||
        !decisions.every(
          (entry) =>
            entry &&
            typeof entry === 'object' &&
            typeof (entry as { id?: unknown }).id === 'string' &&
            typeof (entry as { accepted?: unknown }).accepted === 'boolean',
        )
      ) {
        throw new SimulatorRefusal(400, 'VALIDATION_ERROR', 'order_lines must be a list of {id, accepted}');
      }
      if (order.order_state !== 'WAITING_ACCEPTANCE') throw invalidState(order, 'accepted');
      const byId = new Map<string, boolean>();
      for (const entry of decisions as { id: string; accepted: boolean }[]) {
        if (byId.has(entry.id)) {
          throw new SimulatorRefusal(
            400,
            'ORDER_LINE_DUPLICATE_ID',
            `Order line ${entry.id} is listed twice`,
          );
        }
        if (!order.order_lines.some((line) => line.order_line_id === entry.id)) {
          throw new SimulatorRefusal(400, 'ORDER_LINE_NOT_FOUND', `Order line ${entry.id} not found`);
        }
        byId.set(entry.id, entry.accepted);
      }
      const missing = order.order_lines.filter((line) => !byId.has(line.order_line_id));
      if (missing.length) {
        throw new SimulatorRefusal(
          400,
          'ORDER_LINE_ACCEPTANCE_DECISION_MISSING',
          `No decision for order line ${missing.map((line) => line.order_line_id).join(', ')}`,
        );
      }
      const accepted = [...byId.values()].filter(Boolean).length;
      if (accepted && accepted < byId.size && !options.partialAcceptance) {
        throw new SimulatorRefusal(
          400,
          'ORDER_PARTIAL_ACCEPTANCE_DISABLED',
          'Partial acceptance is disabled',
        );
      }
      const stamp = new Date(now).toISOString();
      for (const line of order.order_lines) {
        if (!byId.get(line.order_line_id)) {
          line.order_line_state = 'REFUSED';
          line.last_updated_date = stamp;
        }
      }
      if (!accepted) {
        setState(order, 'REFUSED', stamp);
        return;
      }
      setState(order, 'WAITING_DEBIT_PAYMENT', stamp);
      debitDue.set(order.order_id, now + options.debitMs);
    },

    tracking(orderId, body, now) {
      const order = find(orderId);
      const fields = (body ?? {}) as Record<string, unknown>;
      const text = (name: string) =>
        typeof fields[name] === 'string' ? (fields[name] as string).trim() : '';
      if (!['SHIPPING', 'SHIPPED', 'TO_COLLECT'].includes(order.order_state)) {
        throw invalidState(order, 'given a tracking');
      }
      const code = text('carrier_code');
      const carrier = code ? options.carriers.find((candidate) => candidate.code === code) : undefined;
      if (code && !carrier)
        throw new SimulatorRefusal(400, 'VALIDATION_ERROR', `Unknown carrier code ${code}`);
      const trackingNumber = text('tracking_number');
      if (!code && !text('carrier_name') && !trackingNumber) {
        throw new SimulatorRefusal(
          400,
          'VALIDATION_ERROR',
          'Send a carrier_code or a carrier_name and a tracking_number',
        );
      }
      order.shipping_carrier_code = carrier?.code ?? null;
      order.shipping_company = carrier?.label ?? (text('carrier_name') || null);
      order.shipping_tracking = trackingNumber || null;
      order.shipping_tracking_url =
        carrier?.tracking_url && trackingNumber
          ? carrier.tracking_url.replace('{trackingId}', encodeURIComponent(trackingNumber))
          : text('carrier_url') || null;
      order.last_updated_date = new Date(now).toISOString();
    },

    ship(orderId, now) {
      const order = find(orderId);
      // OR24 documents its 204 only, no error code: a refusal here carries none either, so the
      // connector cannot lean on one to tell "already shipped" apart.
      if (order.order_state !== 'SHIPPING') {
        throw new SimulatorRefusal(
          400,
          undefined,
          `Order ${order.order_id} is in state ${order.order_state} and cannot be shipped`,
        );
      }
      setState(order, 'SHIPPED', new Date(now).toISOString());
    },

    settle(now) {
      for (const [orderId, due] of debitDue) {
        if (due > now) continue;
        debitDue.delete(orderId);
        const order = orders.get(orderId);
        if (order?.order_state === 'WAITING_DEBIT_PAYMENT')
          setState(order, 'SHIPPING', new Date(due).toISOString());
      }
    },
  };
}
