import { randomUUID } from 'node:crypto';
import {
  CONFIRMATION_ORDER_EXPORT_COLUMNS,
  INVOICE_EXPORT_COLUMNS,
  ORDER_EXPORT_COLUMNS,
  PLUGIN_ORDER_EXPORT_COLUMNS,
  type FileTransferDto,
} from '@syncdesk/contracts';
import type { Channel } from '../../../db/channel.models';
import type { Store } from '../../../db/models';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { finishedTransfer, progressListener, readCsv, readXlsx, transferClient } from './transfer-test-kit';

/**
 * The order domain's exports through the api and the real job queue, on MySQL: orders (one row per
 * line), plugin orders, invoices and confirmation orders, each as CSV and XLSX, everything the
 * list's filters select or picked records, the confirmation orders' date range, masking for a
 * data-protection role, and who may start and fetch them.
 */
describe('order-domain exports (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let store: Store;
  let shop: Channel;
  let ownerToken: string;
  let maskedToken: string;
  let catalogueToken: string;
  let betaToken: string;
  let client: ReturnType<typeof transferClient>;
  let listener: Awaited<ReturnType<typeof progressListener>>;
  let maskedListener: Awaited<ReturnType<typeof progressListener>>;
  const orderIds = new Map<string, number>();

  const line = (sku: string, quantity: number, price: string) => ({
    sku,
    title: `${sku} title`,
    quantity,
    price,
  });
  const order = (number: string, status: string, lines: ReturnType<typeof line>[], total: string) => ({
    remote_id: `r-${number}`,
    order_number: number,
    status,
    payment_status: 'Paid',
    currency: 'GBP',
    total,
    order_date: '2026-11-20T10:00:00Z',
    customer: {
      name: 'Jane Doe',
      email: 'jane.doe@example.com',
      phone: '+44 20 7946 0958',
      remote_id: 'c-1',
    },
    shipping_address: {
      name: 'Jane Doe',
      line1: '1 High Street',
      city: 'Bath',
      postcode: 'BA1 1LZ',
      country: 'GB',
    },
    lines,
  });

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'order_exports');
    server = await startTestProcess(database.url);
    client = transferClient(server);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    store = alpha.stores[0]!;
    ownerToken = await alpha.tokenFor(alpha.owner);
    maskedToken = await alpha.tokenFor(await alpha.addMember(['orders.read', 'data_protection']));
    catalogueToken = await alpha.tokenFor(await alpha.addMember(['products.read']));
    betaToken = await beta.tokenFor(beta.owner);
    listener = await progressListener(server, ownerToken);
    maskedListener = await progressListener(server, maskedToken);

    const services = server.services;
    shop = await insertChannelRow(services, store, { name: 'Alpha Shopify' });
    await services.orderImport.importBatch(shop.id, [
      order('1001', 'Shipped', [line('MUG-1', 2, '12.5'), line('TEA-1', 1, '3.2')], '28.20'),
      order('1002', 'Unshipped', [line('MUG-1', 1, '12.50')], '12.50'),
      order('1003', 'Cancelled', [line('=HYPERLINK("x")', 1, '-1.00')], '0.00'),
    ]);
    for (const row of await services.models.Order.findAll({ where: { store_id: store.id } }))
      orderIds.set(row.order_number, row.id);

    const warehouse = await insertChannelRow(services, store, {
      name: 'Alpha ShipBob',
      kind: 'plugin',
      type: 'shipbob',
    });
    await services.models.PluginOrder.create({
      order_id: orderIds.get('1001')!,
      plugin_id: warehouse.id,
      remote_id: 'SB-77',
      sync_status: 2,
      synced_at: new Date('2026-11-20T12:00:00Z'),
    });
    await services.models.PluginOrder.create({
      order_id: orderIds.get('1002')!,
      plugin_id: warehouse.id,
      remote_id: null,
      sync_status: 0,
      synced_at: null,
    });

    const xero = await insertChannelRow(services, store, {
      name: 'Alpha Xero',
      kind: 'accounting',
      type: 'xero',
    });
    for (const [number, date] of [
      ['INV-1', '2026-11-01'],
      ['INV-2', '2026-11-15'],
    ] as const) {
      await services.invoices.importInvoice(store.id, {
        channel_id: xero.id,
        customer_name: 'Jane Doe',
        customer_email: 'jane.doe@example.com',
        invoice_number: number,
        invoice_date: date,
        currency: 'GBP',
        lines: [
          { description: 'Mug', quantity: '2', unit_price: '10.005', tax_type: 'OUTPUT2', tax_total: '4.00' },
          { description: 'Tea', quantity: '1', unit_price: '3.2', tax_type: 'OUTPUT2' },
        ],
      });
    }

    const vendor = await insertChannelRow(services, store, { name: 'Alpha Vendor', type: 'amazonsp' });
    await services.confirmationOrders.importBatch(vendor.id, [
      {
        purchase_order_number: 'PO-OLD',
        order_date: '2026-10-01T09:00:00Z',
        currency: 'GBP',
        items: [{ item_sequence_number: '1', sku: 'MUG-1', ordered_quantity: 12, net_cost: '6.5' }],
      },
      {
        purchase_order_number: 'PO-NEW',
        order_date: '2026-11-10T09:00:00Z',
        acknowledge_by: '2026-11-11T09:00:00Z',
        currency: 'GBP',
        items: [
          { item_sequence_number: '1', sku: 'MUG-1', ordered_quantity: 24, net_cost: '6.50' },
          { item_sequence_number: '2', sku: 'TEA-1', ordered_quantity: 6 },
        ],
      },
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const transferPath = (transfer: Pick<FileTransferDto, 'store_id' | 'uuid'>) =>
    `/fileTransfers/${transfer.store_id}/${transfer.uuid}`;

  /** Starts an export, waits for the job and answers the file's rows (CSV text, or XLSX values). */
  async function exported(path: string, body: unknown = {}, token = ownerToken) {
    const started = await client.call('POST', path, token, body);
    expect(started.status).toBe(202);
    // Each user hears only their own transfers' progress.
    const done = await finishedTransfer(started, token === ownerToken ? listener : maskedListener);
    expect(done.status).toBe('queued');
    expect(done._event.status).toBe('done');
    const file = await client.fetchFile(`${transferPath(started.body.data)}/download`, token);
    expect(file.status).toBe(200);
    return { transfer: started.body.data as FileTransferDto, file };
  }

  it('exports orders one row per line with the order repeated, all matching the filters or picked ones', async () => {
    const all = await exported(`/orders/${store.id}/export/csv`);
    expect(all.file.headers.get('content-disposition')).toContain(`orders-store-${store.id}-`);
    const rows = readCsv(all.file.bytes);
    expect(rows[0]).toEqual([...ORDER_EXPORT_COLUMNS]);
    const column = (name: (typeof ORDER_EXPORT_COLUMNS)[number]) => ORDER_EXPORT_COLUMNS.indexOf(name);
    expect(rows.slice(1).map((row) => [row[column('Order number')], row[column('Line SKU')]])).toEqual([
      ['1001', 'MUG-1'],
      ['1001', 'TEA-1'],
      ['1002', 'MUG-1'],
      ['1003', `'=HYPERLINK("x")`],
    ]);
    const first = rows[1]!;
    expect(first[column('Order total')]).toBe('28.20');
    expect(first[column('Unit price')]).toBe('12.50');
    expect(first[column('Line total')]).toBe('25.00');
    expect(first[column('Status')]).toBe('Shipped');
    expect(first[column('Sync status')]).toBe('Pending');
    expect(first[column('Channel')]).toBe('Alpha Shopify');
    expect(first[column('Customer e-mail')]).toBe('jane.doe@example.com');
    expect(first[column('Order date')]).toBe('2026-11-20T10:00:00.000Z');
    expect(rows[4]![column('Unit price')]).toBe('-1.00');

    // The list's filters: only what `GET orders/{storeId}?status[eq]=Unshipped` shows.
    const filtered = readCsv(
      (await exported(`/orders/${store.id}/export/csv?status[eq]=Unshipped`)).file.bytes,
    );
    expect(filtered.slice(1).map((row) => row[column('Order number')])).toEqual(['1002']);

    // The list's search (here: orders having a line with this SKU) means the same in the export.
    const searched = readCsv(
      (await exported(`/orders/${store.id}/export/csv?searchBy=sku&search=TEA`)).file.bytes,
    );
    expect(searched.slice(1).map((row) => [row[column('Order number')], row[column('Line SKU')]])).toEqual([
      ['1001', 'MUG-1'],
      ['1001', 'TEA-1'],
    ]);

    // Picked orders, as XLSX: amounts are numbers there.
    const picked = await exported(`/orders/${store.id}/export/xlsx`, {
      order_ids: [orderIds.get('1003')!, orderIds.get('1001')!],
    });
    expect(picked.transfer.subject).toBe('orders');
    const sheet = await readXlsx(picked.file.bytes);
    expect(sheet[0]).toEqual([...ORDER_EXPORT_COLUMNS]);
    expect(sheet.slice(1).map((row) => row[column('Order number')])).toEqual(['1001', '1001', '1003']);
    expect(sheet[1]![column('Order total')]).toBe(28.2);
  });

  it('masks customer data in exports for a data-protection role', async () => {
    const rows = readCsv((await exported(`/orders/${store.id}/export/csv`, {}, maskedToken)).file.bytes);
    const column = (name: (typeof ORDER_EXPORT_COLUMNS)[number]) => ORDER_EXPORT_COLUMNS.indexOf(name);
    const text = rows.flat().join(' ');
    expect(text).not.toContain('jane.doe');
    expect(text).not.toContain('Jane Doe');
    expect(text).not.toContain('High Street');
    expect(rows[1]![column('Customer e-mail')]).toBe('j*******@example.com');
    expect(rows[1]![column('Customer phone')]).toBe('**********58');
    expect(rows[1]![column('Order number')]).toBe('1001');

    const invoices = readCsv(
      (await exported(`/invoices/${store.id}/export/csv`, {}, maskedToken)).file.bytes,
    );
    expect(invoices.flat().join(' ')).not.toContain('jane.doe');
  });

  it('exports plugin orders, one row per order and plugin', async () => {
    const rows = readCsv((await exported(`/orders/${store.id}/pluginOrderExport/csv`)).file.bytes);
    expect(rows[0]).toEqual([...PLUGIN_ORDER_EXPORT_COLUMNS]);
    expect(rows.slice(1).map((row) => [row[0], row[7], row[8], row[9]])).toEqual([
      ['1001', 'Alpha ShipBob', 'SB-77', 'Synced'],
      ['1002', 'Alpha ShipBob', '', 'Pending'],
    ]);
    const synced = await readXlsx(
      (await exported(`/orders/${store.id}/pluginOrderExport/xlsx?sync_status[eq]=2`)).file.bytes,
    );
    expect(synced.slice(1).map((row) => row[0])).toEqual(['1001']);
    // A filter on the joined order, as the plugin orders list sends it.
    const byNumber = readCsv(
      (await exported(`/orders/${store.id}/pluginOrderExport/csv?order_number[eq]=1002`)).file.bytes,
    );
    expect(byNumber.slice(1).map((row) => row[0])).toEqual(['1002']);
    const picked = readCsv(
      (await exported(`/orders/${store.id}/pluginOrderExport/csv`, { order_ids: [orderIds.get('1002')] }))
        .file.bytes,
    );
    expect(picked.slice(1).map((row) => row[0])).toEqual(['1002']);
  });

  it('exports invoices one row per line, within an invoice-date range or picked', async () => {
    const rows = readCsv((await exported(`/invoices/${store.id}/export/csv`)).file.bytes);
    expect(rows[0]).toEqual([...INVOICE_EXPORT_COLUMNS]);
    const column = (name: (typeof INVOICE_EXPORT_COLUMNS)[number]) => INVOICE_EXPORT_COLUMNS.indexOf(name);
    expect(rows.slice(1).map((row) => [row[column('Invoice number')], row[column('Description')]])).toEqual([
      ['INV-1', 'Mug'],
      ['INV-1', 'Tea'],
      ['INV-2', 'Mug'],
      ['INV-2', 'Tea'],
    ]);
    // 2 × 10.005 = 20.01; + 4.00 tax + 3.20: the server's exact totals, to the penny.
    expect(rows[1]![column('Line price')]).toBe('20.01');
    expect(rows[1]![column('Invoice total')]).toBe('27.21');
    expect(rows[1]![column('Accounting channel')]).toBe('Alpha Xero');
    const ranged = readCsv(
      (
        await exported(
          `/invoices/${store.id}/export/csv?invoice_date[startDate]=2026-11-10&invoice_date[endDate]=2026-11-30`,
        )
      ).file.bytes,
    );
    expect(new Set(ranged.slice(1).map((row) => row[0]))).toEqual(new Set(['INV-2']));
    const invoice = await server.services.models.Invoice.findOne({ where: { invoice_number: 'INV-1' } });
    const picked = await readXlsx(
      (await exported(`/invoices/${store.id}/export/xlsx`, { invoice_uuids: [invoice!.uuid] })).file.bytes,
    );
    expect(new Set(picked.slice(1).map((row) => row[0]))).toEqual(new Set(['INV-1']));
  });

  it('exports confirmation orders one row per item, within startDate and endDate or picked by uuid', async () => {
    const all = readCsv((await exported(`/confirmationOrders/${store.id}/export/csv`)).file.bytes);
    expect(all[0]).toEqual([...CONFIRMATION_ORDER_EXPORT_COLUMNS]);
    expect(all.slice(1).map((row) => [row[0], row[10], row[14]])).toEqual([
      ['PO-OLD', '1', '12'],
      ['PO-NEW', '1', '24'],
      ['PO-NEW', '2', '6'],
    ]);
    expect(all[2]![CONFIRMATION_ORDER_EXPORT_COLUMNS.indexOf('Net cost')]).toBe('6.50');
    expect(all[2]![CONFIRMATION_ORDER_EXPORT_COLUMNS.indexOf('Acknowledgement')]).toBe('Pending');

    const november = readCsv(
      (await exported(`/confirmationOrders/${store.id}/export/csv?startDate=2026-11-01&endDate=2026-11-10`))
        .file.bytes,
    );
    expect(new Set(november.slice(1).map((row) => row[0]))).toEqual(new Set(['PO-NEW']));
    const october = await readXlsx(
      (await exported(`/confirmationOrders/${store.id}/export/xlsx?endDate=2026-10-31`)).file.bytes,
    );
    expect(october.slice(1).map((row) => row[0])).toEqual(['PO-OLD']);

    const old = await server.services.models.ConfirmationOrder.findOne({
      where: { purchase_order_number: 'PO-OLD' },
    });
    const picked = readCsv(
      (
        await exported(`/confirmationOrders/${store.id}/export/csv`, {
          confirmation_order_uuids: [old!.uuid],
        })
      ).file.bytes,
    );
    expect(picked.slice(1).map((row) => row[0])).toEqual(['PO-OLD']);
  });

  it('refuses bad formats, filters, dates and selections with 422 in plain words', async () => {
    const bad = async (path: string, body: unknown = {}) => {
      const answer = await client.call('POST', path, ownerToken, body);
      expect(answer.status).toBe(422);
      return answer.body.errors as Record<string, string[]>;
    };
    expect((await bad(`/orders/${store.id}/export/pdf`)).fileFormat).toEqual([
      'The file format must be csv or xlsx.',
    ]);
    expect(await bad(`/orders/${store.id}/export/csv?colour[eq]=red`)).toHaveProperty(['colour[eq]']);
    expect((await bad(`/orders/${store.id}/export/csv`, { order_ids: ['abc'] }))['order_ids.0']).toEqual([
      'Each order id must be a whole number.',
    ]);
    expect((await bad(`/confirmationOrders/${store.id}/export/csv?startDate=yesterday`)).startDate).toEqual([
      'The start date must be a date (YYYY-MM-DD) or a date and time.',
    ]);
    expect(
      (await bad(`/confirmationOrders/${store.id}/export/csv?startDate=2026-11-10&endDate=2026-11-01`))
        .endDate,
    ).toEqual(['The end date must not be before the start date.']);
    expect(
      (await bad(`/invoices/${store.id}/export/csv?invoice_date[startDate]=soon`))['invoice_date[startDate]'],
    ).toEqual(['The invoice date must be a date (YYYY-MM-DD).']);
    expect(
      (await bad(`/confirmationOrders/${store.id}/export/csv`, { confirmation_order_uuids: ['nope'] }))[
        'confirmation_order_uuids.0'
      ],
    ).toEqual(['Each confirmation order uuid must be a valid UUID.']);
  });

  it('needs orders.read to start or fetch an order-domain export; another company gets 404', async () => {
    for (const path of [
      `/orders/${store.id}/export/csv`,
      `/orders/${store.id}/pluginOrderExport/csv`,
      `/invoices/${store.id}/export/csv`,
      `/confirmationOrders/${store.id}/export/csv`,
    ]) {
      expect((await client.call('POST', path, catalogueToken, {})).status).toBe(403);
      const foreign = await client.call('POST', path, betaToken, {});
      expect(foreign.status).toBe(404);
    }
    const { transfer } = await exported(`/orders/${store.id}/export/csv`);
    for (const path of [transferPath(transfer), `${transferPath(transfer)}/download`]) {
      expect((await client.fetchFile(path, catalogueToken)).status).toBe(403);
      const foreign = await client.fetchFile(path, betaToken);
      expect(foreign.status).toBe(404);
      expect(foreign.bytes.toString()).not.toContain('jane.doe');
    }
    // A data-protection member may follow the owner's export, never download its file built in clear.
    expect((await client.fetchFile(transferPath(transfer), maskedToken)).status).toBe(200);
    const masked = await client.fetchFile(`${transferPath(transfer)}/download`, maskedToken);
    expect(masked.status).toBe(403);
    expect(masked.bytes.toString()).not.toContain('jane.doe');
    // A uuid that is not a transfer, under another company's store: 404 as well.
    expect(
      (await client.call('GET', `/fileTransfers/${beta.stores[0]!.id}/${randomUUID()}`, betaToken)).status,
    ).toBe(404);
  });
});

/** The same exports on SQLite (the embedded default): one file of each subject, read back. */
describe('order-domain exports (sqlite smoke)', () => {
  let database: TestDatabase;
  let server: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'order_exports');
    server = await startTestProcess(database.url);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('exports orders (searched), plugin orders, invoices and confirmation orders (dated)', async () => {
    const client = transferClient(server);
    const alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    const store = alpha.stores[0]!;
    const token = await alpha.tokenFor(alpha.owner);
    const listener = await progressListener(server, token);
    const shop = await insertChannelRow(server.services, store, { name: 'Alpha Shopify' });
    await server.services.orderImport.importBatch(shop.id, [
      {
        remote_id: 'a',
        order_number: 'A-1',
        status: 'Unshipped',
        currency: 'GBP',
        total: '5',
        order_date: '2026-11-20T10:00:00Z',
        lines: [{ sku: 'MUG-1', quantity: 1, price: '5' }],
      },
      {
        remote_id: 'b',
        order_number: 'B-1',
        status: 'Shipped',
        currency: 'GBP',
        total: '7.5',
        order_date: '2026-11-21T10:00:00Z',
        lines: [{ sku: 'TEA-1', quantity: 3, price: '2.5' }],
      },
    ]);
    const vendor = await insertChannelRow(server.services, store, { name: 'Alpha Vendor', type: 'amazonsp' });
    await server.services.confirmationOrders.importBatch(vendor.id, [
      {
        purchase_order_number: 'PO-1',
        order_date: '2026-11-01T00:00:00Z',
        items: [{ item_sequence_number: '1', ordered_quantity: 2 }],
      },
      {
        purchase_order_number: 'PO-2',
        order_date: '2026-11-15T23:59:59Z',
        items: [{ item_sequence_number: '1', ordered_quantity: 4 }],
      },
    ]);
    const rowsOf = async (path: string) => {
      const started = await client.call('POST', path, token, {});
      expect((await finishedTransfer(started, listener))._event.status).toBe('done');
      const file = await client.fetchFile(
        `/fileTransfers/${store.id}/${started.body.data.uuid}/download`,
        token,
      );
      return readCsv(file.bytes).slice(1);
    };
    const at = (name: (typeof ORDER_EXPORT_COLUMNS)[number]) => ORDER_EXPORT_COLUMNS.indexOf(name);
    // The list's search is a case-insensitive prefix match on the order number.
    expect(
      (await rowsOf(`/orders/${store.id}/export/csv?search=b-`)).map((row) => [
        row[at('Order number')],
        row[at('Line SKU')],
        row[at('Quantity')],
        row[at('Line total')],
      ]),
    ).toEqual([['B-1', 'TEA-1', '3', '7.50']]);
    expect(await rowsOf(`/orders/${store.id}/pluginOrderExport/csv`)).toEqual([]);
    expect(await rowsOf(`/invoices/${store.id}/export/csv`)).toEqual([]);
    expect(
      (
        await rowsOf(`/confirmationOrders/${store.id}/export/csv?startDate=2026-11-15&endDate=2026-11-15`)
      ).map((row) => row[0]),
    ).toEqual(['PO-2']);
  });
});
