import { isMiraklType } from '@syncdesk/contracts';
import type { Provider } from '../../provider';
import { createMiraklConnector, MIRAKL_OPERATION_LIMITS } from './mirakl.connector';
import { miraklExplainer } from './mirakl-explainer';
import { miraklSimulator } from './simulator/mirakl-simulator-kit';

/**
 * Mirakl (Seller API): every `mirakl-*` operator of the catalogue, and a bare `mirakl`, is served by
 * this one provider. Orders in (with acceptance), offers in (product download), stock and fulfilment
 * out; no webhooks (polled),
 * an API key that does not expire. Its own STO01/STO02 limits are passed to the transport.
 */
export const miraklProvider: Provider = {
  type: 'mirakl',
  matches: isMiraklType,
  kind: 'channel',
  capabilities: ['orders_in', 'stock_out', 'fulfilment_out', 'acknowledgements_out', 'products_in'],
  connector: (context) => createMiraklConnector(context),
  simulator: miraklSimulator,
  explainer: miraklExplainer,
  rateLimits: MIRAKL_OPERATION_LIMITS,
};
