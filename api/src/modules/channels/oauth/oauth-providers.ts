import { z } from 'zod';
import { CHANNEL_CATALOGUE, ERROR_MESSAGES, findCatalogueEntry, formatMessage } from '@syncdesk/contracts';
import { AppError } from '../../../http/app-error';

/**
 * Where each OAuth channel type sends the browser for consent and where the code is exchanged for
 * tokens. The addresses are the providers' real ones; client ids and secrets are deployment
 * configuration (`OAUTH_PROVIDERS_JSON`), which may also replace any address (a sandbox, or the
 * local test provider in the test suites and e2e).
 */

/** How the token endpoint takes the client's credentials; both go in the form body as well. */
type ClientAuthentication = 'basic' | 'body';

/** Where a per-shop provider's addresses come from: the channel's settings, and the demo's shops. */
type ShopAddress = (settings: Record<string, unknown>, trustedOrigins: ReadonlySet<string>) => string;

interface ProviderDefaults {
  /** A function for per-shop providers, given the channel's settings. */
  authorizeUrl?: string | ShopAddress;
  tokenUrl?: string | ShopAddress;
  scope?: string;
  clientAuthentication: ClientAuthentication;
  /** The provider requires PKCE (S256). */
  pkce?: boolean;
}

/** Spec: `{shop}.myshopify.com`; anything else would receive our client secret with the code. */
const SHOPIFY_HOST = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i;

/**
 * The shop the app is installed on: a myshopify.com address, or the live demo's own simulated shop
 * (its origin is trusted, `DEMO_SIMULATORS`); no other address ever receives the client secret.
 */
function shopifyShop(settings: Record<string, unknown>, trustedOrigins: ReadonlySet<string>): string {
  const raw = typeof settings.shop_url === 'string' ? settings.shop_url.trim() : '';
  if (!raw) throw connectionFailed('no Shop URL in the channel settings');
  let url: URL | null;
  try {
    url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    url = null;
  }
  if (url && trustedOrigins.has(url.origin)) return url.origin;
  const host = url?.hostname ?? '';
  if (!SHOPIFY_HOST.test(host)) throw connectionFailed('a Shop URL that is not a myshopify.com address');
  return `https://${host.toLowerCase()}`;
}

const DEFAULTS: Readonly<Record<string, ProviderDefaults>> = {
  // Per shop (channel-apis §1): the app is installed on, and the token issued by, the shop itself.
  shopify: {
    authorizeUrl: (settings, trusted) => `${shopifyShop(settings, trusted)}/admin/oauth/authorize`,
    tokenUrl: (settings, trusted) => `${shopifyShop(settings, trusted)}/admin/oauth/access_token`,
    scope: [
      'read_orders',
      'write_orders',
      'read_products',
      'write_products',
      'read_inventory',
      'write_inventory',
      'read_locations',
      'read_merchant_managed_fulfillment_orders',
      'write_merchant_managed_fulfillment_orders',
    ].join(','),
    clientAuthentication: 'body',
  },
  // eBay sends `redirect_uri` as the app's RuName: configure it as `redirectUri` (channel-apis §5).
  ebay: {
    authorizeUrl: 'https://auth.ebay.com/oauth2/authorize',
    tokenUrl: 'https://api.ebay.com/identity/v1/oauth2/token',
    scope: [
      'https://api.ebay.com/oauth/api_scope',
      'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
      'https://api.ebay.com/oauth/api_scope/sell.inventory',
    ].join(' '),
    clientAuthentication: 'basic',
  },
  // `offline_access` is what makes Xero hand out a refresh token (channel-apis §6a).
  xero: {
    authorizeUrl: 'https://login.xero.com/identity/connect/authorize',
    tokenUrl: 'https://identity.xero.com/connect/token',
    scope: 'offline_access accounting.transactions accounting.contacts accounting.settings',
    clientAuthentication: 'basic',
  },
  quickbooksonline: {
    authorizeUrl: 'https://appcenter.intuit.com/connect/oauth2',
    tokenUrl: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
    scope: 'com.intuit.quickbooks.accounting',
    clientAuthentication: 'basic',
  },
  // Seller Central consent names the app by `application_id` (configure it in `authorizeParams`)
  // and answers with `spapi_oauth_code`; the code is exchanged at Login with Amazon.
  amazonsp: {
    authorizeUrl: 'https://sellercentral.amazon.com/apps/authorize/consent',
    tokenUrl: 'https://api.amazon.com/auth/o2/token',
    clientAuthentication: 'body',
  },
  etsy: {
    authorizeUrl: 'https://www.etsy.com/oauth/connect',
    tokenUrl: 'https://api.etsy.com/v3/public/oauth/token',
    scope: 'transactions_r transactions_w listings_r listings_w shops_r',
    clientAuthentication: 'body',
    pkce: true,
  },
};

// The other OAuth types (TikTok Shop, AliExpress, Allegro, Sage, Zoho, Wix, Ecwid, EKM, Big
// Cartel, Lightspeed, ShipBob, ShipHero) have no address in the reference material we checked:
// they work once OAUTH_PROVIDERS_JSON gives their authorizeUrl and tokenUrl, and say "not
// configured" until then.
const GENERIC: ProviderDefaults = { clientAuthentication: 'body' };

const providerSettingsSchema = z.object({
  authorizeUrl: z.url({ protocol: /^https?$/ }).optional(),
  tokenUrl: z.url({ protocol: /^https?$/ }).optional(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  /** Replaces the default scope; '' asks for none. */
  scope: z.string().optional(),
  /** Sent as `redirect_uri` instead of our callback address, for providers that name it (eBay's RuName). */
  redirectUri: z.string().min(1).optional(),
  /** Extra query parameters of the consent link (Amazon's `application_id`, a `version=beta`…). */
  authorizeParams: z.record(z.string(), z.string()).optional(),
});

export type OAuthProviderSettings = Readonly<Record<string, z.infer<typeof providerSettingsSchema>>>;

/** What the flow is configured with (config.ts): the provider JSON and the state-signing secret. */
export interface OAuthSettings {
  /** `OAUTH_PROVIDERS_JSON`: slug → { authorizeUrl?, tokenUrl?, clientId, clientSecret, scope?, … }. */
  providersJson?: string;
  stateSecret: string;
}

const OAUTH_SLUGS = new Set(
  CHANNEL_CATALOGUE.filter((entry) => entry.authType === 'oauth').map((e) => e.slug),
);

/** Reads `OAUTH_PROVIDERS_JSON`; a mistake stops the start-up with a message saying where. */
export function parseOAuthProviderSettings(json: string | undefined): OAuthProviderSettings {
  if (!json?.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('OAUTH_PROVIDERS_JSON is not valid JSON.');
  }
  const parsed = z.record(z.string(), providerSettingsSchema).safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`OAUTH_PROVIDERS_JSON is invalid:\n  ${problems.join('\n  ')}`);
  }
  const unknown = Object.keys(parsed.data).filter((slug) => !OAUTH_SLUGS.has(slug));
  if (unknown.length)
    throw new Error(`OAUTH_PROVIDERS_JSON names types that do not use OAuth: ${unknown.join(', ')}`);
  return parsed.data;
}

/** Everything the flow needs to talk to one channel's provider. */
export interface OAuthProvider {
  slug: string;
  /** The catalogue's name, for messages ("Shopify is not configured on this server"). */
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string | null;
  clientAuthentication: ClientAuthentication;
  pkce: boolean;
  redirectUri: string | null;
  authorizeParams: Readonly<Record<string, string>>;
}

/** 422 'Channel connection failed, with {msg}' (integration-domain §8). */
export function connectionFailed(msg: string): AppError {
  return new AppError('validation', formatMessage(ERROR_MESSAGES.channelConnectionFailed, { msg }));
}

const addressOf = (
  configured: string | undefined,
  fallback: ProviderDefaults['authorizeUrl'],
  settings: Record<string, unknown>,
  trustedOrigins: ReadonlySet<string>,
): string | undefined =>
  configured ?? (typeof fallback === 'function' ? fallback(settings, trustedOrigins) : fallback);

/**
 * The provider of a channel type, with its addresses and this deployment's client. 422 when the
 * type does not connect through OAuth or the server holds no client for it.
 */
export function resolveOAuthProvider(
  channel: { type: string; settings: Record<string, unknown> | null },
  configuration: OAuthProviderSettings,
  /** The live demo's simulators: a per-shop provider may be one of them (and no other private address). */
  trustedOrigins: ReadonlySet<string> = new Set(),
): OAuthProvider {
  const entry = findCatalogueEntry(channel.type);
  const name = entry?.name ?? channel.type;
  if (!entry || entry.authType !== 'oauth') {
    throw connectionFailed(`${name} connects with API credentials, not an authorisation link`);
  }
  const configured = configuration[entry.slug];
  const defaults = DEFAULTS[entry.slug] ?? GENERIC;
  const notConfigured = connectionFailed(`${name} is not configured on this server`);
  if (!configured) throw notConfigured;
  const settings = channel.settings ?? {};
  const authorizeUrl = addressOf(configured.authorizeUrl, defaults.authorizeUrl, settings, trustedOrigins);
  const tokenUrl = addressOf(configured.tokenUrl, defaults.tokenUrl, settings, trustedOrigins);
  if (!authorizeUrl || !tokenUrl) throw notConfigured;
  const scope = configured.scope ?? defaults.scope ?? '';
  return {
    slug: entry.slug,
    name,
    authorizeUrl,
    tokenUrl,
    clientId: configured.clientId,
    clientSecret: configured.clientSecret,
    scope: scope === '' ? null : scope,
    clientAuthentication: defaults.clientAuthentication,
    pkce: defaults.pkce ?? false,
    redirectUri: configured.redirectUri ?? null,
    authorizeParams: configured.authorizeParams ?? {},
  };
}

/** The consent link: the provider's page with our client, callback, scope, state (and PKCE challenge). */
export function consentUrl(
  provider: OAuthProvider,
  request: { redirectUri: string; state: string; codeChallenge?: string },
): string {
  const url = new URL(provider.authorizeUrl);
  const query = url.searchParams;
  query.set('response_type', 'code');
  query.set('client_id', provider.clientId);
  query.set('redirect_uri', request.redirectUri);
  if (provider.scope) query.set('scope', provider.scope);
  query.set('state', request.state);
  if (request.codeChallenge) {
    query.set('code_challenge', request.codeChallenge);
    query.set('code_challenge_method', 'S256');
  }
  for (const [name, value] of Object.entries(provider.authorizeParams)) query.set(name, value);
  return url.toString();
}
