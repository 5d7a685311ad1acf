/**
 * The catalogue's batch writes, as an import calls them: `products.upsertMany` in batches of 1,000
 * rows (new products with their opening stock, then the same file again, then a file that changes
 * every title and figure), and `stock.apply` with 1,000 deltas per call. Rows per second of the
 * service alone, without file parsing (the import benchmark measures that end to end). On MySQL,
 * in a database of its own. Run with `npx tsx api/bench/product-batch.bench.ts`.
 * Target: well above 5,000 rows/s, the import's end-to-end target.
 */
import { performance } from 'node:perf_hooks';
import { migrate } from '../src/db/migrate';
import type { ProductUpsertRow } from '../src/modules/products/product-batch.types';
import { createCompany } from '../src/testing/identity-fixtures';
import { createTestDatabase } from '../src/testing/test-database';
import { benchServices } from './bench-services';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const BATCH = 1000;

async function main(): Promise<void> {
  const database = await createTestDatabase('mysql', 'bench_batch');
  try {
    await migrate(database.sequelize);
    const services = benchServices(database.sequelize);
    const company = await createCompany(services, { name: 'Bench', stores: ['Bench store'] });
    const store = company.stores[0]!;
    const scope = await services.scopes.resolve(await company.tokenFor(company.owner), {
      clientIp: '127.0.0.1',
      via: 'web',
    });

    const file = (version: number): ProductUpsertRow[] =>
      Array.from({ length: ROWS }, (_, index) => ({
        sku: `BENCH-${String(index).padStart(6, '0')}`,
        title: `Bench product ${index} v${version}`,
        type: 'product',
        quantity: (index % 50) + version,
        price: `${(index % 90) + 9}.99`,
        barcode: String(5_000_000_000_000 + index),
      }));

    async function run(label: string, rows: ProductUpsertRow[], sourceRef: string) {
      const started = performance.now();
      const counts: Record<string, number> = {};
      for (let start = 0; start < rows.length; start += BATCH) {
        const results = await services.products.upsertMany(
          scope,
          store.id,
          rows.slice(start, start + BATCH),
          {
            reason: 'import',
            sourceRef,
          },
        );
        for (const result of results) counts[result.status] = (counts[result.status] ?? 0) + 1;
      }
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `${label.padEnd(34)} ${String(rows.length).padStart(7)} rows in ${seconds.toFixed(2)} s = ${Math.round(rows.length / seconds)} rows/s  ${JSON.stringify(counts)}`,
      );
    }

    await run('upsertMany: new products', file(1), 'bench-file-1');
    await run('upsertMany: same file again', file(1), 'bench-file-1');
    await run('upsertMany: every row changed', file(2), 'bench-file-2');

    const ids = (
      await services.models.Product.findAll({ where: { store_id: store.id }, attributes: ['id'], raw: true })
    ).map((row) => row.id);
    const started = performance.now();
    for (let start = 0; start < ids.length; start += BATCH) {
      await services.stock.apply(
        null,
        store.id,
        ids.slice(start, start + BATCH).map((productId) => ({ productId, delta: -1, reason: 'order' })),
        { via: 'order' },
      );
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${'stock.apply: 1,000 deltas a call'.padEnd(34)} ${String(ids.length).padStart(7)} rows in ${seconds.toFixed(2)} s = ${Math.round(ids.length / seconds)} rows/s`,
    );
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
