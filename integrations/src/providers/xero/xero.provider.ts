import type { Provider } from '../../provider';

/** Xero: connected through OAuth, not synchronised yet. */
export const xeroProvider: Provider = {
  type: 'xero',
  kind: 'accounting',
  capabilities: [],
  // `offline_access` is what makes Xero hand out a refresh token (channel-apis §6a).
  oauth: {
    authorizeUrl: 'https://login.xero.com/identity/connect/authorize',
    tokenUrl: 'https://identity.xero.com/connect/token',
    scope: 'offline_access accounting.transactions accounting.contacts accounting.settings',
    clientAuthentication: 'basic',
  },
};
