import { ERROR_MESSAGES } from '@syncdesk/contracts';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { readChannelCredentials, writeChannelCredentials } from '../channel-credentials';

const WOO_SECRET = 'cs_live_0123456789abcdef';

describe.each(TEST_DIALECTS)('sales channels (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let alphaToken: string;
  let betaToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'channels');
    // The shop hosts below (.test, mirakl.net) are never called and may not resolve where tests
    // run, so the url guard is lifted here; channel-url-guard.test.ts runs with it on.
    server = await startTestProcess(database.url, { OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true' });
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK', 'Alpha EU'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    alphaToken = await alpha.tokenFor(alpha.owner);
    betaToken = await beta.tokenFor(beta.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    return { status: response.status, body: response.status === 204 ? null : await readJson(response) };
  };
  const storeId = () => alpha.stores[0]!.id;
  const wooBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Woo shop',
    url: 'https://shop.alpha.test',
    api_key: 'ck_live_key',
    api_secret: WOO_SECRET,
    ...overrides,
  });
  const createWoo = async (overrides: Record<string, unknown> = {}) => {
    const created = await call(
      'POST',
      `/stores/${storeId()}/channels/woocommerce`,
      alphaToken,
      wooBody(overrides),
    );
    expect(created.status).toBe(201);
    return created.body.data as { id: number; uuid: string };
  };

  it('creates a channel with the type defaults, inactive, secrets encrypted and never returned', async () => {
    const created = await call('POST', `/stores/${storeId()}/channels/woocommerce`, alphaToken, {
      ...wooBody(),
      auto_sync_stock: true,
      is_active: true,
      not_a_field: 'dropped',
    });
    expect(created.status).toBe(201);
    const channel = created.body.data;
    expect(channel).toMatchObject({
      kind: 'channel',
      type: 'woocommerce',
      provider: 'WooCommerce',
      category: 'Ecommerce',
      auth_type: 'key_secret',
      name: 'Woo shop',
      is_active: false,
      store_id: storeId(),
      company_id: alpha.company.id,
      credentials_set: ['api_key', 'api_secret'],
      settings: {
        name: 'Woo shop',
        url: 'https://shop.alpha.test',
        auto_sync_stock: true,
        get_orders: true,
        auto_match_product: true,
        order_statuses: ['processing'],
      },
    });
    expect(channel.settings).not.toHaveProperty('not_a_field');
    expect(channel.settings).not.toHaveProperty('api_secret');
    expect(JSON.stringify(created.body)).not.toContain(WOO_SECRET);

    const row = await server.services.models.Channel.findByPk(channel.id);
    expect(row!.credentials).toBeTruthy();
    expect(row!.credentials).not.toContain(WOO_SECRET);
    expect(JSON.stringify(row!.settings)).not.toContain(WOO_SECRET);
    expect(readChannelCredentials(server.services.credentials, row!)).toEqual({
      api_key: 'ck_live_key',
      api_secret: WOO_SECRET,
    });

    const shown = await call('GET', `/stores/${storeId()}/channels/${channel.id}`, alphaToken);
    expect(shown.body.data).toMatchObject({ id: channel.id, credentials_set: ['api_key', 'api_secret'] });
    expect(JSON.stringify(shown.body)).not.toContain(WOO_SECRET);

    const activity = await server.services.models.Activity.findOne({
      where: { event: 'channel.created', subject_id: channel.id },
    });
    expect(activity!.new_values).toMatchObject({ type: 'woocommerce', name: 'Woo shop' });
    expect(JSON.stringify(activity!.new_values)).not.toContain(WOO_SECRET);
  });

  it('validates against the type form with field messages', async () => {
    const invalid = await call('POST', `/stores/${storeId()}/channels/woocommerce`, alphaToken, {
      url: 'not a url',
      api_key: 'ck',
      use_default_get_orders_interval: false,
      get_orders_interval: -5,
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      name: ['The name field is required.'],
      url: ['The store URL field must be a valid URL.'],
      api_secret: ['The consumer secret field is required.'],
      get_orders_interval: ['The get orders interval field must be greater than 0.'],
    });
    expect(await server.services.models.Channel.count({ where: { name: '' } })).toBe(0);

    const notAnObject = await call('POST', `/stores/${storeId()}/channels/woocommerce`, alphaToken, [1, 2]);
    expect(notAnObject.status).toBe(422);
  });

  it('refuses a type not yet available, of another kind, or unknown', async () => {
    const cubecart = await call('POST', `/stores/${storeId()}/channels/cubecart`, alphaToken, {
      name: 'Cube',
      api_key: 'k',
    });
    expect(cubecart.status).toBe(422);
    expect(cubecart.body.errors.type).toHaveLength(1);
    for (const type of ['xero', 'shipstation', 'nope', 'mirakl-nowhere']) {
      const refused = await call('POST', `/stores/${storeId()}/channels/${type}`, alphaToken, { name: 'X' });
      expect(refused.status).toBe(404);
    }
  });

  it('creates a Mirakl retailer with the Mirakl form, and a versioned type on its default version', async () => {
    const mirakl = await call('POST', `/stores/${storeId()}/channels/mirakl-decathlon`, alphaToken, {
      name: 'Decathlon',
      shop_url: 'https://decathlon.mirakl.net',
      api_key: 'mirakl-key',
    });
    expect(mirakl.status).toBe(201);
    expect(mirakl.body.data).toMatchObject({
      provider: 'Decathlon',
      credentials_set: ['api_key'],
      settings: { order_statuses: ['SHIPPING'] },
    });
    const tiktok = await call('POST', `/stores/${storeId()}/channels/tiktok`, alphaToken, {
      name: 'TikTok',
      market: 'uk',
    });
    expect(tiktok.status).toBe(201);
    expect(tiktok.body.data).toMatchObject({ api_version: 'v2', credentials_set: [] });
  });

  it('updates settings, keeps a secret left blank, replaces a new one and keeps other stored keys', async () => {
    const channel = await createWoo({ name: 'Woo update' });
    // What the OAuth flow stores next to the form's secrets.
    const row = await server.services.models.Channel.findByPk(channel.id);
    const saved = readChannelCredentials(server.services.credentials, row!);
    await row!.update({
      credentials: writeChannelCredentials(server.services.credentials, row!, {
        ...saved,
        oauth: { access_token: 'tok' },
      }),
    });

    const blank = await call('PUT', `/stores/${storeId()}/channels/${channel.id}`, alphaToken, {
      name: 'Woo renamed',
      api_secret: '',
      api_key: null,
      account_nominal_code: '4000',
    });
    expect(blank.status).toBe(200);
    expect(blank.body.data).toMatchObject({
      name: 'Woo renamed',
      account_nominal_code: '4000',
      credentials_set: ['api_key', 'api_secret'],
      settings: { name: 'Woo renamed', url: 'https://shop.alpha.test' },
    });
    await row!.reload();
    expect(readChannelCredentials(server.services.credentials, row!)).toEqual({
      api_key: 'ck_live_key',
      api_secret: WOO_SECRET,
      oauth: { access_token: 'tok' },
    });

    const replaced = await call('PUT', `/stores/${storeId()}/channels/${channel.id}`, alphaToken, {
      api_secret: 'cs_new_secret',
    });
    expect(replaced.status).toBe(200);
    expect(JSON.stringify(replaced.body)).not.toContain('cs_new_secret');
    await row!.reload();
    expect(readChannelCredentials(server.services.credentials, row!)).toMatchObject({
      api_secret: 'cs_new_secret',
      oauth: { access_token: 'tok' },
    });
    const logged = await server.services.models.Activity.findAll({
      where: { event: 'channel.updated', subject_id: channel.id },
      order: [['id', 'ASC']],
    });
    expect(logged.map((activity) => activity.new_values)).toEqual([
      { name: 'Woo renamed', account_nominal_code: '4000' },
      { credentials_changed: ['api_secret'] },
    ]);
    expect(JSON.stringify(logged.map((activity) => activity.old_values))).not.toContain(WOO_SECRET);

    const invalid = await call('PUT', `/stores/${storeId()}/channels/${channel.id}`, alphaToken, {
      name: '',
      use_order_prefix: true,
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      name: ['The name field is required.'],
      order_prefix: ['The order prefix field is required.'],
    });
  });

  it('lists with paging, search, filters and sort', async () => {
    const store = alpha.stores[1]!;
    for (const name of ['Zeta shop', 'alpha shop', 'Mid shop']) {
      const created = await call(
        'POST',
        `/stores/${store.id}/channels/woocommerce`,
        alphaToken,
        wooBody({ name }),
      );
      expect(created.status).toBe(201);
    }
    const path = `/stores/${store.id}/channels`;
    const page = await call('GET', `${path}?per_page=2&page=1`, alphaToken);
    expect(page.body.meta.total).toBe(3);
    expect(page.body.data.map((channel: { name: string }) => channel.name)).toEqual([
      'alpha shop',
      'Mid shop',
    ]);
    const second = await call('GET', `${path}?per_page=2&page=2`, alphaToken);
    expect(second.body.data.map((channel: { name: string }) => channel.name)).toEqual(['Zeta shop']);
    const searched = await call('GET', `${path}?search=zet`, alphaToken);
    expect(searched.body).toMatchObject({ meta: { total: 1 }, data: [{ name: 'Zeta shop' }] });
    const sorted = await call('GET', `${path}?sort_by=name&sort_direction=desc`, alphaToken);
    expect(sorted.body.data[0].name).toBe('Zeta shop');
    const typed = await call('GET', `${path}?type[eq]=shopify`, alphaToken);
    expect(typed.body.meta.total).toBe(0);
    const active = await call('GET', `${path}?is_active[eq]=true`, alphaToken);
    expect(active.body.meta.total).toBe(0);
    const badSort = await call('GET', `${path}?sort_by=credentials`, alphaToken);
    expect(badSort.status).toBe(422);
  });

  it('switches status, refuses deleting an active channel, then deletes it once inactive', async () => {
    const channel = await createWoo({ name: 'Woo delete' });
    const path = `/stores/${storeId()}/channels/${channel.id}`;
    const badStatus = await call('PUT', `${path}/status`, alphaToken, { is_active: 'yes' });
    expect(badStatus.status).toBe(422);
    const on = await call('PUT', `${path}/status`, alphaToken, { is_active: true });
    expect(on.body.data.is_active).toBe(true);

    const refused = await call('DELETE', path, alphaToken);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(ERROR_MESSAGES.cannotDeleteActiveChannel);

    await call('PUT', `${path}/status`, alphaToken, { is_active: false });
    expect((await call('DELETE', path, alphaToken)).status).toBe(204);
    expect((await call('GET', path, alphaToken)).status).toBe(404);
    const events = await server.services.models.Activity.findAll({
      where: { subject_type: 'channel', subject_id: channel.id },
      order: [['id', 'ASC']],
    });
    expect(events.map((activity) => activity.event)).toEqual([
      'channel.created',
      'channel.activated',
      'channel.deactivated',
      'channel.deleted',
    ]);
  });

  it("migrates to another of the company's stores and API versions, never to another company's store", async () => {
    const tiktok = await call('POST', `/stores/${storeId()}/channels/tiktok`, alphaToken, {
      name: 'TikTok migrate',
      market: 'us',
    });
    const id = tiktok.body.data.id as number;
    const path = `/stores/${storeId()}/channels/${id}/migrate`;

    const foreign = await call('PUT', path, alphaToken, { store_id: beta.stores[0]!.id });
    expect(foreign.status).toBe(404);
    const badVersion = await call('PUT', path, alphaToken, { api_version: 'v9' });
    expect(badVersion.status).toBe(422);
    expect(badVersion.body.errors).toEqual({ api_version: ['The selected api version is invalid.'] });
    expect((await call('PUT', path, alphaToken, {})).status).toBe(422);

    const target = alpha.stores[1]!.id;
    // A record hanging off the channel (a custom order status) follows it to the new store.
    const status = await server.services.models.CustomOrderStatus.create({
      company_id: alpha.company.id,
      store_id: storeId(),
      channel_id: id,
      custom_status: 'awaiting-pick',
      friendly_status: 'Awaiting pick',
    });
    const moved = await call('PUT', path, alphaToken, { store_id: target, api_version: 'v1' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ store_id: target, api_version: 'v1' });
    expect((await call('GET', `/stores/${storeId()}/channels/${id}`, alphaToken)).status).toBe(404);
    expect((await call('GET', `/stores/${target}/channels/${id}`, alphaToken)).status).toBe(200);
    expect((await status.reload()).store_id).toBe(target);
    const activity = await server.services.models.Activity.findOne({
      where: { event: 'channel.migrated', subject_id: id },
    });
    expect(activity!.new_values).toEqual({ store_id: target, api_version: 'v1' });

    // A type without versions takes none.
    const woo = await createWoo({ name: 'Woo migrate' });
    const noVersions = await call('PUT', `/stores/${storeId()}/channels/${woo.id}/migrate`, alphaToken, {
      api_version: 'v2',
    });
    expect(noVersions.status).toBe(422);
  });

  it("lists the company's channels with their store names, and counts them on the company", async () => {
    await call(
      'POST',
      `/stores/${beta.stores[0]!.id}/channels/woocommerce`,
      betaToken,
      wooBody({ name: 'Beta woo' }),
    );
    const listed = await call('GET', '/companies/channels?per_page=100', alphaToken);
    expect(listed.status).toBe(200);
    const names = listed.body.data.map((channel: { name: string }) => channel.name);
    expect(names).not.toContain('Beta woo');
    expect(listed.body.data.every((channel: { kind: string }) => channel.kind === 'channel')).toBe(true);
    expect(listed.body.data.find((channel: { name: string }) => channel.name === 'Zeta shop')).toMatchObject({
      store_name: 'Alpha EU',
    });
    const betaList = await call('GET', '/companies/channels', betaToken);
    expect(betaList.body.data.map((channel: { name: string }) => channel.name)).toEqual(['Beta woo']);

    const company = await call('GET', `/companies/${alpha.company.id}`, alphaToken);
    expect(company.body.data.channels_count).toBe(listed.body.meta.total);
  });

  it("answers 404 for another company's channels and 403 without the permission", async () => {
    const channel = await createWoo({ name: 'Woo private' });
    const path = `/stores/${storeId()}/channels/${channel.id}`;
    for (const [method, target, body] of [
      ['GET', path, undefined],
      ['PUT', path, { name: 'Taken' }],
      ['PUT', `${path}/status`, { is_active: true }],
      ['PUT', `${path}/migrate`, { store_id: beta.stores[0]!.id }],
      ['DELETE', path, undefined],
      ['GET', `/stores/${storeId()}/channels`, undefined],
      ['POST', `/stores/${storeId()}/channels/woocommerce`, wooBody()],
    ] as const) {
      const response = await call(method, target, betaToken, body);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body ?? {})).not.toContain('Woo private');
    }
    // Beta's own store with Alpha's channel id is the same 404.
    expect(
      (await call('GET', `/stores/${beta.stores[0]!.id}/channels/${channel.id}`, betaToken)).status,
    ).toBe(404);

    const reader = await alpha.addMember(['channels.read']);
    const readerToken = await alpha.tokenFor(reader);
    expect((await call('GET', path, readerToken)).status).toBe(200);
    expect((await call('PUT', path, readerToken, { name: 'Nope' })).status).toBe(403);
    expect((await call('DELETE', path, readerToken)).status).toBe(403);
    expect(
      (await call('POST', `/stores/${storeId()}/channels/woocommerce`, readerToken, wooBody())).status,
    ).toBe(403);
    const nobody = await alpha.addMember([]);
    expect((await call('GET', '/companies/channels', await alpha.tokenFor(nobody))).status).toBe(403);
  });
});
