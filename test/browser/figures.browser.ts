/**
 * Every figure on the simulator's screen is the library's figure: random scenarios (fast-check)
 * are opened in headless Chromium from their link, and each number the page shows — the payment,
 * the CAT, the totals, the initial outlay item by item, every row of the amortization table — is
 * compared with `quoteCredit` and `creditOpeningCharges` run here, in Node, on the same input, and
 * every figure of the CAT's explanation (opened: it is worked out only then) with `explainCat`. A scenario the engine refuses must show the engine's own coded message, in
 * the page's language, next to the field it names (or in the page's alert when it names none).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  affordability,
  compareOffers,
  isQuoteError,
  localizedMessage,
  quoteCredit,
  solveCredit,
  type CreditResult,
  type Lang,
} from '../../src/entry/index.js';
import { creditOpeningCharges, explainCat } from '../../src/entry/credit.js';
import { CAT_DIGITS, shownFlows } from '../../simulator/cat.js';
import { creditRowsToCsv } from '../../src/entry/analysis.js';
import { fieldKey } from '../../simulator/compute.js';
import { centsText, DEFAULT_SCENARIO, engineInput, scenarioToParams, type Scenario } from '../../simulator/scenario.js';
import { shownAmount, startSimulator, WIDTHS, type Simulator } from './harness.js';

const DATE = '2026-01-31';

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await simulator?.close();
});

const cents = (min: number, max: number) => fc.integer({ min, max }).map((c) => centsText(BigInt(c)));
const percent = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((p) => (p / 100).toFixed(2));
const optional = <T>(arb: fc.Arbitrary<T>, none: T) => fc.oneof({ weight: 3, arbitrary: fc.constant(none) }, { weight: 1, arbitrary: arb });

/** Scenarios as a person types them: mostly quotable, some refused (a small down payment, a model the tariff does not rate…). */
const scenarios: fc.Arbitrary<{ scenario: Scenario; lang: Lang }> = fc
  .record({
    price: cents(5_000_000, 250_000_000),
    downPct: fc.integer({ min: 1500, max: 6000 }).map((p) => (p / 100).toString()),
    downAmount: fc.boolean(),
    term: fc.oneof(fc.integer({ min: 1, max: 72 }), fc.constantFrom(120, 360, 999)),
    periodicity: fc.constantFrom('M', 'Q', 'C', 'S', 'D'),
    rate: percent(45),
    commission: percent(5),
    insurance: fc.constantFrom('none', 'none', 'none', 'upfront', 'financed'),
    pack: fc.constantFrom('1-1', '1-2', '2-1', '2-3', '3-2'),
    vehicle: fc.constantFrom('1001', '1002', '1003', '2001', '2002', '3001'),
    state: fc.integer({ min: 1, max: 32 }).map(String),
    model: fc.integer({ min: 2014, max: 2027 }).map(String),
    prepay: optional(
      fc.tuple(fc.integer({ min: 1, max: 40 }), cents(100_000, 5_000_000), fc.constantFrom('reducePayment', 'reduceTerm')),
      undefined,
    ),
    balloon: optional(percent(40), ''),
    anualidad: optional(fc.tuple(cents(100_000, 3_000_000), fc.integer({ min: 1, max: 12 })), undefined),
    promo: optional(fc.integer({ min: 1, max: 12 }), undefined),
    lang: fc.constantFrom<Lang>('es', 'en'),
  })
  .map((r) => {
    const downCents = (BigInt(r.price.replace('.', '')) * BigInt(Math.round(Number(r.downPct) * 100))) / 10_000n;
    const scenario: Scenario = {
      ...DEFAULT_SCENARIO,
      price: r.price,
      down: r.downAmount ? centsText(downCents) : r.downPct,
      downKind: r.downAmount ? 'amount' : 'pct',
      term: String(r.term),
      periodicity: r.periodicity,
      rate: r.rate,
      commission: r.commission,
      insurance: r.insurance as Scenario['insurance'],
      pack: r.pack,
      vehicle: r.vehicle,
      state: r.state,
      model: r.model,
      prepayPeriod: r.prepay === undefined ? '' : String(r.prepay[0]),
      prepayAmount: r.prepay === undefined ? '' : r.prepay[1],
      prepayMode: r.prepay?.[2] ?? 'reducePayment',
      balloon: r.balloon,
      anualidad: r.anualidad === undefined ? '' : r.anualidad[0],
      anualidadMonth: r.anualidad === undefined ? '12' : String(r.anualidad[1]),
      promoPeriods: r.promo === undefined ? '' : String(r.promo),
      date: DATE,
    };
    return { scenario, lang: r.lang };
  });

/** What the page shows for a scenario: its figures by engine name, the table's cells, the CAT's disbursement, the messages. */
interface Shown {
  readonly figures: Record<string, string>;
  readonly rows: string[][];
  readonly disbursement: string;
  readonly errors: Record<string, string>;
  readonly alert: string;
  readonly cat: ShownCat | null;
}

/** The CAT's explanation as shown: the flows' rows (index, then the cells), the sums by column, the charges, the texts. */
interface ShownCat {
  readonly flows: string[][];
  readonly elided: string;
  readonly columns: Record<string, string[]>;
  readonly charges: string[][];
  readonly holds: string;
  readonly rule: string;
  readonly basis: string;
}

const READ = `(() => {
  const figures = Object.fromEntries([...document.querySelectorAll('#results [data-out]')].map((e) => [e.dataset.out, e.textContent]));
  const rows = [...document.querySelectorAll('.schedule tbody tr:not(.sentinel)')].map((tr) => [...tr.children].map((c) => c.textContent));
  const errors = Object.fromEntries([...document.querySelectorAll('.field-error:not([hidden])')].map((e) => [e.id.slice(2), e.textContent]));
  const alert = document.getElementById('general-error')?.hidden ? '' : document.getElementById('general-error').textContent;
  const disbursement = document.querySelector('.cat-proof [data-cat="disbursement"]')?.textContent ?? '';
  const proof = document.querySelector('.cat-proof[data-state="ready"]');
  const cells = (tr) => [...tr.children].map((c) => c.textContent);
  const cat = proof && {
    flows: [...proof.querySelectorAll('tr[data-flow]')].map((tr) => [tr.dataset.flow, ...cells(tr)]),
    elided: proof.querySelector('.flows tbody tr:not([data-flow]) td')?.textContent ?? '',
    columns: Object.fromEntries([...proof.querySelectorAll('tr[data-column]')].map((tr) => [tr.dataset.column, [...cells(tr), tr.querySelector('[data-sign]').dataset.sign]])),
    charges: [...proof.querySelectorAll('tr[data-charge]')].map((tr) => [tr.dataset.charge, tr.dataset.entered, tr.dataset.reason, ...cells(tr)]),
    holds: proof.querySelector('[data-cat="holds"]').dataset.holds,
    rule: proof.querySelector('[data-cat="rule"]').textContent,
    basis: proof.querySelector('[data-cat="basis"]').textContent,
  };
  return { figures, rows, errors, alert, disbursement, cat };
})()`;

async function show(scenario: Scenario, lang: Lang): Promise<Shown> {
  const { page, problems } = await simulator.open(WIDTHS.desktop);
  const params = scenarioToParams(scenario);
  if (lang !== 'es') params.set('lang', lang);
  await page.goto(`${simulator.url}/#${params.toString()}`);
  await page.waitForSelector('#results [data-out="pagoMensual"], .field-error:not([hidden]), #general-error:not([hidden])');
  const all = page.locator('.actions button').first();
  if (await all.isVisible()) await all.click();
  // The CAT's explanation is worked out only when its details are open.
  const summary = page.locator('.cat-details summary');
  if (await summary.isVisible()) {
    await summary.click();
    await page.waitForSelector('.cat-proof[data-state="ready"], .cat-proof[data-state="error"]');
  }
  const shown = (await page.evaluate(READ)) as Shown;
  await page.context().close();
  expect(problems).toEqual([]);
  return shown;
}

function expectFigures(shown: Shown, quote: CreditResult, input: ReturnType<typeof engineInput>): void {
  const charges = creditOpeningCharges(input.solicitud, input.options);
  const figure = (name: string) => shownAmount(shown.figures[name] ?? `missing ${name}`);
  expect(figure('pagoMensual')).toBe(quote.pagoMensual);
  expect(shown.figures['cat']).toBe(quote.cat);
  expect(figure('montoSolicitado')).toBe(quote.montoSolicitado);
  expect(figure('totalPagar')).toBe(quote.totalPagar);
  expect(figure('importeInteresTotal')).toBe(quote.importeInteresTotal);
  expect(figure('impIVAInteresTotal')).toBe(quote.impIVAInteresTotal);
  // The initial outlay: the down payment is the price less the amount financed; each charge is creditOpeningCharges'.
  const c = (text: string) => BigInt(text.replace('.', ''));
  const down = c(quote.valorFactura) - c(quote.montoSolicitado);
  expect(figure('enganche')).toBe(centsText(down));
  expect(figure('commission')).toBe(charges.commission);
  expect(figure('commissionVat')).toBe(charges.commissionVat);
  for (const key of ['upfrontLifeInsurance', 'upfrontDamageInsurance', 'policyDamagePremium', 'policyLifePremium'] as const) {
    if (charges[key] === '0.00') expect(shown.figures[key]).toBeUndefined();
    else expect(figure(key)).toBe(charges[key]);
  }
  expect(figure('outlay')).toBe(centsText(down + c(charges.total)));
  // The CAT's disbursement: the amount financed less the charges at opening without their IVA (and explainCat's, below).
  expect(shownAmount(/\$[\d,]+\.\d\d/.exec(shown.disbursement)?.[0] ?? '')).toBe(
    centsText(c(quote.montoSolicitado) - (c(charges.total) - c(charges.commissionVat))),
  );
  expectCat(shown, quote, input);
  // Every row, every column.
  expect(shown.rows.length).toBe(quote.registros.length);
  quote.registros.forEach((row, i) => {
    const insurance = c(row.seguroVida) + c(row.seguroDanos) + c(row.seguroDesempleo);
    const expected = [
      String(row.numAmortizacion),
      row.fechaAmortizacion,
      row.saldoCapital,
      row.abonoCapital,
      row.interesAmortizacion,
      row.ivaAmortizacion,
      centsText(insurance),
      row.pagoAmortizacion,
      row.saldoFin,
    ];
    const cells = (shown.rows[i] ?? []).map((cell, k) => (k < 2 ? cell : shownAmount(cell)));
    expect(cells, `row ${i + 1}`).toEqual(expected);
  });
}

/** The CAT's explanation on screen is explainCat's for the same input, at the panel's digits. */
function expectCat(shown: Shown, quote: CreditResult, input: ReturnType<typeof engineInput>): void {
  const e = explainCat(input.solicitud, { ...input.options, digits: CAT_DIGITS });
  expect(e.percent).toBe(quote.cat);
  const cat = shown.cat;
  if (cat === null) throw new Error('the CAT explanation is not shown');
  expect(shownAmount(/\$[\d,]+\.\d\d/.exec(shown.disbursement)?.[0] ?? '')).toBe(e.disbursement.amount);
  const indexes = shownFlows(e.flows.length).filter((i): i is number => i !== undefined);
  expect(cat.flows.map((row) => row[0])).toEqual(indexes.map((i) => String(e.flows[i]?.index)));
  indexes.forEach((i, k) => {
    const f = e.flows[i];
    const [, , years = '', amount = '', factor, pv] = cat.flows[k] ?? [];
    expect(years.startsWith(f?.years ?? '?') && years.endsWith(f?.yearsDecimal ?? '?'), `flow ${i} time ${years}`).toBe(true);
    expect(shownAmount(amount), `flow ${i} amount`).toBe(f?.amount);
    expect(factor, `flow ${i} factor`).toBe(e.atRate.discountFactors[i]);
    expect(pv, `flow ${i} present value`).toBe(e.atRate.presentValues[i]);
  });
  if (indexes.length < e.flows.length) expect(cat.elided).toContain(String(e.flows.length - indexes.length));
  for (const [key, column, label] of [
    ['atRate', e.atRate, e.rate],
    ['lower', e.lower, e.boundaries.lower],
    ['upper', e.upper, e.boundaries.upper],
  ] as const) {
    const [head = '', sum, bound = '', , sign] = cat.columns[key] ?? [];
    expect(head, key).toContain(label);
    expect(sum, `${key} sum`).toBe(column.sum);
    expect(bound, `${key} bound`).toContain(column.bound);
    expect(sign, `${key} sign`).toBe(String(column.sign));
  }
  expect(cat.holds).toBe(String(e.holds));
  expect(cat.rule).toContain(e.percent);
  if (e.rule !== 'zero') expect(cat.rule).toContain(e.rate);
  if (e.timeBasis.period !== undefined) expect(cat.basis).toContain(e.timeBasis.period);
  expect(cat.charges.map(([item, entered, reason, , field, amount]) => [item, entered, reason, field, shownAmount(amount ?? '')])).toEqual(
    e.charges.map((c) => [c.item, c.entered, c.reason, c.field, c.amount]),
  );
}

describe('the simulator in Chromium', () => {
  it('shows the library figures, or its coded refusal by the field it names, for random scenarios', async () => {
    let quoted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(scenarios, async ({ scenario, lang }) => {
        const input = engineInput(scenario, DATE);
        let quote: CreditResult | undefined;
        let error: unknown;
        try {
          quote = quoteCredit(input.solicitud, input.options);
        } catch (e) {
          error = e;
        }
        const shown = await show(scenario, lang);
        if (quote !== undefined) {
          quoted++;
          expect(shown.errors).toEqual({});
          expectFigures(shown, quote, input);
        } else {
          refused++;
          if (!isQuoteError(error)) throw error;
          const expected = `[${error.codigoError}] ${localizedMessage(error, lang)}`;
          const key = fieldKey(error.valorIncorrecto);
          if (key === undefined) expect(shown.alert).toContain(expected);
          else expect(shown.errors[key]).toBe(expected);
        }
      }),
      { numRuns: 14 },
    );
    // The draw must exercise both sides.
    expect(quoted).toBeGreaterThan(0);
    expect(refused + quoted).toBe(14);
  });

  it('shows the example car exactly (a fixed scenario, by hand: 280,000.00 at 13.50 % over 48 months)', async () => {
    const scenario = { ...DEFAULT_SCENARIO, date: DATE };
    const shown = await show(scenario, 'es');
    const input = engineInput(scenario, DATE);
    expect(input.solicitud.montoSolicitado).toBe('280000.00');
    expectFigures(shown, quoteCredit(input.solicitud, input.options), input);
  });
});

describe('the questions and the offers in Chromium', () => {
  it('answers "how much can I borrow" and "what can my income afford" with solveCredit and affordability', async () => {
    const scenario = { ...DEFAULT_SCENARIO, term: '60', date: DATE };
    const { page, problems } = await simulator.open(WIDTHS.desktop);
    const params = scenarioToParams(scenario);
    params.set('pay', '6500');
    params.set('income', '32000');
    params.set('share', '25');
    await page.goto(`${simulator.url}/#${params.toString()}`);
    await page.waitForSelector('[data-out="afford"]:not(:empty)');
    const { solicitud, options } = engineInput(scenario, DATE);
    const solved = solveCredit(solicitud, { unknown: 'montoSolicitado', target: { pagoMensual: '6500' } }, options);
    const afforded = affordability(solicitud, { income: '32000', maxShare: '25', downPayment: { percent: '20' } }, options);
    const amounts = async (selector: string) =>
      [...((await page.locator(selector).textContent()) ?? '').matchAll(/\$[\d,]+\.\d\d/g)].map((m) => shownAmount(m[0]));
    // The payment, the amount, the price with the same down payment (the price less the amount financed).
    expect(await amounts('[data-out="borrow"]')).toEqual([
      '6500.00',
      solved.value,
      centsText(BigInt(solved.value.replace('.', '')) + 7_000_000n),
    ]);
    expect(await amounts('[data-out="afford"]')).toEqual([
      afforded.paymentLimit,
      afforded.montoSolicitado,
      afforded.downPayment,
      afforded.valorFactura,
    ]);
    expect(problems).toEqual([]);
  });

  it('ranks up to four offers side by side as compareOffers ranks them, refused ones listed apart', async () => {
    const offers: Scenario[] = [
      { ...DEFAULT_SCENARIO, date: DATE },
      { ...DEFAULT_SCENARIO, term: '36', rate: '12.90', commission: '3.00', date: DATE },
      { ...DEFAULT_SCENARIO, down: '10', date: DATE },
      { ...DEFAULT_SCENARIO, term: '24', rate: '15.99', promoPeriods: '12', date: DATE },
    ];
    const params = scenarioToParams({ ...DEFAULT_SCENARIO, date: DATE });
    for (const offer of offers) params.append('o', scenarioToParams(offer).toString());
    const { page, problems } = await simulator.open(WIDTHS.desktop);
    await page.goto(`${simulator.url}/#${params.toString()}`);
    await page.waitForSelector('.offers-table');
    const comparison = compareOffers(offers.map((offer, i) => ({ label: `Oferta ${i + 1}`, ...engineInput(offer, DATE) })));
    const headers = await page
      .locator('.offers-table thead th[data-offer]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-offer')));
    expect(headers).toEqual(comparison.ranked.map((o) => String(o.index)));
    for (const offer of comparison.ranked) {
      for (const measure of ['cat', 'payment', 'total', 'outlay'] as const) {
        const cell = (await page.locator(`td[data-offer="${offer.index}"][data-measure="${measure}"]`).textContent()) ?? '';
        const value = measure === 'cat' ? `${offer.measures.cat} %` : shownAmount(/^[^+]*/.exec(cell)?.[0] ?? '');
        expect(measure === 'cat' ? cell.startsWith(value) : value, `${offer.label} ${measure}`).toBe(
          measure === 'cat' ? true : offer.measures[measure],
        );
      }
    }
    const refused = (await page.locator('.offers-body > p.refusal').allTextContents()).join('\n');
    expect(comparison.failed).toHaveLength(1);
    for (const failed of comparison.failed) expect(refused).toContain(`${failed.label}: [${failed.error.codigoError}]`);
    expect(problems).toEqual([]);
  });
});

describe('the table as CSV', () => {
  it('downloads creditRowsToCsv of the quote shown, every row of a 999-payment credit', async () => {
    const scenario = { ...DEFAULT_SCENARIO, term: '999', date: DATE };
    const { page, problems } = await simulator.open(WIDTHS.desktop);
    await page.goto(`${simulator.url}/#${scenarioToParams(scenario).toString()}`);
    await page.waitForSelector('#results [data-out="pagoMensual"]');
    // Only the first rows are in the page; the file has them all.
    expect(await page.locator('.schedule tbody tr:not(.sentinel)').count()).toBeLessThan(999);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.actions button').nth(1).click()]);
    const file = await download.path();
    const { solicitud, options } = engineInput(scenario, DATE);
    expect(readFileSync(file, 'utf8')).toBe(creditRowsToCsv(quoteCredit(solicitud, options)));
    expect(problems).toEqual([]);
  });
});
