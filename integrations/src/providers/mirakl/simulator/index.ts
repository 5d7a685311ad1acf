export { MIRAKL_SIMULATOR_KEY, startMiraklSimulator } from './mirakl-simulator';
export type {
  MiraklSimulator,
  MiraklSimulatorOptions,
  MiraklSimulatorState,
  SimulatorCall,
} from './mirakl-simulator';
export type { SimulatorFault } from './simulator-faults';
export type { NewOrder, NewOrderLine } from './simulator-orders';
