/**
 * The page a bank would ship: axe-core finds no WCAG 2.1 AA violation in any state of the page
 * (the first view, fields refused, insurance and the advanced options open, the CAT explained,
 * offers compared, English, a phone's width); the whole flow works with the keyboard alone; the
 * page reads at 360 and 1,280 px (no sideways scroll), and the screenshots of both widths are
 * written to docs/ for docs/simulator.md; no Content-Security-Policy violation anywhere; offline
 * after one visit. Every page also runs under the served policy, so an inline style or script
 * would show here as a console error.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteCredit } from '../../src/entry/index.js';
import { DEFAULT_SCENARIO, engineInput } from '../../simulator/scenario.js';
import { shownAmount, startSimulator, WIDTHS, type Simulator } from './harness.js';

const DATE = '2026-01-31';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const DOCS = join(import.meta.dirname, '..', '..', 'docs');

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await simulator?.close();
});

/** axe-core's WCAG 2.0/2.1 A and AA violations on the page as it stands (rule id and the nodes' selectors). */
async function violations(page: Page): Promise<string[]> {
  // Evaluated by the driver (DevTools), not by a script element: the page's policy stays in force.
  await page.evaluate(AXE);
  return (await page.evaluate(`axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    .then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`)) as string[];
}

const link = (params: Record<string, string>) => `#${new URLSearchParams({ date: DATE, ...params }).toString()}`;

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  const states: readonly (readonly [string, number, string, ((page: Page) => Promise<void>)?])[] = [
    ['the first view', WIDTHS.desktop, link({})],
    ['a phone', WIDTHS.phone, link({})],
    ['English', WIDTHS.desktop, link({ lang: 'en' })],
    ['refused fields', WIDTHS.desktop, link({ down: '5', rate: 'abc' })],
    [
      'the CAT explained on a phone (its tables scroll within the page, never the page sideways)',
      WIDTHS.phone,
      link({ term: '360', insurance: 'financed' }),
      async (page) => {
        await page.locator('.cat-details summary').click();
        await page.waitForSelector('.cat-proof[data-state="ready"]');
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(WIDTHS.phone);
      },
    ],
    [
      'insurance, advanced options, the CAT explained, offers and questions',
      WIDTHS.desktop,
      link({ insurance: 'financed', prepayPeriod: '12', prepayAmount: '20000', promoPeriods: '6', pay: '6000', income: '25000' }),
      async (page) => {
        await page.locator('.cat-details summary').click();
        await page.waitForSelector('.cat-proof[data-state="ready"]');
        await page.locator('#add-offer').click();
        await page.locator('#f-term').fill('60');
        await page.locator('#add-offer').click();
        // The edit made the open explanation stale: it is worked out again after the recompute.
        await page.waitForSelector('.cat-proof[data-state="ready"]');
      },
    ],
  ];
  for (const [name, width, hash, act] of states) {
    it(`finds no violation: ${name}`, async () => {
      const { page, problems } = await simulator.open(width);
      await page.goto(`${simulator.url}/${hash}`);
      await page.waitForSelector('#results', { state: 'attached' });
      await act?.(page);
      expect(await violations(page)).toEqual([]);
      // No inline style anywhere (the policy would refuse one in markup; none is set by script either).
      expect(await page.evaluate(`document.querySelectorAll('[style]').length`)).toBe(0);
      expect(problems).toEqual([]);
    });
  }
});

describe('the keyboard alone', () => {
  it('reaches every control in order, edits the scenario, opens the extras, compares and switches language', async () => {
    const { page, problems } = await simulator.open(WIDTHS.desktop);
    await page.goto(`${simulator.url}/${link({})}`);
    await page.waitForSelector('#results [data-out="pagoMensual"]');
    const focused = () =>
      page.evaluate(
        'document.activeElement?.id || document.activeElement?.textContent || document.activeElement?.tagName',
      ) as Promise<string>;
    const tabTo = async (id: string) => {
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab');
        if ((await focused()) === id) return;
      }
      throw new Error(`Tab never reached #${id}`);
    };
    // The language switch comes first, then the form in reading order.
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('lang-switch');
    await tabTo('f-term');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('60');
    const sixty = engineInput({ ...DEFAULT_SCENARIO, term: '60', date: DATE }, DATE);
    expect(shownAmount((await page.locator('[data-out="pagoMensual"]').textContent()) ?? '')).toBe(
      quoteCredit(sixty.solicitud, sixty.options).pagoMensual,
    );
    // A select by arrows: weekly payments.
    await tabTo('f-periodicity');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.url()).toContain('periodicity=S');
    // The advanced options open with Enter on their summary; a prepayment is typed in.
    await tabTo('f-insurance');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.tagName')).toBe('SUMMARY');
    // Enter toggles the disclosure (open already when the link sets an advanced field, as the date here).
    const open = () => page.evaluate(`document.querySelector('details.advanced').open`) as Promise<boolean>;
    const before = await open();
    await page.keyboard.press('Enter');
    expect(await open()).toBe(!before);
    if (before) await page.keyboard.press('Enter');
    expect(await open()).toBe(true);
    await tabTo('f-prepayPeriod');
    await page.keyboard.type('10');
    await page.keyboard.press('Tab');
    await page.keyboard.type('5000');
    const prepaid = engineInput(
      { ...DEFAULT_SCENARIO, term: '60', periodicity: 'S', prepayPeriod: '10', prepayAmount: '5000', date: DATE },
      DATE,
    );
    expect(shownAmount((await page.locator('[data-out="totalPagar"]').textContent()) ?? '')).toBe(
      quoteCredit(prepaid.solicitud, prepaid.options).totalPagar,
    );
    // The table's scrolling region, the CSV and print buttons, the questions, the offers: all reachable.
    await tabTo('q-payment');
    await page.keyboard.type('3000');
    await expect.poll(() => page.locator('[data-out="borrow"]').textContent()).toContain('$3,000.00');
    await tabTo('add-offer');
    await page.keyboard.press('Enter');
    expect(await page.locator('.offers-table th[data-offer]').count()).toBe(1);
    // Back to the switch (Shift+Tab from the top), Enter: the page in English, the focus kept on the switch.
    await page.keyboard.press('ControlOrMeta+Home');
    await page.locator('#lang-switch').focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate('document.documentElement.lang')).toBe('en');
    expect(await focused()).toBe('lang-switch');
    expect(await page.locator('h1').textContent()).toBe('Vehicle credit simulator');
    expect(problems).toEqual([]);
  });

  it('shows where the focus is (a visible outline on every control)', async () => {
    const { page } = await simulator.open(WIDTHS.desktop);
    await page.goto(`${simulator.url}/${link({})}`);
    await page.waitForSelector('#results [data-out="pagoMensual"]');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const outline = (await page.evaluate('getComputedStyle(document.activeElement).outlineStyle')) as string;
      expect(outline).not.toBe('none');
    }
  });
});

describe('layout at 360 and 1,280 px, and the screenshots for the docs', () => {
  for (const [name, width] of [
    ['360', WIDTHS.phone],
    ['1280', WIDTHS.desktop],
  ] as const) {
    it(`reads at ${width} px without sideways scrolling (docs/simulator-${name}.png)`, async () => {
      const { page, problems } = await simulator.open(width);
      await page.goto(`${simulator.url}/${link({ insurance: 'upfront' })}`);
      await page.waitForSelector('#results [data-out="pagoMensual"]');
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      // The controls keep a comfortable size for a finger or a pointer (WCAG 2.5.8: 24 px at least).
      const small = (await page.evaluate(
        `[...document.querySelectorAll('input, select, button')].filter((e) => e.offsetParent && e.getBoundingClientRect().height < 24).map((e) => e.id || e.textContent)`,
      )) as string[];
      expect(small).toEqual([]);
      // The phone's first screens (the form, then the results), the desktop's whole page.
      const clip = width === WIDTHS.phone ? { x: 0, y: 0, width, height: 2400 } : undefined;
      await page.screenshot({ path: join(DOCS, `simulator-${name}.png`), fullPage: true, ...(clip === undefined ? {} : { clip }) });
      expect(problems).toEqual([]);
    });
  }
});

describe('the policy and offline use', () => {
  it('is served with default-src self, and works offline once loaded (service worker)', async () => {
    const { page, context, problems } = await simulator.open(WIDTHS.desktop, { serviceWorkers: 'allow' });
    const response = await page.goto(`${simulator.url}/simulador${link({})}`);
    expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'self'/);
    await page.waitForSelector('#results [data-out="pagoMensual"]');
    await page.evaluate('navigator.serviceWorker.ready');
    await context.setOffline(true);
    await page.goto(`${simulator.url}/${link({ term: '24' })}`);
    const offline = engineInput({ ...DEFAULT_SCENARIO, term: '24', date: DATE }, DATE);
    expect(shownAmount((await page.locator('[data-out="pagoMensual"]').textContent()) ?? '')).toBe(
      quoteCredit(offline.solicitud, offline.options).pagoMensual,
    );
    await context.setOffline(false);
    expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
  });
});
