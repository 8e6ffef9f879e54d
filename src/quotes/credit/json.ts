/**
 * The pieces of a credit table's JSON text that the quote and the writer share
 * (`../creditJson.ts`): each row's head, kept between calls, and a level table written as text
 * straight from the schedule, with no row objects in between (for `quoteCreditJson`).
 */
import { centsSuffixes, formatCents, formatCentsThen } from '../../money/cents.js';
import type { LoanSchedule } from '../../credit/loan.js';

/**
 * How many row heads (row number and date) are kept between calls: the schema's largest `plazo`
 * plus one, so one entry per row a table can have. About 80 bytes each.
 */
const MAX_CACHED_ROWS = 1000;

/** Row `k`'s head for the date last seen there: `[date, text]`. */
const rowHeads: (readonly [date: string, text: string])[] = [];

/**
 * Row `k`'s head (0-based), from the end of the row before it (none for the first) to the opening
 * quote of `saldoCapital`'s value: `"},{"numAmortizacion":k+1,"fechaAmortizacion":"<date>","saldoCapital":"`.
 *
 * @example
 * ```ts
 * rowHead(0, '2026-02-28'); // '{"numAmortizacion":1,"fechaAmortizacion":"2026-02-28","saldoCapital":"'
 * rowHead(1, '2026-03-31').startsWith('"},{"numAmortizacion":2,'); // true
 * ```
 */
export function rowHead(k: number, date: string): string {
  // Speed: the head kept for the last date seen at each row number (every request opened the same
  // day with the same periodicity has the same dates), instead of joining its four pieces per row;
  // part of creditResultJson's gain (its Speed comment).
  if (k >= MAX_CACHED_ROWS) return `"},{"numAmortizacion":${k + 1},"fechaAmortizacion":"${date}","saldoCapital":"`;
  const kept = rowHeads[k];
  if (kept !== undefined && kept[0] === date) return kept[1];
  const head = `${k === 0 ? '' : '"},'}{"numAmortizacion":${k + 1},"fechaAmortizacion":"${date}","saldoCapital":"`;
  rowHeads[k] = [date, head];
  return head;
}

/** `.DD` and the key after the capital; `.DD` and the key after the interest (made on first use). */
let afterCapital: readonly string[] | undefined;
let afterInterest: readonly string[] | undefined;

/**
 * The rows of a table whose payments are the loan's own (no insurance or commission columns), as
 * JSON text from the first `{` to the last `}`: the text `JSON.stringify` writes for the rows
 * `levelRows` (`./result.ts`) builds from the same schedule, dates and first balance.
 *
 * @example
 * ```ts
 * import { planCredit } from './plan.js';
 * import { schedulePlan } from './schedule.js';
 * const plan = planCredit({ ...solicitud, importeCatSegVida: '0.00' }, DEFAULT_CREDIT_CONVENTIONS);
 * const dates = ['2026-02-28', '2026-03-31'];
 * levelRowsJson(schedulePlan(plan), dates.slice(0, 1), '280000.00').slice(0, 40); // '{"numAmortizacion":1,"fechaAmortizacion"'
 * ```
 */
export function levelRowsJson(schedule: LoanSchedule, dates: readonly string[], principalText: string): string {
  // Speed: the table's text written straight from the schedule, instead of row objects written out
  // by creditResultJson; what it buys is in quoteCreditJson's Speed comment (`../creditJson.ts`).
  const { opening, capital, interest, vat, level } = schedule;
  const n = Math.min(level.length, dates.length);
  afterCapital ??= centsSuffixes('","interesAmortizacion":"');
  afterInterest ??= centsSuffixes('","ivaAmortizacion":"');
  let out = '';
  let openingText = principalText;
  let lastPayment = -1;
  let middle = '';
  for (let k = 0; k < n; k++) {
    const paid = capital[k] as number;
    const closingText = formatCents((opening[k] as number) - paid);
    const payment = level[k] as number;
    if (payment !== lastPayment) {
      lastPayment = payment;
      middle = `","comisionAmortizacion":"0.00","seguroVida":"0.00","seguroDanos":"0.00","seguroDesempleo":"0.00","pagoAmortizacion":"${formatCents(payment)}","saldoFin":"`;
    }
    // Speed: the capital and the interest each joined to the key after it in one step
    // (formatCentsThen), two joins a row fewer; buys 0.2–0.9 µs of 10.7–11.5 µs per quoteCreditJson
    // at 60 payments (A/B on npm run bench --quick's json group, after its warm-up set, 2026-11-26).
    out += `${rowHead(k, dates[k] as string)}${openingText}","abonoCapital":"${formatCentsThen(paid, afterCapital)}${formatCentsThen(interest[k] as number, afterInterest)}${formatCents(vat[k] as number)}${middle}${closingText}`;
    openingText = closingText;
  }
  return n === 0 ? out : `${out}"}`;
}
