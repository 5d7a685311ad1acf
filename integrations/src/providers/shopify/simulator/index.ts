export {
  startShopifySimulator,
  SIMULATOR_DEFAULTS as SHOPIFY_SIMULATOR_DEFAULTS,
  DEFAULT_SCOPES as SHOPIFY_SIMULATOR_SCOPES,
  COST_PLANS as SHOPIFY_COST_PLANS,
  type AppWebhookAddresses as ShopifyAppWebhookAddresses,
  type ShopifySimulator,
  type ShopifySimulatorOptions,
  type ShopifySimulatorState,
  type SimulatorCall as ShopifySimulatorCall,
} from './shopify-simulator';
export { shopifySignature, shopifyWebhookHeaders } from './webhook-delivery';
export { ADMIN_SCHEMA_SDL as SHOPIFY_ADMIN_SCHEMA_SDL } from './graphql/schema';
