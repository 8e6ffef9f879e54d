/**
 * The amortization table, exactly, from docs/credit.md and docs/conventions.md ("Arithmetic",
 * "Calendars and features"). Every amount is integer cents; every rate an exact rational; the
 * ideal payment p̂ is the exact rational S / Σₖ Πⱼ≤ₖ 1/(1 + gⱼ) (for equal rates the French
 * S·r / (1 − (1 + r)^−m)), so every rounding and every re-derivation is decided exactly.
 *
 * Readings of the docs this file takes (each is listed in docs/oracle.md):
 * - re-derive when |p̂ − held| ≥ tolerance (for ½ this makes every payment p̂ rounded half-up,
 *   the documented default; with ">" an exact half-cent p̂ would keep the lower cent);
 * - the penultimate payment minimises |last − candidate|; ties keep the held payment, then the
 *   lower cent; with a balloon the last *level* payment (the last payment minus the balloon) is
 *   compared; the choice is not made in a row that carries a prepayment, nor after a
 *   'reduceTerm' prepayment (then "the last row takes the balance");
 * - after a 'reducePayment' prepayment the next row re-derives whatever the tolerance;
 * - under 'reduceTerm' the drift rule only raises the payment (p̂ − held ≥ tolerance, p̂ over the
 *   rows left to the planned last row), and the table ends at the first row whose held payment
 *   covers balance + interest + IVA;
 * - a 'reducePayment' after a 'reduceTerm' keeps the last row of the 'reduceTerm' plan in force
 *   just before it: where the held payment (raised by the drift rule), applied from that row on
 *   the balance before the prepayment, would have covered the balance;
 * - a prepayment that, with the row's level capital, reaches the balance settles the loan there;
 * - anualidades (docs/credit.md, "Captive structures"): p̂ₖ = (S − B·Dₖ − Eₖ)/Aₖ with Eₖ their
 *   present value from row k on (payment k's own included); the row pays min(X, S − level capital)
 *   besides, before any prepayment; one that pays the balance off ends the table; the penultimate
 *   choice compares the last payment left after the row's anualidad.
 */
import { type Q, abs, q, roundHalfUp } from './rational.js';

export type PrepaymentMode = 'reducePayment' | 'reduceTerm';

export interface OraclePrepayment {
  readonly amount: bigint; // cents
  readonly mode: PrepaymentMode;
}

export interface OracleLoan {
  /** Amount financed, cents. */
  readonly principal: bigint;
  /** The periodic rate ρₖ of each of the planned periods (fractions, not percent); length = plazo. */
  readonly periodRates: readonly Q[];
  /** IVA on interest, percent. */
  readonly vatPercent: bigint;
  /** Cents p̂ may drift from the held payment before it is re-derived. */
  readonly tolerance: Q;
  readonly balloon?: bigint;
  readonly grace?: number;
  /** Keyed by period (1-based). */
  readonly prepayments?: ReadonlyMap<number, OraclePrepayment>;
  /** Anualidades, cents, keyed by period (1-based). */
  readonly anualidades?: ReadonlyMap<number, bigint>;
}

export interface OracleRow {
  readonly opening: bigint;
  readonly interest: bigint;
  readonly vat: bigint;
  /** Capital of the row, prepayment included. */
  readonly capital: bigint;
  readonly prepaid: bigint;
  /** The anualidad in the row (part of capital). */
  readonly planned: bigint;
  /** capital + interest + vat. */
  readonly payment: bigint;
  readonly closing: bigint;
}

/** Π and Σ of the discount factors over rows k…L (1-based), as exact integer triples. */
interface Annuity {
  /** P[k] = Πⱼ₌ₖ..L Nⱼ (the growth numerators); A(k) = a[k] / P[k]; D(k) = M[k] / P[k]; E(k) = e[k] / P[k]. */
  readonly P: bigint[];
  readonly a: bigint[];
  readonly M: bigint[];
  readonly e: bigint[];
}

function annuity(growth: readonly Q[], last: number, withBalloon: boolean, anualidades?: ReadonlyMap<number, bigint>): Annuity {
  const P: bigint[] = new Array(last + 2);
  const a: bigint[] = new Array(last + 2);
  const M: bigint[] = new Array(last + 2);
  const e: bigint[] = new Array(last + 2);
  P[last + 1] = 1n;
  a[last + 1] = 0n;
  M[last + 1] = 1n;
  e[last + 1] = 0n;
  for (let k = last; k >= 1; k--) {
    const g = growth[k - 1] as Q; // 1 + gₖ = g.n / g.d
    const Pk1 = P[k + 1] as bigint;
    // A(k) = (1 + A(k+1)) / (1 + gₖ) = (P + a)·d / (P·n);  D(k) = D(k+1) / (1 + gₖ) = M·d / (P·n)
    a[k] = (Pk1 + (a[k + 1] as bigint)) * g.d;
    P[k] = Pk1 * g.n;
    M[k] = withBalloon ? (M[k + 1] as bigint) * g.d : 1n;
    // E(k) = (Xₖ + E(k+1)) / (1 + gₖ) = (Xₖ·P + e)·d / (P·n)
    e[k] = ((anualidades?.get(k) ?? 0n) * Pk1 + (e[k + 1] as bigint)) * g.d;
  }
  return { P, a, M, e };
}

/** The ideal payment at row k over rows k…L with the balloon b still owed at the end and the anualidades to come, as num / den. */
function idealPayment(ann: Annuity, k: number, balance: bigint, balloon: bigint): { num: bigint; den: bigint } {
  const P = ann.P[k] as bigint;
  const a = ann.a[k] as bigint;
  const num = (balloon === 0n ? balance * P : balance * P - balloon * (ann.M[k] as bigint)) - (ann.e[k] as bigint);
  return { num, den: a };
}

/** round half-up of num/den (den > 0), starting the search at a hint when one is given. */
function roundNear(num: bigint, den: bigint, hint?: bigint): bigint {
  if (hint === undefined) return roundHalfUp(num, den);
  let h = hint;
  const twice = 2n * num;
  for (let i = 0; i < 4; i++) {
    if (twice >= (2n * h + 1n) * den) h += 1n;
    else if (twice < (2n * h - 1n) * den) h -= 1n;
    else return h;
  }
  return roundHalfUp(num, den);
}

/** |num/den − held| ≥ tol (all exact). */
function drifted(num: bigint, den: bigint, held: bigint, tol: Q): boolean {
  return abs(num - held * den) * tol.d >= tol.n * den;
}

/** num/den − held ≥ tol. */
function driftedUp(num: bigint, den: bigint, held: bigint, tol: Q): boolean {
  return (num - held * den) * tol.d >= tol.n * den;
}

const clamp = (x: bigint, lo: bigint, hi: bigint): bigint => (x < lo ? lo : x > hi ? hi : x);
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** Interest of a balance over one period: S × ρ, half-up to the cent. */
export const interestOf = (balance: bigint, rate: Q): bigint => roundHalfUp(balance * rate.n, rate.d);

/** IVA of an interest: I × iva / 100, half-up to the cent. */
export const vatOf = (interest: bigint, vatPercent: bigint): bigint => roundHalfUp(interest * vatPercent, 100n);

/** The exact table of a loan (docs/conventions.md, "Arithmetic"; docs/credit.md, "Features"). */
export function scheduleOracle(loan: OracleLoan): OracleRow[] {
  const n = loan.periodRates.length;
  const grace = loan.grace ?? 0;
  const balloon0 = loan.balloon ?? 0n;
  const prepayments = loan.prepayments ?? new Map<number, OraclePrepayment>();
  const anualidades = loan.anualidades;
  const v = loan.vatPercent;
  const growth = loan.periodRates.map((r) => q(r.d * 100n + r.n * (100n + v), r.d * 100n)); // 1 + ρ(1 + iva/100)
  const tol = loan.tolerance;

  let last = n;
  let ann = annuity(growth, last, balloon0 > 0n, anualidades);
  let S = loan.principal;
  let held: bigint | undefined;
  let force = false;
  let term = false;
  const rows: OracleRow[] = [];
  const push = (opening: bigint, interest: bigint, vat: bigint, capital: bigint, prepaid: bigint, planned = 0n): void => {
    rows.push({ opening, interest, vat, capital, prepaid, planned, payment: capital + interest + vat, closing: opening - capital });
  };

  for (let k = 1; k <= n; k++) {
    const rate = loan.periodRates[k - 1] as Q;
    const I = interestOf(S, rate);
    const V = vatOf(I, v);
    const B = min(balloon0, S);
    if (k <= grace) {
      push(S, I, V, 0n, 0n);
      continue;
    }
    if (k >= last) {
      push(S, I, V, S, 0n);
      break;
    }
    const { num, den } = idealPayment(ann, k, S, B);
    if (held === undefined || force) {
      held = roundNear(num, den);
      force = false;
    } else if (term) {
      if (driftedUp(num, den, held, tol)) held = roundNear(num, den, held);
    } else if (drifted(num, den, held, tol)) {
      held = roundNear(num, den, held);
    }
    let c = held;
    if (term && c >= S + I + V) {
      push(S, I, V, S, 0n);
      break;
    }
    const pre = prepayments.get(k);
    // the penultimate choice levels the last two payments of the plan: not in a row that carries a
    // prepayment, nor after a 'reduceTerm' ("the last row takes the balance")
    const X = anualidades?.get(k) ?? 0n;
    if (k === last - 1 && !pre && !term) c = penultimate(c, S, I, V, B, balloon0, loan.periodRates[k] as Q, v, X);
    let A = clamp(c - I - V, 0n, S - B);
    // the anualidad, planned: capital besides the level payment, before any prepayment
    const x = min(X, S - A);
    A += x;
    if (x > 0n && A === S) {
      push(S, I, V, S, 0n, x);
      break;
    }
    if (pre) {
      if (A + pre.amount >= S) {
        push(S, I, V, S, S - A, x);
        break;
      }
      if (pre.mode === 'reducePayment') {
        if (term) {
          last = coveringRow(loan.periodRates, v, k, S, held, n, ann, tol);
          ann = annuity(growth, last, balloon0 > 0n);
          term = false;
        }
        force = true;
      } else {
        term = true;
      }
      A += pre.amount;
      push(S, I, V, A, pre.amount, x);
    } else {
      push(S, I, V, A, 0n, x);
    }
    S -= A;
  }
  return rows;
}

/**
 * The penultimate payment: among held − 1, held, held + 1 the one whose last payment (computed
 * exactly) is closest to it; ties keep the held payment, then the lower cent.
 */
function penultimate(
  held: bigint,
  S: bigint,
  I: bigint,
  V: bigint,
  B: bigint,
  balloon0: bigint,
  lastRate: Q,
  v: bigint,
  planned: bigint,
): bigint {
  let best = held;
  let bestDistance = -1n;
  for (const c of [held, held - 1n, held + 1n]) {
    const A = clamp(c - I - V, 0n, S - B);
    const S1 = S - A - min(planned, S - A);
    const I1 = interestOf(S1, lastRate);
    const last = S1 - min(balloon0, S1) + I1 + vatOf(I1, v);
    const distance = abs(last - c);
    if (bestDistance < 0n || distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The row (1-based) at which the 'reduceTerm' plan in force at row k, on balance S, ends: the held
 * payment, raised by the drift rule when it could no longer finish by row n, until it covers the
 * balance + interest + IVA (at most n). Later prepayments are not part of that plan.
 */
function coveringRow(rates: readonly Q[], v: bigint, k: number, S: bigint, held: bigint, n: number, ann: Annuity, tol: Q): number {
  let s = S;
  let h = held;
  for (let j = k; j < n; j++) {
    const I = interestOf(s, rates[j - 1] as Q);
    const V = vatOf(I, v);
    const { num, den } = idealPayment(ann, j, s, 0n);
    if (driftedUp(num, den, h, tol)) h = roundNear(num, den, h);
    if (h >= s + I + V) return j;
    s -= clamp(h - I - V, 0n, s);
  }
  return n;
}
