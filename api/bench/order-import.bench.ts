/**
 * The order import service (`services.orderImport.importBatch`) on MySQL: batches of 500 orders
 * with 3 lines each, first fresh, then the same orders re-imported with every order changed
 * (status, total, one line's quantity). Everything the service does is included: validation, the
 * customers' upsert, the orders' upsert, lines matched to products by SKU (some lines are kits),
 * stock deducted through the ledger (the channel deducts via orders; a changed quantity takes the
 * difference), activities and the one `orders:changed` per batch. The Node CPU per batch is printed
 * too: wall time well above it means the database is the bottleneck.
 * Run with `npm run bench:orders` (part of `npm run bench`). Target: ≥ 5,000 orders/s fresh.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { NormalisedOrderInput } from '@syncdesk/contracts';
import { migrate } from '../src/db/migrate';
import { createCompany } from '../src/testing/identity-fixtures';
import { insertChannelRow } from '../src/testing/channel-fixtures';
import { createTestDatabase } from '../src/testing/test-database';
import { benchServices } from './bench-services';
import { reportFigures, type BenchFigure } from '../../scripts/bench/accepted';
import { connectionsCpu, connectionsCpuSince, databaseCpuMs, mainThreadCpuMs } from './database-cpu';

const BATCHES = Number(process.env.BENCH_BATCHES ?? 10);
/**
 * Batches imported into a store of their own before anything is measured: V8 compiles the import's
 * code during the first ten or so (≈ 180 ms of Node CPU per batch then, 50–80 ms after), and the first
 * measured run used to carry that start-up cost alone. BENCH_WARMUP=0 measures cold, as before.
 */
const WARMUP_BATCHES = Number(process.env.BENCH_WARMUP ?? 10);
const BATCH_SIZE = 500;
const LINES = 3;
const PRODUCTS = 300;
const KITS = 30;
const TARGET_FRESH = 5_000;
/** BENCH_DEDUCT=0: the same without stock deduction (to see the stock ledger's share). */
const DEDUCT = process.env.BENCH_DEDUCT !== '0';
/** Stores importing side by side in the last run (BENCH_STREAMS; 1 skips it). */
const STREAMS = Math.max(1, Number(process.env.BENCH_STREAMS ?? 2));

/** Order `index`; `buyer` names its customer (channels of one store selling to different people). */
function order(index: number, changed: boolean, buyer = 'c0-'): NormalisedOrderInput {
  return {
    remote_id: `R${index}`,
    order_number: `${100000 + index}`,
    status: changed ? 'Shipped' : 'Unshipped',
    payment_status: 'Paid',
    currency: 'GBP',
    subtotal: '30.00',
    shipping_total: '3.95',
    tax_total: '6.00',
    total: changed ? '35.95' : '33.95',
    order_date: new Date(Date.UTC(2026, 10, 1) + index * 60_000).toISOString(),
    customer: {
      name: `Customer ${index}`,
      email: `${buyer}${index}@example.test`,
      phone: null,
      remote_id: `C${index}`,
    },
    shipping_address: {
      name: `Customer ${index}`,
      line1: `${index} High St`,
      city: 'London',
      postcode: 'N1 1AA',
      country: 'GB',
    },
    invoice_address: {
      name: `Customer ${index}`,
      line1: `${index} High St`,
      city: 'London',
      postcode: 'N1 1AA',
      country: 'GB',
    },
    shipping_method: 'Royal Mail 48',
    tags: ['web'],
    lines: Array.from({ length: LINES }, (_, line) => {
      const pick = (index * LINES + line) % (PRODUCTS + KITS);
      return {
        remote_id: `R${index}-${line}`,
        sku: pick < PRODUCTS ? `P${pick}` : `K${pick - PRODUCTS}`,
        title: `Item ${pick}`,
        quantity: changed && line === 0 ? 2 : 1,
        price: '10.00',
        tax_total: '2.00',
        options: [],
      };
    }),
  };
}

/** What one batch of a single caller cost: wall time, Node's CPU (its main thread apart), the database's. */
interface BatchFigures {
  wallMs: number;
  nodeMs: number;
  mainMs: number | null;
  databaseMs: number | null;
}

/**
 * The median of each figure over the batches (on a shared machine one slow batch moves an average),
 * and the mean beside it for the threads' CPU, which /proc counts in ticks of 10 ms.
 */
function medians(figures: BatchFigures[]): string {
  const median = (values: (number | null)[]) => {
    const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
    if (known.length === 0) return 'n/a';
    const middle = known[Math.floor(known.length / 2)]!.toFixed(0);
    return values === wall
      ? middle
      : `${middle} (mean ${(known.reduce((sum, value) => sum + value, 0) / known.length).toFixed(1)})`;
  };
  const wall = figures.map((figure) => figure.wallMs);
  return (
    `median per batch (${figures.length}): wall ${median(wall)} ms, ` +
    `Node CPU ${median(figures.map((figure) => figure.nodeMs))} ms (main thread ${median(figures.map((figure) => figure.mainMs))}), ` +
    `database CPU of its connections ${median(figures.map((figure) => figure.databaseMs))} ms`
  );
}

async function main(): Promise<void> {
  const database = await createTestDatabase('mysql', 'bench_orders');
  try {
    await migrate(database.sequelize);
    let events = 0;
    const services = benchServices(database.sequelize, (event) => {
      if (event.name === 'orders:changed') events += 1;
    });
    const { models } = services;
    const company = await createCompany(services, {
      name: 'Bench',
      stores: [...Array.from({ length: STREAMS }, (_, index) => `Bench store ${index + 1}`), 'Bench warm-up'],
    });
    const now = new Date();

    /** A store with the bench's catalogue (products, kits of two components) and one channel. */
    const catalogue = async (store: (typeof company.stores)[number]) => {
      const owned = { company_id: store.company_id, store_id: store.id };
      const products = await models.Product.bulkCreate(
        Array.from({ length: PRODUCTS }, (_, index) => ({
          ...owned,
          uuid: randomUUID(),
          sku: `P${index}`,
          title: `Product ${index}`,
          type: 'product' as const,
          quantity: 1_000_000,
          price: '10.00',
          nominal_code: null,
          barcode: null,
          created_at: now,
          updated_at: now,
        })),
      );
      const kits = await models.Product.bulkCreate(
        Array.from({ length: KITS }, (_, index) => ({
          ...owned,
          uuid: randomUUID(),
          sku: `K${index}`,
          title: `Kit ${index}`,
          type: 'kit' as const,
          quantity: 0,
          price: '25.00',
          nominal_code: null,
          barcode: null,
          created_at: now,
          updated_at: now,
        })),
      );
      await models.KitItem.bulkCreate(
        kits.flatMap((kit, index) =>
          [0, 1].map((part) => {
            const component = products[(index * 2 + part) % PRODUCTS]!;
            return {
              kit_product_id: kit.id,
              component_product_id: component.id,
              sku: component.sku,
              product_nominal_code: null,
              quantity: part + 1,
              created_at: now,
              updated_at: now,
            };
          }),
        ),
      );
      return insertChannelRow(services, store, { settings: { deduct_stock_via_orders: DEDUCT } });
    };
    const channels: Awaited<ReturnType<typeof catalogue>>[] = [];
    for (const store of company.stores.slice(0, STREAMS)) channels.push(await catalogue(store));
    const warmUpChannel = await catalogue(company.stores[STREAMS]!);

    const batchReadings = async () => ({
      cpu: process.cpuUsage(),
      main: mainThreadCpuMs(),
      connections: await connectionsCpu(database.sequelize),
    });
    const batchFiguresSince = async (
      before: Awaited<ReturnType<typeof batchReadings>>,
      wallMs: number,
    ): Promise<BatchFigures> => {
      const used = process.cpuUsage(before.cpu);
      const main = mainThreadCpuMs();
      return {
        wallMs,
        nodeMs: (used.user + used.system) / 1000,
        mainMs: main === null || before.main === null ? null : main - before.main,
        databaseMs: await connectionsCpuSince(database.sequelize, before.connections),
      };
    };

    /** The first `streams` of `of` (channels) import their batches at the same time. */
    const run = async (
      label: string,
      changed: boolean,
      streams: number,
      offset = 0,
      of = channels,
      batchCount = BATCHES,
    ) => {
      let orders = 0;
      const cpu = process.cpuUsage();
      const databaseBefore = databaseCpuMs();
      const connectionsBefore = await connectionsCpu(database.sequelize);
      const mainBefore = mainThreadCpuMs();
      const started = performance.now();
      /** One caller: each batch measured alone (its readings taken outside its wall time). */
      const batchFigures: BatchFigures[] = [];
      let readingMs = 0;
      await Promise.all(
        of.slice(0, streams).map(async (channel, position) => {
          for (let batch = 0; batch < batchCount; batch += 1) {
            const input = Array.from({ length: BATCH_SIZE }, (_, index) =>
              order(offset + batch * BATCH_SIZE + index, changed, `c${position}-`),
            );
            const readingStarted = performance.now();
            const before = streams === 1 ? await batchReadings() : null;
            const batchStarted = performance.now();
            readingMs += batchStarted - readingStarted;
            const result = await services.orderImport.importBatch(channel.id, input, { source: 'Bench' });
            const batchEnded = performance.now();
            if (before) batchFigures.push(await batchFiguresSince(before, batchEnded - batchStarted));
            readingMs += performance.now() - batchEnded;
            const expected = changed ? result.updated : result.created;
            if (expected !== BATCH_SIZE)
              throw new Error(`${label}: expected ${BATCH_SIZE}, got ${JSON.stringify(result)}`);
            orders += BATCH_SIZE;
          }
        }),
      );
      const seconds = (performance.now() - started - readingMs) / 1000;
      const rate = Math.round(orders / seconds);
      const batches = orders / BATCH_SIZE;
      const used = process.cpuUsage(cpu);
      const mainAfter = mainThreadCpuMs();
      const databaseAfter = databaseCpuMs();
      const connections = await connectionsCpuSince(database.sequelize, connectionsBefore);
      const perBatch = (ms: number) => (ms / batches).toFixed(0);
      // On a shared machine the server's CPU is everyone's: its threads serving this bench's
      // connections are this bench's own share, and Node's main thread apart from its GC threads.
      const main =
        mainBefore === null || mainAfter === null ? '' : ` (main thread ${perBatch(mainAfter - mainBefore)})`;
      const server =
        (databaseBefore === null || databaseAfter === null
          ? ''
          : `, database CPU ${perBatch(databaseAfter - databaseBefore)} ms`) +
        (connections === null ? '' : ` (its connections ${perBatch(connections)})`);
      console.log(
        `${label}: ${orders} orders in ${seconds.toFixed(2)} s → ${rate} orders/s (${((seconds * 1000) / batches).toFixed(0)} ms of wall time per batch of ${BATCH_SIZE}; per batch Node CPU ${((used.user + used.system) / 1000 / batches).toFixed(0)} ms${main}${server}); load ${loadavg()[0]!.toFixed(1)}`,
      );
      if (batchFigures.length > 0) console.log(`  ${medians(batchFigures)}`);
      return rate;
    };

    console.log(
      `Order import: ${BATCHES} batches × ${BATCH_SIZE} orders × ${LINES} lines, MySQL, stock deduction ${DEDUCT ? 'on' : 'OFF'}, ${WARMUP_BATCHES} warm-up batches.`,
    );
    if (WARMUP_BATCHES > 0)
      await run(
        'warm-up, not measured (a store of its own)',
        false,
        1,
        5_000_000,
        [warmUpChannel],
        WARMUP_BATCHES,
      );
    events = 0;
    const fresh = await run('one import at a time, fresh', false, 1);
    // BENCH_FRESH_ONLY=1: stop after the fresh run (profiling it alone).
    if (process.env.BENCH_FRESH_ONLY === '1') return;
    const changed = await run('one import at a time, every order changed', true, 1);
    const unchangedStarted = performance.now();
    for (let batch = 0; batch < BATCHES; batch += 1) {
      const input = Array.from({ length: BATCH_SIZE }, (_, index) => order(batch * BATCH_SIZE + index, true));
      await services.orderImport.importBatch(channels[0]!.id, input);
    }
    const unchanged = Math.round((BATCHES * BATCH_SIZE) / ((performance.now() - unchangedStarted) / 1000));
    console.log(`one import at a time, re-imported unchanged: ${unchanged} orders/s`);
    console.log(`orders:changed events: ${events} (expected ${BATCHES * 2})`);
    const figures: BenchFigure[] = [
      { name: 'orders.import.fresh.orders-per-s', value: fresh, unit: 'orders/s', higherIsBetter: true },
      { name: 'orders.import.changed.orders-per-s', value: changed, unit: 'orders/s', higherIsBetter: true },
      {
        name: 'orders.import.unchanged.orders-per-s',
        value: unchanged,
        unit: 'orders/s',
        higherIsBetter: true,
      },
    ];
    console.log(
      `Target ≥ ${TARGET_FRESH} orders/s fresh, one import at a time: ${fresh >= TARGET_FRESH ? 'met' : 'NOT met'} (changed: ${changed} orders/s)`,
    );
    if (STREAMS > 1) {
      // As the worker runs them: get_orders jobs of different stores import side by side
      // (concurrency 5 per worker). The other stores' orders are all new here.
      const together = await run(`${STREAMS} stores importing at once, fresh`, false, STREAMS, 1_000_000);
      console.log(
        `Target ≥ ${TARGET_FRESH} orders/s fresh, ${STREAMS} stores at once: ${together >= TARGET_FRESH ? 'met' : 'NOT met'}`,
      );
      // Channels of ONE store at once (its marketplace and its shop): they share the store's
      // products (stock locks) and order counters, so they mostly take turns.
      const sameStore = [channels[0]!];
      for (let index = 1; index < STREAMS; index += 1)
        sameStore.push(
          await insertChannelRow(services, company.stores[0]!, {
            settings: { deduct_stock_via_orders: DEDUCT },
          }),
        );
      const oneStore = await run(
        `${STREAMS} channels of one store at once, fresh`,
        false,
        STREAMS,
        2_000_000,
        sameStore,
      );
      figures.push(
        {
          name: 'orders.import.stores-at-once.orders-per-s',
          value: together,
          unit: 'orders/s',
          higherIsBetter: true,
        },
        {
          name: 'orders.import.channels-of-one-store.orders-per-s',
          value: oneStore,
          unit: 'orders/s',
          higherIsBetter: true,
        },
      );
    }
    reportFigures('orders', figures);
  } finally {
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
