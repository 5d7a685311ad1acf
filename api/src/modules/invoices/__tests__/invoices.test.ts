import { randomUUID } from 'node:crypto';
import {
  canChangeInvoiceSyncStatus,
  INVOICE_SYNC_STATUS,
  INVOICE_SYNC_STATUS_CHANGES,
} from '@syncdesk/contracts';
import type { Store } from '../../../db/models';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

interface World {
  server: TestProcess;
  alpha: CompanyFixture;
  beta: CompanyFixture;
  ownerToken: string;
}

async function setUp(dialect: 'mysql' | 'sqlite', database: TestDatabase): Promise<World> {
  const server = await startTestProcess(database.url);
  const alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK', 'Alpha TR'] });
  const beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
  void dialect;
  return { server, alpha, beta, ownerToken: await alpha.tokenFor(alpha.owner) };
}

const call = async (world: World, method: string, path: string, token: string, body?: unknown) => {
  const response = await world.server.request(method, `/api${path}`, { token, body });
  return { status: response.status, body: response.status === 204 ? null : await readJson(response) };
};

const lineBody = (overrides: Record<string, unknown> = {}) => ({
  sku: 'MUG-1',
  product_nominal_code: '200',
  description: 'Blue mug',
  quantity: 3,
  unit_price: '33.33',
  tax_type: 'OUTPUT2',
  tax_total: '20.00',
  discount_total: '0',
  ...overrides,
});

const invoiceBody = (channelId: number, overrides: Record<string, unknown> = {}) => ({
  channel_id: channelId,
  customer_name: 'Jane Doe',
  customer_email: 'jane.doe@example.com',
  invoice_date: '2026-11-20',
  currency: 'gbp',
  order_reference: 'ORD-1001',
  lines: [lineBody()],
  ...overrides,
});

describe('invoices (mysql)', () => {
  let database: TestDatabase;
  let world: World;
  let uk: Store;
  let tr: Store;
  let xeroId: number;
  let elogoId: number;
  let shopifyId: number;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'invoices');
    world = await setUp('mysql', database);
    [uk, tr] = world.alpha.stores as [Store, Store];
    xeroId = (
      await insertChannelRow(world.server.services, uk, { name: 'Xero', kind: 'accounting', type: 'xero' })
    ).id;
    shopifyId = (await insertChannelRow(world.server.services, uk, { name: 'Shopify UK' })).id;
    elogoId = (
      await insertChannelRow(world.server.services, tr, {
        name: 'e-Logo',
        kind: 'accounting',
        type: 'e-logo',
      })
    ).id;
  });
  afterAll(async () => {
    await world?.server.close();
    await database?.drop();
  });

  const owner = () => world.ownerToken;

  it('creates an invoice with server-computed totals to the penny, and shows it with its lines', async () => {
    const created = await call(
      world,
      'POST',
      `/invoices/${uk.id}/create`,
      owner(),
      invoiceBody(xeroId, {
        lines: [
          lineBody(),
          lineBody({
            sku: 'A',
            quantity: '1',
            unit_price: 0.1,
            tax_total: '0.02',
            product_nominal_code: null,
          }),
          lineBody({
            sku: 'B',
            quantity: '1',
            unit_price: 0.2,
            tax_total: '0.04',
            tax_type: 'ZERORATEDOUTPUT',
          }),
          lineBody({
            sku: 'C',
            quantity: '250000',
            unit_price: '1.0049',
            discount_total: '12.50',
            tax_total: '0',
          }),
        ],
      }),
    );
    expect(created.status).toBe(201);
    const invoice = created.body.data;
    expect(invoice).toMatchObject({
      store_id: uk.id,
      channel_id: xeroId,
      channel_name: 'Xero',
      channel_type: 'xero',
      customer_name: 'Jane Doe',
      customer_email: 'jane.doe@example.com',
      currency: 'GBP',
      invoice_date: '2026-11-20',
      status: 'authorised',
      sync_status: 'pending',
      total_invoice_lines: 4,
      order_reference: 'ORD-1001',
      // 99.99 + 0.10 + 0.20 + (251225.00 − 12.50)
      subtotal: '251312.79',
      discount_total: '12.50',
      tax_total: '20.06',
      total: '251332.85',
    });
    expect(invoice.invoice_number).toBe(`INV-${String(invoice.id).padStart(6, '0')}`);
    expect(invoice.lines.map((line: { price: string }) => line.price)).toEqual([
      '99.99',
      '0.10',
      '0.20',
      '251212.50',
    ]);
    expect(invoice.lines[0]).toMatchObject({
      position: 1,
      quantity: '3',
      unit_price: '33.33',
      tax_type: 'OUTPUT2',
    });
    expect(invoice.lines[3]).toMatchObject({ quantity: '250000', unit_price: '1.0049' });

    const shown = await call(world, 'GET', `/invoices/${uk.id}/${invoice.id}`, owner());
    expect(shown.body.data).toEqual(invoice);
    const lines = await call(world, 'GET', `/invoices/${uk.id}/${invoice.id}/lines`, owner());
    expect(lines.body).toMatchObject({ meta: { total: 4 } });
    expect(lines.body.data).toEqual(invoice.lines);

    const activities = await call(world, 'GET', `/activities/invoice/${invoice.id}`, owner());
    expect(activities.status).toBe(200);
    expect(activities.body.data).toHaveLength(1);
    expect(activities.body.data[0]).toMatchObject({
      event: 'invoice.created',
      subject_type: 'invoice',
      subject_id: invoice.id,
      new: { invoice_number: invoice.invoice_number, total: '251332.85', lines: 4, channel: 'Xero' },
    });
  });

  it('accepts a matching price, keeps a given invoice number unique per store', async () => {
    const body = invoiceBody(xeroId, { invoice_number: 'SHOP-77', lines: [lineBody({ price: '99.99' })] });
    const created = await call(world, 'POST', `/invoices/${uk.id}/create`, owner(), body);
    expect(created.status).toBe(201);
    expect(created.body.data.invoice_number).toBe('SHOP-77');
    const again = await call(world, 'POST', `/invoices/${uk.id}/create`, owner(), body);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({
      invoice_number: ['This invoice number is already used in this store.'],
    });
  });

  it("refuses what the seller got wrong with 422 and a field map in the seller's words", async () => {
    const refused = async (body: unknown) => {
      const response = await call(world, 'POST', `/invoices/${uk.id}/create`, owner(), body);
      expect(response.status).toBe(422);
      return response.body.errors as Record<string, string[]>;
    };
    expect(await refused(invoiceBody(xeroId, { lines: [] }))).toEqual({
      lines: ['The invoice needs at least one line.'],
    });
    const lineErrors = await refused(
      invoiceBody(xeroId, {
        lines: [
          lineBody({ quantity: 0 }),
          lineBody({ unit_price: '-1.00' }),
          lineBody({ tax_type: 'KDV20' }),
          lineBody({ discount_total: '200.00' }),
          lineBody({ price: '100.00' }),
          lineBody({ product_nominal_code: '999' }),
          lineBody({ quantity: '1.00001' }),
        ],
      }),
    );
    expect(lineErrors['lines.0.quantity']).toEqual(['The quantity must be greater than 0.']);
    expect(lineErrors['lines.1.unit_price']).toContain('The unit price must not be negative.');
    expect(lineErrors['lines.6.quantity']).toEqual(['The quantity may have at most 4 decimal places.']);
    // Schema errors come first; the provider checks run once the shape is right.
    const providerErrors = await refused(
      invoiceBody(xeroId, {
        lines: [
          lineBody({ tax_type: 'KDV20' }),
          lineBody({ discount_total: '200.00' }),
          lineBody({ price: '100.00' }),
          lineBody({ product_nominal_code: '999' }),
        ],
      }),
    );
    expect(providerErrors).toEqual({
      'lines.0.tax_type': ["The tax type is not one of Xero's tax types."],
      'lines.1.discount_total': ['The discount may not be greater than the line amount (99.99).'],
      'lines.2.price': ['The price must be quantity × unit price − discount: 99.99.'],
      'lines.3.product_nominal_code': ["The account code is not one of Xero's accounts."],
    });
    expect(
      await refused(
        invoiceBody(xeroId, { lines: [lineBody({ quantity: '9999999999', unit_price: '1000' })] }),
      ),
    ).toEqual({ 'lines.0.quantity': ['The line amount may not be greater than 999999999999.99.'] });
    expect(
      await refused(
        invoiceBody(xeroId, {
          lines: [
            lineBody({ quantity: '999999999', unit_price: '1000', tax_total: '0' }),
            lineBody({ quantity: '999999999', unit_price: '1000', tax_total: '0' }),
          ],
        }),
      ),
    ).toEqual({ lines: ['The invoice total may not be greater than 999999999999.99.'] });
    expect(await refused(invoiceBody(shopifyId))).toEqual({
      channel_id: ["Choose one of this store's accounting channels."],
    });
    expect(await refused(invoiceBody(elogoId))).toEqual({
      channel_id: ["Choose one of this store's accounting channels."],
    });
    const header = await refused({ lines: [lineBody()] });
    expect(Object.keys(header).sort()).toEqual(['channel_id', 'currency', 'customer_name', 'invoice_date']);
    expect(header.customer_name).toEqual(['The customer field is required.']);
    expect(await refused(invoiceBody(xeroId, { invoice_date: '2026-13-45' }))).toEqual({
      invoice_date: ['The invoice date must be a date (YYYY-MM-DD).'],
    });
    expect(
      await world.server.services.models.Invoice.count({
        where: { store_id: uk.id, customer_name: 'Nobody' },
      }),
    ).toBe(0);
  });

  it('takes e-Logo VAT rates and the Turkish exemption codes, with no tax on an exempt line', async () => {
    const created = await call(
      world,
      'POST',
      `/invoices/${tr.id}/create`,
      owner(),
      invoiceBody(elogoId, {
        currency: 'TRY',
        lines: [
          lineBody({
            product_nominal_code: '600',
            tax_type: 'KDV20',
            quantity: 2,
            unit_price: '150.00',
            tax_total: '60.00',
          }),
          lineBody({
            product_nominal_code: '601',
            tax_type: '301',
            quantity: 1,
            unit_price: '99.95',
            tax_total: '0',
          }),
        ],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      subtotal: '399.95',
      tax_total: '60.00',
      total: '459.95',
      currency: 'TRY',
    });

    const taxed = await call(
      world,
      'POST',
      `/invoices/${tr.id}/create`,
      owner(),
      invoiceBody(elogoId, {
        lines: [lineBody({ product_nominal_code: '600', tax_type: '301', tax_total: '5.00' })],
      }),
    );
    expect(taxed.body.errors).toEqual({
      'lines.0.tax_total': ['The tax amount must be 0 for a VAT exemption code.'],
    });
    const unknown = await call(
      world,
      'POST',
      `/invoices/${tr.id}/create`,
      owner(),
      invoiceBody(elogoId, {
        lines: [lineBody({ product_nominal_code: '600', tax_type: '203', tax_total: '0' })],
      }),
    );
    expect(unknown.body.errors).toEqual({
      'lines.0.tax_type': ["The tax type is not one of e-Logo's tax types."],
    });

    const taxTypes = await call(world, 'GET', `/stores/${tr.id}/taxTypes`, owner());
    expect(taxTypes.body.meta).toEqual({ channel_id: elogoId, channel_type: 'e-logo', source: 'static' });
    const codes = taxTypes.body.data.map((entry: { code: string }) => entry.code);
    expect(codes).toEqual(expect.arrayContaining(['KDV20', '201', '250', '301', '350', '351']));
    const exemptions = taxTypes.body.data.filter((entry: { exemption?: boolean }) => entry.exemption);
    for (const entry of exemptions) {
      expect(Number(entry.code)).toBeGreaterThanOrEqual(201);
      expect(Number(entry.code)).toBeLessThanOrEqual(450);
      expect(entry.rate).toBe('0.00');
    }
    const accounts = await call(world, 'GET', `/stores/${tr.id}/accounts`, owner());
    expect(accounts.body.data.map((entry: { code: string }) => entry.code)).toContain('600');
  });

  it("answers accounts and tax types from the store's accounting channel, or says there is none", async () => {
    const accounts = await call(world, 'GET', `/stores/${uk.id}/accounts`, owner());
    expect(accounts.status).toBe(200);
    expect(accounts.body.meta).toEqual({ channel_id: xeroId, channel_type: 'xero', source: 'static' });
    expect(accounts.body.data).toContainEqual({ code: '200', name: 'Sales', type: 'REVENUE' });
    const taxTypes = await call(world, 'GET', `/stores/${uk.id}/taxTypes?channel_id=${xeroId}`, owner());
    expect(taxTypes.body.data).toContainEqual({
      code: 'OUTPUT2',
      name: '20% (VAT on Income)',
      rate: '20.00',
    });
    expect(
      (await call(world, 'GET', `/stores/${uk.id}/taxTypes?channel_id=${shopifyId}`, owner())).status,
    ).toBe(404);

    const beta = world.beta.stores[0]!;
    const betaToken = await world.beta.tokenFor(world.beta.owner);
    const none = await call(world, 'GET', `/stores/${beta.id}/taxTypes`, betaToken);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      data: [],
      meta: { channel_id: null, channel_type: null, source: null },
      message:
        'This store has no accounting channel. Connect Xero, QuickBooks Online, Sage or e-Logo to the store first.',
    });
    const channels = await call(world, 'GET', `/invoices/${uk.id}/channels`, owner());
    expect(channels.body.data).toEqual([{ id: xeroId, name: 'Xero', type: 'xero', is_active: false }]);
  });

  describe('the list', () => {
    let ids: Record<string, number>;
    let store: Store;
    beforeAll(async () => {
      const company = await createCompany(world.server.services, { name: 'Listing', stores: ['List store'] });
      store = company.stores[0]!;
      const channel = await insertChannelRow(world.server.services, store, {
        name: 'Sage',
        kind: 'accounting',
        type: 'sage',
      });
      const other = await insertChannelRow(world.server.services, store, {
        name: 'QBO',
        kind: 'accounting',
        type: 'quickbooksonline',
      });
      ids = {};
      const rows: [string, string, string, string, number][] = [
        ['L-1', 'Ann Archer', '2026-10-01', 'pending', channel.id],
        ['L-2', 'Bob Baker', '2026-10-15', 'failed', channel.id],
        ['L-3', 'Cat Carter', '2026-10-31', 'synced', other.id],
        ['L-4', 'Dan Dyer', '2026-11-01', 'failed', other.id],
      ];
      for (const [number, customer, date, sync, channelId] of rows) {
        const row = await world.server.services.models.Invoice.create({
          uuid: randomUUID(),
          company_id: store.company_id,
          store_id: store.id,
          channel_id: channelId,
          invoice_number: number,
          order_reference: null,
          customer_name: customer,
          customer_email: `${customer.split(' ')[0]!.toLowerCase()}@example.com`,
          invoice_date: date,
          currency: 'GBP',
          sync_status: sync as 'pending',
        });
        ids[number] = row.id;
      }
      tokens.listing = await company.tokenFor(company.owner);
      tokens.protected = await company.tokenFor(await company.addMember(['orders.read', 'data_protection']));
      tokens.reader = await company.tokenFor(await company.addMember(['orders.read']));
    });
    const tokens: Record<string, string> = {};
    const numbers = async (query: string, token = tokens.listing!) => {
      const response = await call(world, 'GET', `/invoices/${store.id}${query}`, token);
      expect(response.status).toBe(200);
      return response.body.data.map((row: { invoice_number: string }) => row.invoice_number);
    };

    it('filters on sync status, status, channel and the invoice date, searches and sorts', async () => {
      expect(await numbers('')).toEqual(['L-4', 'L-3', 'L-2', 'L-1']);
      expect(await numbers('?sync_status[eq]=failed')).toEqual(['L-4', 'L-2']);
      expect(
        await numbers('?sync_status[in]=pending,synced&sort_by=invoice_number&sort_direction=asc'),
      ).toEqual(['L-1', 'L-3']);
      expect(await numbers('?status[eq]=authorised&per_page=2')).toEqual(['L-4', 'L-3']);
      const first = await call(world, 'GET', `/invoices/${store.id}?per_page=2`, tokens.listing!);
      expect(first.body.meta).toEqual({ total: 4 });
      const channelId = (await world.server.services.models.Invoice.findByPk(ids['L-1']))!.channel_id;
      expect(await numbers(`?channel_id[eq]=${channelId}`)).toEqual(['L-2', 'L-1']);
      expect(await numbers('?invoice_date[startDate]=2026-10-15&invoice_date[endDate]=2026-10-31')).toEqual([
        'L-3',
        'L-2',
      ]);
      expect(await numbers('?invoice_date[startDate]=2026-11-01')).toEqual(['L-4']);
      expect(await numbers('?search=carter')).toEqual(['L-3']);
      expect(await numbers('?search=L-2')).toEqual(['L-2']);
      const bad = await call(
        world,
        'GET',
        `/invoices/${store.id}?invoice_date[startDate]=soon`,
        tokens.listing!,
      );
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({
        'invoice_date[startDate]': ['The invoice date must be a date (YYYY-MM-DD).'],
      });
    });

    it('masks the customer for a data-protection role, in the list and the detail', async () => {
      const list = await call(world, 'GET', `/invoices/${store.id}?search=L-1`, tokens.protected!);
      expect(list.body.data[0]).toMatchObject({ customer_name: '*****', customer_email: 'a***@example.com' });
      const detail = await call(world, 'GET', `/invoices/${store.id}/${ids['L-1']}`, tokens.protected!);
      expect(detail.body.data).toMatchObject({ customer_name: '*****', customer_email: 'a***@example.com' });
      const plain = await call(world, 'GET', `/invoices/${store.id}/${ids['L-1']}`, tokens.reader!);
      expect(plain.body.data).toMatchObject({
        customer_name: 'Ann Archer',
        customer_email: 'ann@example.com',
      });
    });

    it('changes sync statuses only as the table in contracts allows, all or nothing, with activities', async () => {
      const path = `/invoices/${store.id}/updateSyncStatus`;
      const refused = await call(world, 'PUT', path, tokens.listing!, {
        invoice_ids: [ids['L-2'], ids['L-3']],
        status: 'pending',
      });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(
        'The sync status cannot be changed to Pending for 1 of the chosen invoices.',
      );
      expect(refused.body.errors).toEqual({ status: ['Invoice L-3 cannot change from Synced to Pending.'] });
      expect((await world.server.services.models.Invoice.findByPk(ids['L-2']))!.sync_status).toBe('failed');

      const unknown = await call(world, 'PUT', path, tokens.listing!, {
        invoice_ids: [ids['L-2']],
        status: 'lost',
      });
      expect(unknown.status).toBe(422);
      expect(Object.keys(unknown.body.errors)).toEqual(['status']);
      const empty = await call(world, 'PUT', path, tokens.listing!, { invoice_ids: [], status: 'pending' });
      expect(empty.body.errors).toEqual({ invoice_ids: ['Choose at least one invoice.'] });

      const done = await call(world, 'PUT', path, tokens.listing!, {
        invoice_ids: [ids['L-2'], ids['L-4']],
        status: 'pending',
      });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({
        message: 'The sync status of the invoices was updated.',
        data: { updated: 2 },
      });
      expect(await numbers('?sync_status[eq]=pending')).toEqual(['L-4', 'L-2', 'L-1']);
      const activities = await call(world, 'GET', `/activities/invoice/${ids['L-2']}`, tokens.listing!);
      expect(activities.body.data).toEqual([
        expect.objectContaining({
          event: 'invoice.sync_status_updated',
          old: { sync_status: 'failed' },
          new: { sync_status: 'pending' },
        }),
      ]);

      // Another company's invoice in the list is the same 404 as none, and nothing changes.
      const foreign = await call(world, 'PUT', path, tokens.listing!, {
        invoice_ids: [ids['L-1'], 1_000_000],
        status: 'synced',
      });
      expect(foreign.status).toBe(404);
      expect((await world.server.services.models.Invoice.findByPk(ids['L-1']))!.sync_status).toBe('pending');
    });

    it('refuses callers without the permission (403) and other companies (404)', async () => {
      const reader = tokens.reader!;
      const created = await call(world, 'POST', `/invoices/${store.id}/create`, reader, {});
      expect(created.status).toBe(403);
      const update = await call(world, 'PUT', `/invoices/${store.id}/updateSyncStatus`, reader, {
        invoice_ids: [ids['L-1']],
        status: 'synced',
      });
      expect(update.status).toBe(403);
      const company = await createCompany(world.server.services, { name: 'Nobody', stores: ['Elsewhere'] });
      const powerless = await company.tokenFor(await company.addMember([]));
      expect((await call(world, 'GET', `/invoices/${store.id}`, powerless)).status).toBe(403);
      const stranger = await company.tokenFor(company.owner);
      for (const path of [
        `/invoices/${store.id}`,
        `/invoices/${store.id}/${ids['L-1']}`,
        `/invoices/${store.id}/${ids['L-1']}/lines`,
        `/invoices/${store.id}/channels`,
        `/stores/${store.id}/accounts`,
        `/stores/${store.id}/taxTypes`,
        `/activities/invoice/${ids['L-1']}`,
        `/invoices/${company.stores[0]!.id}/${ids['L-1']}`,
      ]) {
        const response = await call(world, 'GET', path, stranger);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
      }
    });
  });
});

describe('invoices (sqlite smoke)', () => {
  let database: TestDatabase;
  let world: World;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'invoices');
    world = await setUp('sqlite', database);
  });
  afterAll(async () => {
    await world?.server.close();
    await database?.drop();
  });

  it('creates, lists by invoice date, changes the sync status and lists the activities', async () => {
    const store = world.alpha.stores[0]!;
    const channel = await insertChannelRow(world.server.services, store, {
      name: 'QBO',
      kind: 'accounting',
      type: 'quickbooksonline',
    });
    const created = await call(
      world,
      'POST',
      `/invoices/${store.id}/create`,
      world.ownerToken,
      invoiceBody(channel.id, {
        invoice_date: '2026-11-01',
        lines: [
          lineBody({
            product_nominal_code: '79',
            tax_type: '20.0% S',
            quantity: '1',
            unit_price: 0.1,
            tax_total: '0.02',
          }),
          lineBody({
            product_nominal_code: '79',
            tax_type: '20.0% S',
            quantity: '1',
            unit_price: 0.2,
            tax_total: '0.04',
          }),
        ],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ subtotal: '0.30', tax_total: '0.06', total: '0.36' });
    expect(created.body.data.lines.map((line: { unit_price: string }) => line.unit_price)).toEqual([
      '0.10',
      '0.20',
    ]);
    const id = created.body.data.id as number;
    const list = await call(
      world,
      'GET',
      `/invoices/${store.id}?invoice_date[startDate]=2026-11-01&invoice_date[endDate]=2026-11-01`,
      world.ownerToken,
    );
    expect(list.body).toMatchObject({ meta: { total: 1 }, data: [{ id }] });
    const updated = await call(world, 'PUT', `/invoices/${store.id}/updateSyncStatus`, world.ownerToken, {
      invoice_ids: [id],
      status: 'synced',
    });
    expect(updated.status).toBe(200);
    const activities = await call(world, 'GET', `/activities/invoice/${id}`, world.ownerToken);
    expect(activities.body.data.map((row: { event: string }) => row.event)).toEqual([
      'invoice.sync_status_updated',
      'invoice.created',
    ]);

    // The system's way in (demo seed, sync engine): the same checks and totals, no caller.
    const imported = await world.server.services.invoices.importInvoice(store.id, {
      ...invoiceBody(channel.id, { invoice_number: 'SEED-1' }),
      lines: [
        lineBody({ product_nominal_code: '79', tax_type: '20.0% S', quantity: 3, unit_price: '33.33' }),
      ],
    });
    expect(imported).toMatchObject({ invoice_number: 'SEED-1', subtotal: '99.99', total: '119.99' });
    await expect(
      world.server.services.invoices.importInvoice(store.id, invoiceBody(channel.id, { lines: [] })),
    ).rejects.toMatchObject({ status: 422 });
    const seeded = await call(world, 'GET', `/activities/invoice/${imported.id}`, world.ownerToken);
    expect(seeded.body.data).toEqual([
      expect.objectContaining({ event: 'invoice.created', source: 'system' }),
    ]);
  });
});

describe('the sync-status change table', () => {
  it('covers every status and never offers a change to the same status', () => {
    for (const from of INVOICE_SYNC_STATUS.values) {
      expect(INVOICE_SYNC_STATUS_CHANGES[from]).toBeDefined();
      expect(canChangeInvoiceSyncStatus(from, from)).toBe(false);
    }
    expect(canChangeInvoiceSyncStatus('in_progress', 'pending')).toBe(false);
    expect(canChangeInvoiceSyncStatus('failed', 'pending')).toBe(true);
  });
});
