import type { Provider } from '../../provider';

/** eBay: connected through OAuth, not synchronised yet. */
export const ebayProvider: Provider = {
  type: 'ebay',
  kind: 'channel',
  capabilities: [],
  // eBay sends `redirect_uri` as the app's RuName: configure it as `redirectUri` (channel-apis §5).
  oauth: {
    authorizeUrl: 'https://auth.ebay.com/oauth2/authorize',
    tokenUrl: 'https://api.ebay.com/identity/v1/oauth2/token',
    scope: [
      'https://api.ebay.com/oauth/api_scope',
      'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
      'https://api.ebay.com/oauth/api_scope/sell.inventory',
    ].join(' '),
    clientAuthentication: 'basic',
  },
};
