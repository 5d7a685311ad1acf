/**
 * Rules on import (`npm run bench:rules`, part of `npm run bench`): fresh orders through
 * `services.orderImport.importBatch` on MySQL (as bench:orders) with 0, 10 and 100 active rules
 * listening to "order imported" — conditions on the shipping country, a SKU and a tag, each rule
 * matching ~10 % of the orders (add a tag, set a method, set an order type). Then a backfill of
 * 100,000 orders (BENCH_BACKFILL) with one rule, through the same runner the `rules.run` job uses.
 * Target (issue 12): 100 rules cost less than half of the import throughput. Each count is
 * measured BENCH_ROUNDS times (3), interleaved, after a warm-up; the medians are compared.
 */
import { performance } from 'node:perf_hooks';
import type { NormalisedOrderInput, RuleAction, RuleCondition } from '@syncdesk/contracts';
import { migrate } from '../src/db/migrate';
import type { Services } from '../src/services';
import { createCompany } from '../src/testing/identity-fixtures';
import { insertChannelRow } from '../src/testing/channel-fixtures';
import { createTestDatabase } from '../src/testing/test-database';
import { benchServices } from './bench-services';
import { reportFigures, type BenchFigure } from '../../scripts/bench/accepted';
import { databaseCpuMs } from './database-cpu';

const BATCHES = Number(process.env.BENCH_BATCHES ?? 10);
const WARM_UP_BATCHES = Number(process.env.BENCH_WARM_UP ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};
const BATCH_SIZE = 500;
const BACKFILL = Number(process.env.BENCH_BACKFILL ?? 100_000);
const COUNTRIES = ['GB', 'DE', 'FR', 'NL', 'IE', 'ES', 'IT', 'BE', 'AT', 'PL'];

function order(prefix: string, index: number): NormalisedOrderInput {
  const country = COUNTRIES[index % COUNTRIES.length]!;
  return {
    remote_id: `${prefix}${index}`,
    order_number: `${prefix}${100000 + index}`,
    status: 'Unshipped',
    payment_status: 'Paid',
    currency: 'GBP',
    total: '33.95',
    order_date: new Date(Date.UTC(2026, 10, 1) + index * 60_000).toISOString(),
    customer: {
      name: `Customer ${index}`,
      email: `c${index}@example.test`,
      phone: null,
      remote_id: `C${index}`,
    },
    shipping_address: { name: `Customer ${index}`, line1: '1 High St', city: 'City', postcode: '1', country },
    invoice_address: { name: `Customer ${index}`, line1: '1 High St', city: 'City', postcode: '1', country },
    shipping_method: 'Royal Mail 48',
    tags: [`T${index % 10}`],
    lines: [0, 1].map((line) => ({
      remote_id: `L${line}`,
      sku: `S${(index + line) % 10}-${line}`,
      title: 'Item',
      quantity: 1,
      price: '10.00',
    })),
  };
}

/** Rule n: one of three shapes, each true for ~1 order in 10. */
function ruleShape(n: number): { conditions: RuleCondition[]; actions: RuleAction[] } {
  const pick = n % 10;
  switch (n % 3) {
    case 0:
      return {
        conditions: [{ field: 'shipping_country', operator: 'is', value: COUNTRIES[pick]! }],
        actions: [{ action: 'add_tag', value: `C${n}` }],
      };
    case 1:
      return {
        conditions: [{ field: 'line_item_sku', operator: 'is', value: `S${pick}-0` }],
        actions: [{ action: 'set_shipping_method', value: `Method ${n}` }],
      };
    default:
      return {
        conditions: [{ field: 'order_tag', operator: 'is', value: `T${pick}` }],
        actions: [{ action: 'set_order_type', value: `Type ${n}` }],
      };
  }
}

async function setRules(services: Services, store: { id: number; company_id: number }, count: number) {
  await services.models.RuleEngine.destroy({ where: { store_id: store.id } });
  await services.models.RuleEngine.bulkCreate(
    Array.from({ length: count }, (_, n) => {
      const { conditions, actions } = ruleShape(n);
      return {
        company_id: store.company_id,
        store_id: store.id,
        name: `Rule ${n}`,
        data_type: 'order',
        priority: n + 1,
        is_active: true,
        version: 1,
        definition: {
          trigger_events: ['order_imported' as const],
          groups_match: 'all' as const,
          condition_groups: [{ match: 'all' as const, conditions }],
          actions,
        },
        trigger_events_count: 1,
        conditions_count: 1,
        actions_count: 1,
        created_by: null,
      };
    }),
  );
  // The import's per-store cache of the rules' triggers lives 2 s.
  await new Promise((resolve) => setTimeout(resolve, 2100));
}

async function main(): Promise<void> {
  const database = await createTestDatabase('mysql', 'bench_rules');
  try {
    await migrate(database.sequelize);
    const services = benchServices(database.sequelize);
    const company = await createCompany(services, { name: 'Bench', stores: ['Bench store'] });
    const store = company.stores[0]!;
    const channel = await insertChannelRow(services, store, { settings: {} });

    // Warm-up, not measured: the first batches of a process run cold (compiling, caches), and
    // whichever case came first would pay for it.
    for (const count of [0, 100]) {
      await setRules(services, store, count);
      for (let batch = 0; batch < WARM_UP_BATCHES; batch += 1) {
        const input = Array.from({ length: BATCH_SIZE }, (_, index) =>
          order(`W${count}-`, batch * BATCH_SIZE + index),
        );
        await services.orderImport.importBatch(channel.id, input, { source: 'Bench' });
      }
    }

    const rows: { label: string; rate: number }[] = [];
    // The counts are measured in rounds, interleaved (0, 10, 100, 0, 10, 100, …), and each count's
    // median is reported: on a shared 2-core machine the speed drifts by ±10 % within a minute, so
    // one run of each, one after the other, compares two different machines.
    // BENCH_RULE_COUNTS=100 BENCH_ROUNDS=1 measures one case (profiling).
    const counts = (process.env.BENCH_RULE_COUNTS ?? '0,10,100').split(',').map(Number);
    const rates = new Map<number, number[]>();
    /** Per round, the 100-rule rate over the 0-rule rate of the same round. */
    const roundRatios: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const roundRates = new Map<number, number>();
      for (const count of counts) {
        await setRules(services, store, count);
        const cpu = process.cpuUsage();
        const databaseBefore = databaseCpuMs();
        const started = performance.now();
        for (let batch = 0; batch < BATCHES; batch += 1) {
          const input = Array.from({ length: BATCH_SIZE }, (_, index) =>
            order(`R${round}-${count}-`, batch * BATCH_SIZE + index),
          );
          const result = await services.orderImport.importBatch(channel.id, input, { source: 'Bench' });
          if (result.created !== BATCH_SIZE) throw new Error(JSON.stringify(result).slice(0, 300));
        }
        const elapsed = performance.now() - started;
        const rate = Math.round((BATCHES * BATCH_SIZE) / (elapsed / 1000));
        const used = process.cpuUsage(cpu);
        const databaseAfter = databaseCpuMs();
        rates.set(count, [...(rates.get(count) ?? []), rate]);
        roundRates.set(count, rate);
        // Where a batch's time goes: Node and the database share the machine's cores.
        const database =
          databaseBefore === null || databaseAfter === null
            ? ''
            : `, database CPU ${((databaseAfter - databaseBefore) / BATCHES).toFixed(0)} ms`;
        console.log(
          `round ${round + 1}, import with ${count} rules: ${rate} orders/s (per batch of ${BATCH_SIZE}: ${(elapsed / BATCHES).toFixed(0)} ms wall, ` +
            `Node CPU ${((used.user + used.system) / 1000 / BATCHES).toFixed(0)} ms${database})`,
        );
      }
      if (roundRates.has(0) && roundRates.has(100))
        roundRatios.push(roundRates.get(100)! / roundRates.get(0)!);
    }
    // What was measured was written: the logs (on their own connection) are all there.
    const [written] = await database.sequelize.query(
      'SELECT (SELECT COUNT(*) FROM rule_engine_logs) AS logs, (SELECT COUNT(*) FROM rule_log_outbox) AS waiting, ' +
        '(SELECT COUNT(*) FROM order_rule_traces) AS traces',
    );
    const { logs, waiting, traces } = (written as { logs: number; waiting: number; traces: number }[])[0]!;
    if (Number(waiting) !== 0) throw new Error(`${waiting} batches' logs were not written.`);
    console.log(
      `written: ${Number(logs).toLocaleString('en-GB')} rule-engine logs, ${Number(traces).toLocaleString('en-GB')} traces`,
    );
    for (const count of counts) {
      const measured = rates.get(count) ?? [];
      if (measured.length === 0 || rows.some((row) => row.label === `import, ${count} active rules`))
        continue;
      rows.push({ label: `import, ${count} active rules`, rate: median(measured) });
      console.log(`import with ${count} rules: median ${median(measured)} orders/s (${measured.join(', ')})`);
    }

    // Backfill: one rule over BACKFILL orders, stored straight (the import is not what is measured).
    await setRules(services, store, 0);
    const backfillChannel = await insertChannelRow(services, store, { settings: {} });
    for (let start = 0; start < BACKFILL; start += 2000) {
      const input = Array.from({ length: Math.min(2000, BACKFILL - start) }, (_, index) =>
        order('B-', start + index),
      );
      await services.orderImport.importBatch(backfillChannel.id, input, { source: 'Bench' });
    }
    const { conditions, actions } = ruleShape(0);
    const rule = await services.models.RuleEngine.create({
      company_id: store.company_id,
      store_id: store.id,
      name: 'Backfill',
      data_type: 'order',
      priority: 1,
      is_active: true,
      version: 1,
      definition: {
        trigger_events: ['order_updated'],
        groups_match: 'all',
        condition_groups: [{ match: 'all', conditions }],
        actions,
      },
      trigger_events_count: 1,
      conditions_count: 1,
      actions_count: 1,
      created_by: null,
    });
    const run = await services.models.RuleRun.create({
      company_id: store.company_id,
      store_id: store.id,
      kind: 'backfill',
      rule_id: rule.id,
      status: 'queued',
      selection: { filters: { 'channel_id[eq]': String(backfillChannel.id) } },
      total: 0,
      done: 0,
      changed_count: 0,
      failed: 0,
      message: null,
      created_by: null,
      finished_at: null,
    });
    const started = performance.now();
    const done = await services.ruleRunner.processRun(run.id);
    const seconds = (performance.now() - started) / 1000;
    const backfillRate = Math.round((done?.done ?? 0) / seconds);
    rows.push({
      label: `backfill of ${BACKFILL.toLocaleString('en-GB')} orders, 1 rule`,
      rate: backfillRate,
    });
    console.log(`backfill: ${done?.message} ${seconds.toFixed(1)} s`);

    console.log('\n| Run | orders/s |\n|---|---|');
    for (const row of rows) console.log(`| ${row.label} | ${row.rate.toLocaleString('en-GB')} |`);
    const none = rows.find((row) => row.label.includes(' 0 active'));
    const hundred = rows.find((row) => row.label.includes(' 100 active'));
    // A partial run (BENCH_RULE_COUNTS) has no verdict.
    const figures: BenchFigure[] = [
      {
        name: 'rules.backfill-1-rule.orders-per-s',
        value: backfillRate,
        unit: 'orders/s',
        higherIsBetter: true,
      },
    ];
    if (none && hundred) {
      const ratio = hundred.rate / none.rate;
      figures.push(
        {
          name: 'rules.import-0-rules.orders-per-s',
          value: none.rate,
          unit: 'orders/s',
          higherIsBetter: true,
        },
        {
          name: 'rules.import-100-rules.share-of-0-rules',
          value: Number(ratio.toFixed(2)),
          unit: 'ratio',
          higherIsBetter: true,
        },
      );
      console.log(
        `\nTarget: 100 rules cost less than half the import throughput: ${ratio > 0.5 ? 'met' : 'NOT met'} ` +
          `(medians ${hundred.rate} vs ${none.rate}: ${ratio.toFixed(2)}; per round ${roundRatios.map((value) => value.toFixed(2)).join(', ')}).`,
      );
    }
    reportFigures('rules', figures);
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
