/**
 * The integrations workspace's public surface: the Provider interface and its one registry, the
 * connector contract, the shared outbound transport, the explainer, and each provider's simulator
 * (tests and the demo drive them over HTTP). Nothing here knows our database.
 */
export * from './provider';
export * from './registry';
export * from './connector';
export * from './transport/channel-http';
export * from './transport/rate-budget';
export * from './transport/shared-rate-budget';
export * from './transport/outbound-url-guard';
export * from './transport/redact';
export * from './transport/transaction-record';
export * from './webhooks/provider-webhooks';
export * from './oauth/oauth-definition';
export * from './explain/explanation';
export { explainProviderOf, explainRecord } from './explain/explain-record';
export * from './simulators/provider-simulator';
export * from './simulators/start-simulators';
export * from './providers/shopify/simulator';
export * from './providers/mirakl/simulator';
export * from './providers/wms/simulator';
export { shopifyTime } from './providers/shopify/simulator/simulator-time';
export { createShopifyConnector, SHOPIFY_ORDER_TOPICS } from './providers/shopify/shopify.connector';
export { normaliseShopifyOrder, shopifyOrderFromWebhook } from './providers/shopify/shopify-order.mapper';
export type { ShopifyOrder } from './providers/shopify/shopify-rest.types';
export { shopifySignatureMatches } from './providers/shopify/shopify-webhooks';
export { createMiraklConnector, MIRAKL_OPERATION_LIMITS } from './providers/mirakl/mirakl.connector';
export { createWmsConnector } from './providers/wms/wms.connector';
