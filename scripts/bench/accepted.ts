/**
 * Each bench's figures beside the last accepted ones, so a fall shows the day it happens.
 *
 * A bench ends with `await reportFigures('jobs', figures)`: it prints `figure | this run | accepted |
 * change` with the load average of both runs, and marks a figure that fell beyond the tolerance.
 * `BENCH_STRICT=1` makes a fall fail the run (exit code 1); `BENCH_ACCEPT=1` stores this run's
 * figures as the accepted ones (in `bench/accepted.json`, the other benches' figures kept).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fall bigger than this share of the accepted value is marked (BENCH_TOLERANCE overrides it). */
export const DEFAULT_TOLERANCE = 0.15;

export const ACCEPTED_FILE = path.resolve(__dirname, '../../bench/accepted.json');

export interface BenchFigure {
  /** Stable name, prefixed by the bench: `jobs.mysql.two-workers.100k.jobs-per-s`. */
  name: string;
  value: number;
  /** `jobs/s`, `ms`, `queries/job`… */
  unit: string;
  higherIsBetter: boolean;
  /** This figure's own tolerance, for one known to be noisier than the rest. */
  tolerance?: number;
}

export interface AcceptedFigure {
  value: number;
  unit: string;
  higherIsBetter: boolean;
  /** The day it was accepted (YYYY-MM-DD). */
  acceptedOn: string;
  /** The commit it was measured on (short hash), when known. */
  commit: string | null;
  /** One-minute load average when it was measured, when known: a busy machine measures low. */
  loadAverage: number | null;
  /** Where the figure came from, when it was not accepted from a run (a README table). */
  source?: string;
}

export type AcceptedFigures = Record<string, AcceptedFigure>;

export type FigureVerdict = 'new' | 'fell' | 'within' | 'better';

export interface FigureComparison {
  figure: BenchFigure;
  accepted: AcceptedFigure | undefined;
  /** Relative change from the accepted value, positive when the figure got better. */
  change: number | undefined;
  verdict: FigureVerdict;
}

/** How each figure compares with its accepted value; a fall is a worsening beyond the tolerance. */
export function compareFigures(
  figures: readonly BenchFigure[],
  accepted: AcceptedFigures,
  tolerance = DEFAULT_TOLERANCE,
): FigureComparison[] {
  return figures.map((figure) => {
    const previous = accepted[figure.name];
    if (!previous || previous.value === 0)
      return { figure, accepted: previous, change: undefined, verdict: 'new' };
    const relative = (figure.value - previous.value) / Math.abs(previous.value);
    const change = figure.higherIsBetter ? relative : -relative;
    const allowed = figure.tolerance ?? tolerance;
    const verdict: FigureVerdict = change < -allowed ? 'fell' : change > allowed ? 'better' : 'within';
    return { figure, accepted: previous, change, verdict };
  });
}

function formatValue(value: number): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function formatLoad(load: number | null | undefined): string {
  return load === null || load === undefined ? '?' : load.toFixed(2);
}

/** The table a bench prints at its end, falls marked so they cannot be missed. */
export function formatComparison(
  bench: string,
  comparisons: readonly FigureComparison[],
  loadAverage: number,
  tolerance = DEFAULT_TOLERANCE,
): string {
  const header = ['figure', 'this run', 'accepted', 'change'];
  const rows = comparisons.map(({ figure, accepted, change, verdict }) => [
    figure.name,
    `${formatValue(figure.value)} ${figure.unit}`,
    accepted
      ? `${formatValue(accepted.value)} (${accepted.acceptedOn}, load ${formatLoad(accepted.loadAverage)})`
      : '—',
    change === undefined
      ? 'new'
      : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %${verdict === 'fell' ? '  <<< FELL' : ''}`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ');
  const fallen = comparisons.filter((comparison) => comparison.verdict === 'fell');
  const lines = [
    '',
    `${bench}: this run's figures beside the accepted ones (bench/accepted.json); load average now ${loadAverage.toFixed(2)}`,
    `("change" is positive when better; a fall beyond ${Math.round(tolerance * 100)} % is marked)`,
    line(header),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...rows.map(line),
  ];
  if (fallen.length > 0) {
    lines.push(
      '',
      `!!! ${fallen.length} figure(s) FELL more than the tolerance below the accepted ones: ` +
        `${fallen.map(({ figure }) => figure.name).join(', ')}`,
      '!!! Re-run on a quiet machine (load average well under the core count) before believing it.',
    );
  }
  return lines.join('\n');
}

/** The accepted figures with this run's replacing those of the same name; others are kept. */
export function acceptFigures(
  accepted: AcceptedFigures,
  figures: readonly BenchFigure[],
  meta: { acceptedOn: string; commit: string | null; loadAverage: number },
): AcceptedFigures {
  const next: AcceptedFigures = { ...accepted };
  for (const figure of figures) {
    next[figure.name] = {
      value: figure.value,
      unit: figure.unit,
      higherIsBetter: figure.higherIsBetter,
      acceptedOn: meta.acceptedOn,
      commit: meta.commit,
      loadAverage: meta.loadAverage,
    };
  }
  return Object.fromEntries(Object.entries(next).sort(([left], [right]) => (left < right ? -1 : 1)));
}

export function readAcceptedFigures(file = ACCEPTED_FILE): AcceptedFigures {
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as AcceptedFigures;
}

function currentCommit(): string | null {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

export interface ReportOptions {
  file?: string;
  /** Default: BENCH_TOLERANCE, else 15 %. */
  tolerance?: number;
  /** Default: BENCH_ACCEPT=1. */
  accept?: boolean;
  /** Default: BENCH_STRICT=1. */
  strict?: boolean;
  /** Default: the one-minute load average now. */
  loadAverage?: number;
  /** Default: console.log. */
  print?: (text: string) => void;
  now?: Date;
  /** Default: sets the process's exit code, kept even if the bench ends with `process.exit(0)`. */
  failRun?: () => void;
}

/** Benches end with `process.exit(0)` (Agenda's timers would hold them): the failing code must outlive it. */
function failThisProcess(): void {
  process.exitCode = 1;
  process.once('exit', () => {
    process.exitCode = 1;
  });
}

export interface ReportResult {
  comparisons: FigureComparison[];
  fell: boolean;
}

/**
 * Prints the figures beside the accepted ones; stores them when accepting; under BENCH_STRICT=1 a
 * fall sets the exit code to 1 (the bench still finishes and prints everything).
 */
export function reportFigures(
  bench: string,
  figures: readonly BenchFigure[],
  options: ReportOptions = {},
): ReportResult {
  const file = options.file ?? ACCEPTED_FILE;
  const envTolerance = Number(process.env.BENCH_TOLERANCE);
  const tolerance =
    options.tolerance ??
    (Number.isFinite(envTolerance) && envTolerance > 0 ? envTolerance : DEFAULT_TOLERANCE);
  const accept = options.accept ?? process.env.BENCH_ACCEPT === '1';
  const strict = options.strict ?? process.env.BENCH_STRICT === '1';
  const loadAverage = options.loadAverage ?? os.loadavg()[0]!;
  const print = options.print ?? ((text: string) => console.log(text));
  const accepted = readAcceptedFigures(file);
  const comparisons = compareFigures(figures, accepted, tolerance);
  print(formatComparison(bench, comparisons, loadAverage, tolerance));
  const fell = comparisons.some((comparison) => comparison.verdict === 'fell');
  if (accept) {
    const acceptedOn = (options.now ?? new Date()).toISOString().slice(0, 10);
    const next = acceptFigures(accepted, figures, { acceptedOn, commit: currentCommit(), loadAverage });
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
    print(
      `${bench}: ${figures.length} figure(s) accepted into ${path.relative(process.cwd(), file) || file}`,
    );
  } else if (fell && strict) {
    print(`${bench}: BENCH_STRICT=1 and a figure fell: exit code 1`);
    (options.failRun ?? failThisProcess)();
  }
  return { comparisons, fell };
}
