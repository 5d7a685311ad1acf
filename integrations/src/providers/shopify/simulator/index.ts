export {
  startShopifySimulator,
  SIMULATOR_DEFAULTS as SHOPIFY_SIMULATOR_DEFAULTS,
  type ShopifySimulator,
  type ShopifySimulatorOptions,
  type ShopifySimulatorState,
  type SimulatorCall as ShopifySimulatorCall,
} from './shopify-simulator';
