import { TRANSFER_MESSAGES, type FileTransferDto } from '@syncdesk/contracts';
import type { Store } from '../../db/models';
import { PERSONAL_DATA_QUERY_MESSAGE } from '../../http/personal-data';
import { insertChannelRow } from '../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import {
  finishedTransfer,
  progressListener,
  readCsv,
  transferClient,
  type ProgressListener,
} from '../../modules/transfers/__tests__/transfer-test-kit';

/**
 * What a data-protection role may learn of personal data (issue 22, items 1 and 4), through the
 * api and the real export job: another member's export built in clear is refused to it (every
 * subject with personal data, CSV and XLSX), its own is built masked; and its list searches cover
 * only what it sees, so `meta.total` never says whether someone bought.
 */
describe('a data-protection role learns no personal data (MySQL)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let company: CompanyFixture;
  let store: Store;
  let ownerToken: string;
  let maskedToken: string;
  let client: ReturnType<typeof transferClient>;
  const listeners = new Map<string, ProgressListener>();

  const EMAIL = 'jane.doe@example.com';

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'personal_data');
    server = await startTestProcess(database.url);
    client = transferClient(server);
    company = await createCompany(server.services, { name: 'Masked Co', stores: ['Masked Store'] });
    store = company.stores[0]!;
    ownerToken = await company.tokenFor(company.owner);
    maskedToken = await company.tokenFor(
      await company.addMember([
        'orders.read',
        'orders.update',
        'products.read',
        'customers.read',
        'data_protection',
      ]),
    );
    listeners.set(ownerToken, await progressListener(server, ownerToken));
    listeners.set(maskedToken, await progressListener(server, maskedToken));

    const services = server.services;
    const shop = await insertChannelRow(services, store, { name: 'Masked Shopify' });
    await services.orderImport.importBatch(shop.id, [
      {
        remote_id: 'r-1001',
        order_number: '1001',
        status: 'Shipped',
        payment_status: 'Paid',
        currency: 'GBP',
        total: '12.50',
        order_date: '2026-11-20T10:00:00Z',
        customer: { name: 'Jane Doe', email: EMAIL, phone: '+44 20 7946 0958', remote_id: 'c-1' },
        shipping_address: {
          name: 'Jane Doe',
          line1: '1 High Street',
          city: 'Bath',
          postcode: 'BA1 1LZ',
          country: 'GB',
        },
        lines: [{ sku: 'MUG-1', title: 'Mug', quantity: 1, price: '12.50' }],
      },
    ]);
    const order = await services.models.Order.findOne({ where: { store_id: store.id } });
    const warehouse = await insertChannelRow(services, store, {
      name: 'Masked WMS',
      kind: 'plugin',
      type: 'shipbob',
    });
    await services.models.PluginOrder.create({
      order_id: order!.id,
      plugin_id: warehouse.id,
      remote_id: 'SB-1',
      sync_status: 2,
      synced_at: new Date('2026-11-20T12:00:00Z'),
    });
    const xero = await insertChannelRow(services, store, {
      name: 'Masked Xero',
      kind: 'accounting',
      type: 'xero',
    });
    await services.invoices.importInvoice(store.id, {
      channel_id: xero.id,
      customer_name: 'Jane Doe',
      customer_email: EMAIL,
      invoice_number: 'INV-1',
      invoice_date: '2026-11-01',
      currency: 'GBP',
      lines: [{ description: 'Mug', quantity: '1', unit_price: '12.50', tax_type: 'OUTPUT2' }],
    });
    const product = await client.call('POST', `/products/${store.id}/create`, ownerToken, {
      sku: 'MUG-1',
      title: 'Mug',
      quantity: 3,
    });
    expect(product.status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const downloadPath = (transfer: Pick<FileTransferDto, 'store_id' | 'uuid'>) =>
    `/fileTransfers/${transfer.store_id}/${transfer.uuid}/download`;

  async function exported(path: string, token: string) {
    const done = await finishedTransfer(await client.call('POST', path, token, {}), listeners.get(token)!);
    expect(done._event.status).toBe('done');
    return done;
  }

  describe('exports (item 1)', () => {
    const personalSubjects = [
      ['orders', () => `/orders/${store.id}/export`],
      ['plugin orders', () => `/orders/${store.id}/pluginOrderExport`],
      ['invoices', () => `/invoices/${store.id}/export`],
    ] as const;

    for (const [subject, base] of personalSubjects) {
      for (const format of ['csv', 'xlsx'] as const) {
        it(`refuses another member's ${subject} ${format.toUpperCase()} built in clear to a data-protection role`, async () => {
          const transfer = await exported(`${base()}/${format}`, ownerToken);
          const refused = await client.fetchFile(downloadPath(transfer), maskedToken);
          expect(refused.status).toBe(403);
          expect(JSON.parse(refused.bytes.toString()).message).toBe(TRANSFER_MESSAGES.personalDataHidden);
          expect(refused.bytes.toString()).not.toContain('jane.doe');
          // The starter, who may see personal data, still gets the file.
          expect((await client.fetchFile(downloadPath(transfer), ownerToken)).status).toBe(200);
        });
      }
    }

    it('builds a data-protection role’s own export masked, and lets it and everyone else download it', async () => {
      const transfer = await exported(`/orders/${store.id}/export/csv`, maskedToken);
      const own = await client.fetchFile(downloadPath(transfer), maskedToken);
      expect(own.status).toBe(200);
      const text = readCsv(own.bytes).flat().join('\n');
      expect(text).toContain('1001');
      expect(text).not.toContain(EMAIL);
      expect(text).not.toContain('Jane Doe');
      expect((await client.fetchFile(downloadPath(transfer), ownerToken)).status).toBe(200);
    });

    it('lets a data-protection role download files without personal data whoever built them', async () => {
      for (const path of [
        `/products/${store.id}/export/csv`,
        `/confirmationOrders/${store.id}/export/xlsx`,
      ]) {
        const transfer = await exported(path, ownerToken);
        expect((await client.fetchFile(downloadPath(transfer), maskedToken)).status).toBe(200);
      }
    });

    it('refuses a data-protection role’s export selected by personal data', async () => {
      const refused = await client.call(
        'POST',
        `/orders/${store.id}/export/csv?searchBy=customer_email&search=${encodeURIComponent(EMAIL)}`,
        maskedToken,
        {},
      );
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(PERSONAL_DATA_QUERY_MESSAGE);
    });
  });

  describe('list searches (item 4)', () => {
    const total = async (path: string, token: string) => {
      const answer = await client.call('GET', path, token);
      expect(answer.status).toBe(200);
      return answer.body.meta?.total ?? answer.body.data?.total;
    };
    const search = `search=${encodeURIComponent(EMAIL)}`;

    it('a data-protection role’s order search covers what it sees: an e-mail matches nothing, the order number does', async () => {
      expect(await total(`/orders/${store.id}?${search}`, ownerToken)).toBe(1);
      expect(await total(`/orders/${store.id}?${search}`, maskedToken)).toBe(0);
      expect(await total(`/orders/${store.id}?search=Jane`, maskedToken)).toBe(0);
      expect(await total(`/orders/${store.id}?search=1001`, maskedToken)).toBe(1);
      expect(await total(`/orders/${store.id}/getOrderCountGroupByStatus?${search}`, ownerToken)).toBe(1);
      expect(await total(`/orders/${store.id}/getOrderCountGroupByStatus?${search}`, maskedToken)).toBe(0);
      // "Select all N" counts the same matches as the list.
      const selected = async (token: string) =>
        (await client.call('GET', `/orders/${store.id}/selection?${search}`, token)).body.data.count;
      expect(await selected(ownerToken)).toBe(1);
      expect(await selected(maskedToken)).toBe(0);
      for (const query of [
        `searchBy=customer_email&${search}`,
        `customer_email[eq]=${encodeURIComponent(EMAIL)}`,
        `filterBy=customer_email&filter=${encodeURIComponent(EMAIL)}`,
      ]) {
        const refused = await client.call('GET', `/orders/${store.id}?${query}`, maskedToken);
        expect({ query, status: refused.status, message: refused.body.message }).toEqual({
          query,
          status: 422,
          message: PERSONAL_DATA_QUERY_MESSAGE,
        });
      }
    });

    it('a data-protection role cannot search customers by name or e-mail; others can', async () => {
      expect(await total(`/customers/${store.id}?${search}`, ownerToken)).toBe(1);
      const refused = await client.call('GET', `/customers/${store.id}?${search}`, maskedToken);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(PERSONAL_DATA_QUERY_MESSAGE);
      expect(await total(`/customers/${store.id}`, maskedToken)).toBe(1);
    });

    it('a data-protection role’s invoice search covers the invoice number, not the customer', async () => {
      expect(await total(`/invoices/${store.id}?${search}`, ownerToken)).toBe(1);
      expect(await total(`/invoices/${store.id}?${search}`, maskedToken)).toBe(0);
      expect(await total(`/invoices/${store.id}?search=INV-1`, maskedToken)).toBe(1);
    });
  });
});
