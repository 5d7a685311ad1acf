import type { Provider } from '../../provider';
import { createWmsConnector } from './wms.connector';
import { wmsExplainer } from './wms-explainer';
import { wmsSimulator } from './simulator/wms-simulator-kit';

/**
 * The generic WMS plugin (our REST contract): orders out to the warehouse, shipments and stock
 * back. An API key, no webhooks (we read shipments on a timer).
 */
export const wmsProvider: Provider = {
  type: 'wms',
  kind: 'plugin',
  capabilities: ['orders_out', 'fulfilment_in', 'stock_in'],
  connector: (context) => createWmsConnector(context),
  simulator: wmsSimulator,
  explainer: wmsExplainer,
};
