export {
  DEFAULT_WMS_API_KEY,
  DEFAULT_WMS_SKUS,
  startWmsSimulator,
  type RunningWmsSimulator,
  type WmsSimulatorOptions,
} from './wms-simulator';
export type { WmsSimulatorState, WmsSimulatorSummary, SimulatedOrderInput } from './wms-simulator-state';
export type { ReceivedCall } from './call-log';
export type { Fault, FaultRequest } from './fault-plan';
export type { StoredOrder } from './warehouse';
