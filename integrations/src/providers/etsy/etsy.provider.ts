import type { Provider } from '../../provider';

/** Etsy: connected through OAuth (with PKCE), not synchronised yet. */
export const etsyProvider: Provider = {
  type: 'etsy',
  kind: 'channel',
  capabilities: [],
  oauth: {
    authorizeUrl: 'https://www.etsy.com/oauth/connect',
    tokenUrl: 'https://api.etsy.com/v3/public/oauth/token',
    scope: 'transactions_r transactions_w listings_r listings_w shops_r',
    clientAuthentication: 'body',
    pkce: true,
  },
};
