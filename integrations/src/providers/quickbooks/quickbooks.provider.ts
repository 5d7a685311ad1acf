import type { Provider } from '../../provider';

/** QuickBooks Online: connected through OAuth, not synchronised yet. */
export const quickbooksProvider: Provider = {
  type: 'quickbooksonline',
  kind: 'accounting',
  capabilities: [],
  oauth: {
    authorizeUrl: 'https://appcenter.intuit.com/connect/oauth2',
    tokenUrl: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
    scope: 'com.intuit.quickbooks.accounting',
    clientAuthentication: 'basic',
  },
};
