import type {
  ProviderSimulator,
  SimulatedAccount,
  SimulatedError,
} from '../../../simulators/provider-simulator';
import { startMiraklSimulator } from './mirakl-simulator';

const API_KEY = 'mirakl-conformance-key-7c41';

const error = (httpStatus: number, code: string | null, message: string): SimulatedError => ({
  httpStatus,
  errorCode: code,
  message: `Mirakl refused the call (${httpStatus}): ${message}`,
  responseBody: JSON.stringify({ status: httpStatus, message, ...(code ? { code } : {}) }),
});

/** Mirakl's simulator as the conformance suite drives it: one operator shop, an API key that does not expire. */
export const miraklSimulator: ProviderSimulator = {
  addsListings: true,
  async start(): Promise<SimulatedAccount> {
    // The offer export's windows (OF53 every 10 s, a full export a day) shortened, never skipped.
    const simulator = await startMiraklSimulator({
      apiKey: API_KEY,
      newOrderState: 'SHIPPING',
      offerExportMs: 200,
      exportStatusWindowMs: 200,
      offersPerChunkCap: 50,
    });
    let listings = 0;
    return {
      url: simulator.url,
      connection: {
        id: 42,
        uuid: '00000000-0000-4000-8000-000000000042',
        companyId: 1,
        storeId: 1,
        kind: 'channel',
        type: 'mirakl-decathlon',
        name: 'Decathlon (simulated)',
        apiVersion: null,
        settings: { shop_url: simulator.url, order_statuses: ['SHIPPING'] },
        credentials: { api_key: API_KEY },
        tokenExpiresAt: null,
      },
      pageSize: 100,
      async addChanges(count) {
        return Array.from({ length: count }, () => simulator.state.createOrder().order_id);
      },
      async addListings(count) {
        return Array.from({ length: count }, () => {
          listings += 1;
          const sku = `CONF-${String(listings).padStart(4, '0')}`;
          simulator.state.addOffer(sku, { quantity: listings % 3 });
          return sku;
        });
      },
      fail: (fault) => simulator.state.addFault({ count: 1, ...fault }),
      calls: () => simulator.state.calls().map((call) => ({ path: call.path, at: call.time })),
      errors: () => [
        error(401, null, 'API call without authentication'),
        error(400, 'VALIDATION_ERROR', 'offset must be a whole number of 0 or more'),
        error(404, 'ORDER_NOT_FOUND', 'Order 1234-A not found'),
        error(400, 'ORDER_INVALID_STATE', 'Order 1234-A is in state SHIPPED and cannot be accepted'),
        error(400, 'ORDER_LINE_NOT_FOUND', 'Order line 1234-A-1 not found'),
        error(400, 'ORDER_LINE_DUPLICATE_ID', 'Order line 1234-A-1 appears twice'),
        error(400, 'ORDER_LINE_ACCEPTANCE_DECISION_MISSING', 'Order line 1234-A-1 has no decision'),
        error(400, 'ORDER_PARTIAL_ACCEPTANCE_DISABLED', 'Partial acceptance is not allowed'),
        error(405, null, 'Method not allowed'),
      ],
      close: () => simulator.close(),
    };
  },
};
