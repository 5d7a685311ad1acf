import type { CustomerDetailDto, CustomerDto, NormalisedOrderInput } from '@syncdesk/contracts';
import type { Store } from '../../../db/models';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

/** An order as a connector hands it over; the customer and money are what these tests vary. */
function order(
  remoteId: string,
  customer: { name?: string | null; email?: string | null; phone?: string | null; remote_id?: string | null },
  extra: Partial<NormalisedOrderInput> = {},
): NormalisedOrderInput {
  return {
    remote_id: remoteId,
    order_number: remoteId,
    status: 'Unshipped',
    payment_status: 'Paid',
    currency: 'GBP',
    total: '10.00',
    order_date: '2026-11-20T10:00:00Z',
    customer: { name: null, email: null, phone: null, remote_id: null, ...customer },
    shipping_address: { name: customer.name ?? null, line1: '1 High St', city: 'London', country: 'GB' },
    lines: [{ remote_id: 'L1', sku: null, title: 'Mug', quantity: 1, price: '10.00' }],
    ...extra,
  };
}

async function world(dialect: 'mysql' | 'sqlite', database: TestDatabase) {
  const server = await startTestProcess(database.url);
  const alpha = await createCompany(server.services, {
    name: 'Alpha',
    stores: ['Alpha UK', 'Alpha DE', 'Alpha Screens'],
  });
  const beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
  void dialect;
  return { server, alpha, beta };
}

describe('customers (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let uk: Store;
  let de: Store;
  let owner: string;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'customers');
    ({ server, alpha, beta } = await world('mysql', database));
    [uk, de] = alpha.stores as [Store, Store];
    owner = await alpha.tokenFor(alpha.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const get = async (path: string, token = owner) => {
    const response = await server.request('GET', `/api${path}`, { token });
    return { status: response.status, body: await readJson(response) };
  };
  const channel = (store: Store, name: string) => insertChannelRow(server.services, store, { name });
  const importInto = (channelId: number, orders: NormalisedOrderInput[]) =>
    server.services.orderImport.importBatch(channelId, orders);
  const customersOf = async (store: Store) =>
    server.services.models.Customer.findAll({ where: { store_id: store.id }, order: [['id', 'ASC']] });

  it('files one customer per e-mail across the channels of a store, and keeps other stores apart', async () => {
    const web = await channel(uk, 'Web UK');
    const amazon = await channel(uk, 'Amazon UK');
    const german = await channel(de, 'Web DE');
    await importInto(web.id, [
      order('E1', { name: 'Ada Lovelace', email: 'Ada@Example.test', remote_id: 'W-1' }, { total: '12.50' }),
    ]);
    await importInto(amazon.id, [
      order(
        'E2',
        { name: 'Ada King', email: 'ada@example.test', phone: '+44 20 7946 0001' },
        { total: '7.25', order_date: '2026-11-21T09:00:00Z' },
      ),
      order(
        'E3',
        { email: 'ada@example.test' },
        { currency: 'EUR', total: '5.00', order_date: '2026-11-19' },
      ),
      order('E4', { email: 'ada@example.test' }, { status: 'Cancelled', total: '99.00' }),
    ]);
    await importInto(german.id, [order('E5', { name: 'Ada DE', email: 'ada@example.test' })]);

    const [ada] = await customersOf(uk);
    expect(ada).toMatchObject({
      name: 'Ada King',
      email: 'ada@example.test',
      phone: '+44 20 7946 0001',
      orders_count: 4,
      channel_id: web.id,
      channel_customer_id: 'W-1',
    });
    expect(ada!.first_order_at).toEqual(new Date('2026-11-19T00:00:00Z'));
    expect(ada!.last_order_at).toEqual(new Date('2026-11-21T09:00:00Z'));
    const orders = await server.services.models.Order.findAll({ where: { store_id: uk.id } });
    expect(orders.map((row) => row.customer_id)).toEqual(orders.map(() => ada!.id));

    const list = await get(`/customers/${uk.id}`);
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ total: 1 });
    expect(list.body.data[0]).toMatchObject({
      id: ada!.id,
      name: 'Ada King',
      channel_name: 'Web UK',
      orders_count: 4,
      // Cancelled orders are orders, not money spent; currencies are never added together.
      total_spent: [
        { currency: 'GBP', amount: '19.75', orders_count: 2 },
        { currency: 'EUR', amount: '5.00', orders_count: 1 },
      ],
      first_order_at: '2026-11-19T00:00:00.000Z',
      last_order_at: '2026-11-21T09:00:00.000Z',
    });

    // The same e-mail in the other store is that store's own customer.
    const [german_ada] = await customersOf(de);
    expect(german_ada).toMatchObject({ name: 'Ada DE', orders_count: 1 });
    const other = await get(`/customers/${de.id}/${ada!.id}`);
    expect(other.status).toBe(404);
  });

  it('files customers without an e-mail by the channel customer id; guests without either have none', async () => {
    const shop = await channel(uk, 'Shop by id');
    const market = await channel(uk, 'Market by id');
    await importInto(shop.id, [
      order('C1', { name: 'Grace', remote_id: 'G-7' }),
      order('C2', { name: 'Grace Hopper', remote_id: 'G-7' }, { order_date: '2026-11-22T00:00:00Z' }),
      order('C3', { name: 'Guest' }),
    ]);
    await importInto(market.id, [order('C4', { name: 'Grace elsewhere', remote_id: 'G-7' })]);
    const byChannel = (await customersOf(uk)).filter((row) => row.channel_customer_id === 'G-7');
    expect(byChannel.map((row) => [row.channel_id, row.name, row.email, row.orders_count])).toEqual([
      [shop.id, 'Grace Hopper', null, 2],
      [market.id, 'Grace elsewhere', null, 1],
    ]);
    const guest = await server.services.models.Order.findOne({
      where: { channel_id: shop.id, remote_id: 'C3' },
    });
    expect(guest!.customer_id).toBeNull();
  });

  it('counts each order once however often it is re-imported, and follows an order to its new customer', async () => {
    const shop = await channel(uk, 'Recount shop');
    const batch = [
      order('R1', { name: 'Rita', email: 'rita@example.test' }),
      order('R2', { name: 'Rita', email: 'rita@example.test' }, { order_date: '2026-11-23T08:00:00Z' }),
    ];
    await importInto(shop.id, batch);
    await importInto(shop.id, batch);
    await Promise.all([importInto(shop.id, batch), importInto(shop.id, batch)]);
    const rita = async () =>
      server.services.models.Customer.findOne({ where: { store_id: uk.id, email: 'rita@example.test' } });
    expect((await rita())!.orders_count).toBe(2);

    // Changed (shipped, new total): still two orders, the new total is what she spent.
    await importInto(shop.id, [{ ...batch[1]!, status: 'Shipped', total: '30.00' }]);
    expect((await rita())!.orders_count).toBe(2);
    const detail = await get(`/customers/${uk.id}/${(await rita())!.id}`);
    expect(detail.body.data.total_spent).toEqual([{ currency: 'GBP', amount: '40.00', orders_count: 2 }]);

    // The e-mail was corrected on the channel: the order moves; an emptied customer goes away.
    await importInto(shop.id, [
      { ...batch[1]!, status: 'Shipped', total: '30.00', customer: { email: 'rita.new@example.test' } },
    ]);
    expect((await rita())!).toMatchObject({ orders_count: 1 });
    expect((await rita())!.last_order_at).toEqual(new Date('2026-11-20T10:00:00Z'));
    await importInto(shop.id, [{ ...batch[0]!, customer: { email: 'rita.new@example.test' } }]);
    expect(await rita()).toBeNull();
    const moved = await server.services.models.Customer.findOne({
      where: { store_id: uk.id, email: 'rita.new@example.test' },
    });
    expect(moved!.orders_count).toBe(2);
  });

  describe('the screens', () => {
    let store: Store;
    let ids: Record<string, number>;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      store = alpha.stores[2]!;
      const shop = await channel(store, 'Screens shop');
      await importInto(shop.id, [
        order(
          'S1',
          { name: 'Ann Archer', email: 'ann@example.test', phone: '+44 7700 900001' },
          { order_date: '2026-10-01' },
        ),
        order('S2', { name: 'Bob Baker', email: 'bob@example.test' }, { order_date: '2026-10-15' }),
        order('S3', { name: 'Bob Baker', email: 'bob@example.test' }, { order_date: '2026-11-02' }),
        order('S4', { name: 'Cat Carter', email: 'cat@example.test' }, { order_date: '2026-10-31' }),
      ]);
      ids = Object.fromEntries((await customersOf(store)).map((row) => [row.name!.split(' ')[0]!, row.id]));
      tokens.protected = await alpha.tokenFor(await alpha.addMember(['customers.read', 'data_protection']));
      tokens.reader = await alpha.tokenFor(await alpha.addMember(['customers.read']));
      tokens.orders = await alpha.tokenFor(await alpha.addMember(['orders.read']));
    });

    const names = async (query: string) => {
      const response = await get(`/customers/${store.id}${query}`);
      expect(response.status).toBe(200);
      return response.body.data.map((row: CustomerDto) => row.name);
    };

    it('searches name and e-mail, sorts by last order, orders count and name, and pages', async () => {
      expect(await names('')).toEqual(['Bob Baker', 'Cat Carter', 'Ann Archer']);
      expect(await names('?sort_by=orders_count&sort_direction=desc&per_page=1')).toEqual(['Bob Baker']);
      expect(await names('?sort_by=name&sort_direction=asc')).toEqual([
        'Ann Archer',
        'Bob Baker',
        'Cat Carter',
      ]);
      expect(await names('?search=carter')).toEqual(['Cat Carter']);
      expect(await names('?search=ann@')).toEqual(['Ann Archer']);
      expect(await names('?orders_count[gte]=2')).toEqual(['Bob Baker']);
      const page = await get(`/customers/${store.id}?per_page=2&page=2`);
      expect(page.body).toMatchObject({ meta: { total: 3 } });
      expect(page.body.data.map((row: CustomerDto) => row.name)).toEqual(['Ann Archer']);
      const bad = await get(`/customers/${store.id}?sort_by=total&per_page=0`);
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({
        sort_by: ['The sort_by must be one of: last_order_at, orders_count, name, first_order_at.'],
        per_page: ['The per_page must be a whole number between 1 and 500.'],
      });
    });

    it('shows a customer with channels, address and recent orders, and pages their orders', async () => {
      const detail = await get(`/customers/${store.id}/${ids.Bob}`);
      expect(detail.status).toBe(200);
      const bob = detail.body.data as CustomerDetailDto;
      expect(bob).toMatchObject({
        name: 'Bob Baker',
        orders_count: 2,
        channels: [{ name: 'Screens shop', orders_count: 2 }],
      });
      expect(bob.shipping_address).toMatchObject({ name: 'Bob Baker', city: 'London', country: 'GB' });
      expect(bob.recent_orders.map((row) => [row.order_number, row.total, row.order_date])).toEqual([
        ['S3', '10.00', '2026-11-02T00:00:00.000Z'],
        ['S2', '10.00', '2026-10-15T00:00:00.000Z'],
      ]);
      const orders = await get(`/customers/${store.id}/${ids.Bob}/orders?sort_direction=asc&per_page=1`);
      expect(orders.body).toMatchObject({
        meta: { total: 2 },
        data: [{ order_number: 'S2', channel_name: 'Screens shop' }],
      });
    });

    it('masks personal data for a data-protection role, in the list and the detail', async () => {
      // Not searched by name: a data-protection role may not search what it sees masked (422).
      expect((await get(`/customers/${store.id}?search=ann`, tokens.protected)).status).toBe(422);
      const list = await get(`/customers/${store.id}`, tokens.protected);
      expect(list.body.data.find((row: CustomerDto) => row.id === ids.Ann)).toMatchObject({
        name: '*****',
        email: 'a***@example.test',
        phone: '**********01',
      });
      const detail = await get(`/customers/${store.id}/${ids.Ann}`, tokens.protected);
      expect(detail.body.data).toMatchObject({ name: '*****', email: 'a***@example.test' });
      expect(detail.body.data.shipping_address).toMatchObject({
        name: '*****',
        line1: '*****',
        city: '*****',
        country: 'GB',
      });
      expect(JSON.stringify(detail.body)).not.toContain('Archer');
      const plain = await get(`/customers/${store.id}/${ids.Ann}`, tokens.reader);
      expect(plain.body.data).toMatchObject({ name: 'Ann Archer', email: 'ann@example.test' });
    });

    it('refuses without customers.read, and answers 404 for another company or an unknown customer', async () => {
      expect((await get(`/customers/${store.id}`, tokens.orders)).status).toBe(403);
      const betaOwner = await beta.tokenFor(beta.owner);
      expect((await get(`/customers/${store.id}`, betaOwner)).status).toBe(404);
      expect((await get(`/customers/${store.id}/${ids.Ann}`, betaOwner)).status).toBe(404);
      expect((await get(`/customers/${store.id}/${ids.Ann}/orders`, betaOwner)).status).toBe(404);
      expect((await get(`/customers/${store.id}/999999999`)).status).toBe(404);
      expect((await get(`/customers/${store.id}/not-a-number`)).status).toBe(404);
    });
  });
});

describe('customers (sqlite smoke)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'customers');
    ({ server, alpha } = await world('sqlite', database));
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('files, counts and lists customers on the embedded default', async () => {
    const store = alpha.stores[0]!;
    const shop = await insertChannelRow(server.services, store, { name: 'SQLite shop' });
    const batch = [
      order('Q1', { name: 'Zoe', email: 'ZOE@example.test' }, { total: '1.10' }),
      order('Q2', { name: 'Zoe Z', email: 'zoe@example.test' }, { total: '2.20', order_date: '2026-11-21' }),
    ];
    await server.services.orderImport.importBatch(shop.id, batch);
    await server.services.orderImport.importBatch(shop.id, batch);
    await server.services.orderImport.importBatch(shop.id, [
      { ...batch[0]!, customer: { email: 'other@example.test' } },
    ]);
    const response = await server.request(
      'GET',
      `/api/customers/${store.id}?sort_by=name&sort_direction=asc`,
      {
        token: await alpha.tokenFor(alpha.owner),
      },
    );
    const body = await readJson(response);
    expect(body.meta).toEqual({ total: 2 });
    expect(body.data.map((row: CustomerDto) => [row.email, row.orders_count, row.total_spent])).toEqual([
      ['other@example.test', 1, [{ currency: 'GBP', amount: '1.10', orders_count: 1 }]],
      ['zoe@example.test', 1, [{ currency: 'GBP', amount: '2.20', orders_count: 1 }]],
    ]);
  });
});
