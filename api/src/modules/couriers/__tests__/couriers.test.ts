import { insertChannelRow } from '../../../testing/channel-fixtures';
import type { ChannelKind } from '@syncdesk/contracts';
import type { Store } from '../../../db/models';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

describe.each(TEST_DIALECTS)('couriers and courier mappings (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let alphaToken: string;
  let betaToken: string;
  let readerToken: string;
  let administratorToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'couriers');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK', 'Alpha EU'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    const operations = await createCompany(server.services, { name: 'Operations', administrator: true });
    alphaToken = await alpha.tokenFor(alpha.owner);
    betaToken = await beta.tokenFor(beta.owner);
    readerToken = await alpha.tokenFor(await alpha.addMember(['channels.read']));
    administratorToken = await operations.tokenFor(operations.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    return { status: response.status, body: response.status === 204 ? null : await readJson(response) };
  };
  const addChannel = (store: Store, name = 'Shopify UK', kind: ChannelKind = 'channel') =>
    insertChannelRow(server.services, store, { name, kind });
  const courierId = async (code: string) =>
    (await server.services.models.Courier.findOne({ where: { code } }))!.id;
  const couriersOf = (store: Store, channelId: number) =>
    `/stores/${store.id}/channels/${channelId}/couriers`;
  const mappingsOf = (store: Store, channelId: number) =>
    `/stores/${store.id}/channels/${channelId}/courierMappings`;

  it('lists the seeded global couriers to any signed-in user, searchable', async () => {
    const all = await call('GET', '/couriers?per_page=100', readerToken);
    expect(all.status).toBe(200);
    const codes = all.body.data.map((courier: { code: string }) => courier.code);
    expect(codes).toEqual(expect.arrayContaining(['dhl', 'dhl-express', 'royal-mail', 'dpd', 'evri']));
    expect(all.body.meta.total).toBe(codes.length);
    const royalMail = all.body.data.find((courier: { code: string }) => courier.code === 'royal-mail');
    expect(royalMail).toMatchObject({
      name: 'Royal Mail',
      tracking_url: expect.stringContaining('{tracking_code}'),
    });

    const dhl = await call('GET', '/couriers?search=dhl&sort_by=code', betaToken);
    expect(dhl.body.data.map((courier: { code: string }) => courier.code)).toEqual(['dhl', 'dhl-express']);
    expect((await server.request('GET', '/api/couriers')).status).toBe(401);
  });

  it("creates, lists, shows, updates and deletes a channel's couriers", async () => {
    const store = alpha.stores[0]!;
    const channel = await addChannel(store);
    const base = couriersOf(store, channel.id);
    const dhlId = await courierId('dhl');

    // Linked to a global courier, the name may be left out: the courier's name is taken.
    const linked = await call('POST', base, alphaToken, { courier_id: dhlId, custom_name: 'DHL Next Day' });
    expect(linked.status).toBe(201);
    expect(linked.body.data).toMatchObject({
      channel_id: channel.id,
      store_id: store.id,
      courier_id: dhlId,
      courier: { id: dhlId, code: 'dhl', name: 'DHL Parcel' },
      name: 'DHL Parcel',
      custom_name: 'DHL Next Day',
    });
    const own = await call('POST', base, alphaToken, { name: 'Local van', custom_name: '' });
    expect(own.body.data).toMatchObject({
      courier_id: null,
      courier: null,
      name: 'Local van',
      custom_name: null,
    });

    const list = await call('GET', base, readerToken);
    expect(list.body.meta.total).toBe(2);
    expect(list.body.data.map((row: { name: string }) => row.name)).toEqual(['DHL Parcel', 'Local van']);
    expect(list.body.data[0].courier.code).toBe('dhl');
    const searched = await call('GET', `${base}?search=van`, readerToken);
    expect(searched.body.data.map((row: { id: number }) => row.id)).toEqual([own.body.data.id]);

    const shown = await call('GET', `${base}/${linked.body.data.id}`, readerToken);
    expect(shown.body.data.custom_name).toBe('DHL Next Day');

    // Linking to another global courier brings its name unless one is given.
    const relinked = await call('PUT', `${base}/${own.body.data.id}`, alphaToken, {
      courier_id: await courierId('royal-mail'),
    });
    expect(relinked.body.data).toMatchObject({ name: 'Royal Mail', courier: { code: 'royal-mail' } });
    const renamed = await call('PUT', `${base}/${own.body.data.id}`, alphaToken, {
      courier_id: null,
      name: 'Van',
      custom_name: 'Our van',
    });
    expect(renamed.body.data).toMatchObject({ courier_id: null, name: 'Van', custom_name: 'Our van' });
    const activity = await server.services.models.Activity.findOne({
      where: { event: 'channel_courier.updated', subject_id: own.body.data.id },
      order: [['id', 'DESC']],
    });
    expect(activity!.new_values).toMatchObject({ name: 'Van', custom_name: 'Our van', courier_id: null });

    expect((await call('DELETE', `${base}/${own.body.data.id}`, alphaToken)).status).toBe(204);
    expect((await call('GET', `${base}/${own.body.data.id}`, alphaToken)).status).toBe(404);
  });

  it('validates channel couriers with field messages', async () => {
    const store = alpha.stores[0]!;
    const base = couriersOf(store, (await addChannel(store, 'Validation')).id);
    const nameless = await call('POST', base, alphaToken, { custom_name: 'x' });
    expect(nameless).toMatchObject({
      status: 422,
      body: { errors: { name: ['The name field is required.'] } },
    });
    const unknown = await call('POST', base, alphaToken, { courier_id: 999999 });
    expect(unknown).toMatchObject({
      status: 422,
      body: { errors: { courier_id: ['The selected courier is invalid.'] } },
    });
    const long = await call('POST', base, alphaToken, { name: 'ok', custom_name: 'x'.repeat(121) });
    expect(long.body.errors.custom_name).toEqual(['The custom name may not be greater than 120 characters.']);
    const created = await call('POST', base, alphaToken, { name: 'Carrier' });
    const blank = await call('PUT', `${base}/${created.body.data.id}`, alphaToken, { name: ' ' });
    expect(blank).toMatchObject({ status: 422, body: { errors: { name: ['The name field is required.'] } } });
  });

  it('maps shipping methods to couriers of the same channel only, one mapping per method', async () => {
    const store = alpha.stores[0]!;
    const channel = await addChannel(store, 'Amazon UK');
    const other = await addChannel(store, 'eBay UK');
    const courier = await call('POST', couriersOf(store, channel.id), alphaToken, { name: 'Royal Mail 48' });
    const foreign = await call('POST', couriersOf(store, other.id), alphaToken, { name: 'eBay courier' });
    const base = mappingsOf(store, channel.id);

    const created = await call('POST', base, alphaToken, {
      shipping_method: 'Standard UK',
      channel_courier_id: courier.body.data.id,
      service_code: 'tracked-48',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      shipping_method: 'Standard UK',
      channel_courier_id: courier.body.data.id,
      channel_courier: { name: 'Royal Mail 48', custom_name: null },
      service_code: 'tracked-48',
    });

    const crossChannel = await call('POST', base, alphaToken, {
      shipping_method: 'Express',
      channel_courier_id: foreign.body.data.id,
    });
    expect(crossChannel).toMatchObject({
      status: 422,
      body: { errors: { channel_courier_id: ['The selected courier is not a courier of this channel.'] } },
    });
    const duplicate = await call('POST', base, alphaToken, {
      shipping_method: 'standard uk',
      channel_courier_id: courier.body.data.id,
    });
    expect(duplicate).toMatchObject({
      status: 422,
      body: { errors: { shipping_method: ['The shipping method has already been mapped.'] } },
    });
    const missing = await call('POST', base, alphaToken, {});
    expect(missing.body.errors).toMatchObject({
      shipping_method: ['The shipping method field is required.'],
      channel_courier_id: ['The courier field is required.'],
    });
    // The same text on another channel is another mapping.
    const elsewhere = await call('POST', mappingsOf(store, other.id), alphaToken, {
      shipping_method: 'Standard UK',
      channel_courier_id: foreign.body.data.id,
    });
    expect(elsewhere.status).toBe(201);

    const second = await call('POST', base, alphaToken, {
      shipping_method: 'Next day',
      channel_courier_id: courier.body.data.id,
    });
    const clash = await call('PUT', `${base}/${second.body.data.id}`, alphaToken, {
      shipping_method: 'STANDARD UK',
    });
    expect(clash.status).toBe(422);
    const moved = await call('PUT', `${base}/${second.body.data.id}`, alphaToken, {
      channel_courier_id: foreign.body.data.id,
    });
    expect(moved.status).toBe(422);
    const updated = await call('PUT', `${base}/${second.body.data.id}`, alphaToken, {
      shipping_method: 'Next Day Delivery',
      service_code: '',
    });
    expect(updated.body.data).toMatchObject({ shipping_method: 'Next Day Delivery', service_code: null });

    const list = await call('GET', `${base}?sort_by=shipping_method&sort_direction=desc`, readerToken);
    expect(list.body.data.map((row: { shipping_method: string }) => row.shipping_method)).toEqual([
      'Standard UK',
      'Next Day Delivery',
    ]);
    expect((await call('GET', `${base}/${created.body.data.id}`, readerToken)).body.data.id).toBe(
      created.body.data.id,
    );
    // A mapping is only reachable through its own channel.
    expect(
      (await call('GET', `${mappingsOf(store, other.id)}/${created.body.data.id}`, alphaToken)).status,
    ).toBe(404);
    expect((await call('DELETE', `${base}/${second.body.data.id}`, alphaToken)).status).toBe(204);

    // Deleting a courier takes its mappings with it.
    expect(
      (await call('DELETE', `${couriersOf(store, channel.id)}/${courier.body.data.id}`, alphaToken)).status,
    ).toBe(204);
    expect((await call('GET', base, alphaToken)).body.meta.total).toBe(0);
  });

  it('refuses writes without channels.update, and everything without channels.read', async () => {
    const store = alpha.stores[0]!;
    const channel = await addChannel(store, 'Permissions');
    const powerlessToken = await alpha.tokenFor(await alpha.addMember([]));
    expect((await call('GET', couriersOf(store, channel.id), readerToken)).status).toBe(200);
    expect((await call('POST', couriersOf(store, channel.id), readerToken, { name: 'x' })).status).toBe(403);
    expect((await call('POST', mappingsOf(store, channel.id), readerToken, {})).status).toBe(403);
    expect((await call('GET', couriersOf(store, channel.id), powerlessToken)).status).toBe(403);
  });

  it("answers 404 for another company's channel, another store's path and non-sales channels", async () => {
    const [uk, eu] = alpha.stores as [Store, Store];
    const channel = await addChannel(uk, 'Isolated');
    const created = await call('POST', couriersOf(uk, channel.id), alphaToken, { name: 'Secret courier' });
    const id = created.body.data.id as number;
    for (const [method, path] of [
      ['GET', couriersOf(uk, channel.id)],
      ['GET', `${couriersOf(uk, channel.id)}/${id}`],
      ['PUT', `${couriersOf(uk, channel.id)}/${id}`],
      ['DELETE', `${couriersOf(uk, channel.id)}/${id}`],
      ['GET', mappingsOf(uk, channel.id)],
    ] as const) {
      const response = await call(method, path, betaToken, method === 'PUT' ? { name: 'Taken' } : undefined);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('Secret courier');
    }
    // The right channel under the wrong store, and a plugin instead of a sales channel.
    expect((await call('GET', couriersOf(eu, channel.id), alphaToken)).status).toBe(404);
    const plugin = await addChannel(uk, 'Warehouse', 'plugin');
    expect((await call('GET', couriersOf(uk, plugin.id), alphaToken)).status).toBe(404);
    expect((await call('GET', couriersOf(uk, 999999), alphaToken)).status).toBe(404);
  });

  it('pushDHLChanges gives the company’s DHL-linked couriers the current DHL names, keeping custom names', async () => {
    const models = server.services.models;
    const gamma = await createCompany(server.services, { name: 'Gamma', stores: ['Gamma Main'] });
    const gammaToken = await gamma.tokenFor(gamma.owner);
    const store = gamma.stores[0]!;
    const channel = await addChannel(store, 'Push DHL');
    const base = couriersOf(store, channel.id);
    const dhl = await call('POST', base, gammaToken, {
      courier_id: await courierId('dhl'),
      custom_name: 'DHL 24',
    });
    const express = await call('POST', base, gammaToken, { courier_id: await courierId('dhl-express') });
    const royal = await call('POST', base, gammaToken, {
      courier_id: await courierId('royal-mail'),
      name: 'RM old',
    });
    const betaChannel = await addChannel(beta.stores[0]!, 'Beta Shopify');
    const betaDhl = await call('POST', couriersOf(beta.stores[0]!, betaChannel.id), betaToken, {
      courier_id: await courierId('dhl'),
    });
    // DHL renames its services in the global list.
    await models.Courier.update({ name: 'DHL eCommerce UK' }, { where: { code: 'dhl' } });
    await models.Courier.update({ name: 'DHL Express Worldwide' }, { where: { code: 'dhl-express' } });

    const path = `/companies/${gamma.company.id}/pushDHLChanges`;
    expect((await call('POST', path, gammaToken)).status).toBe(403);
    const pushed = await call('POST', path, administratorToken);
    expect(pushed).toMatchObject({ status: 200, body: { data: { updated: 2 } } });

    const nameOf = async (id: number) => (await models.ChannelCourier.findByPk(id))!;
    expect(await nameOf(dhl.body.data.id)).toMatchObject({ name: 'DHL eCommerce UK', custom_name: 'DHL 24' });
    expect((await nameOf(express.body.data.id)).name).toBe('DHL Express Worldwide');
    expect((await nameOf(royal.body.data.id)).name).toBe('RM old');
    expect((await nameOf(betaDhl.body.data.id)).name).toBe('DHL Parcel');

    // A name that differs only in case is a change too (MySQL's collation would hide it).
    await models.ChannelCourier.update({ name: 'dhl ecommerce uk' }, { where: { id: dhl.body.data.id } });
    expect((await call('POST', path, administratorToken)).body.data.updated).toBe(1);
    expect((await call('POST', path, administratorToken)).body.data.updated).toBe(0);
    expect((await call('POST', '/companies/999999/pushDHLChanges', administratorToken)).status).toBe(404);
    const activity = await models.Activity.findOne({
      where: { event: 'company.dhl_changes_pushed', company_id: gamma.company.id },
      order: [['id', 'ASC']],
    });
    expect(activity).toMatchObject({ subject_id: gamma.company.id, new_values: { updated: 2 } });
  });
});
