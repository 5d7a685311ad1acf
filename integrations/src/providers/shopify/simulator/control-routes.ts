import type { ShopifyFinancialStatus } from '../shopify-rest.types';
import type { SimulatorAnswer, SimulatorRequest } from './admin-routes';
import type { ShopifySimulatorState } from './shopify-simulator';
import { ShopRefusal } from './shop-state';
import type { FaultInput } from './fault-queue';
import type { NewOrderInput } from './order-factory';

const ok = (body: unknown, status = 200): SimulatorAnswer => ({ status, body });

const FINANCIAL_STATUSES: readonly ShopifyFinancialStatus[] = [
  'pending',
  'authorized',
  'partially_paid',
  'paid',
  'partially_refunded',
  'refunded',
  'voided',
];

/** The body of `POST /__simulator/orders`, in the snake case the other endpoints speak. */
interface OrderBody {
  lines?: { sku: string; quantity?: number; price?: string | number }[];
  email?: string;
  first_name?: string;
  last_name?: string;
  country_code?: string;
  financial_status?: 'pending' | 'authorized' | 'paid';
  currency?: string;
}

function orderInput(body: unknown): NewOrderInput {
  const value = (body ?? {}) as OrderBody;
  if (value.lines !== undefined && !Array.isArray(value.lines))
    throw new ShopRefusal(400, 'lines must be a list');
  return {
    lines: value.lines,
    email: value.email,
    firstName: value.first_name,
    lastName: value.last_name,
    countryCode: value.country_code,
    financialStatus: value.financial_status,
    currency: value.currency,
  };
}

/**
 * `/__simulator/…`: what tests, the demo and other processes use to drive the shop (create orders,
 * inject faults, read what it received). Not part of Shopify's API, so neither authenticated nor
 * rate-limited, and never listed in `calls`.
 */
export function answerControlCall(
  state: ShopifySimulatorState,
  request: SimulatorRequest,
  path: string,
): SimulatorAnswer {
  const parts = path.split('/').filter(Boolean);
  const route = `${request.method} ${parts.map((part) => (/^\d+$/.test(part) ? ':id' : part)).join('/')}`;
  switch (route) {
    case 'POST orders':
      return ok({ order: state.createOrder(orderInput(request.body)) }, 201);
    case 'POST orders/:id/update': {
      const body = (request.body ?? {}) as { financial_status?: string; cancel?: boolean; tags?: string };
      const financialStatus = FINANCIAL_STATUSES.find((status) => status === body.financial_status);
      if (body.financial_status !== undefined && !financialStatus) {
        throw new ShopRefusal(400, `financial_status must be one of ${FINANCIAL_STATUSES.join(', ')}`);
      }
      const order = state.updateOrder(Number(parts[1]), {
        financialStatus,
        cancel: body.cancel,
        tags: body.tags,
      });
      return ok({ order });
    }
    case 'POST faults':
      state.addFault((request.body ?? {}) as FaultInput);
      return ok({ faults: state.faults() }, 201);
    case 'DELETE faults':
      state.clearFaults();
      return ok({ faults: [] });
    case 'GET calls':
      return ok({ calls: state.calls() });
    case 'DELETE calls':
      state.clearCalls();
      return ok({ calls: [] });
    case 'GET stock':
      return ok({ stock: state.stock() });
    case 'GET state':
      return ok(state.summary());
    case 'GET webhooks':
      return ok({ subscriptions: state.webhooks(), deliveries: state.deliveries() });
    case 'POST tokens/expire':
      state.expireTokens();
      return ok({ expired: true });
    case 'PUT bucket': {
      const body = (request.body ?? {}) as { capacity?: number; leak_per_second?: number };
      state.configureBucket({ capacity: body.capacity, leakPerSecond: body.leak_per_second });
      return ok({ bucket: state.summary().bucket });
    }
    case 'POST traffic': {
      const everyMs = Number((request.body as { every_ms?: number } | null)?.every_ms ?? 5000);
      state.startTraffic(everyMs);
      return ok({ traffic: everyMs });
    }
    case 'DELETE traffic':
      state.stopTraffic();
      return ok({ traffic: null });
    default:
      throw new ShopRefusal(404, 'Not Found');
  }
}
