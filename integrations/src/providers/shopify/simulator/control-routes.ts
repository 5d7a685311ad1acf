import type { ShopifyFinancialStatus } from './shop-resources';
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
export async function answerControlCall(
  state: ShopifySimulatorState,
  request: SimulatorRequest,
  path: string,
): Promise<SimulatorAnswer> {
  const parts = path.split('/').filter(Boolean);
  const route = `${request.method} ${parts.map((part) => (/^\d+$/.test(part) ? ':id' : part)).join('/')}`;
  switch (route) {
    case 'POST orders':
      return ok({ order: state.createOrder(orderInput(request.body)) }, 201);
    case 'POST orders/:id/update': {
      const body = (request.body ?? {}) as {
        financial_status?: string;
        cancel?: boolean;
        cancel_reason?: string;
        tags?: string;
        refund?: { lines?: { line_item_id: number; quantity: number }[]; note?: string };
      };
      const financialStatus = FINANCIAL_STATUSES.find((status) => status === body.financial_status);
      if (body.financial_status !== undefined && !financialStatus) {
        throw new ShopRefusal(400, `financial_status must be one of ${FINANCIAL_STATUSES.join(', ')}`);
      }
      const order = state.updateOrder(Number(parts[1]), {
        financialStatus,
        cancel: body.cancel,
        cancelReason: body.cancel_reason,
        tags: body.tags,
        refund: body.refund
          ? {
              lines: body.refund.lines?.map((line) => ({
                lineItemId: line.line_item_id,
                quantity: line.quantity,
              })),
              note: body.refund.note,
            }
          : undefined,
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
    case 'POST products': {
      const body = (request.body ?? {}) as {
        title?: string;
        variants?: { sku: string; price?: string; barcode?: string | null; stock?: number }[];
      };
      if (!Array.isArray(body.variants) || body.variants.length === 0) {
        throw new ShopRefusal(400, 'variants must be a non-empty list of {sku, price, barcode, stock}');
      }
      return ok({ product: state.addProduct({ title: body.title, variants: body.variants }) }, 201);
    }
    case 'POST products/:id/update': {
      const body = (request.body ?? {}) as {
        title?: string;
        variants?: { sku: string; price?: string; barcode?: string | null }[];
      };
      return ok({ product: state.updateProduct(Number(parts[1]), body) });
    }
    case 'POST app/uninstall':
      return ok({ deliveries: await state.uninstallApp() });
    case 'POST compliance/customers-data-request':
    case 'POST compliance/customers-redact':
    case 'POST compliance/shop-redact': {
      const topic = (
        {
          'customers-data-request': 'customers/data_request',
          'customers-redact': 'customers/redact',
          'shop-redact': 'shop/redact',
        } as const
      )[parts[1] as 'customers-data-request' | 'customers-redact' | 'shop-redact'];
      const body = (request.body ?? {}) as {
        customer_id?: number;
        email?: string;
        phone?: string;
        order_ids?: number[];
      };
      const delivery = state.sendCompliance(topic, {
        customerId: body.customer_id,
        email: body.email,
        phone: body.phone,
        orderIds: body.order_ids,
      });
      return ok({ delivery }, 201);
    }
    case 'PUT cost-bucket': {
      const body = (request.body ?? {}) as {
        restore_rate?: number;
        maximum_available?: number;
        refill?: boolean;
      };
      state.configureCostBucket({ restoreRate: body.restore_rate, maximumAvailable: body.maximum_available });
      if (body.refill) state.resetCostBucket();
      return ok({ throttle_status: state.costStatus() });
    }
    case 'PUT protected-customer-data': {
      const granted = (request.body as { granted?: unknown } | null)?.granted;
      if (typeof granted !== 'boolean') throw new ShopRefusal(400, 'granted must be true or false');
      state.setProtectedCustomerData(granted);
      return ok({ granted });
    }
    case 'PUT scopes': {
      const scopes = (request.body as { scopes?: unknown } | null)?.scopes;
      if (!Array.isArray(scopes)) throw new ShopRefusal(400, 'scopes must be a list');
      state.setGrantedScopes(scopes.map(String));
      return ok({ scopes });
    }
    case 'PUT non-expiring-tokens': {
      const accepted = (request.body as { accepted?: unknown } | null)?.accepted;
      if (typeof accepted !== 'boolean') throw new ShopRefusal(400, 'accepted must be true or false');
      state.setAcceptNonExpiringTokens(accepted);
      return ok({ accepted });
    }
    case 'PUT shop-status': {
      const status = (request.body as { status?: unknown } | null)?.status;
      if (status !== 'active' && status !== 'frozen' && status !== 'fraudulent' && status !== 'locked') {
        throw new ShopRefusal(400, 'status must be one of active, frozen, fraudulent, locked');
      }
      state.setShopStatus(status);
      return ok({ status });
    }
    default:
      throw new ShopRefusal(404, 'Not Found');
  }
}
