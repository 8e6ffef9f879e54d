/**
 * `quoteCredit`: the AutoEstrene quote, and what else it answers from the same plan (the opening
 * charges). Takes the object inside the request's `solicitud`, returns the response's
 * `resultado`, in four steps, one module each:
 *
 * 1. the request is read once (validated, copied to a fixed shape) and planned into a typed loan
 *    and what the response and the CAT add around it (`./credit/plan.ts`);
 * 2. the loan is scheduled by the credit core into the quote's working buffer
 *    (`./credit/schedule.ts`);
 * 3. the CAT is solved over the scheduled flows (`./credit/cat.ts`);
 * 4. the rows and totals are written back as text (`./credit/result.ts`, which calls step 3).
 *
 * `explainCat` proves the CAT of the same plan over the same flows (`./credit/explainCat.ts`).
 */
import { CreditRequestSchema, type CreditRequest, type CreditResult } from '../contracts/credit.js';
import { assertValid } from '../validation/validate.js';
import { deepFreeze } from '../util/freeze.js';
import { fieldReader, type FieldReader } from '../validation/reader.js';
import { DEFAULT_CREDIT_CONVENTIONS, resolveConventions, type CreditConventions } from '../credit/conventions.js';
import type { Tariff } from '../insurance/tariff.js';
import { openingCharges, type OpeningCharges } from './credit/charges.js';
import { explainDigits } from '../cat/explain.js';
import { explainPlanCat, type CreditCatExplanation } from './credit/explainCat.js';
import type { BalloonOption, GraceOption, PrepaymentOption } from './credit/features.js';
import type { AnualidadOption, BalanceInsuranceOption, DeferralOption, PeriodicChargeOption, PromotionOption } from './credit/captive.js';
import { planCredit, type CreditPlan, type PlanOptions } from './credit/plan.js';
import { type TableText, writeResult } from './credit/result.js';
import { schedulePlan } from './credit/schedule.js';
import type { PolicyOptions } from './quotePolicy.js';

/**
 * Options of {@link quoteCredit}.
 *
 * @example
 * ```ts
 * const options: CreditOptions = { fechaApertura: '2026-01-31', conventions: { catTimeBasis: 'days365' } };
 * const { fechaApertura, ...undated } = solicitud;
 * quoteCredit(undated, options).cat; // '17.0'
 * ```
 */
export interface CreditOptions {
  /** Overrides of the documented conventions (`docs/conventions.md`); each is checked. */
  readonly conventions?: Partial<CreditConventions>;
  /** Opening date (`YYYY-MM-DD`) used when the solicitud has no `fechaApertura`. */
  readonly fechaApertura?: string;
  /** Policy start for `tipoSeguro` 1 and 2 (`YYYY-MM-DD`; default: the opening date). */
  readonly fechaInicio?: string;
  /** The insurance tariff for `tipoSeguro` 1 and 2 (default: the illustrative `defaultTariff()`). */
  readonly tariff?: Tariff;
  /** Further insurance-engine options (`urlTemplate`, `conventions`, …). */
  readonly policy?: Omit<PolicyOptions, 'fechaInicio' | 'tariff'>;
  /** An irregular first payment date (`YYYY-MM-DD`): after the opening date, at most two steps after it; later dates step from it. */
  readonly firstPaymentDate?: string;
  /** Extra payments to capital: `[{ period, amount, mode }]` (`docs/credit.md`). */
  readonly prepayments?: readonly PrepaymentOption[];
  /** A final payment of capital (valor futuro): `{ amount: '90000.00' }` or `{ percent: '30' }` of the amount financed. */
  readonly balloon?: BalloonOption;
  /** The first `periods` payments are interest and IVA only. */
  readonly grace?: GraceOption;
  /** Planned extra payments (anualidades): `[{ amount | percent, period | months }]`; the level payment is net of their present value. */
  readonly anualidades?: readonly AnualidadOption[];
  /** Promotional rates from the first payment: `[{ periods, tasa }]` (`tasa: '0'`: months without interest), then `tasa`. */
  readonly promotions?: readonly PromotionOption[];
  /** A first payment `periods` periods later than one period (1–12), the interest of the extra time capitalised. */
  readonly deferral?: DeferralOption;
  /** Fixed amounts with every payment (GPS rental, membership): `[{ amount }]`, with their IVA, in `comisionAmortizacion`. */
  readonly periodicCharges?: readonly PeriodicChargeOption[];
  /** Life and unemployment insurance per thousand of each payment's opening balance: `{ lifePerThousand, unemploymentPerThousand }`. */
  readonly balanceInsurance?: BalanceInsuranceOption;
}

/**
 * {@link quoteCredit} for a solicitud already validated against `CreditRequestSchema` (the service
 * validates once, at the boundary).
 *
 * @example
 * ```ts
 * const checked = validateAutoEstrene('{"solicitud":{"montoSolicitado":"280000.00","valorFactura":"350000.00","tasa":"13.50","plazo":36}}');
 * if (checked.success) quoteValidCredit(checked.data.solicitud, { fechaApertura: '2026-01-31' }).pagoMensual; // '9797.03'
 * ```
 */
export function quoteValidCredit(solicitud: CreditRequest, options: CreditOptions = NO_OPTIONS): CreditResult {
  return quoteRead(readRequest(solicitud) ?? solicitud, options);
}

/** The credit request's one-pass reader (`src/validation/reader.ts`), compiled on first use. */
let requestReader: FieldReader<typeof CreditRequestSchema> | undefined;

/**
 * The solicitud's fields as one object of a fixed shape when the schema accepts it, else
 * `undefined` (then TypeBox reports the issue). Every later read of the request is of that copy, so
 * it stays monomorphic however varied the requests a process quotes.
 */
function readRequest(solicitud: unknown): CreditRequest | undefined {
  // Speed: checks and copies the solicitud in one pass (fieldReader) instead of TypeBox's check followed by reads of the caller's object; buys 0.20–0.34 µs of 3.1–3.3 µs per summary quote, 0.2–0.6 µs of 12 µs per table quote (A/B on npm run bench's credit60 summary and table, after its warm-up pass, 2026-11-26, 62d6257).
  requestReader ??= fieldReader(CreditRequestSchema);
  return requestReader(solicitud);
}

/** Validates the solicitud and returns the object to quote: its fixed-shape copy, or (an object TypeBox accepts but not as plain) itself. */
function checkedRequest(solicitud: CreditRequest): CreditRequest {
  const request = readRequest(solicitud);
  if (request !== undefined) return request;
  assertValid(CreditRequestSchema, solicitud);
  return solicitud;
}

function quoteRead(solicitud: CreditRequest, options: CreditOptions, asJson?: TableText): CreditResult {
  // Speed: a quote without options (the options omitted: most calls) takes the default conventions
  // and plan options made once, instead of reading a dozen fields of `{}`, reads that go through
  // V8's megamorphic cache once a process has seen options of many shapes (a server's, the warm-up
  // set's); buys 0.07–0.15 µs of 2.8–2.95 µs per summary quote at 60 payments (A/B on npm run bench
  // --quick's credit60 summary, after its warm-up set, 2026-11-26).
  const omitted = options === NO_OPTIONS;
  const conventions = omitted ? DEFAULT_CREDIT_CONVENTIONS : resolveConventions(options.conventions);
  const plan = planCredit(solicitud, conventions, omitted ? NO_PLAN_OPTIONS : planOptions(options));
  return writeResult(solicitud, plan, schedulePlan(plan), conventions, asJson);
}

/**
 * What {@link quoteCredit} with the same solicitud and options charges at opening, outside the
 * payments, item by item: the opening commission and its VAT, required insurance paid up front
 * and the insurer's premiums paid at opening (`tipoSeguro` 1). The items add up exactly to
 * `totalPagar − importePago`. Throws as {@link quoteCredit} does.
 *
 * @example
 * ```ts
 * const charges = creditOpeningCharges({
 *   fechaApertura: '2026-01-31', montoSolicitado: '280000.00', valorFactura: '350000.00',
 *   tasa: '13.50', plazo: 36, comisiones: '2.00', importeCatSegVida: '2800.00',
 * });
 * charges.commission; // '5600.00'
 * charges.commissionVat; // '896.00'
 * charges.total; // '9296.00': commission, its VAT and the life insurance paid up front
 * ```
 */
export function creditOpeningCharges(solicitud: CreditRequest, options: CreditOptions = {}): OpeningCharges {
  const request = checkedRequest(solicitud);
  const conventions = resolveConventions(options.conventions);
  return openingCharges(planWith(request, options, conventions), conventions);
}

/**
 * Options of {@link explainCat}: those of {@link quoteCredit}, and the figures' significant digits.
 *
 * @example
 * ```ts
 * const options: CreditCatOptions = { conventions: { catTimeBasis: 'days365' }, digits: 12 };
 * explainCat(solicitud, options).percent; // '17.0'
 * ```
 */
export interface CreditCatOptions extends CreditOptions {
  /** Significant digits of the discount factors and of the largest present value: 6–60, default 20. */
  readonly digits?: number;
}

/**
 * The CAT of {@link quoteCredit} with the same solicitud and options, proven: the very flows the
 * quote solved (the disbursement net of the charges at opening; each payment without IVA, with the
 * insurance and charges the CAT counts, and its parts), their times under `catTimeBasis`, each
 * flow's discount factor and present value at the solved rate and at the two rounding boundaries
 * of the published tenth, as correctly rounded decimals, the sums against their bounds (the present
 * value changes sign between the boundaries: `holds`), Banxico's rule, and every charge of the
 * credit with whether the CAT counts it and why (`docs/cat.md`, "Explaining a CAT"). Throws what
 * `quoteCredit` throws, and `ERRESQ004`/`ERRESQ005` on `digits`.
 *
 * @example
 * ```ts
 * const e = explainCat({
 *   fechaApertura: '2026-01-01', montoSolicitado: '10000.00', valorFactura: '20000.00',
 *   tasa: '37', plazo: 4, periodicidad: 'Q', comisiones: '0.5',
 * }, { digits: 12 });
 * [e.percent, e.disbursement.amount, e.flows[1]?.years, e.flows[1]?.amount]; // ['51.5', '9950.00', '1/24', '2588.09']
 * [e.boundaries.lower, e.lower.sum, e.lower.sign]; // ['51.45', '0.56366996', 1]
 * [e.boundaries.upper, e.upper.sum, e.upper.sign]; // ['51.55', '-0.11536083', -1]
 * ```
 */
export function explainCat(solicitud: CreditRequest, options: CreditCatOptions = {}): CreditCatExplanation {
  const request = checkedRequest(solicitud);
  const { digits, ...creditOptions } = options ?? {};
  const places = explainDigits(digits);
  const conventions = resolveConventions(creditOptions.conventions);
  const plan = planWith(request, creditOptions, conventions);
  return explainPlanCat(plan, schedulePlan(plan), conventions, places);
}

function planWith(solicitud: CreditRequest, options: CreditOptions, conventions: CreditConventions): CreditPlan {
  return planCredit(solicitud, conventions, planOptions(options));
}

/** The options of the credit engine's plan, from the quote's. */
function planOptions(options: CreditOptions): PlanOptions {
  return {
    fechaApertura: options.fechaApertura,
    features: {
      firstPaymentDate: options.firstPaymentDate,
      prepayments: options.prepayments,
      balloon: options.balloon,
      grace: options.grace,
      anualidades: options.anualidades,
      promotions: options.promotions,
      deferral: options.deferral,
      periodicCharges: options.periodicCharges,
      balanceInsurance: options.balanceInsurance,
    },
    policy:
      options.policy === undefined && options.fechaInicio === undefined && options.tariff === undefined
        ? undefined
        : {
            ...options.policy,
            ...(options.fechaInicio === undefined ? {} : { fechaInicio: options.fechaInicio }),
            ...(options.tariff === undefined ? {} : { tariff: options.tariff }),
          },
  };
}

/** The options of a quote called without them (the default argument, compared by identity). */
export const NO_OPTIONS: CreditOptions = Object.freeze({});
/** The plan options of a quote without options, made once. */
const NO_PLAN_OPTIONS: PlanOptions = deepFreeze(planOptions(NO_OPTIONS));

/**
 * Quotes an AutoEstrene credit: level payments, the exact amortization table and the CAT.
 * Throws a {@link QuoteError} naming the field for invalid input; never mutates the input.
 *
 * @example
 * ```ts
 * const r = quoteCredit({
 *   fechaApertura: '2026-01-31', montoSolicitado: '280000.00', valorFactura: '350000.00',
 *   tasa: '13.50', plazo: 60, periodicidad: 'M', comisiones: '2.00', generaTablaPagos: true,
 * });
 * r.pagoMensual; // '6758.58'
 * r.registros.length; // 60
 * r.cat; // '15.4'
 * ```
 */
export function quoteCredit(solicitud: CreditRequest, options: CreditOptions = NO_OPTIONS): CreditResult {
  return quoteRead(checkedRequest(solicitud), options);
}

/**
 * {@link quoteCredit} for `quoteCreditJson`: a level table's rows are written into `asJson.table`
 * as JSON text (and `registros` is left empty); other tables are built as objects, as always.
 *
 * @example
 * ```ts
 * const asJson = { table: undefined as string | undefined };
 * quoteCreditTable(solicitud, {}, asJson).registros.length; // 0
 * asJson.table?.startsWith('{"numAmortizacion":1,'); // true
 * ```
 */
export function quoteCreditTable(solicitud: CreditRequest, options: CreditOptions, asJson: TableText): CreditResult {
  return quoteRead(checkedRequest(solicitud), options, asJson);
}

/**
 * {@link quoteCreditTable} for a solicitud already validated (as {@link quoteValidCredit}).
 *
 * @example
 * ```ts
 * const asJson = { table: undefined as string | undefined };
 * quoteValidCreditTable(solicitud, {}, asJson).registros.length; // 0
 * ```
 */
export function quoteValidCreditTable(solicitud: CreditRequest, options: CreditOptions, asJson: TableText): CreditResult {
  return quoteRead(readRequest(solicitud) ?? solicitud, options, asJson);
}
