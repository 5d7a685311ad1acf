import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ShopifyAccessTokenGrant } from './shop-resources';

/** Shopify's answer to a missing, unknown or expired access token (channel-apis §1). */
export const INVALID_TOKEN_ERRORS =
  '[API] Invalid API key or access token (unrecognized login or wrong password)';

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
export const OFFLINE_TOKEN_TYPE = 'urn:shopify:params:oauth:token-type:offline-access-token';
export const ONLINE_TOKEN_TYPE = 'urn:shopify:params:oauth:token-type:online-access-token';

/** Refresh tokens of expiring offline tokens live 90 days. */
const REFRESH_TOKEN_LIFETIME_SECONDS = 90 * 24 * 3600;
/** A lost migration answer can be fetched again with the old token for seven days (Shopify changelog). */
const MIGRATION_RETRY_MS = 7 * 24 * 3600 * 1000;

export interface SimulatorAuthOptions {
  accessToken: string;
  /** When the seeded token stops working; null: an offline token that never expires. */
  accessTokenExpiresAt: Date | null;
  /** The seeded refresh token (expiring offline tokens); null: the token cannot be refreshed. */
  refreshToken: string | null;
  clientId: string;
  clientSecret: string;
  /** Lifetime of an expiring access token (Shopify: 3600 s). */
  tokenLifetimeSeconds: number;
  /** The scopes the merchant granted the app, comma-separated. */
  scope: string;
  /**
   * Whether non-expiring offline tokens still open the Admin API. Shopify refuses them for public
   * apps from 1 January 2027; false is that world.
   */
  acceptNonExpiringTokens: boolean;
  now: () => number;
}

interface AccessToken {
  expiresAt: number | null;
  scopes: string[];
  /** Set when a token exchange migrated it to an expiring one: no longer opens the API. */
  migratedTo: { grant: ShopifyAccessTokenGrant; atMs: number } | null;
}

type TokenAnswer =
  | { status: 200; body: ShopifyAccessTokenGrant }
  | { status: 400 | 401; body: { error: string; error_description: string } };

const refusal = (status: 400 | 401, error: string, description: string): TokenAnswer => ({
  status,
  body: { error, error_description: description },
});

/**
 * The shop's access and refresh tokens. Expiring offline tokens (`expiring=1`) live an hour and
 * come with a refresh token; a refresh hands out a new pair and retires the refresh token it used
 * (rotation). Token exchange turns an App Bridge session token, or a non-expiring offline token
 * (the migration to expiring ones), into an access token. Every token carries the granted scopes.
 */
export class SimulatorAuth {
  private readonly accessTokens = new Map<string, AccessToken>();
  private readonly refreshTokens = new Map<string, { expiresAt: number; pairOf: string }>();
  /** Codes handed to the app's redirect, each good once, for the address it was handed to. */
  private readonly codes = new Map<string, { redirectUri: string; expiresAt: number }>();
  refreshCount = 0;
  /** Tokens handed out, by how (install, refresh, exchange), for tests and the demo's state. */
  grants: { kind: 'code' | 'refresh' | 'token_exchange'; expiring: boolean }[] = [];
  acceptNonExpiringTokens: boolean;

  constructor(private readonly options: SimulatorAuthOptions) {
    this.acceptNonExpiringTokens = options.acceptNonExpiringTokens;
    this.accessTokens.set(options.accessToken, {
      expiresAt: options.accessTokenExpiresAt?.getTime() ?? null,
      scopes: this.grantedScopes,
      migratedTo: null,
    });
    if (options.refreshToken) {
      this.refreshTokens.set(options.refreshToken, {
        expiresAt: options.now() + REFRESH_TOKEN_LIFETIME_SECONDS * 1000,
        pairOf: options.accessToken,
      });
    }
  }

  get clientSecret(): string {
    return this.options.clientSecret;
  }

  get clientId(): string {
    return this.options.clientId;
  }

  get grantedScopes(): string[] {
    return this.options.scope
      .split(',')
      .map((scope) => scope.trim())
      .filter(Boolean);
  }

  /** Changes what a future install grants (and what tokens issued from now carry). */
  setGrantedScopes(scopes: readonly string[]): void {
    this.options.scope = scopes.join(',');
  }

  /** Null when the token opens the Admin API. */
  problemWith(token: string | undefined): 'unknown' | 'expired' | 'non_expiring' | null {
    const known = token ? this.accessTokens.get(token) : undefined;
    if (!known || known.migratedTo) return 'unknown';
    if (known.expiresAt === null) return this.acceptNonExpiringTokens ? null : 'non_expiring';
    return known.expiresAt <= this.options.now() ? 'expired' : null;
  }

  scopesOf(token: string): string[] {
    return this.accessTokens.get(token)?.scopes ?? [];
  }

  /** Every token expires now (tests of the refresh path). */
  expireAll(): void {
    const now = this.options.now();
    for (const token of this.accessTokens.values()) token.expiresAt = now;
  }

  /** The app was uninstalled: no token of it opens anything any more, nor can be refreshed. */
  revokeAll(): void {
    this.accessTokens.clear();
    this.refreshTokens.clear();
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
   * `POST /admin/oauth/access_token` (form or JSON, as the official library sends it): an
   * authorization code (`expiring=1` for an expiring offline token), `grant_type=refresh_token`,
   * or token exchange.
   */
  refresh(form: Record<string, string>): TokenAnswer {
    if (form.client_id !== this.options.clientId || form.client_secret !== this.options.clientSecret) {
      return refusal(401, 'invalid_client', 'Client authentication failed.');
    }
    const expiring = String(form.expiring ?? '0') === '1';
    if (form.grant_type === TOKEN_EXCHANGE_GRANT) return this.exchange(form, expiring);
    if (form.code !== undefined && form.grant_type !== 'refresh_token') {
      const granted = this.codes.get(form.code);
      this.codes.delete(form.code);
      if (!granted || granted.expiresAt <= this.options.now()) {
        return refusal(400, 'invalid_grant', 'The authorization code is invalid or expired.');
      }
      this.grants.push({ kind: 'code', expiring });
      return { status: 200, body: this.issue(expiring) };
    }
    if (form.grant_type !== 'refresh_token') {
      return refusal(400, 'unsupported_grant_type', 'The grant type is not supported.');
    }
    const stored = form.refresh_token ? this.refreshTokens.get(form.refresh_token) : undefined;
    if (!stored || stored.expiresAt <= this.options.now()) {
      return refusal(400, 'invalid_grant', 'The refresh token is invalid or expired.');
    }
    this.refreshTokens.delete(form.refresh_token!);
    // A refreshed pair ends the window in which a migration answer could be fetched again.
    for (const token of this.accessTokens.values()) {
      if (token.migratedTo && token.migratedTo.grant.refresh_token === form.refresh_token) {
        token.migratedTo.atMs = -Infinity;
      }
    }
    this.refreshCount += 1;
    this.grants.push({ kind: 'refresh', expiring: true });
    return { status: 200, body: this.issue(true) };
  }

  private issue(expiring: boolean): ShopifyAccessTokenGrant {
    const accessToken = `shpat_${randomBytes(16).toString('hex')}`;
    const scope = this.options.scope;
    if (!expiring) {
      this.accessTokens.set(accessToken, { expiresAt: null, scopes: this.grantedScopes, migratedTo: null });
      return { access_token: accessToken, scope };
    }
    const refreshToken = `shprt_${randomBytes(16).toString('hex')}`;
    this.accessTokens.set(accessToken, {
      expiresAt: this.options.now() + this.options.tokenLifetimeSeconds * 1000,
      scopes: this.grantedScopes,
      migratedTo: null,
    });
    this.refreshTokens.set(refreshToken, {
      expiresAt: this.options.now() + REFRESH_TOKEN_LIFETIME_SECONDS * 1000,
      pairOf: accessToken,
    });
    return {
      access_token: accessToken,
      scope,
      expires_in: this.options.tokenLifetimeSeconds,
      refresh_token: refreshToken,
      refresh_token_expires_in: REFRESH_TOKEN_LIFETIME_SECONDS,
    };
  }

  /** Token exchange (RFC 8693 as Shopify runs it). */
  private exchange(form: Record<string, string>, expiring: boolean): TokenAnswer {
    const requested = form.requested_token_type;
    if (requested !== OFFLINE_TOKEN_TYPE && requested !== ONLINE_TOKEN_TYPE) {
      return refusal(400, 'invalid_request', 'The requested_token_type is not supported.');
    }
    if (form.subject_token_type === OFFLINE_TOKEN_TYPE) {
      // The migration of a non-expiring offline token to an expiring one.
      const old = form.subject_token ? this.accessTokens.get(form.subject_token) : undefined;
      if (!old || old.expiresAt !== null || requested !== OFFLINE_TOKEN_TYPE || !expiring) {
        if (old?.migratedTo && this.options.now() - old.migratedTo.atMs < MIGRATION_RETRY_MS) {
          return { status: 200, body: this.extendAccess(old.migratedTo.grant) };
        }
        return refusal(
          400,
          'invalid_subject_token',
          'The subject token is invalid, expired or already exchanged.',
        );
      }
      if (old.migratedTo) {
        if (this.options.now() - old.migratedTo.atMs < MIGRATION_RETRY_MS) {
          return { status: 200, body: this.extendAccess(old.migratedTo.grant) };
        }
        return refusal(
          400,
          'invalid_subject_token',
          'The subject token is invalid, expired or already exchanged.',
        );
      }
      const grant = this.issue(true);
      old.migratedTo = { grant, atMs: this.options.now() };
      this.grants.push({ kind: 'token_exchange', expiring: true });
      return { status: 200, body: grant };
    }
    if (form.subject_token_type !== ID_TOKEN_TYPE) {
      return refusal(400, 'invalid_request', 'The subject_token_type is not supported.');
    }
    if (!this.validSessionToken(form.subject_token ?? '')) {
      return refusal(400, 'invalid_subject_token', 'The subject token is invalid or expired.');
    }
    this.grants.push({ kind: 'token_exchange', expiring: requested === OFFLINE_TOKEN_TYPE && expiring });
    if (requested === ONLINE_TOKEN_TYPE) {
      const grant = this.issue(true);
      return {
        status: 200,
        body: {
          access_token: grant.access_token,
          scope: grant.scope,
          expires_in: 86_399,
          associated_user_scope: grant.scope,
          associated_user: {
            id: 902541635,
            first_name: 'Simulated',
            last_name: 'Merchant',
            email: 'merchant@example.com',
            email_verified: true,
            account_owner: true,
            locale: 'en',
            collaborator: false,
          },
        } as ShopifyAccessTokenGrant,
      };
    }
    return { status: 200, body: this.issue(expiring) };
  }

  /** The same pair again, its access token's hour started anew (the refresh token's life is not). */
  private extendAccess(grant: ShopifyAccessTokenGrant): ShopifyAccessTokenGrant {
    const token = this.accessTokens.get(grant.access_token);
    if (token) token.expiresAt = this.options.now() + this.options.tokenLifetimeSeconds * 1000;
    return { ...grant, expires_in: this.options.tokenLifetimeSeconds };
  }

  /** An App Bridge session token: HS256 signed with the app's secret, for this app, not expired. */
  private validSessionToken(jwt: string): boolean {
    const [header, payload, signature] = jwt.split('.');
    if (!header || !payload || !signature) return false;
    const expected = createHmac('sha256', this.options.clientSecret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        aud?: string;
        exp?: number;
      };
      return claims.aud === this.options.clientId && (claims.exp ?? 0) * 1000 > this.options.now();
    } catch {
      return false;
    }
  }
}
