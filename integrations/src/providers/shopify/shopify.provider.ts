import type { Provider } from '../../provider';
import { createShopifyConnector } from './shopify.connector';
import { shopifyExplainer } from './shopify-explainer';
import { shopifyOAuth } from './shopify-oauth';
import { shopifySimulator } from './simulator/shopify-simulator-kit';
import { shopifyWebhooks } from './shopify-webhooks';

/** Shopify (Admin GraphQL): orders and products in, stock and fulfilment out, webhooks, OAuth per shop. */
export const shopifyProvider: Provider = {
  type: 'shopify',
  kind: 'channel',
  capabilities: ['orders_in', 'stock_out', 'fulfilment_out', 'products_in'],
  connector: (context) => createShopifyConnector(context),
  simulator: shopifySimulator,
  tokenRefresh: true,
  webhooks: shopifyWebhooks,
  explainer: shopifyExplainer,
  oauth: shopifyOAuth,
};
