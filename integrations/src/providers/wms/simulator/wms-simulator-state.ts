import type { WmsOrderLine, WmsOrderResult, WmsShipment, WmsStockLevel } from '../wms-contract';
import type { CallLog, ReceivedCall } from './call-log';
import type { Fault, FaultPlan, FaultRequest } from './fault-plan';
import type { SeededRandom } from './seeded-random';
import type { RateLimitSettings, SlidingWindowLimit } from './sliding-window-limit';
import type { StoredOrder, Warehouse } from './warehouse';

export interface SimulatedOrderInput {
  reference?: string;
  order_number?: string;
  /** Random lines from the stocked SKUs when absent. */
  lines?: WmsOrderLine[];
  shipping_method?: string | null;
}

export interface WmsSimulatorSummary {
  orders: { accepted: number; shipped: number };
  shipments: number;
  skus: number;
  unitsOnHand: number;
  faults: Fault[];
  calls: number;
  rateLimit: RateLimitSettings;
  shipAfterMs: number | null;
  traffic: boolean;
}

/** What tests, the demo and the `/__simulator/` endpoints do to the simulated warehouse. */
export interface WmsSimulatorState {
  apiKey(): string;
  /** Rotates the key: the old one is refused from now on (a revoked key). */
  setApiKey(key: string): void;
  /** An order as if a client sent it through `POST /v1/orders`. */
  createOrder(input?: SimulatedOrderInput): WmsOrderResult;
  /** Ships an accepted order now; null when unknown or already shipped. */
  ship(reference: string): WmsShipment | null;
  orders(): StoredOrder[];
  order(reference: string): StoredOrder | null;
  shipments(): WmsShipment[];
  /** Units on hand per SKU, as the warehouse holds them. */
  stock(): Record<string, number>;
  stockLevels(): WmsStockLevel[];
  setStock(sku: string, quantity: number): void;
  /** Throws when the fault cannot be played (wrong status, mode or pattern). */
  addFault(fault: FaultRequest): void;
  clearFaults(): void;
  faults(): Fault[];
  calls(sinceMs?: number): ReceivedCall[];
  clearCalls(): void;
  setRateLimit(settings: RateLimitSettings): void;
  summary(): WmsSimulatorSummary;
  /** Demo traffic: goods received and stock counts corrected every `everyMs`. */
  startTraffic(everyMs?: number): void;
  stopTraffic(): void;
}

export interface StateParts {
  warehouse: Warehouse;
  faults: FaultPlan;
  calls: CallLog;
  limit: SlidingWindowLimit;
  random: SeededRandom;
  rateLimit: RateLimitSettings;
  apiKey: string;
  shipAfterMs: number | null;
}

const DEFAULT_TRAFFIC_MS = 4000;

const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Mill Road', 'Park Avenue', 'Queen Street'];
const TOWNS: readonly (readonly [town: string, postcode: string])[] = [
  ['Leeds', 'LS1 4DY'],
  ['Bristol', 'BS1 5TR'],
  ['Manchester', 'M1 2WD'],
  ['York', 'YO1 7HH'],
  ['Brighton', 'BN1 1AE'],
];
const NAMES = ['Amelia Hart', 'Oliver Reid', 'Isla Morgan', 'Noah Patel', 'Freya Collins', 'Jack Turner'];

export function createWmsSimulatorState(parts: StateParts): WmsSimulatorState & { close(): void } {
  let apiKey = parts.apiKey;
  let rateLimit = parts.rateLimit;
  let traffic: NodeJS.Timeout | null = null;
  let simulatedSerial = 0;
  const { warehouse, random } = parts;

  const randomLines = (): WmsOrderLine[] => {
    const skus = warehouse.skus().filter((sku) => warehouse.level(sku).available > 0);
    const pool = skus.length > 0 ? skus : warehouse.skus();
    const count = Math.min(pool.length, random.between(1, 3));
    const chosen = new Set<string>();
    while (chosen.size < count) chosen.add(random.pick(pool));
    return [...chosen].map((sku) => ({ sku, quantity: random.between(1, 2) }));
  };

  /** A goods-in for a SKU running low, otherwise now and then a unit written off at a stock count. */
  const moveStock = () => {
    const skus = warehouse.skus();
    if (skus.length === 0) return;
    const sku = random.pick(skus);
    const level = warehouse.level(sku);
    if (level.quantity < 20) warehouse.setStock(sku, level.quantity + random.between(20, 60));
    else if (random.next() < 0.3) warehouse.setStock(sku, level.quantity - 1);
  };

  return {
    apiKey: () => apiKey,
    setApiKey: (key) => {
      apiKey = key;
    },
    createOrder: (input = {}) => {
      simulatedSerial += 1;
      const [town, postcode] = random.pick(TOWNS);
      const reference = input.reference ?? `SIM-${Date.now().toString(36)}-${simulatedSerial}`;
      return warehouse.receive({
        reference,
        order_number: input.order_number ?? reference,
        lines: input.lines ?? randomLines(),
        shipping_address: {
          name: random.pick(NAMES),
          line1: `${random.between(1, 120)} ${random.pick(STREETS)}`,
          city: town,
          postcode,
          country: 'GB',
        },
        shipping_method: input.shipping_method ?? null,
      });
    },
    ship: (reference) => warehouse.ship(reference),
    orders: () => warehouse.allOrders(),
    order: (reference) => warehouse.order(reference),
    shipments: () => warehouse.allShipments(),
    stock: () => Object.fromEntries(warehouse.stockLevels().map((level) => [level.sku, level.quantity])),
    stockLevels: () => warehouse.stockLevels(),
    setStock: (sku, quantity) => warehouse.setStock(sku, quantity),
    addFault: (fault) => {
      const problem = parts.faults.add(fault);
      if (problem) throw new Error(problem);
    },
    clearFaults: () => parts.faults.clear(),
    faults: () => parts.faults.list(),
    calls: (sinceMs) => parts.calls.list(sinceMs),
    clearCalls: () => parts.calls.clear(),
    setRateLimit: (settings) => {
      rateLimit = settings;
      parts.limit.configure(settings);
    },
    summary: () => {
      const orders = warehouse.allOrders();
      return {
        orders: {
          accepted: orders.filter((order) => order.status === 'accepted').length,
          shipped: orders.filter((order) => order.status === 'shipped').length,
        },
        shipments: warehouse.allShipments().length,
        skus: warehouse.skus().length,
        unitsOnHand: warehouse.stockLevels().reduce((total, level) => total + level.quantity, 0),
        faults: parts.faults.list(),
        calls: parts.calls.list().length,
        rateLimit,
        shipAfterMs: parts.shipAfterMs,
        traffic: traffic !== null,
      };
    },
    startTraffic: (everyMs = DEFAULT_TRAFFIC_MS) => {
      if (traffic) clearInterval(traffic);
      traffic = setInterval(moveStock, everyMs);
      traffic.unref();
    },
    stopTraffic: () => {
      if (traffic) clearInterval(traffic);
      traffic = null;
    },
    close: () => {
      if (traffic) clearInterval(traffic);
      traffic = null;
      warehouse.close();
    },
  };
}
