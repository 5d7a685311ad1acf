// Records how long each Playwright spec file took (sum of its tests, retries included), for
// `npm test`'s closing "slowest files" list.
const fs = require('node:fs');
const path = require('node:path');

const OUTPUT = path.join(__dirname, '../../.test-timings/e2e.json');

class PlaywrightFileTimesReporter {
  constructor() {
    this.seconds = new Map();
    this.failed = new Set();
  }

  onTestEnd(test, result) {
    const file = path.relative(process.cwd(), test.location.file);
    this.seconds.set(file, (this.seconds.get(file) ?? 0) + result.duration / 1000);
    if (result.status !== 'passed' && result.status !== 'skipped') this.failed.add(file);
  }

  onEnd() {
    const files = [...this.seconds].map(([file, seconds]) => ({
      file,
      seconds,
      failed: this.failed.has(file),
    }));
    fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
    fs.writeFileSync(OUTPUT, JSON.stringify({ runner: 'playwright', files }, null, 2));
  }

  printsToStdio() {
    return false;
  }
}

module.exports = PlaywrightFileTimesReporter;
