import { randomUUID } from 'node:crypto';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { PICKUP_STORE_SYNC_STATUS, SHOPIFY_PICKUP_SYNC_STATUS, type ChannelKind } from '@syncdesk/contracts';
import type { Store } from '../../../db/models';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

const SYNC = (key: Parameters<typeof PICKUP_STORE_SYNC_STATUS.byKey>[0]) =>
  PICKUP_STORE_SYNC_STATUS.byKey(key).value;

describe.each(TEST_DIALECTS)('pickup stores and products (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let alphaToken: string;
  let betaToken: string;
  let readerToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'pickups');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK', 'Alpha EU'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    alphaToken = await alpha.tokenFor(alpha.owner);
    betaToken = await beta.tokenFor(beta.owner);
    readerToken = await alpha.tokenFor(await alpha.addMember(['channels.read']));
    // A pickup line is one of the store's products.
    const [uk, eu] = alpha.stores as [Store, Store];
    for (const sku of ['SKU-1', 'MUG-1', 'MUG-2', 'A', 'B', 'C', 'KEEP', 'SECRET-SKU'])
      await addProduct(uk, sku);
    await addProduct(eu, 'EU-ONLY');
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    return { status: response.status, body: response.status === 204 ? null : await readJson(response) };
  };
  const addProduct = (store: Store, sku: string) =>
    server.services.models.Product.create({
      uuid: randomUUID(),
      company_id: store.company_id,
      store_id: store.id,
      sku,
      title: `Product ${sku}`,
      nominal_code: null,
      barcode: null,
      price: null,
    });
  const addChannel = (store: Store, name = 'Shopify UK', kind: ChannelKind = 'channel') =>
    insertChannelRow(server.services, store, { name, kind });
  const storesOf = (store: Store, channelId: number) => `/pickupStores/${store.id}/${channelId}/stores`;
  const productsOf = (store: Store, channelId: number, pickupId: number) =>
    `/pickupStores/${store.id}/${channelId}/${pickupId}`;
  const shopBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Covent Garden',
    address_line1: '12 Long Acre',
    city: 'London',
    postcode: 'WC2E 9LH',
    country_code: 'gb',
    phone: '+44 20 7946 0000',
    ...overrides,
  });
  const createPickup = async (store: Store, channelId: number, overrides: Record<string, unknown> = {}) => {
    const created = await call('POST', storesOf(store, channelId), alphaToken, shopBody(overrides));
    expect(created.status).toBe(201);
    return created.body.data as { id: number; uuid: string };
  };

  it('creates, lists, shows, updates, switches and deletes pickup stores, tracking what the channel must hear', async () => {
    const store = alpha.stores[0]!;
    const channel = await addChannel(store);
    const base = storesOf(store, channel.id);
    const created = await call('POST', base, alphaToken, shopBody());
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      store_id: store.id,
      channel_id: channel.id,
      name: 'Covent Garden',
      address_line2: null,
      country_code: 'GB',
      store_sync_status: SYNC('pending'),
      is_active: true,
    });
    expect(created.body.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const id = created.body.data.id as number;
    await createPickup(store, channel.id, { name: 'Manchester', city: 'Manchester', is_active: false });

    const list = await call('GET', `${base}?is_active[eq]=true`, readerToken);
    expect(list.body).toMatchObject({ meta: { total: 1 }, data: [{ id }] });
    const searched = await call('GET', `${base}?search=manch`, readerToken);
    expect(searched.body.data.map((row: { name: string }) => row.name)).toEqual(['Manchester']);
    expect((await call('GET', `${base}/${id}`, readerToken)).body.data.phone).toBe('+44 20 7946 0000');

    // Never sent to the channel yet: a change stays part of the pending create.
    const edited = await call('PUT', `${base}/${id}`, alphaToken, { phone: '', address_line2: 'Unit 4' });
    expect(edited.body.data).toMatchObject({
      phone: null,
      address_line2: 'Unit 4',
      store_sync_status: SYNC('pending'),
    });

    // Once synced, a details change is 'updated' and a switch is 'updated status'.
    await server.services.models.PickupStore.update({ store_sync_status: SYNC('synced') }, { where: { id } });
    const renamed = await call('PUT', `${base}/${id}`, alphaToken, { name: 'Covent Garden Piazza' });
    expect(renamed.body.data).toMatchObject({
      name: 'Covent Garden Piazza',
      store_sync_status: SYNC('updated'),
    });
    await server.services.models.PickupStore.update({ store_sync_status: SYNC('synced') }, { where: { id } });
    const switched = await call('PUT', `${base}/${id}/statusUpdate`, alphaToken, { is_active: false });
    expect(switched.body.data).toMatchObject({ is_active: false, store_sync_status: SYNC('updated_status') });
    const activity = await server.services.models.Activity.findOne({
      where: { event: 'pickup_store.status_updated', subject_id: id },
    });
    expect(activity).toMatchObject({ old_values: { is_active: true }, new_values: { is_active: false } });

    const product = await call('POST', `${productsOf(store, channel.id, id)}/create`, alphaToken, {
      product_sku: 'SKU-1',
    });
    expect((await call('DELETE', `${base}/${id}`, alphaToken)).status).toBe(204);
    expect((await call('GET', `${base}/${id}`, alphaToken)).status).toBe(404);
    expect(await server.services.models.PickupProduct.findByPk(product.body.data.id)).toBeNull();
  });

  it('validates pickup stores and the status-update body', async () => {
    const store = alpha.stores[0]!;
    const channel = await addChannel(store, 'Validation');
    const invalid = await call('POST', storesOf(store, channel.id), alphaToken, {
      name: '',
      country_code: 'GBR',
      phone: 'x'.repeat(41),
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toMatchObject({
      name: ['The name field is required.'],
      address_line1: ['The address line 1 field is required.'],
      city: ['The city field is required.'],
      postcode: ['The postcode field is required.'],
      country_code: ['The country code must be a two-letter ISO code.'],
      phone: ['The phone may not be greater than 40 characters.'],
    });
    const pickup = await createPickup(store, channel.id);
    const status = await call('PUT', `${storesOf(store, channel.id)}/${pickup.id}/statusUpdate`, alphaToken, {
      is_active: 'yes',
    });
    expect(status).toMatchObject({
      status: 422,
      body: { errors: { is_active: ['The is active field must be true or false.'] } },
    });
  });

  it('keeps pickup products, moving them one step forward at a time', async () => {
    const store = alpha.stores[0]!;
    const channel = await addChannel(store, 'Click and collect');
    const pickup = await createPickup(store, channel.id);
    const base = productsOf(store, channel.id, pickup.id);

    const created = await call('POST', `${base}/create`, alphaToken, { product_sku: 'MUG-1', title: 'Mug' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      pickup_store_id: pickup.id,
      product_sku: 'MUG-1',
      title: 'Mug',
      quantity: 1,
      pickup_status: 'awaiting',
      status: SHOPIFY_PICKUP_SYNC_STATUS.byKey('default').value,
    });
    const id = created.body.data.id as number;
    const mug = await server.services.models.Product.findOne({ where: { store_id: store.id, sku: 'MUG-1' } });
    expect(created.body.data.product_id).toBe(mug!.id);
    const invalid = await call('POST', `${base}/create`, alphaToken, { quantity: 0 });
    expect(invalid.body.errors).toMatchObject({
      product_sku: ['The product sku field is required.'],
      quantity: ['The quantity must be a whole number of at least 1.'],
    });

    const list = await call('GET', base, readerToken);
    expect(list.body).toMatchObject({ meta: { total: 1 }, data: [{ id, product_sku: 'MUG-1' }] });
    expect((await call('GET', `${base}/${id}`, readerToken)).body.data.title).toBe('Mug');
    const edited = await call('PUT', `${base}/${id}`, alphaToken, { quantity: 3, title: '' });
    expect(edited.body.data).toMatchObject({ quantity: 3, title: null, pickup_status: 'awaiting' });

    // The SKU must be a product of the pickup's store: not an unknown one, nor another store's.
    for (const sku of ['NOPE-1', 'EU-ONLY']) {
      for (const [method, path] of [
        ['POST', `${base}/create`],
        ['PUT', `${base}/${id}`],
      ] as const) {
        const refused = await call(method, path, alphaToken, { product_sku: sku });
        expect(refused).toMatchObject({
          status: 422,
          body: { errors: { product_sku: ['There is no product with this SKU in this store.'] } },
        });
      }
    }
    const moved = await call('PUT', `${base}/${id}`, alphaToken, { product_sku: 'MUG-2' });
    const mug2 = await server.services.models.Product.findOne({
      where: { store_id: store.id, sku: 'MUG-2' },
    });
    expect(moved.body.data).toMatchObject({ product_sku: 'MUG-2', product_id: mug2!.id });
    await call('PUT', `${base}/${id}`, alphaToken, { product_sku: 'MUG-1' });

    const skipping = await call('PUT', `${base}/${id}`, alphaToken, { pickup_status: 'picked_up' });
    expect(skipping).toMatchObject({
      status: 422,
      body: {
        message: 'Mark the product as Ready For Pickup before marking it as Picked Up.',
        errors: { pickup_status: ['Mark the product as Ready For Pickup before marking it as Picked Up.'] },
      },
    });
    const ready = await call('PUT', `${base}/${id}`, alphaToken, { pickup_status: 'ready_for_pickup' });
    expect(ready.body.data).toMatchObject({
      pickup_status: 'ready_for_pickup',
      status: SHOPIFY_PICKUP_SYNC_STATUS.byKey('pending').value,
    });
    // Asking again for where it already is changes nothing.
    expect(
      (await call('PUT', `${base}/${id}`, alphaToken, { pickup_status: 'ready_for_pickup' })).status,
    ).toBe(200);
    const back = await call('PUT', `${base}/${id}`, alphaToken, { pickup_status: 'awaiting' });
    expect(back.body.errors.pickup_status).toEqual([
      'A product that is ready for pickup can not go back to awaiting.',
    ]);
    const picked = await call('PUT', `${base}/${id}`, alphaToken, { pickup_status: 'picked_up' });
    expect(picked.body.data.pickup_status).toBe('picked_up');
    const again = await call('PUT', `${base}/${id}`, alphaToken, { pickup_status: 'ready_for_pickup' });
    expect(again.body.errors.pickup_status).toEqual(['This product has already been picked up.']);
    const unknown = await call('PUT', `${base}/${id}`, alphaToken, { pickup_status: 'lost' });
    expect(unknown.status).toBe(422);

    const second = await call('POST', `${base}/create`, alphaToken, { product_sku: 'MUG-2', quantity: 2 });
    expect((await call('DELETE', `${base}/${second.body.data.id}`, alphaToken)).status).toBe(204);
    expect((await call('GET', `${base}/${second.body.data.id}`, alphaToken)).status).toBe(404);
  });

  it('deletes all products of a pickup store and no other', async () => {
    const store = alpha.stores[0]!;
    const channel = await addChannel(store, 'Delete all');
    const pickup = await createPickup(store, channel.id);
    const other = await createPickup(store, channel.id, { name: 'Other' });
    for (const sku of ['A', 'B', 'C'])
      await call('POST', `${productsOf(store, channel.id, pickup.id)}/create`, alphaToken, {
        product_sku: sku,
      });
    await call('POST', `${productsOf(store, channel.id, other.id)}/create`, alphaToken, {
      product_sku: 'KEEP',
    });

    expect((await call('DELETE', productsOf(store, channel.id, pickup.id), alphaToken)).status).toBe(204);
    expect((await call('GET', productsOf(store, channel.id, pickup.id), alphaToken)).body.meta.total).toBe(0);
    expect((await call('GET', productsOf(store, channel.id, other.id), alphaToken)).body.meta.total).toBe(1);
    const activity = await server.services.models.Activity.findOne({
      where: { event: 'pickup_product.deleted_all', subject_id: pickup.id },
    });
    expect(activity!.old_values).toEqual({ products: 3 });
  });

  it('refuses writes without channels.update', async () => {
    const store = alpha.stores[0]!;
    const channel = await addChannel(store, 'Read only');
    const pickup = await createPickup(store, channel.id);
    expect((await call('GET', storesOf(store, channel.id), readerToken)).status).toBe(200);
    for (const [method, path] of [
      ['POST', storesOf(store, channel.id)],
      ['PUT', `${storesOf(store, channel.id)}/${pickup.id}/statusUpdate`],
      ['DELETE', `${storesOf(store, channel.id)}/${pickup.id}`],
      ['POST', `${productsOf(store, channel.id, pickup.id)}/create`],
      ['DELETE', productsOf(store, channel.id, pickup.id)],
    ] as const) {
      expect((await call(method, path, readerToken, method === 'DELETE' ? undefined : {})).status).toBe(403);
    }
  });

  it("answers 404 for another company, another channel's pickup and unreachable channels", async () => {
    const [uk, eu] = alpha.stores as [Store, Store];
    const channel = await addChannel(uk, 'Isolated');
    const sibling = await addChannel(uk, 'Sibling');
    const pickup = await createPickup(uk, channel.id, { name: 'Secret pickup' });
    const product = await call('POST', `${productsOf(uk, channel.id, pickup.id)}/create`, alphaToken, {
      product_sku: 'SECRET-SKU',
    });
    for (const [method, path] of [
      ['GET', storesOf(uk, channel.id)],
      ['GET', `${storesOf(uk, channel.id)}/${pickup.id}`],
      ['PUT', `${storesOf(uk, channel.id)}/${pickup.id}/statusUpdate`],
      ['GET', productsOf(uk, channel.id, pickup.id)],
      ['PUT', `${productsOf(uk, channel.id, pickup.id)}/${product.body.data.id}`],
      ['DELETE', productsOf(uk, channel.id, pickup.id)],
    ] as const) {
      const body = method === 'PUT' ? { is_active: true } : undefined;
      const response = await call(method, path, betaToken, body);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('Secret');
    }
    // The pickup through a sibling channel, the channel under another store, a plugin's id.
    expect((await call('GET', `${storesOf(uk, sibling.id)}/${pickup.id}`, alphaToken)).status).toBe(404);
    expect((await call('GET', productsOf(uk, sibling.id, pickup.id), alphaToken)).status).toBe(404);
    expect((await call('GET', storesOf(eu, channel.id), alphaToken)).status).toBe(404);
    const plugin = await addChannel(uk, 'Warehouse', 'plugin');
    expect((await call('GET', storesOf(uk, plugin.id), alphaToken)).status).toBe(404);
    expect(await server.services.models.PickupProduct.count({ where: { pickup_store_id: pickup.id } })).toBe(
      1,
    );
  });
});
