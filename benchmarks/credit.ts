/**
 * The credit table, side by side: a float64 schedule (the baseline), the floor (the interface's
 * rows of text built from integer cents already computed: the cost of the output alone), the
 * peers bare (numbers only, as their users call them) and with the interface's strings, and our
 * exact quote with and without its table.
 *
 * The loan: 350,000.00 at 13.5 % + IVA 16 %, monthly, opening commission 2 %, from 2026-01-31.
 */
import * as financial from 'financial';
import * as formulajs from '@formulajs/formulajs';
import loanjs from 'loanjs';
import { quoteCredit, type CreditRequest } from '../src/entry/index.js';
import { daysInMonth } from '../src/dates/civil.js';
import type { BenchCase } from './harness.js';

const P = 350_000;
const TASA = 0.135;
const IVA = 0.16;
/** The IVA-grossed monthly rate every peer is given (capital + interest + IVA level). */
const RATE = (TASA * (1 + IVA)) / 12;

/**
 * The benchmark's credit request.
 *
 * @example
 * ```ts
 * creditRequest(60).plazo; // 60
 * ```
 */
export function creditRequest(n: number, table = true): CreditRequest {
  return {
    fechaApertura: '2026-01-31',
    montoSolicitado: '350000.00',
    valorFactura: '437500.00',
    tasa: '13.50',
    plazo: n,
    periodicidad: 'M',
    iva: 16,
    comisiones: '2.00',
    generaTablaPagos: table,
  };
}

const PAD2 = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));
/** `.00` to `.99`: the cents after the whole part, joined to it in one step. */
const DOT_PAD2 = PAD2.map((digits) => `.${digits}`);
/** `MM-DD` at `month × 32 + day`. */
const MONTH_DAY = Array.from({ length: 13 * 32 }, (_, i) => `${PAD2[i >> 5]}-${PAD2[i & 31]}`);

/**
 * The dates 2026-01-31 + k months as `YYYY-MM-DD`, stepped incrementally (the cheapest calendar),
 * each the year's text (`YYYY-`, made when the year changes) joined to its `MM-DD` from a table: one
 * join a date (a string of four joins costs twice as much; the engine does the same since stop 28).
 */
function dateTexts(n: number): string[] {
  const out = new Array<string>(n);
  let index = 2026 * 12; // January 2026
  let yearOf = 0;
  let yearText = '';
  for (let k = 0; k < n; k++) {
    index++;
    const y = Math.floor(index / 12);
    const m = index - y * 12 + 1;
    if (y !== yearOf) {
      yearOf = y;
      yearText = `${y}-`;
    }
    out[k] = yearText + (MONTH_DAY[m * 32 + Math.min(31, daysInMonth(y, m))] as string);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// float64: the baseline

interface FloatRow {
  readonly k: number;
  readonly opening: number;
  readonly capital: number;
  readonly interest: number;
  readonly vat: number;
  readonly payment: number;
  readonly closing: number;
}

/** The schedule as plain numbers (`Math.round(x × 100) / 100`): no strings, no dates, no CAT. Inexact. */
function floatSchedule(n: number): FloatRow[] {
  const r = TASA / 12;
  const pay = Math.round(((P * RATE) / (1 - (1 + RATE) ** -n)) * 100) / 100;
  const rows: FloatRow[] = [];
  let balance = P;
  for (let k = 1; k <= n; k++) {
    const interest = Math.round(balance * r * 100) / 100;
    const vat = Math.round(interest * IVA * 100) / 100;
    const capital = k === n ? balance : pay - interest - vat;
    rows.push({ k, opening: balance, capital, interest, vat, payment: capital + interest + vat, closing: balance - capital });
    balance -= capital;
  }
  return rows;
}

function stringRow(k: number, date: string, opening: number, capital: number, interest: number, vat: number) {
  return {
    numAmortizacion: k,
    fechaAmortizacion: date,
    saldoCapital: opening.toFixed(2),
    abonoCapital: capital.toFixed(2),
    interesAmortizacion: interest.toFixed(2),
    ivaAmortizacion: vat.toFixed(2),
    comisionAmortizacion: '0.00',
    seguroVida: '0.00',
    seguroDanos: '0.00',
    seguroDesempleo: '0.00',
    pagoAmortizacion: (capital + interest + vat).toFixed(2),
    saldoFin: (opening - capital).toFixed(2),
  };
}

// ---------------------------------------------------------------------------------------------
// The floor: the rows of text from integer cents already computed

/** The exact table's columns in cents, computed once outside the timing. */
interface CentColumns {
  readonly opening: Float64Array;
  readonly capital: Float64Array;
  readonly interest: Float64Array;
  readonly vat: Float64Array;
  readonly payment: Float64Array;
}

function centColumns(n: number): CentColumns {
  const rows = quoteCredit(creditRequest(n)).registros;
  const column = (pick: (row: (typeof rows)[number]) => string) => Float64Array.from(rows, (row) => Math.round(Number(pick(row)) * 100));
  return {
    opening: column((row) => row.saldoCapital),
    capital: column((row) => row.abonoCapital),
    interest: column((row) => row.interesAmortizacion),
    vat: column((row) => row.ivaAmortizacion),
    payment: column((row) => row.pagoAmortizacion),
  };
}

/**
 * Cents → "123.45" by the cheapest conversion: one division and a table of `.00`–`.99`, in 32-bit
 * integers (every amount of this loan is below 2^31 cents; V8 converts an int32 to text faster
 * than a double holding the same integer, 4-8 % of the floor), the whole part and the cents joined
 * once (a second join, for the dot, cost about a fifth of the floor; the engine joins once too
 * since stop 28).
 */
function centsText(cents: number): string {
  if (cents === 0) return '0.00';
  const c = cents | 0;
  const whole = (c / 100) | 0;
  return `${whole}${DOT_PAD2[c - whole * 100]}`;
}

/**
 * The floor: the same rows of text from the integer cents, each distinct value converted once (the
 * zero columns share "0.00", the opening balance is the previous closing text, a repeated payment
 * reuses its text) and the dates stepped incrementally. Nothing is computed but the text.
 */
function floorRows(c: CentColumns) {
  const n = c.opening.length;
  const dates = dateTexts(n);
  const rows = [];
  let openingText = centsText(c.opening[0] as number);
  let lastPayment = -1;
  let paymentText = '';
  for (let k = 0; k < n; k++) {
    const capital = c.capital[k] as number;
    const closingText = centsText((c.opening[k] as number) - capital);
    const payment = c.payment[k] as number;
    if (payment !== lastPayment) {
      lastPayment = payment;
      paymentText = centsText(payment);
    }
    rows.push({
      numAmortizacion: k + 1,
      fechaAmortizacion: dates[k] as string,
      saldoCapital: openingText,
      abonoCapital: centsText(capital),
      interesAmortizacion: centsText(c.interest[k] as number),
      ivaAmortizacion: centsText(c.vat[k] as number),
      comisionAmortizacion: '0.00',
      seguroVida: '0.00',
      seguroDanos: '0.00',
      seguroDesempleo: '0.00',
      pagoAmortizacion: paymentText,
      saldoFin: closingText,
    });
    openingText = closingText;
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Peers, each called as its README shows (no shared wrapper: an indirect call through one object
// for every peer made their call sites polymorphic and slowed `financial` 1.4–1.6×)

/** `financial` bare: `pmt` once, `ipmt` and `ppmt` per period; numbers. */
function financialBare(n: number): { interest: Float64Array; capital: Float64Array; payment: number } {
  const interest = new Float64Array(n);
  const capital = new Float64Array(n);
  const payment = financial.pmt(RATE, n, -P);
  for (let k = 1; k <= n; k++) {
    interest[k - 1] = financial.ipmt(RATE, k, n, -P);
    capital[k - 1] = financial.ppmt(RATE, k, n, -P);
  }
  return { interest, capital, payment };
}

/** `@formulajs/formulajs` bare: `PMT` once, `IPMT` and `PPMT` per period; numbers. */
function formulajsBare(n: number): { interest: Float64Array; capital: Float64Array; payment: number } {
  const interest = new Float64Array(n);
  const capital = new Float64Array(n);
  const payment = formulajs.PMT(RATE, n, -P) as number;
  for (let k = 1; k <= n; k++) {
    interest[k - 1] = formulajs.IPMT(RATE, k, n, -P) as number;
    capital[k - 1] = formulajs.PPMT(RATE, k, n, -P) as number;
  }
  return { interest, capital, payment };
}

/** The printed table through `financial`: the interface's strings, IVA split from the grossed interest. */
function financialRows(n: number) {
  const dates = dateTexts(n);
  const rows = [];
  let balance = P;
  financial.pmt(RATE, n, -P);
  for (let k = 1; k <= n; k++) {
    const grossInterest = financial.ipmt(RATE, k, n, -P);
    const capital = financial.ppmt(RATE, k, n, -P);
    const interest = grossInterest / (1 + IVA);
    rows.push(stringRow(k, dates[k - 1] as string, balance, capital, interest, grossInterest - interest));
    balance -= capital;
  }
  return rows;
}

/** The printed table through `@formulajs/formulajs`, as `financialRows`. */
function formulajsRows(n: number) {
  const dates = dateTexts(n);
  const rows = [];
  let balance = P;
  formulajs.PMT(RATE, n, -P);
  for (let k = 1; k <= n; k++) {
    const grossInterest = formulajs.IPMT(RATE, k, n, -P) as number;
    const capital = formulajs.PPMT(RATE, k, n, -P) as number;
    const interest = grossInterest / (1 + IVA);
    rows.push(stringRow(k, dates[k - 1] as string, balance, capital, interest, grossInterest - interest));
    balance -= capital;
  }
  return rows;
}

/** loanjs: `Loan(amount, n, annual %)` (annuity), numbers only; given the IVA-grossed rate. */
function loanjsBare(n: number) {
  return loanjs.Loan(P, n, TASA * (1 + IVA) * 100);
}

function loanjsRows(n: number) {
  const dates = dateTexts(n);
  const { installments } = loanjsBare(n);
  let balance = P;
  return installments.map((row, k) => {
    const interest = row.interest / (1 + IVA);
    const out = stringRow(k + 1, dates[k] as string, balance, row.capital, interest, row.interest - interest);
    balance = row.remain;
    return out;
  });
}

/** The amount columns of a printed row. */
const AMOUNT_COLUMNS = ['saldoCapital', 'abonoCapital', 'interesAmortizacion', 'ivaAmortizacion', 'pagoAmortizacion', 'saldoFin'] as const;

/**
 * How many amount cells of each printed table differ from the exact table by a cent or more (of
 * `6 × n`: the opening balance, capital, interest, IVA, payment and closing balance of every row).
 *
 * @example
 * ```ts
 * wrongCells(12).map((w) => w.cells); // [72, 72, 72, 72]
 * ```
 */
export function wrongCells(n: number): { name: string; wrong: number; cells: number }[] {
  const exact = quoteCredit(creditRequest(n)).registros;
  const tables: [string, ReturnType<typeof financialRows>][] = [
    ['float64 + interface strings', floatSchedule(n).map((x) => stringRow(x.k, '', x.opening, x.capital, x.interest, x.vat))],
    ['financial + interface strings', financialRows(n)],
    ['@formulajs/formulajs + interface strings', formulajsRows(n)],
    ['loanjs + interface strings', loanjsRows(n)],
  ];
  return tables.map(([name, rows]) => {
    let wrong = 0;
    exact.forEach((row, k) => {
      for (const column of AMOUNT_COLUMNS) {
        const theirs = rows[k]?.[column];
        // Cents by text, so a cell is wrong only when its printed text differs by a cent or more.
        if (theirs === undefined || Math.abs(Math.round(Number(theirs) * 100) - Math.round(Number(row[column]) * 100)) >= 1) wrong++;
      }
    });
    return { name, wrong, cells: exact.length * AMOUNT_COLUMNS.length };
  });
}

/**
 * The cases of an n-payment table: the float64 baseline first, the floor second.
 *
 * @example
 * ```ts
 * creditCases(60).map((c) => c.name).slice(0, 2); // ['float64 schedule (numbers)', 'floor: the rows of text from integer cents']
 * ```
 */
export function creditCases(n: number): BenchCase[] {
  const columns = centColumns(n);
  const dates = dateTexts(n);
  return [
    { name: 'float64 schedule (numbers)', run: () => floatSchedule(n) },
    { name: 'floor: the rows of text from integer cents', run: () => floorRows(columns) },
    {
      name: 'float64 + interface strings',
      run: () => floatSchedule(n).map((x) => stringRow(x.k, dates[x.k - 1] as string, x.opening, x.capital, x.interest, x.vat)),
    },
    { name: 'financial, bare (pmt/ipmt/ppmt numbers)', run: () => financialBare(n) },
    { name: 'financial + interface strings', run: () => financialRows(n) },
    { name: '@formulajs/formulajs, bare', run: () => formulajsBare(n) },
    { name: '@formulajs/formulajs + interface strings', run: () => formulajsRows(n) },
    { name: 'loanjs, bare (Loan installments)', run: () => loanjsBare(n) },
    { name: 'loanjs + interface strings', run: () => loanjsRows(n) },
    { name: 'cotizador quoteCredit: exact table + CAT', run: () => quoteCredit(creditRequest(n)) },
    { name: 'cotizador quoteCredit: exact summary + CAT (no table)', run: () => quoteCredit(creditRequest(n, false)) },
  ];
}
