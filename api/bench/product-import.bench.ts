/**
 * A 100,000-row products CSV imported end to end on MySQL: the multipart upload, the queued
 * `catalogue.transfer` job picked up by the worker, every row parsed, validated and written
 * through `products.upsertMany`, until the transfer is done. Rows per second over that whole
 * time, and where the time went (upload, queue, counting pass, the service's batches, the rest:
 * reading and checking rows). Then the same file again (every row unchanged) and an export of
 * what was imported. Run with `npm run bench:import` (part of `npm run bench`).
 * Target: at least 5,000 rows/s end to end for the first import.
 */
import { performance } from 'node:perf_hooks';
import type { FileTransferDto } from '@syncdesk/contracts';
import type { FileTransfer } from '../src/db/catalogue.models';
import { createCompany } from '../src/testing/identity-fixtures';
import { createTestDatabase } from '../src/testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { reportFigures } from '../../scripts/bench/accepted';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
/** One row in this many is a kit of the two products before it. */
const KIT_EVERY = 100;
const TARGET_ROWS_PER_SECOND = 5000;

function productsCsv(rows: number): string {
  const lines = ['sku,title,type,quantity,price,nominal_code,barcode,auto_sync_stock,kit_items'];
  for (let index = 0; index < rows; index += 1) {
    const sku = `BENCH-${String(index).padStart(6, '0')}`;
    if (index % KIT_EVERY === KIT_EVERY - 1) {
      const parts = [index - 1, index - 2].map(
        (part) => `BENCH-${String(part).padStart(6, '0')}:${(part % 3) + 1}`,
      );
      lines.push(`${sku},"Bench kit ${index}, boxed",kit,,${(index % 90) + 19}.99,,,yes,${parts.join('|')}`);
    } else {
      lines.push(
        `${sku},Bench product ${index},product,${index % 50},${(index % 90) + 9}.99,4000,${5_000_000_000_000 + index},${index % 7 === 0 ? 'no' : 'yes'},`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Polls the row (a benchmark may poll; tests wait for events). */
async function untilFinished(server: TestProcess, uuid: string): Promise<FileTransfer> {
  for (;;) {
    const row = await server.services.models.FileTransfer.findOne({ where: { uuid } });
    if (row && (row.status === 'done' || row.status === 'failed')) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main(): Promise<void> {
  const database = await createTestDatabase('mysql', 'bench_import');
  const server = await startTestProcess(database.url, {
    IMPORT_MAX_FILE_MB: '25',
    JOBS_PROCESS_EVERY_MS: '50',
  });
  try {
    const company = await createCompany(server.services, { name: 'Bench', stores: ['Bench store'] });
    const store = company.stores[0]!;
    const token = await company.tokenFor(company.owner);
    const csv = productsCsv(ROWS);
    // Agenda says here when it gives up on a run (its lock expired).
    const workerErrors: string[] = [];
    server.agenda.on('error', (error: Error) => workerErrors.push(error.message));

    // Time inside the products service, measured around the very function the job calls.
    const service = server.services.products;
    const upsertMany = service.upsertMany.bind(service);
    let serviceMs = 0;
    let batches = 0;
    service.upsertMany = async (...args) => {
      const started = performance.now();
      try {
        return await upsertMany(...args);
      } finally {
        serviceMs += performance.now() - started;
        batches += 1;
      }
    };

    async function importOnce(label: string) {
      serviceMs = 0;
      batches = 0;
      const started = performance.now();
      const form = new FormData();
      form.append('file', new Blob([csv]), 'bench.csv');
      const response = await fetch(`${server.url}/api/products/${store.id}/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const accepted = performance.now();
      if (response.status !== 202)
        throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      const { data } = (await response.json()) as { data: FileTransferDto };
      const row = await untilFinished(server, data.uuid);
      const finished = performance.now();
      if (row.status !== 'done') throw new Error(`import ${row.status}: ${row.error}`);
      const seconds = (finished - started) / 1000;
      const counts = (JSON.parse(row.options ?? '{}') as { counts?: Record<string, number> }).counts;
      console.log(
        `\n${label}: ${ROWS.toLocaleString('en-GB')} rows (${(csv.length / 1048576).toFixed(1)} MB)`,
      );
      console.log(
        `  end to end      ${seconds.toFixed(2)} s   ${Math.round(ROWS / seconds).toLocaleString('en-GB')} rows/s`,
      );
      console.log(`  upload → 202    ${((accepted - started) / 1000).toFixed(2)} s`);
      console.log(
        `  products.upsertMany ${(serviceMs / 1000).toFixed(2)} s in ${batches} batches (${Math.round((serviceMs / (finished - started)) * 100)}% of the time)`,
      );
      console.log(
        `  everything else ${((finished - started - serviceMs - (accepted - started)) / 1000).toFixed(2)} s (queue, counting pass, parsing and checking rows, report, progress)`,
      );
      console.log(`  result          ${JSON.stringify(counts)}, ${row.rows_failed} refused`);
      return ROWS / seconds;
    }

    const first = await importOnce('First import (all new)');
    const again = await importOnce('Same file again (all unchanged)');

    const exportStarted = performance.now();
    const response = await fetch(`${server.url}/api/products/${store.id}/export/csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const { data } = (await response.json()) as { data: FileTransferDto };
    const exported = await untilFinished(server, data.uuid);
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    console.log(
      `\nExport (CSV): ${exported.rows_done.toLocaleString('en-GB')} rows in ${exportSeconds.toFixed(2)} s   ${Math.round(exported.rows_done / exportSeconds).toLocaleString('en-GB')} rows/s`,
    );

    // The worker's lock lives 2 s here (the test process's setting): a run far longer than that
    // only ends well because the job keeps its lock fresh.
    console.log(`Worker errors: ${workerErrors.length ? workerErrors.join('; ') : 'none'}`);

    reportFigures('import', [
      { name: 'import.products-100k.first.rows-per-s', value: first, unit: 'rows/s', higherIsBetter: true },
      {
        name: 'import.products-100k.unchanged.rows-per-s',
        value: again,
        unit: 'rows/s',
        higherIsBetter: true,
      },
      {
        name: 'import.products-100k.export.rows-per-s',
        value: exported.rows_done / exportSeconds,
        unit: 'rows/s',
        higherIsBetter: true,
      },
    ]);
    console.log(
      `\nTarget ≥ ${TARGET_ROWS_PER_SECOND.toLocaleString('en-GB')} rows/s end to end: ${first >= TARGET_ROWS_PER_SECOND ? 'met' : 'NOT met'} (${Math.round(first).toLocaleString('en-GB')} rows/s)`,
    );
  } finally {
    await server.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
