/**
 * The stock fan-out: one component used by 1,000 kits, each kit listed on 5 sales channels (5,000
 * listings). Measured: from a stock change of the component (`services.stock.apply`) until every
 * affected listing's target is recomputed (and marked for a push) and `stock:changed` is published.
 * Every run moves every kit's availability, so all 5,000 listings are re-marked each time (the
 * worst case). On MySQL, in a database of its own. Run with `npm run bench:stock` (part of
 * `npm run bench`). Target: under 500 ms.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Op } from 'sequelize';
import type { RealtimeEvent } from '@syncdesk/contracts';
import { migrate } from '../src/db/migrate';
import { createCompany } from '../src/testing/identity-fixtures';
import { createTestDatabase } from '../src/testing/test-database';
import { benchServices } from './bench-services';
import { reportFigures } from '../../scripts/bench/accepted';

const KITS = Number(process.env.BENCH_KITS ?? 1000);
const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARM_UP_RUNS = 2;
const TARGET_MS = 500;
const SYNCED = 2;
const INVENTORY_LEVEL_PENDING = 4;

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const database = await createTestDatabase('mysql', 'bench_stock');
  try {
    await migrate(database.sequelize);
    let published: ((event: RealtimeEvent) => void) | null = null;
    const services = benchServices(database.sequelize, (event) => published?.(event));
    const { models } = services;
    const company = await createCompany(services, { name: 'Bench', stores: ['Bench store'] });
    const store = company.stores[0]!;
    const owned = { company_id: store.company_id, store_id: store.id };

    console.log(`Setting up: 1 component, ${KITS} kits, ${CHANNELS} channels, ${KITS * CHANNELS} listings…`);
    const component = await models.Product.create({
      ...owned,
      uuid: randomUUID(),
      sku: 'COMPONENT',
      title: 'The shared component',
      quantity: 1000,
      nominal_code: null,
      barcode: null,
      price: null,
    });
    await models.Product.bulkCreate(
      Array.from({ length: KITS }, (_, index) => ({
        ...owned,
        uuid: randomUUID(),
        sku: `KIT-${index}`,
        title: `Kit ${index}`,
        type: 'kit' as const,
        nominal_code: null,
        barcode: null,
        price: null,
      })),
    );
    const kits = await models.Product.findAll({
      where: { store_id: store.id, type: 'kit' },
      attributes: ['id'],
      raw: true,
    });
    // 1 to 5 units per kit: a change of 10 moves every kit's availability.
    await models.KitItem.bulkCreate(
      kits.map((kit, index) => ({
        kit_product_id: kit.id,
        component_product_id: component.id,
        sku: 'COMPONENT',
        product_nominal_code: null,
        quantity: (index % 5) + 1,
      })),
    );
    const settings = {
      auto_sync_stock: true,
      use_low_stock_buffer: true,
      low_stock_buffer: 2,
      use_max_stock_level: true,
      max_stock_level: 1_000_000,
    };
    for (let channelIndex = 0; channelIndex < CHANNELS; channelIndex += 1) {
      const channel = await models.Channel.create({
        ...owned,
        uuid: randomUUID(),
        kind: 'channel',
        type: 'shopify',
        name: `Channel ${channelIndex}`,
        account_nominal_code: null,
        api_version: null,
        settings,
        credentials: null,
        authorized_at: null,
        token_expires_at: null,
      });
      await models.ChannelProduct.bulkCreate(
        kits.map((kit) => ({
          ...owned,
          uuid: randomUUID(),
          channel_id: channel.id,
          channel_product_id: `LISTING-${kit.id}`,
          sku: null,
          remote_sku: null,
          title: null,
          quantity: null,
          price: null,
          product_id: kit.id,
          matched_sku: null,
          sync_status: SYNCED,
        })),
      );
    }

    const timings: number[] = [];
    for (let run = 0; run < WARM_UP_RUNS + RUNS; run += 1) {
      await models.ChannelProduct.update({ sync_status: SYNCED }, { where: { store_id: store.id } });
      let publishedAt = 0;
      published = (event) => {
        if (event.name === 'stock:changed') publishedAt = performance.now();
      };
      const started = performance.now();
      await services.stock.apply(null, store.id, [
        { productId: component.id, delta: 10, reason: 'correction', sourceRef: `bench-${run}` },
      ]);
      published = null;
      if (publishedAt === 0) throw new Error('stock:changed was not published');
      const marked = await models.ChannelProduct.count({
        where: { store_id: store.id, sync_status: INVENTORY_LEVEL_PENDING, product_id: { [Op.ne]: null } },
      });
      if (marked !== KITS * CHANNELS)
        throw new Error(`run ${run}: ${marked} listings marked, not ${KITS * CHANNELS}`);
      if (run >= WARM_UP_RUNS) timings.push(publishedAt - started);
    }

    const sorted = [...timings].sort((a, b) => a - b);
    const median = percentile(sorted, 0.5);
    const p95 = percentile(sorted, 0.95);
    console.log(
      `Stock fan-out on MySQL (${KITS} kits × ${CHANNELS} channels = ${KITS * CHANNELS} listings, ${RUNS} runs):`,
    );
    console.log(
      `  median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
    );
    console.log(`  target < ${TARGET_MS} ms: ${p95 < TARGET_MS ? 'met' : 'NOT met'} (p95)`);
    reportFigures('stock', [
      { name: 'stock.fan-out-5000-listings.median-ms', value: median, unit: 'ms', higherIsBetter: false },
      { name: 'stock.fan-out-5000-listings.p95-ms', value: p95, unit: 'ms', higherIsBetter: false },
    ]);
  } finally {
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
