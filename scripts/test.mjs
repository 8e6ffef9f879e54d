// `npm test`: one vitest run of every project in vitest.config.ts (the suite once, the test/tz set
// and the corpus under each time zone), then the counts as the last line: "N passed, N failed".
// Arguments are passed to vitest (`npm test -- test/credit` runs what matches).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'cotizador-test-'));
const report = join(dir, 'vitest.json');
const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
let passed = 0;
let failed = 0;
let status = run.status === 0 ? 0 : 1;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests + (json.numFailedTestSuites ?? 0);
  if (json.numTotalTests === 0) status = 1;
} catch {
  failed += 1;
  status = 1;
}
// A run that fails outside any test (an unhandled error, a crashed worker) is one failure.
if (status !== 0 && failed === 0) failed = 1;
rmSync(dir, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(status);
