/**
 * A channel's first product download of BENCH_LISTINGS listings (default 50,000) end to end: the
 * Mirakl simulator (in a process of its own) exports its offers in chunks of 10,000, and
 * `channels.get_products` stores them in this process against a throw-away database (SQLite by
 * default, BENCH_DIALECT=mysql for MySQL), as the worker runs it: half the SKUs are products of
 * the store already (matched), the other half become products (add_to_products, with initial
 * stock). Figures: seconds, listings/s and this process's peak RSS (the worker's memory; target
 * ≤ 300 MB). Run with `npm run bench:products`.
 */
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Op } from 'sequelize';
import {
  createLogger,
  createServices,
  createTokenService,
  migrate,
  writeChannelCredentials,
  type DatabaseDialect,
} from '@syncdesk/api';
import { createCompany, createTestDatabase } from '@syncdesk/api/testing';
import { reportFigures } from '../../scripts/bench/accepted';
import { getProductsJob } from '../src/definitions/sync/get-products.job';
import { createSyncRuntime } from '../src/sync/sync-runtime';
import type { SimulatorMessage } from './product-download.bench-simulator';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 50_000);
const DIALECT = (process.env.BENCH_DIALECT ?? 'sqlite') as DatabaseDialect;
const RSS_TARGET_MB = 300;

async function main(): Promise<void> {
  const child = fork(path.join(__dirname, 'product-download.bench-simulator.ts'), [], {
    env: { ...process.env, BENCH_LISTINGS: String(LISTINGS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const simulator = await new Promise<SimulatorMessage>((resolve, reject) => {
    child.once('message', (message: SimulatorMessage) => resolve(message));
    child.once('exit', (code) => reject(new Error(`the simulator process stopped (${code})`)));
  });
  const database = await createTestDatabase(DIALECT, 'bench_product_download');
  const logger = createLogger(process.env.BENCH_LOG_LEVEL ?? 'silent');
  const secret = randomBytes(32).toString('hex');
  try {
    await migrate(database.sequelize);
    const services = createServices({
      sequelize: database.sequelize,
      publish: () => undefined,
      // The run is driven here: a "still running" page's re-queue is not needed (the export is ready).
      jobs: { enqueue: async () => undefined, enqueueAt: async () => undefined },
      jobStore: { backend: 'none', worker: () => 'running', ping: async () => undefined },
      tokens: createTokenService(secret),
      logger,
      credentialsKey: secret,
      oauth: { stateSecret: secret },
      appUrl: 'http://localhost',
      planManageUrl: 'http://localhost/plan',
    });
    const company = await createCompany(services, { name: 'Bench', stores: ['Bench store'] });
    const store = company.stores[0]!;
    const now = new Date();
    for (let start = 0; start < LISTINGS; start += 2 * 1000) {
      const rows = [];
      for (let index = start; index < Math.min(LISTINGS, start + 2 * 1000); index += 2) {
        const sku = `BENCH-${String(index).padStart(6, '0')}`;
        rows.push({
          company_id: store.company_id,
          store_id: store.id,
          uuid: randomUUID(),
          sku,
          title: sku,
          type: 'product' as const,
          quantity: 100,
          price: '10.00',
          nominal_code: null,
          barcode: null,
          created_at: now,
          updated_at: now,
        });
      }
      await services.models.Product.bulkCreate(rows);
    }
    const uuid = randomUUID();
    const channel = await services.models.Channel.create({
      uuid,
      company_id: store.company_id,
      store_id: store.id,
      kind: 'channel',
      type: 'mirakl-decathlon',
      name: 'Decathlon bench',
      is_active: true,
      account_nominal_code: null,
      api_version: null,
      settings: {
        shop_url: simulator.url,
        download_products: true,
        add_to_products: true,
        set_initial_stock_levels: true,
      },
      credentials: writeChannelCredentials(services.credentials, { uuid }, { api_key: simulator.apiKey }),
      authorized_at: now,
      token_expires_at: null,
    });
    const context = {
      services,
      logger: { info: () => undefined, error: () => undefined },
      sync: createSyncRuntime({
        services,
        recorder: services.transactionRecords.recorder,
        allowedOrigins: [new URL(simulator.url).origin],
      }),
    };

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 25);
    const started = performance.now();
    // The first run asks for the export and is told it is being prepared; the next one reads it.
    let runs = 0;
    for (;;) {
      runs += 1;
      await getProductsJob.handler({ channelId: channel.id }, context);
      const state = await services.models.ChannelSyncState.findByPk(channel.id);
      if (state?.products_downloaded_at) break;
      if (runs > 5) throw new Error('the download did not finish');
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const stored = await services.models.ChannelProduct.count({ where: { channel_id: channel.id } });
    const matched = await services.models.ChannelProduct.count({
      where: { channel_id: channel.id, product_id: { [Op.ne]: null } },
    });
    if (stored !== LISTINGS) throw new Error(`${stored} of ${LISTINGS} listings stored`);
    const peakMb = peakRss / 1024 / 1024;
    console.log(
      `\n${DIALECT}: ${LISTINGS} listings (half matched, half new products) in ${seconds.toFixed(1)} s ` +
        `(${Math.round(LISTINGS / seconds)} listings/s, ${runs} runs); peak RSS ${peakMb.toFixed(0)} MB ` +
        `(${(rssBefore / 1024 / 1024).toFixed(0)} MB before; target ≤ ${RSS_TARGET_MB} MB: ` +
        `${peakMb <= RSS_TARGET_MB ? 'met' : 'NOT met'}); ${matched} matched rows counted.`,
    );
    await services.transactionRecords.recorder.close().catch(() => undefined);
    reportFigures('products', [
      {
        name: `products.${DIALECT}.download-${LISTINGS}.listings-per-s`,
        value: LISTINGS / seconds,
        unit: 'listings/s',
        higherIsBetter: true,
      },
      {
        name: `products.${DIALECT}.download-${LISTINGS}.peak-rss-mb`,
        value: peakMb,
        unit: 'MB',
        higherIsBetter: false,
      },
    ]);
  } finally {
    child.send({ type: 'stop' });
    await database.drop();
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
