/**
 * The simulator's recompute in the page (issue 23: ≤ 16 ms for a 360-payment scenario, a frame at
 * 60 Hz): the page built and served as the browser suite serves it (test/browser/harness.ts), in
 * Debian's headless Chromium; the rate field edited and its `input` event dispatched, timed from
 * the dispatch until the DOM is updated and style and layout are recomputed (a forced layout: what
 * the next frame needs), 80 edits after 10 of warm-up, a frame between edits. Cases: the plain
 * 360-payment credit, the same with financed insurance (the tariff's packages priced by
 * quotePolicy when the vehicle or the credit's shape changes), the same with "how the CAT was
 * obtained" open (its `explainCat` runs after the recompute, in an idle moment, so the recompute
 * must not grow), the longest credit (999 payments), and a 12-payment credit as the baseline (the
 * ratio says what the 360 rows cost on top of the page's fixed work). Two runs, each in a fresh browser; the machine's
 * load average beside them. Not a test: run `npx tsx benchmarks/browser/recompute.ts`.
 */
import { loadavg } from 'node:os';
import { startSimulator, WIDTHS } from '../../test/browser/harness.js';

const EDITS = 80;
const WARMUP = 10;
const BUDGET_MS = 16;

const CASES = [
  ['12 payments (baseline)', 'date=2026-01-31&term=12'],
  ['360 payments', 'date=2026-01-31&term=360'],
  ['360 payments, financed insurance', 'date=2026-01-31&term=360&insurance=financed'],
  ['360 payments, CAT explained (open)', 'date=2026-01-31&term=360', 'open'],
  ['999 payments', 'date=2026-01-31&term=999'],
] as const satisfies readonly (readonly [string, string, 'open'?])[];

/** The page's own timing loop: edit, dispatch, force layout; a frame between edits. */
const MEASURE = `(async () => {
  const input = document.getElementById('f-rate');
  const times = [];
  for (let i = 0; i < ${EDITS + WARMUP}; i++) {
    input.value = (13.5 + (i % 2) * 0.01).toFixed(2);
    const start = performance.now();
    input.dispatchEvent(new Event('input', { bubbles: true }));
    document.body.getBoundingClientRect();
    const elapsed = performance.now() - start;
    if (i >= ${WARMUP}) times.push(elapsed);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }
  return times;
})()`;

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;

for (let run = 1; run <= 2; run++) {
  const simulator = await startSimulator();
  try {
    const medians = new Map<string, number>();
    console.log(
      `run ${run} (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    for (const [name, hash, open] of CASES) {
      const { page, context } = await simulator.open(WIDTHS.desktop);
      await page.goto(`${simulator.url}/#${hash}`);
      await page.waitForSelector('#results [data-out="pagoMensual"]');
      if (open === 'open') {
        await page.locator('.cat-details summary').click();
        await page.waitForSelector('.cat-proof[data-state="ready"]');
      }
      const times = ((await page.evaluate(MEASURE)) as number[]).sort((a, b) => a - b);
      await context.close();
      const median = quantile(times, 0.5);
      medians.set(name, median);
      const base = medians.get(CASES[0][0]) as number;
      console.log(
        `  ${name.padEnd(34)} median ${median.toFixed(2).padStart(6)} ms  p90 ${quantile(times, 0.9).toFixed(2).padStart(6)} ms  ` +
          `${(median / BUDGET_MS).toFixed(2)}× the 16 ms budget  ${(median / base).toFixed(2)}× the baseline`,
      );
    }
  } finally {
    await simulator.close();
  }
}
