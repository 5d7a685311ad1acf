import { randomBytes } from 'node:crypto';
import type { ShopifyAccessTokenGrant } from '../shopify-rest.types';

/** Shopify's answer to a missing, unknown or expired access token (channel-apis §1). */
export const INVALID_TOKEN_ERRORS =
  '[API] Invalid API key or access token (unrecognized login or wrong password)';

export interface SimulatorAuthOptions {
  accessToken: string;
  /** When the seeded token stops working; null: an offline token that never expires. */
  accessTokenExpiresAt: Date | null;
  /** The seeded refresh token (expiring offline tokens); null: the token cannot be refreshed. */
  refreshToken: string | null;
  clientId: string;
  clientSecret: string;
  /** Lifetime of a token handed out by a refresh (Shopify: 3600 s). */
  tokenLifetimeSeconds: number;
  scope: string;
  now: () => number;
}

/**
 * The shop's access and refresh tokens. A refresh hands out a new pair and retires the refresh token
 * it used (rotation), as Shopify's expiring offline tokens do; the old access token keeps working
 * until its own expiry.
 */
export class SimulatorAuth {
  private readonly accessTokens = new Map<string, number | null>();
  private readonly refreshTokens = new Set<string>();
  /** Codes handed to the app's redirect, each good once, for the address it was handed to. */
  private readonly codes = new Map<string, { redirectUri: string; expiresAt: number }>();
  refreshCount = 0;

  constructor(private readonly options: SimulatorAuthOptions) {
    this.accessTokens.set(options.accessToken, options.accessTokenExpiresAt?.getTime() ?? null);
    if (options.refreshToken) this.refreshTokens.add(options.refreshToken);
  }

  get clientSecret(): string {
    return this.options.clientSecret;
  }

  /** Null when the token opens the Admin API. */
  problemWith(token: string | undefined): 'unknown' | 'expired' | null {
    if (!token || !this.accessTokens.has(token)) return 'unknown';
    const expiresAt = this.accessTokens.get(token) ?? null;
    return expiresAt !== null && expiresAt <= this.options.now() ? 'expired' : null;
  }

  /** Every token expires now (tests of the refresh path). */
  expireAll(): void {
    const now = this.options.now();
    for (const token of this.accessTokens.keys()) this.accessTokens.set(token, now);
  }

  /**
   * `GET /admin/oauth/authorize`: the merchant's consent to installing the app. The simulated
   * merchant says yes at once: the browser goes back to the app's `redirect_uri` with a code, the
   * `state` it was given and the shop's name, as Shopify sends them. An unknown app gets a 400.
   */
  authorize(query: URLSearchParams, shop: string): { location: string } | { error: string } {
    const redirectUri = query.get('redirect_uri') ?? '';
    if (query.get('client_id') !== this.options.clientId)
      return { error: 'The app is not known to this shop.' };
    if (!/^https?:\/\//i.test(redirectUri))
      return { error: 'The redirect_uri is missing or not a web address.' };
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { redirectUri, expiresAt: this.options.now() + 10 * 60_000 });
    const location = new URL(redirectUri);
    location.searchParams.set('code', code);
    location.searchParams.set('shop', shop);
    location.searchParams.set('state', query.get('state') ?? '');
    location.searchParams.set('timestamp', String(Math.floor(this.options.now() / 1000)));
    return { location: location.toString() };
  }

  /**
   * `POST /admin/oauth/access_token`: a code from `authorize` for an offline access token (the
   * install), or `grant_type=refresh_token` for a new pair (expiring offline tokens).
   */
  refresh(
    form: Record<string, string>,
  ):
    | { status: 200; body: ShopifyAccessTokenGrant }
    | { status: 400 | 401; body: { error: string; error_description: string } } {
    if (form.client_id !== this.options.clientId || form.client_secret !== this.options.clientSecret) {
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client authentication failed.' },
      };
    }
    if (form.code !== undefined && form.grant_type !== 'refresh_token') {
      const granted = this.codes.get(form.code);
      this.codes.delete(form.code);
      if (!granted || granted.expiresAt <= this.options.now()) {
        return {
          status: 400,
          body: {
            error: 'invalid_grant',
            error_description: 'The authorization code is invalid or expired.',
          },
        };
      }
      const accessToken = `shpat_${randomBytes(16).toString('hex')}`;
      this.accessTokens.set(accessToken, null);
      return { status: 200, body: { access_token: accessToken, scope: this.options.scope } };
    }
    if (form.grant_type !== 'refresh_token') {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'The grant type is not supported.' },
      };
    }
    if (!form.refresh_token || !this.refreshTokens.has(form.refresh_token)) {
      return {
        status: 400,
        body: { error: 'invalid_grant', error_description: 'The refresh token is invalid or expired.' },
      };
    }
    this.refreshTokens.delete(form.refresh_token);
    const accessToken = `shpat_${randomBytes(16).toString('hex')}`;
    const refreshToken = `shprt_${randomBytes(16).toString('hex')}`;
    this.accessTokens.set(accessToken, this.options.now() + this.options.tokenLifetimeSeconds * 1000);
    this.refreshTokens.add(refreshToken);
    this.refreshCount += 1;
    return {
      status: 200,
      body: {
        access_token: accessToken,
        scope: this.options.scope,
        expires_in: this.options.tokenLifetimeSeconds,
        refresh_token: refreshToken,
        refresh_token_expires_in: 90 * 24 * 3600,
      },
    };
  }
}
