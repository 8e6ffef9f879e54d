/**
 * `compareOffers`: several credit offers for a vehicle (lenders, terms, down payments, insurance
 * paid up front or financed), each a solicitud quoted here by `quoteCredit`, ranked by one measure
 * — the CAT, the total paid, the payment or the initial outlay — with every offer's distance to
 * the best in each measure, in exact decimal text. What CONDUSEF's simulator does for ten
 * institutions, as a function. An offer the engine refuses is reported with its coded error and
 * the others are still ranked.
 *
 * The measures (all "lower is better"), from the quote's own figures, in cents or CAT tenths:
 *
 * - `cat`: the quote's CAT;
 * - `total`: everything the buyer pays for the vehicle and the credit, the down payment included:
 *   `enganche + totalPagar` (= `outlay + importePago`), so offers with different down payments
 *   compare on what the car costs;
 * - `payment`: the payment per month, `pagoMensual × perYear / 12` half-up to the cent (a monthly
 *   offer's is its `pagoMensual`; a weekly one's is scaled to a month);
 * - `outlay`: what is paid at signing, the down payment and the charges at opening:
 *   `enganche + commission + its IVA + insurance paid up front` (= `enganche + totalPagar − importePago`).
 *
 * `enganche` is the engine's down payment: the price (`valorFactura`, with IVA added when
 * `facturaConIva` is 0) less `montoSolicitado`.
 */
import type { CreditRequest, CreditResult } from '../contracts/credit.js';
import { QuoteError } from '../errors/quoteError.js';
import { formatCents, mulDivRoundHalfUp, parseCents } from '../money/cents.js';
import { resolveConventions, type Periodicity } from '../credit/conventions.js';
import { validationError } from '../validation/messages.js';
import { vehiclePrice } from './credit/amounts.js';
import type { OpeningCharges } from './credit/charges.js';
import { checkKeys, isRecord } from './credit/features.js';
import { quotesError } from './messages.js';
import { creditOpeningCharges, quoteCredit, type CreditOptions } from './quoteCredit.js';

/**
 * The measures an offer is ranked by, in the order that breaks ties.
 *
 * @example
 * ```ts
 * OFFER_MEASURES; // ['cat', 'total', 'payment', 'outlay']
 * ```
 */
export const OFFER_MEASURES = Object.freeze(['cat', 'total', 'payment', 'outlay'] as const);

/**
 * One of {@link OFFER_MEASURES}.
 *
 * @example
 * ```ts
 * const rankBy: OfferMeasure = 'outlay';
 * ```
 */
export type OfferMeasure = (typeof OFFER_MEASURES)[number];

/**
 * An offer: its name (the lender, the plan) and the solicitud and options `quoteCredit` quotes it with.
 *
 * @example
 * ```ts
 * const offer: CreditOffer = { label: 'Banco A, 48 meses', solicitud: { ...solicitud, plazo: 48 } };
 * compareOffers([offer]).ranked[0]?.label; // 'Banco A, 48 meses'
 * ```
 */
export interface CreditOffer {
  /** How the comparison names the offer (default: its position in the list, from 1). */
  readonly label?: string;
  readonly solicitud: CreditRequest;
  /** `quoteCredit`'s options for this offer (conventions, prepayments, promotions…). */
  readonly options?: CreditOptions;
}

/**
 * Options of {@link compareOffers}.
 *
 * @example
 * ```ts
 * const options: CompareOptions = { rankBy: 'payment' };
 * compareOffers([{ solicitud }, { solicitud: { ...solicitud, plazo: 48 } }], options).ranked[0]?.index; // 1
 * ```
 */
export interface CompareOptions {
  /** The measure to rank by (default `'cat'`). */
  readonly rankBy?: OfferMeasure;
}

/**
 * An offer's figure in each measure: amounts as two-decimal text, the CAT as the quote prints it.
 *
 * @example
 * ```ts
 * const measures: OfferFigures = compareOffers([{ solicitud }]).ranked[0]!.measures;
 * measures; // { cat: '16.8', total: '447383.01', payment: '10216.91', outlay: '79574.40' }
 * ```
 */
export type OfferFigures = Readonly<Record<OfferMeasure, string>>;

/**
 * A quoted offer in its place.
 *
 * @example
 * ```ts
 * const best: RankedOffer = compareOffers([{ label: 'A', solicitud }]).ranked[0]!;
 * [best.rank, best.index, best.label, best.downPayment]; // [1, 0, 'A', '70000.00']
 * ```
 */
export interface RankedOffer {
  /** 1 for the best; every offer has its own rank (ties are broken, see {@link compareOffers}). */
  readonly rank: number;
  /** The offer's position in the list given. */
  readonly index: number;
  readonly label: string;
  /** The down payment (`enganche`): the price less `montoSolicitado`. */
  readonly downPayment: string;
  readonly measures: OfferFigures;
  /** Each measure less the best figure of that measure among the quoted offers: never negative (`'0.00'`, `'0.0'` for the best). */
  readonly differences: OfferFigures;
  /** The quote, as `quoteCredit` returns it for the offer. */
  readonly quote: CreditResult;
  /** The charges at opening, item by item (`creditOpeningCharges`); `total` is the outlay less the down payment. */
  readonly charges: OpeningCharges;
}

/**
 * An offer the engine refuses (or that is not an offer), with its coded error.
 *
 * @example
 * ```ts
 * const failed: FailedOffer = compareOffers([{ label: 'B', solicitud: { ...solicitud, plazo: 0 } }]).failed[0]!;
 * [failed.index, failed.label, failed.error.codigoError, failed.error.valorIncorrecto]; // [0, 'B', 'ERRESQ004', 'plazo']
 * ```
 */
export interface FailedOffer {
  readonly index: number;
  readonly label: string;
  readonly error: QuoteError;
}

/**
 * The comparison: the measure ranked by, the quoted offers best first, the refused ones in their order.
 *
 * @example
 * ```ts
 * const comparison: OfferComparison = compareOffers([{ solicitud }], { rankBy: 'total' });
 * [comparison.rankBy, comparison.ranked.length, comparison.failed.length]; // ['total', 1, 0]
 * ```
 */
export interface OfferComparison {
  readonly rankBy: OfferMeasure;
  readonly ranked: readonly RankedOffer[];
  readonly failed: readonly FailedOffer[];
}

/** A quoted offer's measures as integers (cents; tenths of CAT). */
type Values = Readonly<Record<OfferMeasure, number>>;

/** The CAT text ("16.8", "-0.5") in tenths, exactly. */
function catTenths(cat: string): number {
  const negative = cat.startsWith('-');
  const body = negative ? cat.slice(1) : cat;
  const dot = body.indexOf('.');
  const tenths = Number(body.slice(0, dot)) * 10 + Number(body.slice(dot + 1));
  return negative ? -tenths : tenths;
}

/** Tenths as CAT text, one decimal ("16.8"; a difference is never negative). */
function tenthsText(tenths: number): string {
  return `${Math.trunc(tenths / 10)}.${tenths % 10}`;
}

/** The offer at `i` read into its parts, or the error that refuses it. */
function readOffer(value: unknown, i: number): { label: string; solicitud: CreditRequest; options: CreditOptions } | QuoteError {
  const path = `offers[${i}]`;
  const fallback = String(i + 1);
  try {
    if (!isRecord(value)) throw quotesError('ERRESQ005', 'opcionObjeto', path, { shape: '{ label, solicitud, options }' });
    checkKeys(value, path, ['label', 'solicitud', 'options']);
    const { label = fallback, solicitud, options = {} } = value;
    if (typeof label !== 'string' || label === '') throw quotesError('ERRESQ005', 'etiquetaTexto', `${path}.label`);
    if (solicitud === undefined) throw validationError('ERRESQ006', 'campoFaltante', `${path}.solicitud`);
    if (!isRecord(options)) throw quotesError('ERRESQ005', 'opcionObjeto', `${path}.options`, { shape: '{ conventions, … }' });
    return { label, solicitud: solicitud as CreditRequest, options: options as CreditOptions };
  } catch (error) {
    if (error instanceof QuoteError) return error;
    throw error;
  }
}

/** Whether `a` ranks before `b`: the measure, then the others in {@link OFFER_MEASURES}' order, then the list's order. */
function before(rankBy: OfferMeasure): (a: { values: Values; index: number }, b: { values: Values; index: number }) => number {
  const order = [rankBy, ...OFFER_MEASURES.filter((m) => m !== rankBy)];
  return (a, b) => {
    for (const m of order) if (a.values[m] !== b.values[m]) return a.values[m] - b.values[m];
    return a.index - b.index;
  };
}

/**
 * Quotes each offer and ranks the quoted ones by `rankBy` (default `'cat'`), lowest first. A tie
 * in that measure is broken by the other measures in the order CAT, total, payment, outlay, then
 * by the order of the list, so the ranks are 1, 2, … without gaps and the same offers always give
 * the same ranking. Each offer's `differences` are its figure less the best (lowest) figure of
 * the quoted offers, measure by measure, exactly (cents; CAT tenths).
 *
 * An offer the engine refuses is in `failed` with the `QuoteError` `quoteCredit` throws for it
 * (its field is the solicitud's or the option's), or one naming `offers[i]…` when the entry is not
 * `{ label?, solicitud, options? }`; it is never thrown. Throws only for what makes the whole
 * comparison meaningless: `offers` not a list (`ERRESQ005` naming `offers`), an unknown `rankBy`
 * (`ERRESQ005` naming `rankBy`). The measures are defined in this module's header and in
 * `docs/credit.md`.
 *
 * @example
 * ```ts
 * const comparison = compareOffers(
 *   [
 *     { label: 'A: 36 meses', solicitud },
 *     { label: 'B: 48 meses', solicitud: { ...solicitud, plazo: 48 } },
 *     { label: 'C: 40 % de enganche', solicitud: { ...solicitud, montoSolicitado: '210000.00' } },
 *     { label: 'D', solicitud: { ...solicitud, plazo: 0 } },
 *   ],
 *   { rankBy: 'payment' },
 * );
 * comparison.ranked.map((o) => [o.rank, o.label, o.measures.payment, o.differences.payment]);
 * // [[1, 'C: 40 % de enganche', '7767.65', '0.00'], [2, 'B: 48 meses', '8224.60', '456.95'], [3, 'A: 36 meses', '10216.91', '2449.26']]
 * comparison.failed.map((f) => [f.label, f.error.codigoError, f.error.valorIncorrecto]); // [['D', 'ERRESQ004', 'plazo']]
 * ```
 */
export function compareOffers(offers: readonly CreditOffer[], options: CompareOptions = {}): OfferComparison {
  if (!Array.isArray(offers)) throw quotesError('ERRESQ005', 'ofertasLista', 'offers');
  const rankBy = options.rankBy ?? 'cat';
  if (!(OFFER_MEASURES as readonly string[]).includes(rankBy)) {
    throw quotesError('ERRESQ005', 'medidaDesconocida', 'rankBy', { measures: OFFER_MEASURES.join(', ') });
  }
  const quoted: { index: number; label: string; quote: CreditResult; charges: OpeningCharges; downPayment: number; values: Values }[] = [];
  const failed: FailedOffer[] = [];
  offers.forEach((value: unknown, index) => {
    const offer = readOffer(value, index);
    if (offer instanceof QuoteError) {
      const label = isRecord(value) && typeof value['label'] === 'string' && value['label'] !== '' ? value['label'] : String(index + 1);
      failed.push({ index, label, error: offer });
      return;
    }
    try {
      const quote = quoteCredit(offer.solicitud, offer.options);
      const charges = creditOpeningCharges(offer.solicitud, offer.options);
      // Quoted, so its periodicity is one of the conventions'.
      const perYear = (resolveConventions(offer.options.conventions).periodicities[quote.periodicidad] as Periodicity).perYear;
      const downPayment = vehiclePrice(parseCents(quote.valorFactura), quote) - parseCents(quote.montoSolicitado);
      const totalPagar = parseCents(quote.totalPagar);
      const values: Values = {
        cat: catTenths(quote.cat),
        total: downPayment + totalPagar,
        payment: mulDivRoundHalfUp(parseCents(quote.pagoMensual), perYear, 12),
        outlay: downPayment + totalPagar - parseCents(quote.importePago),
      };
      quoted.push({ index, label: offer.label, quote, charges, downPayment, values });
    } catch (error) {
      if (!(error instanceof QuoteError)) throw error;
      failed.push({ index, label: offer.label, error });
    }
  });
  quoted.sort(before(rankBy));
  const best = Object.fromEntries(OFFER_MEASURES.map((m) => [m, Math.min(...quoted.map((q) => q.values[m]))])) as Values;
  const text = (m: OfferMeasure, v: number): string => (m === 'cat' ? tenthsText(v) : formatCents(v));
  const ranked = quoted.map(
    (q, i): RankedOffer => ({
      rank: i + 1,
      index: q.index,
      label: q.label,
      downPayment: formatCents(q.downPayment),
      measures: {
        cat: q.quote.cat,
        total: text('total', q.values.total),
        payment: text('payment', q.values.payment),
        outlay: text('outlay', q.values.outlay),
      },
      differences: Object.fromEntries(OFFER_MEASURES.map((m) => [m, text(m, q.values[m] - best[m])])) as OfferFigures,
      quote: q.quote,
      charges: q.charges,
    }),
  );
  return { rankBy, ranked, failed };
}
