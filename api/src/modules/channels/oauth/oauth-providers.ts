import { z } from 'zod';
import { CHANNEL_CATALOGUE, ERROR_MESSAGES, findCatalogueEntry, formatMessage } from '@syncdesk/contracts';
import { OAuthAddressError, providerFor, type OAuthDefinition } from '@syncdesk/integrations';
import { AppError } from '../../../http/app-error';

/**
 * Where each OAuth channel type sends the browser for consent and where the code is exchanged for
 * tokens: the provider's OAuth definition (integrations' registry) holds the real addresses;
 * client ids and secrets are deployment configuration (`OAUTH_PROVIDERS_JSON`), which may also
 * replace any address (a sandbox, or the local test provider in the test suites and e2e).
 */

/** The other OAuth types (TikTok Shop, AliExpress, Allegro, Sage, Zoho, Wix, Ecwid, EKM, Big
 * Cartel, Lightspeed, ShipBob, ShipHero) have no provider with addresses yet: they work once
 * OAUTH_PROVIDERS_JSON gives their authorizeUrl and tokenUrl, and say "not configured" until then.
 */
const GENERIC: OAuthDefinition = { clientAuthentication: 'body' };

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
  clientAuthentication: OAuthDefinition['clientAuthentication'];
  pkce: boolean;
  redirectUri: string | null;
  authorizeParams: Readonly<Record<string, string>>;
  /** Extra fields of the code exchange the provider defines (Shopify: `expiring=1`, expiring offline tokens). */
  tokenParams: Readonly<Record<string, string>>;
}

/** 422 'Channel connection failed, with {msg}' (integration-domain §8). */
export function connectionFailed(msg: string): AppError {
  return new AppError('validation', formatMessage(ERROR_MESSAGES.channelConnectionFailed, { msg }));
}

function addressOf(
  configured: string | undefined,
  fallback: OAuthDefinition['authorizeUrl'],
  settings: Record<string, unknown>,
  trustedOrigins: ReadonlySet<string>,
): string | undefined {
  if (configured) return configured;
  if (typeof fallback !== 'function') return fallback;
  try {
    return fallback(settings, trustedOrigins);
  } catch (error) {
    if (error instanceof OAuthAddressError) throw connectionFailed(error.message);
    throw error;
  }
}

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
  const defaults = providerFor(entry.slug)?.oauth ?? GENERIC;
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
    tokenParams: defaults.tokenParams ?? {},
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
