/**
 * `npx tsx scripts/import-orders.ts --channel <channelId> [orders.json]`: imports normalised orders
 * (contracts' `NormalisedOrderInput`) into one sales channel through THE import service
 * (`services.orderImport.importBatch`), from another process than the server — the way a
 * connector or a one-off migration would. Reads the file, or stdin when no file (or `-`) is
 * given: a JSON array of orders, or `{ "orders": [...] }`.
 *
 * It boots the product as a worker (APP_ROLE=worker: no HTTP, no migrations, the same services)
 * with the server's environment (DATABASE_URL or DATA_DIR, REDIS_URL), so the batch's
 * `orders:changed` event reaches open pages through Redis. Without REDIS_URL the orders are
 * stored, but open lists only see them on their next load.
 *
 * Prints the import's result (created, updated, unchanged, failed, skipped, order ids, failures)
 * as JSON; exits 1 when the batch could not be imported at all, 2 on a usage error.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '@syncdesk/api';
import { startProcess, type RunningProcess } from '@syncdesk/server';

const USAGE =
  'Usage: npx tsx scripts/import-orders.ts --channel <channelId> [--source <name>] [orders.json | -]';
/** At most this many orders go into one `importBatch` call (the import's own statements chunk at 500). */
const BATCH_SIZE = 500;

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

function readOrders(file: string | undefined): unknown[] {
  const text = !file || file === '-' ? fs.readFileSync(0, 'utf8') : fs.readFileSync(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    fail('The input must be JSON: an array of orders, or { "orders": [...] }.', 2);
  }
  const orders = Array.isArray(parsed)
    ? parsed
    : typeof parsed === 'object' && parsed !== null && Array.isArray((parsed as { orders?: unknown }).orders)
      ? (parsed as { orders: unknown[] }).orders
      : null;
  if (!orders) fail('The input must be an array of orders, or { "orders": [...] }.', 2);
  return orders;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      channel: { type: 'string' },
      source: { type: 'string', default: 'Order import script' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const channelId = Number(values.channel);
  if (!Number.isInteger(channelId) || channelId <= 0) fail(`--channel must be a channel id.\n${USAGE}`, 2);
  if (positionals.length > 1) fail(USAGE, 2);
  const orders = readOrders(positionals[0]);

  // The api's services and event bus, without HTTP and without running jobs: a worker's job runner
  // here would pick up the deployment's jobs and make the script wait for them on its way out.
  const running: RunningProcess = await startProcess({ ...loadConfig(), role: 'tool' });
  try {
    const total = { created: 0, updated: 0, unchanged: 0, failed: 0, skipped: 0 };
    const orderIds: number[] = [];
    const failures: { remote_id: string | null; reason: string }[] = [];
    for (let start = 0; start < orders.length; start += BATCH_SIZE) {
      const result = await running.services.orderImport.importBatch(
        channelId,
        orders.slice(start, start + BATCH_SIZE),
        { source: values.source, via: 'import' },
      );
      if (!result.imported) {
        console.log(JSON.stringify({ imported: false, reason: result.reason }));
        process.exitCode = 1;
        return;
      }
      for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += result[key];
      orderIds.push(...result.orderIds);
      failures.push(...result.failures);
    }
    console.log(JSON.stringify({ imported: true, ...total, orderIds, failures }));
  } finally {
    await running.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
