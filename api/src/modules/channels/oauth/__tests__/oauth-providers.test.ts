import { consentUrl, parseOAuthProviderSettings, resolveOAuthProvider } from '../oauth-providers';

const CLIENT = { clientId: 'client-1', clientSecret: 'secret-1' };

describe('OAuth provider registry', () => {
  it('Shopify uses the channel’s own shop, and only a myshopify.com one', () => {
    const settings = parseOAuthProviderSettings(JSON.stringify({ shopify: CLIENT }));
    const provider = resolveOAuthProvider(
      { type: 'shopify', settings: { shop_url: 'https://Acme-UK.myshopify.com/admin' } },
      settings,
    );
    expect(provider).toMatchObject({
      authorizeUrl: 'https://acme-uk.myshopify.com/admin/oauth/authorize',
      tokenUrl: 'https://acme-uk.myshopify.com/admin/oauth/access_token',
      clientAuthentication: 'body',
    });
    expect(
      resolveOAuthProvider({ type: 'shopify', settings: { shop_url: 'acme.myshopify.com' } }, settings),
    ).toMatchObject({ authorizeUrl: 'https://acme.myshopify.com/admin/oauth/authorize' });
    // Our client secret goes to the token address: never to a host the seller typed freely.
    expect(() =>
      resolveOAuthProvider({ type: 'shopify', settings: { shop_url: 'https://evil.example.com' } }, settings),
    ).toThrow('Channel connection failed, with a Shop URL that is not a myshopify.com address');
    expect(() => resolveOAuthProvider({ type: 'shopify', settings: {} }, settings)).toThrow(
      'Channel connection failed, with no Shop URL in the channel settings',
    );
  });

  it("Shopify also uses the live demo's simulated shop, and no other local address", () => {
    const settings = parseOAuthProviderSettings(JSON.stringify({ shopify: CLIENT }));
    const demoShops = new Set(['http://127.0.0.1:41234']);
    const shop = (shop_url: string) => ({ type: 'shopify', settings: { shop_url } });
    expect(resolveOAuthProvider(shop('http://127.0.0.1:41234'), settings, demoShops)).toMatchObject({
      authorizeUrl: 'http://127.0.0.1:41234/admin/oauth/authorize',
      tokenUrl: 'http://127.0.0.1:41234/admin/oauth/access_token',
    });
    for (const elsewhere of ['http://127.0.0.1:41235', 'https://127.0.0.1:41234', 'http://localhost:41234']) {
      expect(() => resolveOAuthProvider(shop(elsewhere), settings, demoShops)).toThrow(
        'Channel connection failed, with a Shop URL that is not a myshopify.com address',
      );
    }
    expect(() => resolveOAuthProvider(shop('http://127.0.0.1:41234'), settings)).toThrow(
      'Channel connection failed, with a Shop URL that is not a myshopify.com address',
    );
  });

  it('has the real addresses of the main providers and lets configuration replace them', () => {
    const settings = parseOAuthProviderSettings(
      JSON.stringify({
        ebay: { ...CLIENT, redirectUri: 'Syncdesk-RuName' },
        xero: CLIENT,
        quickbooksonline: CLIENT,
        amazonsp: { ...CLIENT, authorizeParams: { application_id: 'amzn1.sp.solution.1' } },
        etsy: { ...CLIENT, tokenUrl: 'http://127.0.0.1:9999/token', scope: '' },
      }),
    );
    const of = (type: string) => resolveOAuthProvider({ type, settings: {} }, settings);
    expect(of('ebay')).toMatchObject({
      authorizeUrl: 'https://auth.ebay.com/oauth2/authorize',
      tokenUrl: 'https://api.ebay.com/identity/v1/oauth2/token',
      clientAuthentication: 'basic',
      redirectUri: 'Syncdesk-RuName',
    });
    expect(of('xero').tokenUrl).toBe('https://identity.xero.com/connect/token');
    expect(of('quickbooksonline').authorizeUrl).toBe('https://appcenter.intuit.com/connect/oauth2');
    expect(of('etsy')).toMatchObject({
      authorizeUrl: 'https://www.etsy.com/oauth/connect',
      tokenUrl: 'http://127.0.0.1:9999/token',
      scope: null,
      pkce: true,
    });
    const amazon = new URL(consentUrl(of('amazonsp'), { redirectUri: 'https://app.test/cb', state: 's' }));
    expect(amazon.origin + amazon.pathname).toBe('https://sellercentral.amazon.com/apps/authorize/consent');
    expect(amazon.searchParams.get('application_id')).toBe('amzn1.sp.solution.1');
  });

  it('a type without addresses or without a client is "not configured"', () => {
    const settings = parseOAuthProviderSettings(JSON.stringify({ allegro: CLIENT }));
    expect(() => resolveOAuthProvider({ type: 'allegro', settings: {} }, settings)).toThrow(
      'Channel connection failed, with Allegro is not configured on this server',
    );
    expect(() => resolveOAuthProvider({ type: 'xero', settings: {} }, settings)).toThrow(
      'Channel connection failed, with Xero is not configured on this server',
    );
  });

  it('stops the start-up on a broken OAUTH_PROVIDERS_JSON', () => {
    expect(parseOAuthProviderSettings(undefined)).toEqual({});
    expect(() => parseOAuthProviderSettings('{')).toThrow('OAUTH_PROVIDERS_JSON is not valid JSON.');
    expect(() => parseOAuthProviderSettings(JSON.stringify({ shopify: { clientId: 'x' } }))).toThrow(
      'shopify.clientSecret',
    );
    expect(() => parseOAuthProviderSettings(JSON.stringify({ woocommerce: CLIENT }))).toThrow(
      'names types that do not use OAuth: woocommerce',
    );
  });
});
