import { randomUUID } from 'node:crypto';
import {
  CHANNEL_PRODUCT_TRANSFER_COLUMNS,
  IMPORT_REPORT_COLUMNS,
  SUCCESS_MESSAGES,
} from '@syncdesk/contracts';
import type { Channel } from '../../../db/channel.models';
import type { Store } from '../../../db/models';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import {
  csvOf,
  finishedTransfer,
  progressListener,
  readCsv,
  readXlsx,
  transferClient,
  type ProgressListener,
} from './transfer-test-kit';

/** A sales channel's listings to and from files (MySQL), matched to the store's products by SKU. */
describe('channel product imports and exports (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let store: Store;
  let channel: Channel;
  let ownerToken: string;
  let readerToken: string;
  let betaToken: string;
  let listener: ProgressListener;
  let client: ReturnType<typeof transferClient>;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'cp_transfers');
    server = await startTestProcess(database.url);
    client = transferClient(server);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK', 'Alpha EU'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    store = alpha.stores[0]!;
    channel = await insertChannelRow(server.services, store, { name: 'Shopify UK' });
    ownerToken = await alpha.tokenFor(alpha.owner);
    readerToken = await alpha.tokenFor(await alpha.addMember(['products.read']));
    betaToken = await beta.tokenFor(beta.owner);
    listener = await progressListener(server, ownerToken);
    for (const sku of ['MUG-1', 'TEA-1']) {
      await server.services.models.Product.create({
        uuid: randomUUID(),
        company_id: store.company_id,
        store_id: store.id,
        sku,
        title: `Product ${sku}`,
        nominal_code: null,
        barcode: null,
        price: null,
      });
    }
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const base = (target: { store: number; channel: number } = { store: store.id, channel: channel.id }) =>
    `/stores/${target.store}/channels/${target.channel}/products`;
  const listings = async () => {
    const rows = await server.services.models.ChannelProduct.findAll({
      where: { channel_id: channel.id },
      raw: true,
    });
    return new Map(rows.map((row) => [row.channel_product_id, row]));
  };
  const messageOf = async (uuid: string) =>
    (await server.services.models.Notification.findOne({ where: { link: `${base()}?transfer=${uuid}` } }))!
      .message;

  const FILE = csvOf([
    [
      'channel_product_id',
      'sku',
      'remote_sku',
      'title',
      'quantity',
      'price',
      'listing_status',
      'matched_sku',
    ],
    ['L-1', 'MUG-1', 'R-MUG', 'Mug listing', 4, '9.50', 'Live', 'MUG-1'],
    ['L-2', 'X-1', '', 'Unknown match', 1, '', 'live', 'NOPE'],
    ['L-3', 'TEA-1', '', 'Odd status', 1, '', 'Sold', ''],
    ['L-1', 'MUG-1', '', 'Again', 4, '', 'Live', ''],
    ['', 'Y', '', 'No id', 1, '', '', ''],
    ['L-5', 'TEA-1', '', 'Tea draft', -2, '', '1', ''],
  ]);

  it('imports listings with good and bad rows, and matches by the matched_sku column', async () => {
    const started = await client.upload(`${base()}/import`, ownerToken, FILE, 'listings.csv');
    expect(started.status).toBe(202);
    expect(started.body.message).toBe(SUCCESS_MESSAGES.importStarted);
    expect(started.body.data).toMatchObject({ subject: 'channel_products', channel_id: channel.id });
    const transfer = await finishedTransfer(started, listener);
    expect(transfer._event).toMatchObject({ status: 'done', rowsDone: 2, rowsFailed: 4, rowsTotal: 6 });

    const stored = await listings();
    expect(stored.get('L-1')).toMatchObject({
      sku: 'MUG-1',
      remote_sku: 'R-MUG',
      quantity: 4,
      listing_status: 4,
      matched_sku: 'MUG-1',
    });
    expect(stored.get('L-1')!.product_id).not.toBeNull();
    expect(stored.get('L-5')).toMatchObject({
      quantity: -2,
      listing_status: 1,
      product_id: null,
      matched_sku: null,
    });
    expect(stored.size).toBe(2);

    const report = await client.fetchFile(`/fileTransfers/${store.id}/${transfer.uuid}/report`, ownerToken);
    const [header, ...rows] = readCsv(report.bytes);
    expect(header).toEqual([...IMPORT_REPORT_COLUMNS]);
    expect(rows).toEqual([
      ['2', 'matched_sku', 'There is no product with this SKU in this store.'],
      ['3', 'listing_status', 'The listing status must be one of: Draft, Pending, Live.'],
      ['4', 'channel_product_id', expect.stringContaining('already in row 1')],
      ['5', 'channel_product_id', 'The channel product id field is required.'],
    ]);
    expect(await messageOf(transfer.uuid)).toBe(
      'listings.csv: 2 created, 0 updated, 0 unchanged, 4 refused.',
    );
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await listings();
    const again = await finishedTransfer(
      await client.upload(`${base()}/import`, ownerToken, FILE, 'listings-again.csv'),
      listener,
    );
    expect(await messageOf(again.uuid)).toBe(
      'listings-again.csv: 0 created, 0 updated, 2 unchanged, 4 refused.',
    );
    expect(await listings()).toEqual(before);
  });

  it('exports listings with the import columns, filtered, as CSV and XLSX, and imports the export back unchanged', async () => {
    const started = await client.call('POST', `${base()}/export/csv?matched[eq]=1`, ownerToken, {});
    expect(started.body.message).toBe(SUCCESS_MESSAGES.exportStarted);
    const matched = await finishedTransfer(started, listener);
    const file = await client.fetchFile(`/fileTransfers/${store.id}/${matched.uuid}/download`, ownerToken);
    expect(file.headers.get('content-disposition')).toContain(`channel-products-store-${store.id}-`);
    expect(readCsv(file.bytes)).toEqual([
      [...CHANNEL_PRODUCT_TRANSFER_COLUMNS],
      ['L-1', 'MUG-1', 'R-MUG', 'Mug listing', '4', '9.50', 'Live', 'MUG-1'],
    ]);

    const workbook = await finishedTransfer(
      await client.call('POST', `${base()}/export/xlsx`, ownerToken, {}),
      listener,
    );
    const bytes = (await client.fetchFile(`/fileTransfers/${store.id}/${workbook.uuid}/download`, ownerToken))
      .bytes;
    const rows = await readXlsx(bytes);
    expect(rows[0]).toEqual([...CHANNEL_PRODUCT_TRANSFER_COLUMNS]);
    // A negative figure is written as a number, never as text with a quote.
    expect(rows.find((row) => row[0] === 'L-5')).toEqual([
      'L-5',
      'TEA-1',
      undefined,
      'Tea draft',
      -2,
      undefined,
      'Draft',
    ]);

    const before = await listings();
    const back = await finishedTransfer(
      await client.upload(`${base()}/import`, ownerToken, bytes, 'listings.xlsx'),
      listener,
    );
    expect(await messageOf(back.uuid)).toBe('listings.xlsx: 0 created, 0 updated, 2 unchanged, 0 refused.');
    expect(await listings()).toEqual(before);
  });

  it('answers 404 for a channel outside the store, another kind of connection or another company, and 403 without the permission', async () => {
    const otherStoreChannel = await insertChannelRow(server.services, alpha.stores[1]!, {
      name: 'Shopify EU',
    });
    const plugin = await insertChannelRow(server.services, store, { name: 'WMS', kind: 'plugin' });
    for (const target of [
      { store: store.id, channel: otherStoreChannel.id },
      { store: store.id, channel: plugin.id },
    ]) {
      expect((await client.upload(`${base(target)}/import`, ownerToken, FILE, 'a.csv')).status).toBe(404);
      expect((await client.call('POST', `${base(target)}/export/csv`, ownerToken, {})).status).toBe(404);
    }
    expect((await client.upload(`${base()}/import`, betaToken, FILE, 'a.csv')).status).toBe(404);
    expect((await client.call('POST', `${base()}/export/csv`, betaToken, {})).status).toBe(404);
    expect((await client.upload(`${base()}/import`, readerToken, FILE, 'a.csv')).status).toBe(403);
    expect((await client.call('POST', `${base()}/export/csv`, readerToken, {})).status).toBe(202);
    expect((await client.call('POST', `${base()}/export/csv?filter=3`, ownerToken, {})).status).toBe(422);
  });
});
