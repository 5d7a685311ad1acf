import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { ERROR_MESSAGES, type ChannelKind } from '@syncdesk/contracts';
import type { Channel } from '../../../../db/channel.models';
import { createCompany, type CompanyFixture } from '../../../../testing/identity-fixtures';
import {
  decideOnConsent,
  startOAuthProviderServer,
  type OAuthProviderServer,
} from '../../../../testing/oauth-provider-server';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { readChannelCredentials, writeChannelCredentials } from '../../channel-credentials';

const APP_URL = 'https://app.syncdesk.test';
const STATE_SECRET = 'oauth-state-secret-for-the-authorisation-tests';
const CLIENT = { clientId: 'syncdesk-test-client', clientSecret: 'syncdesk-test-secret' };
const INVALID_LINK =
  'Channel connection failed, with an expired or invalid authorisation link. Please start the connection again';

describe.each(TEST_DIALECTS)('OAuth authorisation of channels (%s)', (dialect) => {
  let database: TestDatabase;
  let provider: OAuthProviderServer;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let ownerToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'oauth');
    provider = await startOAuthProviderServer({ clients: [CLIENT] });
    const local = { authorizeUrl: provider.authorizeUrl, tokenUrl: provider.tokenUrl, ...CLIENT };
    server = await startTestProcess(database.url, {
      APP_URL,
      OAUTH_STATE_SECRET: STATE_SECRET,
      // Shopify, Xero (HTTP Basic), Etsy (PKCE) and a plugin all pointed at the local provider;
      // eBay is deliberately left out: "not configured".
      OAUTH_PROVIDERS_JSON: JSON.stringify({ shopify: local, xero: local, etsy: local, shipbob: local }),
    });
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha Main', 'Alpha Outlet'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    ownerToken = await alpha.tokenFor(alpha.owner);
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
    await database?.drop();
  });

  const call = async (method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
    const response = await server.request(method, `/api${path}`, options);
    return { status: response.status, body: await readJson(response) };
  };

  async function createChannel(type: string, kind: ChannelKind = 'channel', name = `Alpha ${type}`) {
    return server.services.models.Channel.create({
      uuid: randomUUID(),
      company_id: alpha.company.id,
      store_id: alpha.stores[0]!.id,
      kind,
      type,
      name,
      account_nominal_code: null,
      api_version: null,
      settings: type === 'shopify' ? { shop_url: 'https://alpha.myshopify.com' } : {},
      credentials: null,
      authorized_at: null,
      token_expires_at: null,
    });
  }

  const segmentOf = (kind: ChannelKind) =>
    kind === 'plugin' ? 'plugins' : kind === 'accounting' ? 'accountingChannels' : 'channels';

  async function authorize(channel: Channel, action = 'authorize', token = ownerToken) {
    return call('GET', `/stores/${channel.store_id}/${segmentOf(channel.kind)}/${channel.id}/${action}`, {
      token,
    });
  }

  /** Consent link → Allow on the provider's page → what the provider sends back. */
  async function consent(channel: Channel, decision: 'allow' | 'deny' = 'allow', action = 'authorize') {
    const link = await authorize(channel, action);
    expect(link.status).toBe(200);
    const back = await decideOnConsent(link.body.data.url, decision);
    return { link: link.body.data, back, query: Object.fromEntries(back.searchParams) };
  }

  it('round trip: consent link, Allow, callback; tokens stored encrypted, other credentials kept', async () => {
    const channel = await createChannel('shopify');
    channel.credentials = writeChannelCredentials(server.services.credentials, channel, {
      api_secret: 'keep-me',
    });
    await channel.save();

    const link = await authorize(channel);
    expect(link.status).toBe(200);
    expect(link.body.data.provider).toBe('Shopify');
    const url = new URL(link.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(provider.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: `${APP_URL}/authorization/shopify`,
      scope: expect.stringContaining('read_orders'),
      state: expect.any(String),
    });
    const expiresIn = Date.parse(link.body.data.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60 * 1000);

    const back = await decideOnConsent(link.body.data.url, 'allow');
    expect(`${back.origin}${back.pathname}`).toBe(`${APP_URL}/authorization/shopify`);
    const code = back.searchParams.get('code');
    const state = back.searchParams.get('state');
    expect(state).toBe(url.searchParams.get('state'));

    // No bearer token: the callback page may be a guest's.
    const done = await call('POST', '/authorization/shopify/callback', { body: { code, state } });
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({
      channel_id: channel.id,
      store_id: channel.store_id,
      kind: 'channel',
      name: 'Alpha shopify',
      guest: false,
    });

    const exchange = provider.tokenRequests().at(-1)!;
    expect(exchange.form).toMatchObject({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${APP_URL}/authorization/shopify`,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      // Shopify's expiring offline tokens: non-expiring ones are refused from 1 January 2027.
      expiring: '1',
    });
    expect(exchange.headers['content-type']).toBe('application/x-www-form-urlencoded');

    await channel.reload();
    const stored = readChannelCredentials(server.services.credentials, channel);
    const oauth = stored.oauth as Record<string, string>;
    expect(stored.api_secret).toBe('keep-me');
    expect(oauth).toMatchObject({
      access_token: expect.stringMatching(/^at_/),
      refresh_token: expect.stringMatching(/^rt_/),
      token_type: 'bearer',
      scope: expect.stringContaining('read_orders'),
    });
    expect(channel.credentials).not.toContain(oauth.access_token);
    expect(channel.credentials).not.toContain(oauth.refresh_token);
    expect(Date.parse(oauth.expires_at!)).toBe(channel.token_expires_at!.getTime());

    const show = await server.request('GET', `/api/stores/${channel.store_id}/channels/${channel.id}`, {
      token: ownerToken,
    });
    const shown = await show.text();
    expect(show.status).toBe(200);
    expect(shown).not.toContain(oauth.access_token);
    const { data } = JSON.parse(shown);
    expect(Date.parse(data.authorized_at)).toBeGreaterThan(Date.now() - 60_000);
    const tokenLifetime = Date.parse(data.token_expires_at) - Date.parse(data.authorized_at);
    expect(Math.abs(tokenLifetime - 3600 * 1000)).toBeLessThan(2000);

    const activity = await server.services.models.Activity.findOne({
      where: { company_id: alpha.company.id, event: 'channel.authorized', subject_id: channel.id },
    });
    expect(activity!.new_values).toMatchObject({ guest: false, link_user_id: alpha.owner.id });

    // The same state twice: refused before the provider is asked again.
    const requestsBefore = provider.tokenRequests().length;
    const again = await call('POST', '/authorization/shopify/callback', { body: { code, state } });
    expect(again).toMatchObject({ status: 422, body: { message: INVALID_LINK } });
    expect(provider.tokenRequests()).toHaveLength(requestsBefore);
  });

  it('accounting channels come back to /authorization/{slug} and authenticate with HTTP Basic (Xero)', async () => {
    const channel = await createChannel('xero', 'accounting');
    const { link, query } = await consent(channel);
    expect(new URL(link.url).searchParams.get('redirect_uri')).toBe(`${APP_URL}/authorization/xero`);
    expect(new URL(link.url).searchParams.get('scope')).toContain('offline_access');
    const done = await call('POST', '/authorization/xero/callback', { body: query });
    expect(done.body.data).toMatchObject({ channel_id: channel.id, kind: 'accounting' });
    const basic = `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`;
    expect(provider.tokenRequests().at(-1)!.headers.authorization).toBe(basic);
  });

  it('plugins come back to /authorization/plugin/{slug}; the channel callback refuses their state', async () => {
    const plugin = await createChannel('shipbob', 'plugin');
    const { link, query } = await consent(plugin);
    expect(new URL(link.url).searchParams.get('redirect_uri')).toBe(
      `${APP_URL}/authorization/plugin/shipbob`,
    );
    const wrongPage = await call('POST', '/authorization/shipbob/callback', { body: query });
    expect(wrongPage).toMatchObject({ status: 422, body: { message: INVALID_LINK } });
    // A refusal on the wrong page does not use the state up.
    const done = await call('POST', '/authorization/plugin/shipbob/callback', { body: query });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ channel_id: plugin.id, kind: 'plugin' });
  });

  it('a state only works for its own channel type (wrong slug)', async () => {
    const channel = await createChannel('shopify');
    const { query } = await consent(channel);
    const wrong = await call('POST', '/authorization/etsy/callback', { body: query });
    expect(wrong).toMatchObject({ status: 422, body: { message: INVALID_LINK } });
    expect((await call('POST', '/authorization/shopify/callback', { body: query })).status).toBe(200);
  });

  it('Etsy links carry a PKCE challenge that the callback answers with its verifier', async () => {
    const channel = await createChannel('etsy');
    const { link, query } = await consent(channel);
    const url = new URL(link.url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const done = await call('POST', '/authorization/etsy/callback', { body: query });
    expect(done.status).toBe(200);
    expect(provider.tokenRequests().at(-1)!.form.code_verifier).toMatch(/^[\w-]{43}$/);
  });

  it('the provider refusing: Deny, and a bad code, answer 422 with the provider’s words', async () => {
    const channel = await createChannel('shopify');
    const denied = await consent(channel, 'deny');
    expect(denied.query).toMatchObject({ error: 'access_denied', state: expect.any(String) });
    const refusal = await call('POST', '/authorization/shopify/callback', { body: denied.query });
    expect(refusal).toMatchObject({
      status: 422,
      body: { message: 'Channel connection failed, with The user denied access to the application' },
    });
    // Without a genuine state the provider's text is not repeated.
    const crafted = await call('POST', '/authorization/shopify/callback', {
      body: { error: 'access_denied', error_description: 'Call 0800 000 000 now', state: 'forged' },
    });
    expect(crafted).toMatchObject({ status: 422, body: { message: INVALID_LINK } });

    const { query } = await consent(channel);
    const badCode = await call('POST', '/authorization/shopify/callback', {
      body: { code: 'not-a-code', state: query.state },
    });
    expect(badCode).toMatchObject({
      status: 422,
      body: { message: 'Channel connection failed, with The authorization code is invalid or has expired' },
    });
    await channel.reload();
    expect(channel.authorized_at).toBeNull();
    expect(channel.credentials).toBeNull();
  });

  it('refuses expired, forged and malformed states, and a body without code or state', async () => {
    const channel = await createChannel('shopify');
    const claims = {
      chn: channel.id,
      knd: 'channel',
      cid: alpha.company.id,
      sid: channel.store_id,
      gst: false,
    };
    const sign = (secret: string, expiresAt: number) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(alpha.owner.id))
        .setJti(randomUUID())
        .setIssuer('syncdesk')
        .setAudience('syncdesk-oauth-state')
        .setIssuedAt(expiresAt - 600)
        .setExpirationTime(expiresAt)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign(STATE_SECRET, now - 5);
    const forged = await sign('another-secret-that-is-long-enough-to-sign-with', now + 600);
    // A genuine state signed the same way proves the two above fail for the right reason.
    const genuine = await sign(STATE_SECRET, now + 600);
    for (const state of [expired, forged, 'not-a-jwt', ownerToken]) {
      const answer = await call('POST', '/authorization/shopify/callback', { body: { code: 'x', state } });
      expect(answer).toMatchObject({ status: 422, body: { message: INVALID_LINK } });
    }
    const genuineAnswer = await call('POST', '/authorization/shopify/callback', {
      body: { code: 'x', state: genuine },
    });
    expect(genuineAnswer.body.message).toBe(
      'Channel connection failed, with The authorization code is invalid or has expired',
    );

    const empty = await call('POST', '/authorization/shopify/callback', { body: { code: '', state: '' } });
    expect(empty).toMatchObject({
      status: 422,
      body: { errors: { code: ['The code field is required.'], state: ['The state field is required.'] } },
    });
  });

  it('a provider outage answers 502 with the spec’s contact-support text (plugin text for plugins)', async () => {
    const channel = await createChannel('shopify');
    const first = await consent(channel);
    provider.failTokenRequests(503);
    const outage = await call('POST', '/authorization/shopify/callback', { body: first.query });
    expect(outage).toMatchObject({ status: 502, body: { message: ERROR_MESSAGES.channelConnectError } });

    const plugin = await createChannel('shipbob', 'plugin');
    const second = await consent(plugin);
    provider.failTokenRequests(500);
    const pluginOutage = await call('POST', '/authorization/plugin/shipbob/callback', { body: second.query });
    expect(pluginOutage).toMatchObject({ status: 502, body: { message: ERROR_MESSAGES.pluginConnectError } });
  });

  it('types without a configured client, or without OAuth, cannot be authorised', async () => {
    const ebay = await createChannel('ebay');
    expect(await authorize(ebay)).toMatchObject({
      status: 422,
      body: { message: 'Channel connection failed, with eBay is not configured on this server' },
    });
    const woo = await createChannel('woocommerce');
    expect((await authorize(woo)).status).toBe(422);
  });

  it('guest links last 24 hours and say so in the result', async () => {
    const channel = await createChannel('shopify');
    const { link, query } = await consent(channel, 'allow', 'authorizeChannelAsGuest');
    const expiresIn = Date.parse(link.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(23 * 3600 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600 * 1000);
    const done = await call('POST', '/authorization/shopify/callback', { body: query });
    expect(done.body.data).toMatchObject({ channel_id: channel.id, guest: true });

    const plugin = await createChannel('shipbob', 'plugin');
    const pluginLink = await authorize(plugin, 'authorizePluginAsGuest');
    expect(Date.parse(pluginLink.body.data.expires_at) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
  });

  it('showWithoutAuth tells a holder of a valid state what is being connected, and nobody else', async () => {
    const channel = await createChannel('shopify', 'channel', 'Alpha Shop');
    const other = await createChannel('shopify');
    const link = await authorize(channel, 'authorizeChannelAsGuest');
    const state = new URL(link.body.data.url).searchParams.get('state')!;
    const path = (storeId: number, channelId: number, query = `?state=${encodeURIComponent(state)}`) =>
      `/stores/${storeId}/channels/${channelId}/showWithoutAuth${query}`;

    const shown = await call('GET', path(channel.store_id, channel.id));
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual({
      id: channel.id,
      name: 'Alpha Shop',
      type: 'shopify',
      provider: 'Shopify',
      kind: 'channel',
      store_name: 'Alpha Main',
    });
    expect((await call('GET', path(channel.store_id, channel.id, ''))).status).toBe(404);
    expect((await call('GET', path(channel.store_id, channel.id, '?state=forged'))).status).toBe(404);
    expect((await call('GET', path(channel.store_id, other.id))).status).toBe(404);
    expect((await call('GET', path(alpha.stores[1]!.id, channel.id))).status).toBe(404);
  });

  it('authorize needs channels.update on a store of the caller’s company; other ids are 404', async () => {
    const channel = await createChannel('shopify');
    const reader = await alpha.addMember(['channels.read']);
    const updater = await alpha.addMember(['channels.update']);
    expect((await authorize(channel, 'authorize', await alpha.tokenFor(reader))).status).toBe(403);
    expect((await authorize(channel, 'authorizeChannelAsGuest', await alpha.tokenFor(reader))).status).toBe(
      403,
    );
    expect((await authorize(channel, 'authorize', await alpha.tokenFor(updater))).status).toBe(200);

    const betaToken = await beta.tokenFor(beta.owner);
    const foreign = await authorize(channel, 'authorize', betaToken);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('Alpha');
    // The right id under another kind's path, or another store of the company, is not found either.
    const asPlugin = await call('GET', `/stores/${channel.store_id}/plugins/${channel.id}/authorize`, {
      token: ownerToken,
    });
    expect(asPlugin.status).toBe(404);
    const otherStore = await call('GET', `/stores/${alpha.stores[1]!.id}/channels/${channel.id}/authorize`, {
      token: ownerToken,
    });
    expect(otherStore.status).toBe(404);
    expect((await call('GET', `/stores/${channel.store_id}/channels/${channel.id}/authorize`)).status).toBe(
      401,
    );
  });
});
