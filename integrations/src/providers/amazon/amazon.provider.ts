import type { Provider } from '../../provider';

/** Amazon (Selling Partner API): connected through OAuth, not synchronised yet. */
export const amazonProvider: Provider = {
  type: 'amazonsp',
  kind: 'channel',
  capabilities: [],
  // Seller Central consent names the app by `application_id` (configure it in `authorizeParams`)
  // and answers with `spapi_oauth_code`; the code is exchanged at Login with Amazon.
  oauth: {
    authorizeUrl: 'https://sellercentral.amazon.com/apps/authorize/consent',
    tokenUrl: 'https://api.amazon.com/auth/o2/token',
    clientAuthentication: 'body',
  },
};
