import { createHash } from 'node:crypto';
import { HOSTED_LOGO_MAX_BYTES, HOSTED_PAGE_DEFAULT_STYLES, TOKEN_EXPIRED } from '@syncdesk/contracts';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import {
  decideOnConsent,
  startOAuthProviderServer,
  type OAuthProviderServer,
} from '../../../testing/oauth-provider-server';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { CHANNEL_TYPE_NOT_OFFERED } from '../hosted-visitor.service';

const APP_URL = 'https://app.syncdesk.test';
const CLIENT = { clientId: 'hosted-test-client', clientSecret: 'hosted-test-secret' };
// A public address written as an IP: the outbound-url guard accepts it without DNS (none here).
const PUBLIC_HOST = 'https://93.184.216.34';
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest-of-a-small-png'),
]);

describe.each(TEST_DIALECTS)('hosted pages (%s)', (dialect) => {
  let database: TestDatabase;
  let provider: OAuthProviderServer;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let ownerToken: string;
  let betaToken: string;
  let readerToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'hosted');
    provider = await startOAuthProviderServer({ clients: [CLIENT] });
    server = await startTestProcess(database.url, {
      APP_URL,
      OAUTH_PROVIDERS_JSON: JSON.stringify({
        shopify: { authorizeUrl: provider.authorizeUrl, tokenUrl: provider.tokenUrl, ...CLIENT },
      }),
    });
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha Main', 'Alpha Outlet'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    ownerToken = await alpha.tokenFor(alpha.owner);
    betaToken = await beta.tokenFor(beta.owner);
    readerToken = await alpha.tokenFor(await alpha.addMember(['channels.read']));
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
    await database?.drop();
  });

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    return { status: response.status, body: response.status === 204 ? null : await readJson(response) };
  };

  /** A link made through the api by Alpha's owner; `token` is read back out of its url. */
  async function createLink(
    overrides: Record<string, unknown> = {},
    token = ownerToken,
  ): Promise<{ id: number; token: string; url: string }> {
    const created = await call('POST', '/hostedPages/create', token, {
      store_id: alpha.stores[0]!.id,
      name: 'Marketplace sellers',
      channel_types: ['shopify', 'etsy'],
      expires_at: inDays(30),
      ...overrides,
    });
    expect(created.status).toBe(201);
    const url = created.body.data.url as string;
    return { id: created.body.data.id, url, token: url.slice(`${APP_URL}/hostedPages/`.length) };
  }

  const shopifyBody = (name: string) => ({ channel_type: 'shopify', name, shop_url: PUBLIC_HOST });

  describe('the seller’s links', () => {
    it('creates a link whose token is random, kept hashed and encrypted, and can be copied again', async () => {
      const link = await createLink();
      expect(link.url).toMatch(/^https:\/\/app\.syncdesk\.test\/hostedPages\/hp_[A-Za-z0-9_-]{43}$/);

      const row = await server.services.models.HostedPage.findByPk(link.id);
      expect(row!.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
      // Nothing stored spells the token out.
      expect(JSON.stringify(row!.toJSON())).not.toContain(link.token);

      const listed = await call('GET', `/hostedPages/list?store_id=${alpha.stores[0]!.id}`, readerToken);
      expect(listed.status).toBe(200);
      expect(listed.body.data.find((entry: { id: number }) => entry.id === link.id)).toMatchObject({
        name: 'Marketplace sellers',
        store_name: 'Alpha Main',
        channel_types: ['shopify', 'etsy'],
        status: 'active',
        url: link.url,
        channels_count: 0,
      });
      const activity = await server.services.models.Activity.findOne({
        where: { event: 'hosted_page.created', subject_id: link.id },
      });
      expect(activity).toMatchObject({ source: 'user', user_id: alpha.owner.id });
      expect(JSON.stringify(activity!.new_values)).not.toContain(link.token);
    });

    it('refuses what can not make a link, in the seller’s words', async () => {
      const invalid = await call('POST', '/hostedPages/create', ownerToken, {
        channel_types: [],
        expires_at: inDays(-1),
      });
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors).toEqual({
        store_id: ['The store field is required.'],
        channel_types: ['Choose at least one channel type.'],
        expires_at: ['The expiry must be in the future.'],
      });
      const wrongTypes = await call('POST', '/hostedPages/create', ownerToken, {
        store_id: alpha.stores[0]!.id,
        channel_types: ['shopify', 'xero', 'no-such-channel'],
        expires_at: inDays(400),
      });
      expect(wrongTypes.body.errors).toEqual({
        channel_types: ['The channel types must be channels that can be connected.'],
        expires_at: ['The expiry may not be more than 365 days away.'],
      });
      // Another company's store is not there at all.
      const foreign = await call('POST', '/hostedPages/create', ownerToken, {
        store_id: beta.stores[0]!.id,
        channel_types: ['shopify'],
        expires_at: inDays(5),
      });
      expect(foreign.status).toBe(404);
      // Reading is not handing out.
      const reader = await call('POST', '/hostedPages/create', readerToken, {
        store_id: alpha.stores[0]!.id,
        channel_types: ['shopify'],
        expires_at: inDays(5),
      });
      expect(reader.status).toBe(403);
    });

    it('lists by status and store, shows the channels connected through a link, and revokes it', async () => {
      const link = await createLink({ name: 'To revoke', store_id: alpha.stores[1]!.id });
      const made = await call('POST', '/hostedPages/channels', link.token, shopifyBody('Visitor shop'));
      expect(made.status).toBe(201);

      const detail = await call('GET', `/hostedPages/links/${link.id}`, readerToken);
      expect(detail.body.data).toMatchObject({
        id: link.id,
        store_name: 'Alpha Outlet',
        channels_count: 1,
        channels: [{ id: made.body.data.id, name: 'Visitor shop', type: 'shopify', provider: 'Shopify' }],
      });
      expect((await call('GET', `/hostedPages/links/${link.id}`, betaToken)).status).toBe(404);
      expect((await call('DELETE', `/hostedPages/links/${link.id}`, betaToken)).status).toBe(404);
      expect((await call('GET', `/hostedPages/list?store_id=${alpha.stores[0]!.id}`, betaToken)).status).toBe(
        404,
      );
      expect((await call('GET', '/hostedPages/list', betaToken)).body.data).toEqual([]);

      const revoked = await call('DELETE', `/hostedPages/links/${link.id}`, ownerToken);
      expect(revoked.body.data).toMatchObject({ status: 'revoked', url: null });
      expect((await call('GET', '/hostedPages/auth/me', link.token)).body.message).toBe(TOKEN_EXPIRED);

      const outlet = await call('GET', `/hostedPages/list?store_id=${alpha.stores[1]!.id}`, ownerToken);
      expect(outlet.body.data.map((entry: { id: number }) => entry.id)).toContain(link.id);
      const active = await call(
        'GET',
        `/hostedPages/list?status=active&store_id=${alpha.stores[1]!.id}`,
        ownerToken,
      );
      expect(active.body.data.map((entry: { id: number }) => entry.id)).not.toContain(link.id);
      const onlyRevoked = await call('GET', '/hostedPages/list?status=revoked', ownerToken);
      expect(onlyRevoked.body.data.map((entry: { id: number }) => entry.id)).toEqual([link.id]);
      expect((await call('GET', '/hostedPages/list?status=gone', ownerToken)).status).toBe(422);
      // The channel stays with the store.
      expect(
        (await call('GET', `/stores/${alpha.stores[1]!.id}/channels/${made.body.data.id}`, ownerToken))
          .status,
      ).toBe(200);
    });
  });

  describe('the visitor’s token', () => {
    it('answers the page’s look, store and offered types with the spec’s defaults', async () => {
      const link = await createLink({ name: 'Look' });
      const me = await call('GET', '/hostedPages/auth/me', link.token);
      expect(me.status).toBe(200);
      expect(me.body.data).toEqual({
        logo_url: null,
        styles: { ...HOSTED_PAGE_DEFAULT_STYLES },
        store_name: 'Alpha Main',
        company_name: 'Alpha',
        channel_types: ['shopify', 'etsy'],
        expires_at: expect.any(String),
      });
      expect(HOSTED_PAGE_DEFAULT_STYLES).toMatchObject({
        backgroundColor: '#ffffff',
        buttonColor: '#121212',
        buttonTextColor: '#ffffff',
        toggleLightColor: '#add3ff',
        toggleDarkColor: '#3d71da',
        fontSize: '12px',
        isDarkMode: false,
      });
    });

    it('refuses forged, expired, revoked and user tokens alike with Token expired', async () => {
      const link = await createLink();
      const forged = `hp_${'A'.repeat(43)}`;
      const almost = `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`;
      for (const token of [forged, almost, 'hp_short', ownerToken, undefined]) {
        const answer = await call('GET', '/hostedPages/auth/me', token);
        expect(answer).toEqual({ status: 401, body: { message: TOKEN_EXPIRED, error: 'unauthenticated' } });
      }
      expect((await call('GET', '/hostedPages/auth/me', link.token)).status).toBe(200);
      await server.services.models.HostedPage.update(
        { expires_at: new Date(Date.now() - 1000) },
        { where: { id: link.id } },
      );
      expect((await call('GET', '/hostedPages/channels', link.token)).body.message).toBe(TOKEN_EXPIRED);
      expect((await call('GET', '/hostedPages/list', ownerToken)).body.data).toContainEqual(
        expect.objectContaining({ id: link.id, status: 'expired', url: null }),
      );
    });

    it('opens no route outside the hosted ones', async () => {
      const link = await createLink();
      for (const [method, path] of [
        ['GET', '/stores'],
        ['GET', `/stores/${alpha.stores[0]!.id}/channels`],
        ['POST', '/me'],
        ['GET', '/hostedPages/list'],
        ['GET', '/hostedPagesSettings'],
        ['GET', '/activities'],
      ] as const) {
        expect((await call(method, path, link.token)).status).toBe(401);
      }
    });

    it('stops working when the company no longer reaches the link’s store', async () => {
      const shared = await server.services.models.StoreShare.create({
        store_id: beta.stores[0]!.id,
        company_id: alpha.company.id,
      });
      const link = await createLink({ store_id: beta.stores[0]!.id });
      expect((await call('GET', '/hostedPages/auth/me', link.token)).body.data.store_name).toBe('Beta Main');
      await shared.destroy();
      expect((await call('GET', '/hostedPages/auth/me', link.token)).status).toBe(401);
    });
  });

  describe('the visitor’s channels', () => {
    it('takes a shop address typed without https:// and saves it with it', async () => {
      const link = await createLink({ name: 'Bare address link' });
      const bare = PUBLIC_HOST.replace('https://', '');
      const created = await call('POST', '/hostedPages/channels', link.token, {
        ...shopifyBody('Bare address shop'),
        shop_url: bare,
      });
      expect(created.status).toBe(201);
      const stored = await server.services.models.Channel.findByPk(created.body.data.id as number);
      expect(stored!.settings).toMatchObject({ shop_url: PUBLIC_HOST });
      const renamed = await call('PUT', `/hostedPages/channels/${stored!.id}`, link.token, {
        name: 'Bare address shop',
        shop_url: ` ${bare} `,
      });
      expect(renamed.status).toBe(200);
      await stored!.reload();
      expect(stored!.settings).toMatchObject({ shop_url: PUBLIC_HOST });
    });

    it('connects an offered type, and reaches only the channels this link connected', async () => {
      const link = await createLink();
      const other = await createLink({ name: 'Other link' });
      const sellersOwn = await insertChannelRow(server.services, alpha.stores[0]!, { name: 'Seller’s own' });

      const form = await call('GET', '/rules/store/shopify', link.token);
      expect(form.status).toBe(200);
      expect(form.body.data.map((field: { name: string }) => field.name)).toContain('shop_url');
      expect((await call('GET', '/rules/store/ebay', link.token)).status).toBe(404);

      const refused = await call('POST', '/hostedPages/channels', link.token, {
        channel_type: 'ebay',
        name: 'x',
      });
      expect(refused).toMatchObject({
        status: 422,
        body: { errors: { channel_type: [CHANNEL_TYPE_NOT_OFFERED] } },
      });
      const invalid = await call('POST', '/hostedPages/channels', link.token, { channel_type: 'shopify' });
      expect(invalid.status).toBe(422);
      expect(Object.keys(invalid.body.errors)).toEqual(expect.arrayContaining(['name', 'shop_url']));

      const created = await call('POST', '/hostedPages/channels', link.token, shopifyBody('Visitor Shopify'));
      expect(created.status).toBe(201);
      const id = created.body.data.id as number;
      expect(created.body.data).toMatchObject({
        store_id: alpha.stores[0]!.id,
        type: 'shopify',
        is_active: false,
      });

      const listed = await call('GET', '/hostedPages/channels', link.token);
      expect(listed.body).toMatchObject({ meta: { total: 1 }, data: [{ id, name: 'Visitor Shopify' }] });
      expect((await call('GET', '/hostedPages/channels', other.token)).body.meta.total).toBe(0);
      for (const token of [other.token]) {
        expect((await call('GET', `/hostedPages/channels/${id}`, token)).status).toBe(404);
        expect((await call('PUT', `/hostedPages/channels/${id}`, token, { name: 'x' })).status).toBe(404);
        expect((await call('DELETE', `/hostedPages/channels/${id}`, token)).status).toBe(404);
      }
      expect((await call('GET', `/hostedPages/channels/${sellersOwn.id}`, link.token)).status).toBe(404);
      expect(
        (await call('PUT', `/hostedPages/channels/${sellersOwn.id}/status`, link.token, { is_active: true }))
          .status,
      ).toBe(404);

      // The seller sees it in the store, recorded as done by the hosted page.
      const inStore = await call('GET', `/stores/${alpha.stores[0]!.id}/channels?per_page=100`, ownerToken);
      expect(inStore.body.data.map((channel: { id: number }) => channel.id)).toContain(id);
      const activity = await server.services.models.Activity.findOne({
        where: { event: 'channel.created', subject_id: id },
      });
      expect(activity).toMatchObject({
        company_id: alpha.company.id,
        user_id: null,
        source: 'hosted_page',
        source_name: 'Hosted page “Marketplace sellers”',
        via: 'hosted_page',
      });

      const renamed = await call('PUT', `/hostedPages/channels/${id}`, link.token, {
        name: 'Renamed',
        shop_url: PUBLIC_HOST,
      });
      expect(renamed.body.data.name).toBe('Renamed');
      expect((await call('GET', `/hostedPages/channels/${id}`, link.token)).body.data.name).toBe('Renamed');
      const on = await call('PUT', `/hostedPages/channels/${id}/status`, link.token, { is_active: true });
      expect(on.body.data.is_active).toBe(true);
      const activeDelete = await call('DELETE', `/hostedPages/channels/${id}`, link.token);
      expect(activeDelete).toMatchObject({
        status: 422,
        body: { message: 'You can not delete an active channel' },
      });
      await call('PUT', `/hostedPages/channels/${id}/status`, link.token, { is_active: false });
      expect((await call('DELETE', `/hostedPages/channels/${id}`, link.token)).status).toBe(204);
      expect((await call('GET', `/hostedPages/channels/${id}`, link.token)).status).toBe(404);
      expect(await server.services.models.HostedPageChannel.count({ where: { channel_id: id } })).toBe(0);
    });

    it('manages the custom order statuses of its channels only', async () => {
      const link = await createLink();
      const other = await createLink();
      const channel = (await call('POST', '/hostedPages/channels', link.token, shopifyBody('Statuses'))).body
        .data;
      const base = `/hostedPages/channels/${channel.id}/customOrderStatuses`;
      const created = await call('POST', base, link.token, {
        custom_status: 'awaiting',
        friendly_status: 'Awaiting',
      });
      expect(created.status).toBe(201);
      const statusId = created.body.data.id as number;
      expect(
        (await call('POST', base, link.token, { custom_status: 'AWAITING', friendly_status: 'x' })).body
          .errors,
      ).toEqual({
        custom_status: ['The custom status has already been taken.'],
      });
      expect((await call('GET', base, link.token)).body).toMatchObject({ meta: { total: 1 } });
      expect((await call('GET', `${base}/${statusId}`, link.token)).body.data.friendly_status).toBe(
        'Awaiting',
      );
      const updated = await call('PUT', `${base}/${statusId}`, link.token, { friendly_status: 'Waiting' });
      expect(updated.body.data.friendly_status).toBe('Waiting');
      expect((await call('GET', base, other.token)).status).toBe(404);
      expect((await call('DELETE', `${base}/${statusId}`, other.token)).status).toBe(404);
      expect((await call('DELETE', `${base}/${statusId}`, link.token)).status).toBe(204);
      expect((await call('GET', `${base}/${statusId}`, link.token)).status).toBe(404);
    });

    it('records the pages a visitor opens, without the token', async () => {
      const link = await createLink({ name: 'Visits' });
      const path = `/hostedPages/${link.token}/channels/create/shopify`;
      expect((await call('POST', '/activities', link.token, { path })).status).toBe(204);
      // The same page again within a minute is not recorded twice.
      expect((await call('POST', '/activities', link.token, { path })).status).toBe(204);
      expect((await call('POST', '/activities', link.token, { path: 'https://elsewhere' })).status).toBe(422);
      const visits = await server.services.models.Activity.findAll({
        where: { event: 'hosted_page.visited', subject_id: link.id },
      });
      expect(visits).toHaveLength(1);
      expect(visits[0]).toMatchObject({
        source: 'hosted_page',
        via: 'hosted_page',
        new_values: { path: '/hostedPages/:token/channels/create/shopify', name: 'Visits' },
      });
    });

    it('connects through the guest OAuth flow and comes back to the hosted page; a revoked link connects nothing', async () => {
      const link = await createLink({ name: 'OAuth' });
      const channel = (await call('POST', '/hostedPages/channels', link.token, shopifyBody('Visitor OAuth')))
        .body.data;
      const authorize = await call(
        'GET',
        `/hostedPages/channels/${channel.id}/authorizeChannelAsGuest`,
        link.token,
      );
      expect(authorize.status).toBe(200);
      expect(Date.parse(authorize.body.data.expires_at) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
      const back = await decideOnConsent(authorize.body.data.url, 'allow');
      const done = await call('POST', '/authorization/shopify/callback', undefined, {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
      });
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({
        channel_id: channel.id,
        guest: true,
        return_to: `/hostedPages/redirecting?channel=${channel.id}`,
      });
      expect(
        (await call('GET', `/hostedPages/channels/${channel.id}`, link.token)).body.data.authorized_at,
      ).not.toBeNull();
      const authorized = await server.services.models.Activity.findOne({
        where: { event: 'channel.authorized', subject_id: channel.id },
      });
      expect(authorized).toMatchObject({ source: 'hosted_page', via: 'hosted_page', user_id: null });

      // A consent link from a page revoked since is refused at the callback.
      const again = await call(
        'GET',
        `/hostedPages/channels/${channel.id}/authorizeChannelAsGuest`,
        link.token,
      );
      await call('DELETE', `/hostedPages/links/${link.id}`, ownerToken);
      const late = await decideOnConsent(again.body.data.url, 'allow');
      const refused = await call('POST', '/authorization/shopify/callback', undefined, {
        code: late.searchParams.get('code'),
        state: late.searchParams.get('state'),
      });
      expect(refused.status).toBe(422);
      expect(
        (await call('GET', `/hostedPages/channels/${channel.id}/authorizeChannelAsGuest`, link.token)).status,
      ).toBe(401);
    });
  });

  describe('the look (hosted pages settings)', () => {
    it('starts from the spec’s defaults and saves colours, search, font size, dark mode and stylesheets', async () => {
      const company = await createCompany(server.services, { name: 'Gamma', stores: ['Gamma Main'] });
      const token = await company.tokenFor(company.owner);
      expect((await call('GET', '/hostedPagesSettings', token)).body.data).toEqual({
        logo_url: null,
        logo_source: null,
        styles: { ...HOSTED_PAGE_DEFAULT_STYLES },
      });
      const saved = await call('PUT', '/hostedPagesSettings', token, {
        styles: {
          buttonColor: '#FF5500',
          displaySearch: false,
          fontSize: '14px',
          isDarkMode: true,
          isCustomStylesheetsEnabled: true,
          customStylesheets: [{ id: 'a', url: `${PUBLIC_HOST}/brand.css` }],
        },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.styles).toEqual({
        ...HOSTED_PAGE_DEFAULT_STYLES,
        buttonColor: '#ff5500',
        displaySearch: false,
        fontSize: '14px',
        isDarkMode: true,
        isCustomStylesheetsEnabled: true,
        customStylesheets: [{ id: 'a', url: `${PUBLIC_HOST}/brand.css` }],
      });
      // A partial update keeps the rest.
      const again = await call('PUT', '/hostedPagesSettings', token, {
        styles: { backgroundColor: '#000000' },
      });
      expect(again.body.data.styles).toMatchObject({ backgroundColor: '#000000', buttonColor: '#ff5500' });
      const activity = await server.services.models.Activity.findOne({
        where: { event: 'hosted_page_settings.updated', company_id: company.company.id },
      });
      expect(activity?.new_values).toMatchObject({ buttonColor: '#ff5500' });
    });

    it('refuses colours, sizes and urls a page could not safely use', async () => {
      const refused = await call('PUT', '/hostedPagesSettings', ownerToken, {
        logo_url: 'http://example.com/logo.png',
        styles: {
          buttonColor: 'red',
          fontSize: '40px',
          customStylesheets: [
            { id: 'a', url: 'http://example.com/a.css' },
            { id: 'b', url: "https://example.com/b.css;script-src 'unsafe-inline'" },
          ],
        },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({
        logo_url: ['The logo URL must start with https://.'],
        'styles.buttonColor': ['The button colour must be a colour like #121212.'],
        'styles.fontSize': ['The font size must be between 10px and 24px.'],
        'styles.customStylesheets.0.url': ['The stylesheet URL must start with https://.'],
        'styles.customStylesheets.1.url': ['The stylesheet URL must be a valid URL.'],
      });
      const tooMany = await call('PUT', '/hostedPagesSettings', ownerToken, {
        styles: {
          customStylesheets: Array.from({ length: 6 }, (_, index) => ({
            id: `${index}`,
            url: `${PUBLIC_HOST}/${index}.css`,
          })),
        },
      });
      expect(tooMany.body.errors).toEqual({
        'styles.customStylesheets': ['No more than 5 custom stylesheets can be added.'],
      });
      const privateTargets = await call('PUT', '/hostedPagesSettings', ownerToken, {
        logo_url: 'https://10.0.0.5/logo.png',
        styles: { customStylesheets: [{ id: 'a', url: 'https://127.0.0.1/a.css' }] },
      });
      expect(privateTargets.body.errors).toEqual({
        logo_url: ['The logo URL must be a public internet address.'],
        'styles.customStylesheets.0.url': ['The stylesheet URL must be a public internet address.'],
      });
      expect((await call('PUT', '/hostedPagesSettings', readerToken, { styles: {} })).status).toBe(403);
    });

    it('takes a logo as a url or an upload checked by content and size, and serves the upload', async () => {
      const company = await createCompany(server.services, { name: 'Delta', stores: ['Delta Main'] });
      const token = await company.tokenFor(company.owner);
      const upload = (body: Buffer, type = 'image/png') =>
        fetch(`${server.url}/api/hostedPagesSettings/logo`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': type, accept: 'application/json' },
          body,
        });

      const byUrl = await call('PUT', '/hostedPagesSettings', token, { logo_url: `${PUBLIC_HOST}/logo.png` });
      expect(byUrl.body.data).toMatchObject({ logo_url: `${PUBLIC_HOST}/logo.png`, logo_source: 'url' });

      const svg = await upload(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      );
      expect(svg.status).toBe(422);
      expect((await readJson(svg)).errors).toEqual({
        logo: ['The logo must be a PNG, JPEG, GIF or WebP image.'],
      });
      // A text file named and typed as a PNG is still not one.
      expect((await upload(Buffer.from('not really a png'))).status).toBe(422);
      const large = await upload(Buffer.concat([PNG, Buffer.alloc(HOSTED_LOGO_MAX_BYTES)]));
      expect(large.status).toBe(422);
      expect((await readJson(large)).errors).toEqual({
        logo: ['The logo may not be greater than 512 kilobytes.'],
      });
      expect((await upload(Buffer.alloc(0))).status).toBe(422);

      const accepted = await upload(PNG, 'application/octet-stream');
      expect(accepted.status).toBe(200);
      const settings = (await readJson(accepted)).data;
      expect(settings).toMatchObject({
        logo_source: 'upload',
        logo_url: expect.stringMatching(/^\/api\/hostedPages\/logo\/[0-9a-f]{32}$/),
      });

      // Served to anyone (the visitor has no account), as the type its bytes say, never sniffed.
      const served = await fetch(`${server.url}${settings.logo_url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
      expect((await fetch(`${server.url}/api/hostedPages/logo/${'0'.repeat(32)}`)).status).toBe(404);

      const removed = await call('DELETE', '/hostedPagesSettings/logo', token);
      expect(removed.body.data).toMatchObject({ logo_url: null, logo_source: null });
      expect((await fetch(`${server.url}${settings.logo_url}`)).status).toBe(404);
    });
  });

  describe('the page document’s Content-Security-Policy', () => {
    const policyOf = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      await response.arrayBuffer();
      return {
        policy: response.headers.get('content-security-policy') ?? '',
        referrer: response.headers.get('referrer-policy'),
      };
    };
    const directive = (policy: string, name: string) =>
      policy
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? '';

    it('allows exactly the seller’s https stylesheets as style sources, and no script from them', async () => {
      const company = await createCompany(server.services, { name: 'Epsilon', stores: ['Epsilon Main'] });
      const token = await company.tokenFor(company.owner);
      const sheet = `${PUBLIC_HOST}/brand/theme.css`;
      await call('PUT', '/hostedPagesSettings', token, {
        logo_url: 'https://93.184.216.35/logo.png',
        styles: { isCustomStylesheetsEnabled: true, customStylesheets: [{ id: 'a', url: sheet }] },
      });
      const link = await createLink({ store_id: company.stores[0]!.id }, token);

      const { policy, referrer } = await policyOf(`/hostedPages/${link.token}/channels/create/shopify`);
      expect(referrer).toBe('no-referrer');
      expect(directive(policy, 'style-src')).toBe(`style-src 'self' 'unsafe-inline' ${sheet}`);
      expect(directive(policy, 'script-src')).toBe("script-src 'self'");
      expect(directive(policy, 'img-src')).toBe(
        `img-src 'self' data: blob: https://93.184.216.35 ${PUBLIC_HOST}`,
      );
      expect(directive(policy, 'object-src')).toBe("object-src 'none'");
      expect(directive(policy, 'default-src')).toBe("default-src 'self'");

      // Switched off: the urls stay saved but the page may not load them.
      await call('PUT', '/hostedPagesSettings', token, { styles: { isCustomStylesheetsEnabled: false } });
      expect(directive((await policyOf(`/hostedPages/${link.token}`)).policy, 'style-src')).toBe(
        "style-src 'self' 'unsafe-inline'",
      );
    });

    it('is strict for dead links and the hosted area’s own pages, and absent elsewhere', async () => {
      const link = await createLink();
      await call('DELETE', `/hostedPages/links/${link.id}`, ownerToken);
      for (const path of [
        `/hostedPages/${link.token}`,
        `/hostedPages/hp_${'x'.repeat(43)}`,
        '/hostedPages/error',
      ]) {
        const { policy } = await policyOf(path);
        expect(directive(policy, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
        expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob:");
      }
      expect((await policyOf('/hostedPages')).policy).toBe('');
      expect((await policyOf('/stores')).policy).toBe('');
    });
  });
});
