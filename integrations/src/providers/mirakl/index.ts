export { createMiraklConnector, MIRAKL_OPERATION_LIMITS, miraklConnectorEntry } from './mirakl.connector';
export type { MiraklConnectorOptions } from './mirakl.connector';
export { MIRAKL_STATUS_TABLE, miraklStatusOf, toNormalisedOrder } from './mirakl-order.mapper';
