import { OAuthAddressError, type OAuthDefinition } from '../../oauth/oauth-definition';

/** Spec: `{shop}.myshopify.com`; anything else would receive our client secret with the code. */
const SHOPIFY_HOST = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i;

/**
 * The shop the app is installed on: a myshopify.com address, or the live demo's own simulated shop
 * (its origin is trusted, `DEMO_SIMULATORS`); no other address ever receives the client secret.
 */
function shopifyShop(settings: Record<string, unknown>, trustedOrigins: ReadonlySet<string>): string {
  const raw = typeof settings.shop_url === 'string' ? settings.shop_url.trim() : '';
  if (!raw) throw new OAuthAddressError('no Shop URL in the channel settings');
  let url: URL | null;
  try {
    url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    url = null;
  }
  if (url && trustedOrigins.has(url.origin)) return url.origin;
  const host = url?.hostname ?? '';
  if (!SHOPIFY_HOST.test(host)) throw new OAuthAddressError('a Shop URL that is not a myshopify.com address');
  return `https://${host.toLowerCase()}`;
}

/** Per shop (channel-apis §1): the app is installed on, and the token issued by, the shop itself. */
export const shopifyOAuth: OAuthDefinition = {
  authorizeUrl: (settings, trusted) => `${shopifyShop(settings, trusted)}/admin/oauth/authorize`,
  tokenUrl: (settings, trusted) => `${shopifyShop(settings, trusted)}/admin/oauth/access_token`,
  // Why each is needed: the scope table in this provider's README.
  scope: [
    'read_orders',
    'write_orders',
    'read_all_orders',
    'read_products',
    'read_inventory',
    'write_inventory',
    'read_locations',
    'read_fulfillments',
    'write_fulfillments',
    'read_merchant_managed_fulfillment_orders',
    'write_merchant_managed_fulfillment_orders',
  ].join(','),
  clientAuthentication: 'body',
  // Expiring offline tokens (an hour, with a rotating refresh token): required of public apps, and
  // from 1 January 2027 Shopify refuses the non-expiring kind.
  tokenParams: { expiring: '1' },
};
