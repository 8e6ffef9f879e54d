// Runs the whole vitest suite under UTC, America/Mexico_City and Asia/Tokyo (a zone east of UTC),
// then prints the summed counts as the last line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const zones = ['UTC', 'America/Mexico_City', 'Asia/Tokyo'];
const extra = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'cotizador-test-'));
let passed = 0;
let failed = 0;
let status = 0;
for (const zone of zones) {
  const report = join(dir, `${zone.replace('/', '_')}.json`);
  console.log(`\n=== vitest under TZ=${zone}`);
  const run = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra],
    { stdio: 'inherit', env: { ...process.env, TZ: zone } },
  );
  if (run.status !== 0) status = 1;
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests + (json.numFailedTestSuites ?? 0);
    if (json.numTotalTests === 0) status = 1;
  } catch {
    failed += 1;
    status = 1;
  }
}
rmSync(dir, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(status);
