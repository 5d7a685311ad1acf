/**
 * What a provider's OAuth is, as provider knowledge: where consent is asked, where the code is
 * exchanged, the scope, how the client authenticates. The flow, its state and the deployment's
 * clients (`OAUTH_PROVIDERS_JSON`, which may replace any address) are api's.
 */
export interface OAuthDefinition {
  /** A function for per-shop providers, given the channel's settings. */
  authorizeUrl?: string | ShopAddress;
  tokenUrl?: string | ShopAddress;
  scope?: string;
  /** How the token endpoint takes the client's credentials; both go in the form body as well. */
  clientAuthentication: 'basic' | 'body';
  /** The provider requires PKCE (S256). */
  pkce?: boolean;
  /** Extra form fields of the code exchange (Shopify: `expiring=1` for expiring offline tokens). */
  tokenParams?: Readonly<Record<string, string>>;
}

/**
 * Where a per-shop provider's addresses come from: the channel's settings, and the demo's shops
 * (trusted origins). Throws `OAuthAddressError` when the settings name no acceptable shop.
 */
export type ShopAddress = (settings: Record<string, unknown>, trustedOrigins: ReadonlySet<string>) => string;

/** The settings give no address the client secret may go to; the message completes "Channel connection failed, with …". */
export class OAuthAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthAddressError';
  }
}
