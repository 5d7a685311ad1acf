import { WMS_ERROR_CODES, type WmsErrorCode } from '../wms-contract';
import type { ProviderSimulator, SimulatedAccount } from '../../../simulators/provider-simulator';
import { startWmsSimulator } from './wms-simulator';

const API_KEY = 'wms-conformance-key-3b8e';
const SKU = 'CONF-SKU-1';

/**
 * The status each of the contract's error codes comes with (integrations/src/providers/wms/README.md); a
 * refused order is reported inside a 200 answer.
 */
const STATUS_OF: Record<WmsErrorCode, number> = {
  UNAUTHORIZED: 401,
  VALIDATION_FAILED: 400,
  ORDER_REJECTED: 200,
  UNKNOWN_SKU: 200,
  RATE_LIMITED: 429,
  NOT_FOUND: 404,
  INTERNAL: 500,
};

/** The WMS simulator as the conformance suite drives it: shipments are the plugin's download. */
export const wmsSimulator: ProviderSimulator = {
  async start(): Promise<SimulatedAccount> {
    const simulator = await startWmsSimulator({
      apiKey: API_KEY,
      stock: { [SKU]: 100_000 },
      shipAfterMs: null,
    });
    let made = 0;
    return {
      url: simulator.url,
      connection: {
        id: 43,
        uuid: '00000000-0000-4000-8000-000000000043',
        companyId: 1,
        storeId: 1,
        kind: 'plugin',
        type: 'wms',
        name: 'Warehouse (simulated)',
        apiVersion: null,
        settings: { api_url: simulator.url, updates_interval: 60 },
        credentials: { api_key: API_KEY },
        tokenExpiresAt: null,
      },
      pageSize: 100,
      async addChanges(count) {
        const ids: string[] = [];
        for (let index = 0; index < count; index += 1) {
          made += 1;
          const reference = `CONF-${String(made).padStart(5, '0')}`;
          simulator.state.createOrder({ reference, lines: [{ sku: SKU, quantity: 1 }] });
          const shipment = simulator.state.ship(reference);
          if (!shipment) throw new Error(`the warehouse did not ship ${reference}`);
          ids.push(shipment.id);
        }
        return ids;
      },
      // A malformed answer comes with a 200 here, as the other simulators send it.
      fail: (fault) =>
        simulator.state.addFault({
          count: 1,
          ...fault,
          ...(fault.mode === 'malformed' ? { status: 200 } : {}),
        }),
      calls: () => simulator.state.calls().map((call) => ({ path: call.path, at: call.timeMs })),
      errors: () =>
        WMS_ERROR_CODES.map((code) => ({
          httpStatus: STATUS_OF[code],
          errorCode: code,
          message: `The warehouse answered ${STATUS_OF[code]}`,
          responseBody: JSON.stringify({ error: { code, message: `The warehouse said ${code}.` } }),
        })),
      close: () => simulator.close(),
    };
  },
};
