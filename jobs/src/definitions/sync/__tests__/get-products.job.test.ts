import { randomUUID } from 'node:crypto';
import { CHANNEL_PRODUCT_SYNC_STATUS, type RealtimeEvent } from '@syncdesk/contracts';
import { writeChannelCredentials, type Services, type Store } from '@syncdesk/api';
import {
  createCompany,
  createTestDatabase,
  type CompanyFixture,
  type TestDatabase,
} from '@syncdesk/api/testing';
import { memoryRecorder, startMiraklSimulator, type MiraklSimulator } from '@syncdesk/integrations';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { createSyncRuntime } from '../../../sync/sync-runtime';
import type { JobContext } from '../../job-definition';
import { getProductsJob } from '../get-products.job';

const silent = { info: () => undefined, error: () => undefined };
const UNMATCHED = CHANNEL_PRODUCT_SYNC_STATUS.byKey('unmatched').value;

/**
 * channels.get_products end to end: the Mirakl simulator's asynchronous offer export over HTTP,
 * the real flow on SQLite. The first run asks for the export and is re-queued (Mirakl prepares it);
 * the next runs read one chunk per page. No worker runs in this process: the test runs the job.
 */
describe('channels.get_products against the Mirakl simulator (sqlite)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let simulator: MiraklSimulator;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  const recorder = memoryRecorder();
  let queued: { name: string; data: unknown; at: Date | null }[] = [];
  let events: RealtimeEvent[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'get_products');
    server = await startTestProcess(database.url, { APP_ROLE: 'api' });
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['A1', 'A2', 'A3', 'A4', 'A5'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['B1'] });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    // Three offers per chunk, so a catalogue of seven is three pages; OF53 answered at once.
    simulator = await startMiraklSimulator({
      host: '127.0.0.1',
      port: 0,
      skus: ['MUG-1', 'LID-1'],
      initialStock: { 'MUG-1': 4, 'LID-1': 0 },
      offerExportMs: 0,
      exportStatusWindowMs: 0,
      fullExportWindowMs: 0,
      offersPerChunkCap: 3,
    });
    simulator.state.addOffer('CUP-1', { quantity: 7, title: 'Blue cup', price: 12.5 });
    for (let index = 0; index < 4; index += 1) simulator.state.addOffer(`PLATE-${index}`, { quantity: 2 });
    queued = [];
    events = [];
  });
  afterEach(() => simulator?.close());

  const services = () => server.services;
  /** The real services, with the job queue and live events watched as they pass through. */
  const contextOf = (): JobContext => {
    const real = services();
    const jobs: Services['jobs'] = {
      async enqueue(name, data) {
        queued.push({ name, data, at: null });
        await real.jobs.enqueue(name, data);
      },
      async enqueueAt(name, data, when) {
        queued.push({ name, data, at: when });
        await real.jobs.enqueueAt(name, data, when);
      },
    };
    return {
      services: {
        ...real,
        jobs,
        publish: (event) => {
          events.push(event);
          real.publish(event);
        },
      },
      logger: silent,
      sync: createSyncRuntime({ services: real, recorder, allowedOrigins: [new URL(simulator.url).origin] }),
    };
  };

  async function miraklChannel(store: Store, settings: Record<string, unknown> = {}) {
    const uuid = randomUUID();
    return services().models.Channel.create({
      uuid,
      company_id: store.company_id,
      store_id: store.id,
      kind: 'channel',
      type: 'mirakl-decathlon',
      name: `Decathlon ${uuid.slice(0, 6)}`,
      is_active: true,
      account_nominal_code: null,
      api_version: null,
      settings: { shop_url: simulator.url, download_products: true, ...settings },
      credentials: writeChannelCredentials(
        services().credentials,
        { uuid },
        { api_key: simulator.state.apiKey },
      ),
      authorized_at: null,
      token_expires_at: null,
    });
  }

  const product = (store: Store, sku: string, quantity = 10) =>
    services().models.Product.create({
      uuid: randomUUID(),
      company_id: store.company_id,
      store_id: store.id,
      sku,
      title: sku,
      quantity,
      nominal_code: null,
      barcode: null,
      price: null,
    });

  const listingsOf = (channelId: number) =>
    services().models.ChannelProduct.findAll({
      where: { channel_id: channelId },
      order: [['sku', 'ASC']],
      raw: true,
    });
  const notices = (channelId: number) =>
    services()
      .models.TransactionRecord.findAll({
        where: { channel_id: channelId, type: 'get_products', method: '' },
        raw: true,
      })
      .then((rows) => rows.map((row) => row.message));
  const exportRequests = () =>
    simulator.state
      .calls()
      .filter((call) => call.method === 'POST' && call.path.startsWith('/api/offers/export/async'));
  const chunkReads = () =>
    simulator.state.calls().filter((call) => call.path.startsWith('/files/offers-export/'));
  const run = (channelId: number, extra: { restart?: boolean; resume?: boolean } = {}) =>
    getProductsJob.handler({ channelId, ...extra }, contextOf());

  it('asks for the export, comes back later instead of waiting, then stores every offer once; a re-run adds nothing', async () => {
    const store = alpha.stores[0]!;
    const mug = await product(store, 'MUG-1');
    await product(store, 'CUP-1');
    const channel = await miraklChannel(store);

    await run(channel.id);
    // Mirakl is preparing the export: nothing stored yet, the job queued itself a minute later.
    expect(await listingsOf(channel.id)).toEqual([]);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ name: 'channels.get_products', data: { channelId: channel.id } });
    expect(queued[0]!.at!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(
      events.filter((event) => event.name === 'products:download').map((event) => event.payload),
    ).toEqual([expect.objectContaining({ status: 'waiting', listings: 0 })]);

    await run(channel.id);
    const listings = await listingsOf(channel.id);
    expect(listings.map((row) => row.sku)).toEqual([
      'CUP-1',
      'LID-1',
      'MUG-1',
      'PLATE-0',
      'PLATE-1',
      'PLATE-2',
      'PLATE-3',
    ]);
    const mugListing = listings.find((row) => row.sku === 'MUG-1')!;
    expect(mugListing).toMatchObject({
      product_id: mug.id,
      matched_sku: 'MUG-1',
      quantity: 4,
      parent_remote_id: 'PRD-MUG-1',
    });
    const cup = listings.find((row) => row.sku === 'CUP-1')!;
    expect(cup).toMatchObject({ title: 'Blue cup', currency: 'EUR' });
    expect(Number(cup.price)).toBe(12.5);
    // Unknown SKUs stay visible, unmatched and out of the stock push.
    const plates = listings.filter((row) => row.sku!.startsWith('PLATE-') || row.sku === 'LID-1');
    expect(plates.every((row) => row.product_id === null && row.sync_status === UNMATCHED)).toBe(true);
    expect(mugListing.sync_status).not.toBe(UNMATCHED);
    expect(await notices(channel.id)).toEqual(['7 listings downloaded, 2 matched, 0 new products']);
    const progress = events
      .filter((event) => event.name === 'products:download')
      .map((event) => event.payload);
    expect(progress.map((payload) => (payload as { status: string }).status)).toEqual([
      'waiting',
      'running',
      'running',
      'running',
      'done',
    ]);
    // Every call of the download is a transaction record of get_products.
    expect(recorder.records.filter((record) => record.type === 'get_products').length).toBe(
      simulator.state.calls().length,
    );

    // Again: the same listings, no duplicate, ids kept.
    const before = listings.map((row) => row.id);
    queued = [];
    await run(channel.id);
    await run(channel.id);
    const after = await listingsOf(channel.id);
    expect(after.map((row) => row.id)).toEqual(before);
    expect(await notices(channel.id)).toHaveLength(2);
  });

  it('resumes after the last stored page when a run fails midway, without asking for a new export', async () => {
    const store = alpha.stores[1]!;
    const channel = await miraklChannel(store);
    await run(channel.id);
    // The second chunk fails (Mirakl down) past the transport's retries: the run stops there.
    simulator.state.addFault({ status: 503, count: 10, path: '/files/offers-export/[^/]+/2\\.json' });
    await run(channel.id);
    expect(await listingsOf(channel.id)).toHaveLength(3);
    const state = await services().models.ChannelSyncState.findByPk(channel.id);
    expect(state?.products_download_started_at).toBeInstanceOf(Date);
    expect(state?.products_cursor).toContain('"index":1');

    simulator.state.clearFaults();
    const readsBefore = chunkReads().length;
    await run(channel.id);
    expect(exportRequests()).toHaveLength(1);
    // Chunk 1 is not read again: the run began at chunk 2.
    expect(
      chunkReads()
        .slice(readsBefore)
        .map((call) => call.path.split('/').pop()),
    ).toEqual(['2.json', '3.json']);
    expect(await listingsOf(channel.id)).toHaveLength(7);
    expect(await notices(channel.id)).toEqual(['7 listings downloaded, 0 matched, 0 new products']);
    expect(
      (await services().models.ChannelSyncState.findByPk(channel.id))?.products_download_started_at,
    ).toBeNull();
  });

  it('two runs at once ask Mirakl for one export; a re-queued run has nothing to do once the download is done', async () => {
    const store = alpha.stores[3]!;
    const channel = await miraklChannel(store);
    await Promise.all([run(channel.id), run(channel.id)]);
    expect(exportRequests()).toHaveLength(1);
    // Whichever run waited re-queued a resume; running it (and once more) finishes the download.
    expect(queued.every((job) => (job.data as { resume?: boolean }).resume === true)).toBe(true);
    await run(channel.id, { resume: true });
    await run(channel.id, { resume: true });
    expect(await listingsOf(channel.id)).toHaveLength(7);

    const calls = simulator.state.calls().length;
    await run(channel.id, { resume: true });
    expect(simulator.state.calls()).toHaveLength(calls);
    expect(exportRequests()).toHaveLength(1);
  });

  it('an export Mirakl could not make is not polled again: the next download asks for a new one', async () => {
    const store = alpha.stores[1]!;
    const channel = await miraklChannel(store);
    simulator.state.failOfferExports({ code: 'EXPORT_ERROR', detail: 'Internal export error' });
    await run(channel.id);
    await run(channel.id);
    const state = await services().models.ChannelSyncState.findByPk(channel.id);
    expect(state).toMatchObject({ products_download_started_at: null, products_cursor: null });
    expect(state?.last_error).toContain('Mirakl could not export the offers: Internal export error');
    expect(events.map((event) => event.name === 'products:download' && event.payload.status)).toContain(
      'failed',
    );

    simulator.state.failOfferExports(null);
    await run(channel.id);
    await run(channel.id);
    expect(exportRequests()).toHaveLength(2);
    expect(await listingsOf(channel.id)).toHaveLength(7);
  });

  it('add_to_products creates products for unknown SKUs; set_initial_stock_levels starts only those at the channel figure', async () => {
    const store = alpha.stores[2]!;
    // Stock we hold: the channel says 4, we keep our 10.
    const mug = await product(store, 'MUG-1', 10);
    const channel = await miraklChannel(store, { add_to_products: true, set_initial_stock_levels: true });
    await run(channel.id);
    await run(channel.id);

    const products = await services().models.Product.findAll({ where: { store_id: store.id }, raw: true });
    const quantityOf = (sku: string) => products.find((row) => row.sku === sku)?.quantity;
    expect(products).toHaveLength(7);
    expect(quantityOf('MUG-1')).toBe(10);
    expect(quantityOf('CUP-1')).toBe(7);
    expect(quantityOf('LID-1')).toBe(0);
    expect(quantityOf('PLATE-2')).toBe(2);
    expect(products.find((row) => row.sku === 'CUP-1')?.title).toBe('Blue cup');
    expect((await listingsOf(channel.id)).every((row) => row.product_id !== null)).toBe(true);
    expect((await services().models.Product.findByPk(mug.id))?.quantity).toBe(10);
    expect(await notices(channel.id)).toEqual(['7 listings downloaded, 7 matched, 6 new products']);
  });

  it('with auto_match_product off, nothing is matched, even a SKU we hold', async () => {
    const store = alpha.stores[3]!;
    await product(store, 'MUG-1');
    const channel = await miraklChannel(store, { auto_match_product: false, add_to_products: true });
    await run(channel.id);
    await run(channel.id);
    const listings = await listingsOf(channel.id);
    expect(listings).toHaveLength(7);
    expect(listings.every((row) => row.product_id === null)).toBe(true);
    expect(await services().models.Product.count({ where: { store_id: store.id } })).toBe(1);
  });

  it('touches no other company: its listings of the same offers and its products of the same SKUs stay as they were', async () => {
    const theirs = beta.stores[0]!;
    const theirMug = await product(theirs, 'MUG-1', 3);
    const theirChannel = await miraklChannel(theirs);
    await run(theirChannel.id);
    await run(theirChannel.id);
    const theirListings = await listingsOf(theirChannel.id);

    const ours = alpha.stores[4]!;
    const channel = await miraklChannel(ours, { add_to_products: true, set_initial_stock_levels: true });
    await run(channel.id);
    await run(channel.id);

    expect(await listingsOf(theirChannel.id)).toEqual(theirListings);
    expect(theirListings.find((row) => row.sku === 'MUG-1')?.product_id).toBe(theirMug.id);
    const ourMug = (await listingsOf(channel.id)).find((row) => row.sku === 'MUG-1')!;
    expect(ourMug.product_id).not.toBe(theirMug.id);
    expect((await services().models.Product.findByPk(theirMug.id))?.quantity).toBe(3);
    expect(await services().models.Product.count({ where: { store_id: theirs.id } })).toBe(1);
  });
});
