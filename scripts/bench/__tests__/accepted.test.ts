import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  acceptFigures,
  compareFigures,
  readAcceptedFigures,
  reportFigures,
  type AcceptedFigures,
  type BenchFigure,
} from '../accepted';

const accepted: AcceptedFigures = {
  'jobs.throughput': {
    value: 400,
    unit: 'jobs/s',
    higherIsBetter: true,
    acceptedOn: '2026-11-28',
    commit: 'abc1234',
    loadAverage: 0.8,
  },
  'jobs.longest-gap': {
    value: 2,
    unit: 's',
    higherIsBetter: false,
    acceptedOn: '2026-11-28',
    commit: 'abc1234',
    loadAverage: 0.8,
  },
};

const throughput = (value: number): BenchFigure => ({
  name: 'jobs.throughput',
  value,
  unit: 'jobs/s',
  higherIsBetter: true,
});

describe('figures beside the accepted ones', () => {
  it('marks a fall beyond the tolerance, and only then', () => {
    const [fell] = compareFigures([throughput(300)], accepted, 0.15);
    expect(fell!.verdict).toBe('fell');
    expect(fell!.change).toBeCloseTo(-0.25);
    const [within] = compareFigures([throughput(350)], accepted, 0.15);
    expect(within!.verdict).toBe('within');
    const [better] = compareFigures([throughput(480)], accepted, 0.15);
    expect(better!.verdict).toBe('better');
    // The same 25 % drop is within a tolerance of 30 %.
    expect(compareFigures([throughput(300)], accepted, 0.3)[0]!.verdict).toBe('within');
  });

  it('reads a rise of a lower-is-better figure as a fall', () => {
    const gap: BenchFigure = { name: 'jobs.longest-gap', value: 12, unit: 's', higherIsBetter: false };
    expect(compareFigures([gap], accepted)[0]!.verdict).toBe('fell');
    expect(compareFigures([{ ...gap, value: 1 }], accepted)[0]!.verdict).toBe('better');
  });

  it('a figure with no accepted value is new, never a fall', () => {
    const figure: BenchFigure = { name: 'jobs.other', value: 1, unit: 'ms', higherIsBetter: false };
    expect(compareFigures([figure], accepted)[0]!.verdict).toBe('new');
  });

  it('a figure may carry its own tolerance', () => {
    expect(compareFigures([{ ...throughput(300), tolerance: 0.3 }], accepted, 0.15)[0]!.verdict).toBe(
      'within',
    );
  });

  it('accepting replaces the figures of this run and keeps the others', () => {
    const next = acceptFigures(accepted, [throughput(420)], {
      acceptedOn: '2026-11-29',
      commit: 'def5678',
      loadAverage: 1.2,
    });
    expect(next['jobs.throughput']).toEqual({
      value: 420,
      unit: 'jobs/s',
      higherIsBetter: true,
      acceptedOn: '2026-11-29',
      commit: 'def5678',
      loadAverage: 1.2,
    });
    expect(next['jobs.longest-gap']).toEqual(accepted['jobs.longest-gap']);
  });

  describe('reportFigures', () => {
    let dir: string;
    let file: string;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-accepted-'));
      file = path.join(dir, 'accepted.json');
      fs.writeFileSync(file, JSON.stringify(accepted));
    });
    afterEach(() => {
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('prints the fall loudly and fails the run only when strict', () => {
      const printed: string[] = [];
      const print = (text: string) => printed.push(text);
      const failRun = jest.fn();
      const options = { file, accept: false, loadAverage: 3, print, failRun };
      const result = reportFigures('jobs', [throughput(200)], { ...options, strict: false });
      expect(result.fell).toBe(true);
      expect(printed.join('\n')).toMatch(/jobs\.throughput .*200 jobs\/s .*400 .*-50\.0 %.*FELL/);
      expect(printed.join('\n')).toMatch(/load average now 3\.00/);
      expect(failRun).not.toHaveBeenCalled();

      reportFigures('jobs', [throughput(200)], { ...options, strict: true });
      expect(failRun).toHaveBeenCalledTimes(1);
    });

    it('a run within the tolerance passes even when strict', () => {
      const failRun = jest.fn();
      const result = reportFigures('jobs', [throughput(390)], {
        file,
        strict: true,
        accept: false,
        loadAverage: 1,
        print: () => undefined,
        failRun,
      });
      expect(result.fell).toBe(false);
      expect(failRun).not.toHaveBeenCalled();
    });

    it('accepting writes this run into the file, with the date, commit and load average', () => {
      reportFigures('jobs', [throughput(250)], {
        file,
        accept: true,
        loadAverage: 0.7,
        now: new Date('2026-12-01T10:00:00Z'),
        print: () => undefined,
      });
      const written = readAcceptedFigures(file);
      expect(written['jobs.throughput']).toMatchObject({
        value: 250,
        acceptedOn: '2026-12-01',
        loadAverage: 0.7,
      });
      expect(written['jobs.longest-gap']).toEqual(accepted['jobs.longest-gap']);
      // The next run compares with what was accepted.
      const [comparison] = reportFigures('jobs', [throughput(240)], {
        file,
        accept: false,
        print: () => undefined,
      }).comparisons;
      expect(comparison!.verdict).toBe('within');
    });
  });
});
