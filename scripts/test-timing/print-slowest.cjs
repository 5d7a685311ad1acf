// Prints the ten slowest test files of the last `npm test` (Jest and Playwright together), so the
// suite's time budget is watched on every run rather than discovered when CI runs out of it.
const fs = require('node:fs');
const path = require('node:path');

// Not test-results/: Playwright empties that folder when it starts.
const RESULTS = path.join(__dirname, '../../.test-timings');
const COUNT = 10;
const TIMINGS = ['jest.json', 'e2e.json'];

// `--reset` (before a run): forget the last run's timings, so a run that stops early can't show stale ones.
if (process.argv.includes('--reset')) {
  for (const name of TIMINGS) fs.rmSync(path.join(RESULTS, name), { force: true });
  process.exit(0);
}

const files = TIMINGS.flatMap((name) => {
  const file = path.join(RESULTS, name);
  if (!fs.existsSync(file)) return [];
  const { runner, files: times } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return times.map((entry) => ({ ...entry, runner }));
});

if (files.length === 0) {
  console.log('No test timings recorded.');
} else {
  const total = (runner) =>
    files.filter((entry) => entry.runner === runner).reduce((sum, entry) => sum + entry.seconds, 0);
  console.log(`\nTen slowest test files (of ${files.length}):`);
  for (const entry of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, COUNT)) {
    const mark = entry.failed ? '  FAILED' : '';
    console.log(
      `  ${entry.seconds.toFixed(1).padStart(6)} s  ${entry.runner.padEnd(10)} ${entry.file}${mark}`,
    );
  }
  const jestFile = path.join(RESULTS, 'jest.json');
  const slowTests = fs.existsSync(jestFile)
    ? (JSON.parse(fs.readFileSync(jestFile, 'utf8')).tests ?? [])
    : [];
  if (slowTests.length) {
    console.log('Slowest single Jest tests:');
    for (const test of slowTests.slice(0, 5))
      console.log(`  ${test.seconds.toFixed(1).padStart(6)} s  ${test.file} › ${test.name}`);
  }
  console.log(
    `Summed file times: jest ${total('jest').toFixed(0)} s (across workers), playwright ${total('playwright').toFixed(0)} s\n`,
  );
}
