import type { OAuthProvider } from './oauth-providers';

/** What a token endpoint granted. */
export interface OAuthTokenSet {
  access_token: string;
  refresh_token: string | null;
  token_type: string;
  scope: string | null;
  /** Seconds; null when the provider gave no expiry (Shopify's classic offline tokens). */
  expires_in: number | null;
}

/** The provider looked at the code and said no (`invalid_grant`…): the user can start again. */
export class OAuthGrantRefusedError extends Error {
  constructor(readonly description: string) {
    super(`The provider refused the grant: ${description}`);
    this.name = 'OAuthGrantRefusedError';
  }
}

/** No usable answer: unreachable, timed out, a 5xx, or something that is not a token response. */
export class OAuthProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OAuthProviderUnavailableError';
  }
}

export const TOKEN_REQUEST_TIMEOUT_MS = 15_000;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function secondsOf(value: unknown): number | null {
  // Some providers send expires_in as a string.
  const seconds = typeof value === 'string' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : null;
}

async function readJsonObject(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = JSON.parse(await response.text());
    return body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Exchanges an authorisation code at the provider's token endpoint (RFC 6749 §4.1.3): a
 * form-encoded POST with the code, the same redirect_uri as the consent link and the client's
 * credentials, in the body and, for providers that want it, as HTTP Basic too.
 */
export async function exchangeAuthorizationCode(
  provider: OAuthProvider,
  request: { code: string; redirectUri: string; codeVerifier?: string },
  fetchImplementation: typeof fetch = fetch,
): Promise<OAuthTokenSet> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: request.code,
    redirect_uri: request.redirectUri,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
  });
  if (request.codeVerifier) form.set('code_verifier', request.codeVerifier);
  for (const [name, value] of Object.entries(provider.tokenParams ?? {})) form.set(name, value);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (provider.clientAuthentication === 'basic') {
    // RFC 6749 §2.3.1: each part form-encoded before joining.
    const user = encodeURIComponent(provider.clientId);
    const password = encodeURIComponent(provider.clientSecret);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  }

  let response: Response;
  try {
    response = await fetchImplementation(provider.tokenUrl, {
      method: 'POST',
      headers,
      body: form.toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
    });
  } catch (cause) {
    throw new OAuthProviderUnavailableError(`${provider.name} token endpoint unreachable`, { cause });
  }
  const body = await readJsonObject(response);
  const error = text(body?.error);
  // Some providers answer a refusal with 200 and an `error`; all answer it with a 4xx.
  if (error && response.status < 500) {
    throw new OAuthGrantRefusedError(text(body?.error_description) ?? error);
  }
  if (!response.ok) {
    throw new OAuthProviderUnavailableError(`${provider.name} token endpoint answered ${response.status}`);
  }
  const accessToken = text(body?.access_token);
  if (!body || !accessToken) {
    throw new OAuthProviderUnavailableError(
      `${provider.name} token endpoint answered without an access_token`,
    );
  }
  return {
    access_token: accessToken,
    refresh_token: text(body.refresh_token),
    token_type: text(body.token_type) ?? 'bearer',
    scope: text(body.scope),
    expires_in: secondsOf(body.expires_in),
  };
}
