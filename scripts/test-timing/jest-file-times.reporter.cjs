// Records how long each Jest test file took, for `npm test`'s closing "slowest files" list
// (scripts/test-timing/print-slowest.cjs). Jest's own output scrolls away; this survives it.
const fs = require('node:fs');
const path = require('node:path');

const OUTPUT = path.join(__dirname, '../../.test-timings/jest.json');

class JestFileTimesReporter {
  onRunComplete(_contexts, results) {
    const files = results.testResults.map((result) => ({
      file: path.relative(process.cwd(), result.testFilePath),
      seconds: (result.perfStats.end - result.perfStats.start) / 1000,
      failed: result.numFailingTests > 0 || Boolean(result.testExecError),
    }));
    // Single tests too: a test should need a few seconds, and this shows which do not.
    const tests = results.testResults
      .flatMap((result) =>
        result.testResults.map((test) => ({
          file: path.relative(process.cwd(), result.testFilePath),
          name: test.fullName,
          seconds: (test.duration ?? 0) / 1000,
        })),
      )
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
    fs.writeFileSync(OUTPUT, JSON.stringify({ runner: 'jest', files, tests }, null, 2));
  }
}

module.exports = JestFileTimesReporter;
