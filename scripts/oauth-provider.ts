/**
 * `npx tsx scripts/oauth-provider.ts`: the local OAuth provider of the test suites as a process of
 * its own, for the e2e run (playwright.config.ts) or to try the connect flow by hand. Point a
 * channel type at it with OAUTH_PROVIDERS_JSON, e.g.
 *   {"shopify":{"authorizeUrl":"http://127.0.0.1:3192/authorize","tokenUrl":"http://127.0.0.1:3192/token",
 *               "clientId":"e2e-client","clientSecret":"e2e-secret"}}
 */
import { startOAuthProviderServer } from '@syncdesk/api/testing';

const port = Number(process.env.OAUTH_PROVIDER_PORT ?? 3192);
const host = process.env.OAUTH_PROVIDER_HOST ?? '127.0.0.1';
const client = {
  clientId: process.env.OAUTH_PROVIDER_CLIENT_ID ?? 'e2e-client',
  clientSecret: process.env.OAUTH_PROVIDER_CLIENT_SECRET ?? 'e2e-secret',
};

void startOAuthProviderServer({ port, host, clients: [client], name: 'Local OAuth provider' }).then(
  (server) => {
    console.log(`Local OAuth provider at ${server.url} (client ${client.clientId})`);
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  },
  (error: unknown) => {
    console.error('The local OAuth provider could not start:', error);
    process.exit(1);
  },
);
