/**
 * What the latency benches share: a free port for a process to start on, the nearest-rank
 * percentile, and the table row and accepted-figure report of one case's latencies.
 */
import net from 'node:net';
import { reportFigures, type ReportResult } from './accepted';

/** A port free now on 127.0.0.1, for a process that must know its address before it listens. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Nearest-rank percentile of an ascending list: p95 of 100 samples is the 95th. */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * fraction) - 1))]!;
}

/** One case's row of the printed table: samples, p50, p95, max, the target and, given a number, the verdict. */
export function latencyRow(
  name: string,
  sorted: readonly number[],
  target: string | number,
): Record<string, string | number> {
  const p95 = percentile(sorted, 0.95);
  return {
    case: name,
    samples: sorted.length,
    'p50 (ms)': Math.round(percentile(sorted, 0.5)),
    'p95 (ms)': Math.round(p95),
    'max (ms)': Math.round(sorted[sorted.length - 1]!),
    'target p95 (ms)': typeof target === 'number' ? `< ${target.toLocaleString('en-GB')}` : target,
    ...(typeof target === 'number' ? { verdict: p95 < target ? 'met' : 'MISSED' } : {}),
  };
}

/**
 * Each row's p95 beside the accepted figure, named `<prefix>.<case as a slug>.p95-ms`. Latencies
 * through budgets, polls and browsers move by half from run to run: a figure is marked when it doubles.
 */
export function reportLatencies(
  bench: string,
  prefix: string,
  rows: readonly Record<string, string | number>[],
): ReportResult {
  return reportFigures(
    bench,
    rows.map((entry) => ({
      name: `${prefix}.${String(entry.case)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}.p95-ms`,
      value: Number(entry['p95 (ms)']),
      unit: 'ms',
      higherIsBetter: false,
      tolerance: 1,
    })),
  );
}
