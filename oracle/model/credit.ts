/**
 * The credit quote (AutoEstrene), exactly, from docs/conventions.md, docs/credit.md, docs/cat.md
 * and the interface: a `solicitud` and the options in, the `resultado` (or the business error the
 * docs name) out. Schema validation (ERRESQ002–ERRESQ005 on malformed fields) is not modelled:
 * the oracle is asked only about well-formed requests.
 *
 * Readings of the docs this file takes (docs/oracle.md, "Readings where the docs are silent"):
 * `montoGarantiaExt` in the response adds a warranty whenever one is given, credited or not;
 * percentages given as numbers are the decimals they print as, compared exactly; absent amounts
 * echo as "0.00" and absent codes as 0; the financed premium's whole installment enters the CAT;
 * the insurance engine's fields map to idAgencia / valorFactura / plazo; the features' errors
 * and "no CAT" are compared by code only; an irregular first period counts the whole steps on or
 * before the first payment date; the CAT's ceiling includes 100,000,000,000.0 % itself, its
 * "whole amount financed" test keeps the payments, its "payments without it" test keeps the whole
 * amount financed, and ties between the amounts it compares name the first in the docs' order.
 */
import { type Day, type Step, addMonths, formatIso, parseIso, rollForward, stepFrom } from './calendar.js';
import { type CaptiveQuestion, capitaliseOracle, readCaptiveOracle, rowCharges, subsidyOracle } from './captive.js';
import { type CatAnswer, type CatFlowQ, catOf } from './cat.js';
import { type OraclePrepayment, type OracleRow, type PrepaymentMode, scheduleOracle } from './loan.js';
import { type OracleError, type OracleOffer, type TariffData, quotePolicyOracle } from './policy.js';
import { type Q, centsOf, ceilDiv, formatCents, fromDecimal, fromNumberText, q, roundHalfUp } from './rational.js';

export interface OraclePeriodicity {
  readonly name: string;
  readonly perYear: number;
  readonly days: number;
  readonly step: Step;
}

export type OracleInterestBasis = 'days360' | 'perYear' | 'days365' | 'actual360' | 'actual365';
export type OracleCatTimeBasis = 'periods' | 'days360' | 'days365' | 'actual365';

/** The conventions of docs/conventions.md with their documented defaults. */
export interface OracleConventions {
  readonly periodicities: Readonly<Record<string, OraclePeriodicity>>;
  readonly interestBasis: OracleInterestBasis;
  readonly catTimeBasis: OracleCatTimeBasis;
  readonly defaultPeriodicidad: string;
  readonly defaultIva: number;
  readonly defaultFacturaConIva: number;
  readonly defaultPorcentajeEnganche: number;
  readonly defaultPorcentajeCredito: number;
  readonly rateGrid: readonly { minDownPaymentPercent: number; tasa: string }[];
  readonly externalInsuranceInCat: boolean;
  readonly commissionVat: boolean;
  readonly defaultProducto: 'AUTO' | 'AUTONOM';
  readonly paymentTolerance: number;
  readonly businessDays: 'none' | 'MX';
  readonly engancheTolerance: number;
  readonly insuredValue: 'price' | 'valorFactura';
  readonly insuranceIva: 'credit' | 'tariff';
  readonly importeSegurosWithoutIndSeguro: 'echo' | 'refuse';
  readonly plazoSeguroZero: 'wholeTerm' | 'refuse';
}

export const ORACLE_DEFAULT_CONVENTIONS: OracleConventions = {
  periodicities: {
    M: { name: 'mensual', perYear: 12, days: 30, step: { unit: 'months', count: 1 } },
    Q: { name: 'quincenal', perYear: 24, days: 15, step: { unit: 'days', count: 15 } },
    C: { name: 'catorcenal', perYear: 26, days: 14, step: { unit: 'days', count: 14 } },
    S: { name: 'semanal', perYear: 52, days: 7, step: { unit: 'days', count: 7 } },
    D: { name: 'decenal', perYear: 36, days: 10, step: { unit: 'days', count: 10 } },
  },
  interestBasis: 'days360',
  catTimeBasis: 'periods',
  defaultPeriodicidad: 'M',
  defaultIva: 16,
  defaultFacturaConIva: 1,
  defaultPorcentajeEnganche: 20,
  defaultPorcentajeCredito: 20,
  rateGrid: [
    { minDownPaymentPercent: 5, tasa: '17.99' },
    { minDownPaymentPercent: 10, tasa: '16.99' },
    { minDownPaymentPercent: 20, tasa: '14.99' },
    { minDownPaymentPercent: 30, tasa: '11.99' },
    { minDownPaymentPercent: 40, tasa: '10.49' },
    { minDownPaymentPercent: 50, tasa: '9.49' },
  ],
  externalInsuranceInCat: true,
  commissionVat: true,
  defaultProducto: 'AUTO',
  paymentTolerance: 0.5,
  businessDays: 'none',
  engancheTolerance: 100,
  insuredValue: 'price',
  insuranceIva: 'credit',
  importeSegurosWithoutIndSeguro: 'echo',
  plazoSeguroZero: 'wholeTerm',
};

export interface CreditQuestion extends CaptiveQuestion {
  readonly solicitud: Readonly<Record<string, unknown>>;
  readonly conventions?: Partial<OracleConventions>;
  readonly fechaApertura?: string;
  readonly fechaInicio?: string;
  readonly tariff: TariffData;
  readonly firstPaymentDate?: string;
  readonly prepayments?: readonly { period: number; amount: string; mode?: PrepaymentMode }[];
  readonly balloon?: { amount: string } | { percent: string };
  readonly grace?: { periods: number };
}

export interface OracleCreditRow {
  readonly numAmortizacion: number;
  readonly fechaAmortizacion: string;
  readonly saldoCapital: string;
  readonly abonoCapital: string;
  readonly interesAmortizacion: string;
  readonly ivaAmortizacion: string;
  readonly comisionAmortizacion: string;
  readonly seguroVida: string;
  readonly seguroDanos: string;
  readonly seguroDesempleo: string;
  readonly pagoAmortizacion: string;
  readonly saldoFin: string;
}

/** The response's `resultado` as the docs define it, but for `cat` (decided apart, see {@link OracleCredit}). */
export interface OracleResultado {
  readonly fechaApertura: string;
  readonly montoSolicitado: string;
  readonly tasa: string;
  readonly plazo: number;
  readonly periodicidad: string;
  readonly iva: number;
  readonly facturaConIva: number;
  readonly producto: string;
  readonly comisiones: string;
  readonly tipoSeguro: number;
  readonly valorFactura: string;
  readonly indSeguro: number;
  readonly plazoSeguro: number;
  readonly importeSeguros: string;
  readonly importeCatSegVida: string;
  readonly importeCatSegDanio: string;
  readonly numeroPagos: number;
  readonly totalPagar: string;
  readonly pagoMensual: string;
  readonly montoGarantiaExt: string;
  readonly importeInteresTotal: string;
  readonly impIVAInteresTotal: string;
  readonly importePago: string;
  readonly registros: readonly OracleCreditRow[];
}

export interface OracleCredit {
  /** The resultado, except `cat` (see `cat`). */
  readonly resultado: OracleResultado;
  /** The CAT as decided; `none` means the quote is ERRNEG001. */
  readonly cat: CatAnswer;
  /** The rows computed whether or not the table is requested. */
  readonly allRows: readonly OracleCreditRow[];
  /** What the CAT solved, for reports. */
  readonly catFlows: readonly CatFlowQ[];
  readonly catUnits: bigint;
  /** With promotions: the dealer's subsidy (`creditOpeningCharges(…).dealerSubsidy`). */
  readonly dealerSubsidy?: string;
}

export type CreditAnswer = OracleCredit | OracleError;

const num = (x: unknown): number | undefined => (typeof x === 'number' ? x : undefined);
const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);
const err = (error: string, field: string): OracleError => ({ error, field });

/** The caller's decimal text with at least two decimals ("13.5" → "13.50"). */
export function atLeastTwoDecimals(textValue: string): string {
  const [i, f = ''] = textValue.split('.');
  return `${i}.${f.padEnd(2, '0')}`;
}

/** A decimal text as amount text with exactly two decimals. */
const amountText = (x: string | undefined): string => formatCents(x === undefined ? 0n : centsOf(x));

/** Spread an amount over `count` payments evenly to the cent, the remainder on the first. */
function spread(total: bigint, count: number, n: number): bigint[] {
  const out = new Array<bigint>(n).fill(0n);
  if (count <= 0) return out;
  const each = total / BigInt(count);
  for (let k = 0; k < count; k++) out[k] = each;
  out[0] = (out[0] as bigint) + (total - each * BigInt(count));
  return out;
}

/** The credit quote, as the docs define it. */
export function quoteCreditOracle(question: CreditQuestion): CreditAnswer {
  const c: OracleConventions = { ...ORACLE_DEFAULT_CONVENTIONS, ...question.conventions };
  const s = question.solicitud;

  const openingText = str(s['fechaApertura']) ?? question.fechaApertura;
  if (openingText === undefined) return err('ERRESQ006', 'fechaApertura');
  const start = parseIso(openingText) as Day;
  const code = str(s['periodicidad']) ?? c.defaultPeriodicidad;
  const periodicity = c.periodicities[code];
  if (!periodicity) return err('ERRESQ005', 'periodicidad');
  const n = num(s['plazo']) as number;
  const iva = BigInt(num(s['iva']) ?? c.defaultIva);
  const facturaConIva = num(s['facturaConIva']) ?? c.defaultFacturaConIva;
  const valorFactura = centsOf(str(s['valorFactura']) as string);
  const price = facturaConIva === 1 ? valorFactura : roundHalfUp(valorFactura * (100n + iva), 100n);

  const monto = centsOf(str(s['montoSolicitado']) as string);
  const credited = s['creditoGarantiaExt'] === true;
  let warranty = 0n;
  if (credited) {
    const w = str(s['montoGarantiaExt']);
    if (w === undefined) return err('ERRESQ006', 'montoGarantiaExt');
    warranty = centsOf(w);
  }
  // down payment = price − montoSolicitado, at least porcentajeEnganche % of the price (exact)
  const pctEnganche = fromNumberText(num(s['porcentajeEnganche']) ?? c.defaultPorcentajeEnganche);
  if (monto > price) return err('ERRNEG001', 'montoSolicitado');
  const down = price - monto;
  if (down * 100n * pctEnganche.d < pctEnganche.n * price) return err('ERRNEG001', 'montoSolicitado');
  const pctCredito = fromNumberText(num(s['porcentajeCredito']) ?? c.defaultPorcentajeCredito);
  if (credited && warranty * 100n * pctCredito.d > pctCredito.n * monto) return err('ERRNEG001', 'montoGarantiaExt');

  let tasaText = str(s['tasa']);
  if (tasaText === undefined) {
    // the highest grid row whose minimum down payment (% of the price) is met, exactly
    let best: { minDownPaymentPercent: number; tasa: string } | undefined;
    for (const row of c.rateGrid) {
      const min = fromNumberText(row.minDownPaymentPercent);
      if (down * 100n * min.d >= min.n * price && (!best || row.minDownPaymentPercent > best.minDownPaymentPercent)) best = row;
    }
    if (!best) return err('ERRNEG001', 'tasa');
    tasaText = best.tasa;
  }
  const tasaPct = fromDecimal(tasaText);
  const tasa = q(tasaPct.n, tasaPct.d * 100n); // annual fraction

  const principal = monto + warranty;
  const comisionesText = str(s['comisiones']);
  const comPct = comisionesText === undefined ? { n: 0n, d: 1n } : fromDecimal(comisionesText);
  const commission = roundHalfUp(principal * comPct.n, comPct.d * 100n);
  const commissionVat = c.commissionVat ? roundHalfUp(commission * iva, 100n) : 0n;

  // ---- dates and period rates
  const step = periodicity.step;
  const firstText = question.firstPaymentDate;
  const first = firstText === undefined ? undefined : (parseIso(firstText) as Day);
  // a deferred first payment (docs/credit.md, "Captive structures"): payment k, k + deferral steps after the opening date
  const deferral = question.deferral?.periods ?? 0;
  const unrolled: Day[] = [];
  for (let k = 1; k <= n; k++) unrolled.push(first === undefined ? stepFrom(start, step, k + deferral) : stepFrom(first, step, k - 1));
  const dates = c.businessDays === 'MX' ? unrolled.map(rollForward) : unrolled;
  // the first period's fixed-day length: whole steps from the opening date that fit, plus the days left over
  let firstLength = periodicity.days;
  if (first !== undefined) {
    let whole = 0;
    while (stepFrom(start, step, whole + 1) <= first) whole++;
    firstLength = whole * periodicity.days + (first - stepFrom(start, step, whole));
  }
  const days = BigInt(periodicity.days);
  const perYear = fromNumberText(periodicity.perYear);
  // the rate of a period of `len` fixed days or `actual` calendar days at an annual rate (a fraction)
  const rateOf = (annual: Q, len: bigint, actual: bigint): Q => {
    switch (c.interestBasis) {
      case 'days360':
        return q(annual.n * len, annual.d * 360n);
      case 'days365':
        return q(annual.n * len, annual.d * 365n);
      case 'perYear':
        return q(annual.n * perYear.d * len, annual.d * perYear.n * days);
      case 'actual360':
        return q(annual.n * actual, annual.d * 360n);
      case 'actual365':
        return q(annual.n * actual, annual.d * 365n);
    }
  };
  // with a deferral the first payment's period starts at the last deferred step
  const firstStart = stepFrom(start, step, deferral);
  const rates: Q[] = [];
  const periodLength = (k: number): [bigint, bigint] => [
    BigInt(k === 1 ? firstLength : periodicity.days),
    BigInt((dates[k - 1] as Day) - (k === 1 ? firstStart : (dates[k - 2] as Day))),
  ];
  for (let k = 1; k <= n; k++) rates.push(rateOf(tasa, ...periodLength(k)));
  const tolerance = fromNumberText(c.paymentTolerance);

  // ---- features
  let balloon = 0n;
  if (question.balloon) {
    balloon =
      'amount' in question.balloon
        ? centsOf(question.balloon.amount)
        : (() => {
            const pct = fromDecimal(question.balloon.percent);
            return roundHalfUp(principal * pct.n, pct.d * 100n);
          })();
  }
  const prepayments = new Map<number, OraclePrepayment>();
  for (const p of question.prepayments ?? []) prepayments.set(p.period, { amount: centsOf(p.amount), mode: p.mode ?? 'reducePayment' });
  const grace = question.grace?.periods ?? 0;
  // the features' own rules (docs/conventions.md, "Calendars and features"); their fields are not named by the docs
  if (balloon > principal) return err('ERRNEG001', '');
  for (const p of question.prepayments ?? []) {
    if (p.period <= grace) return err('ERRNEG001', '');
    if (balloon > 0n && p.mode === 'reduceTerm') return err('ERRNEG001', '');
  }
  // the captive structures (docs/credit.md, "Captive structures"); their fields are compared by code only
  const captive = readCaptiveOracle(question, {
    stepped: unrolled,
    n,
    principal,
    tasa,
    grace,
    balloon,
    firstPaymentDate: first !== undefined,
    reduceTerm: (question.prepayments ?? []).some((p) => p.mode === 'reduceTerm'),
    tipoSeguro: num(s['tipoSeguro']) ?? 0,
    upfrontLife: centsOfOptional(s['importeCatSegVida']),
  });
  if ('error' in captive) return err(captive.error, '');
  // promotional periods at their stage's rate; the financed premium keeps the credit's
  const contractRates = rates.slice();
  captive.promotional.forEach((annual, k) => {
    rates[k] = rateOf(annual, ...periodLength(k + 1));
  });
  // the deferred periods, capitalised at the first period's annual rate (a promotion's, when there is one)
  const deferredRate = (annual: Q): Q[] =>
    Array.from({ length: deferral }, (_, j) => rateOf(annual, days, BigInt(stepFrom(start, step, j + 1) - stepFrom(start, step, j))));
  const scheduled = capitaliseOracle(principal, deferredRate(captive.promotional[0] ?? tasa));

  // ---- insurance
  // importeSeguros without indSeguro 1: echoed, not charged; or refused (conventions.importeSegurosWithoutIndSeguro)
  if (num(s['indSeguro']) !== 1 && centsOfOptional(s['importeSeguros']) > 0n && c.importeSegurosWithoutIndSeguro === 'refuse') {
    return err('ERRNEG001', 'importeSeguros');
  }
  let upfront = centsOfOptional(s['importeCatSegVida']) + centsOfOptional(s['importeCatSegDanio']);
  // what the ceiling rule may name (docs/cat.md, "The ceiling"): the package paid at opening, the financed one
  let packageAtOpening = 0n;
  let packageFinanced = 0n;
  const external = new Array<bigint>(n).fill(0n);
  if (num(s['indSeguro']) === 1) {
    const total = str(s['importeSeguros']);
    if (total === undefined) return err('ERRESQ006', 'importeSeguros');
    const plazoSeguro = num(s['plazoSeguro']) ?? 0;
    // plazoSeguro 0: every payment, or refused (conventions.plazoSeguroZero)
    if (plazoSeguro === 0 && c.plazoSeguroZero === 'refuse') return err('ERRESQ004', 'plazoSeguro');
    const count = plazoSeguro === 0 ? n : Math.min(Number(ceilDiv(BigInt(plazoSeguro) * perYear.n, 12n * perYear.d)), n);
    spread(centsOf(total), count, n).forEach((x, k) => {
      external[k] = x;
    });
  }
  let life = new Array<bigint>(n).fill(0n);
  let damage = new Array<bigint>(n).fill(0n);
  let damageRows: OracleRow[] | undefined;
  const rows = scheduleOracle({
    principal: scheduled,
    periodRates: rates,
    vatPercent: iva,
    tolerance,
    balloon,
    grace,
    prepayments,
    anualidades: captive.anualidades,
  });
  const tipoSeguro = num(s['tipoSeguro']) ?? 0;
  if (tipoSeguro === 1 || tipoSeguro === 2) {
    const months = Number(ceilDiv(BigInt(n) * 12n * perYear.d, perYear.n));
    // the sum insured: the price or valorFactura (conventions.insuredValue); the premiums' IVA: the credit's or the tariff's
    const insured = c.insuredValue === 'price' ? price : valorFactura;
    const tariff = c.insuranceIva === 'credit' ? { ...question.tariff, ivaRate: formatCents(iva) } : question.tariff; // iva % as a rate: 8 → '0.08'
    const offer = chooseOffer({ ...question, tariff }, s, insured, openingText, monthlyBalances(rows, dates, start, principal, months));
    if ('error' in offer) return offer;
    // docs/conventions.md, "Insurance": the enganche is the credit's down payment, within the tolerance
    const enganche = centsOf(str((s['informacionSeguro'] as Record<string, unknown>)['enganche']) as string);
    const gap = enganche > down ? enganche - down : down - enganche;
    if (gap > BigInt(c.engancheTolerance)) return err('ERRNEG001', 'informacionSeguro.enganche');
    if (tipoSeguro === 1) {
      packageAtOpening = offer.primaTotalCents + offer.segVidaCents;
      upfront += packageAtOpening;
    } else {
      packageFinanced = offer.primaTotalCents + offer.segVidaCents;
      damageRows = scheduleOracle({ principal: offer.primaTotalCents, periodRates: contractRates, vatPercent: iva, tolerance });
      damage = damageRows.map((r) => r.payment);
      life = spread(offer.segVidaCents, n, n);
    }
  }
  // docs/cat.md, "In the credit quote": charges at opening that leave no disbursement are ERRNEG001
  // naming the one whose addition (commission, life, damage, package at opening) reaches the loan
  let netted = 0n;
  for (const [field, amount] of [
    ['comisiones', commission],
    ['importeCatSegVida', centsOfOptional(s['importeCatSegVida'])],
    ['importeCatSegDanio', centsOfOptional(s['importeCatSegDanio'])],
    ['informacionSeguro', packageAtOpening],
  ] as const) {
    netted += amount;
    if (netted >= principal) return err('ERRNEG001', field);
  }

  // ---- the table
  const R = rows.length;
  // a prepayment after the loan is settled (or the table ended) is refused
  if ((question.prepayments ?? []).some((p) => p.period > R)) return err('ERRNEG001', '');
  // docs/credit.md, "The range": the level payments must total under 2^53 cents
  if (rows.reduce((total, row) => total + row.payment, 0n) >= 2n ** 53n) return err('ERRNEG001', 'montoSolicitado');
  // a table that ends early: what is still owed of the insurance is charged with the last row
  const owedAfter = (list: bigint[]): bigint => list.slice(R).reduce((a, b) => a + b, 0n);
  const lifeCol = life.slice(0, R);
  const extCol = external.slice(0, R);
  const damageCol = damage.slice(0, R);
  if (R < n) {
    lifeCol[R - 1] = (lifeCol[R - 1] as bigint) + owedAfter(life);
    extCol[R - 1] = (extCol[R - 1] as bigint) + owedAfter(external);
    if (damageRows) damageCol[R - 1] = (damageCol[R - 1] as bigint) + (damageRows[R - 1] as OracleRow).closing;
  }

  const out: OracleCreditRow[] = [];
  let interestTotal = 0n;
  let vatTotal = 0n;
  let paidTotal = 0n;
  const flows: CatFlowQ[] = [];
  const catTime = catTiming(c.catTimeBasis, periodicity, n, firstLength, first !== undefined, dates, start, deferral);
  const disbursement = principal - commission - upfront;
  flows.push({ e: 0n, amount: { n: -disbursement, d: 1n } });
  // the same payments without the insurance in them, against the whole amount financed (the ceiling rule)
  const bareFlows: CatFlowQ[] = [{ e: 0n, amount: { n: -principal, d: 1n } }];
  // and without the captive charges either: the loan's own payments
  const ownFlows: CatFlowQ[] = [{ e: 0n, amount: { n: -principal, d: 1n } }];
  let periodicTotal = 0n;
  let balanceInsuranceTotal = 0n;
  let regularExtras = 0n;
  const regularIndex = rows[grace] ? grace : rows.length - 1;
  rows.forEach((row, i) => {
    // the periodic charges and the insurance on the balance (docs/credit.md, "Captive structures")
    const charged = rowCharges(captive, row.opening, iva, c.commissionVat);
    const vida = (lifeCol[i] as bigint) + charged.life;
    const danos = (damageCol[i] as bigint) + (extCol[i] as bigint);
    const desempleo = charged.unemployment + charged.unemploymentVat;
    const rowVat = row.vat + charged.commissionVat;
    const extras = vida + danos + desempleo + charged.commission + charged.commissionVat;
    const pago = row.payment + extras;
    if (i === regularIndex) regularExtras = extras;
    interestTotal += row.interest;
    vatTotal += rowVat;
    paidTotal += pago;
    periodicTotal += charged.commission;
    balanceInsuranceTotal += charged.life + charged.unemployment;
    out.push({
      numAmortizacion: i + 1,
      fechaAmortizacion: formatIso(dates[i] as Day),
      saldoCapital: formatCents(row.opening),
      abonoCapital: formatCents(row.capital),
      interesAmortizacion: formatCents(row.interest),
      ivaAmortizacion: formatCents(rowVat),
      comisionAmortizacion: formatCents(charged.commission),
      seguroVida: formatCents(vida),
      seguroDanos: formatCents(danos),
      seguroDesempleo: formatCents(desempleo),
      pagoAmortizacion: formatCents(pago),
      saldoFin: formatCents(row.closing),
    });
    const catInsurance = vida + (damageCol[i] as bigint) + (c.externalInsuranceInCat ? (extCol[i] as bigint) : 0n);
    const catCharges = charged.commission + charged.unemployment; // without IVA; the life premium is in catInsurance
    flows.push({ e: catTime.e[i] as bigint, amount: { n: row.capital + row.interest + catInsurance + catCharges, d: 1n } });
    bareFlows.push({ e: catTime.e[i] as bigint, amount: { n: row.capital + row.interest + charged.life + catCharges, d: 1n } });
    ownFlows.push({ e: catTime.e[i] as bigint, amount: { n: row.capital + row.interest, d: 1n } });
  });
  const regular = rows[regularIndex] as OracleRow;
  // pagoMensual: the regular row's payment without its prepayment or anualidad, with its charges and insurance
  const pagoMensual = regular.payment - regular.prepaid - regular.planned + regularExtras;

  const cat = catOf({ flows, q: catTime.q });
  if (cat.kind === 'rate' && cat.tenths > CEILING_TENTHS) {
    // docs/cat.md, "The ceiling": ERRNEG001 naming what puts the CAT above 100,000,000,000.0 %
    const whole = catOf({ flows: [bareFlows[0] as CatFlowQ, ...flows.slice(1)], q: catTime.q });
    if (published(whole)) {
      const opening: [string, bigint][] = [
        ['comisiones', commission],
        ['importeCatSegVida', centsOfOptional(s['importeCatSegVida'])],
        ['importeCatSegDanio', centsOfOptional(s['importeCatSegDanio'])],
        ['informacionSeguro', packageAtOpening],
      ];
      return err('ERRNEG001', largest(opening));
    }
    const external = c.externalInsuranceInCat ? external0(s) : 0n;
    if ((external > 0n || packageFinanced > 0n) && published(catOf({ flows: bareFlows, q: catTime.q }))) {
      return err(
        'ERRNEG001',
        largest([
          ['importeSeguros', external],
          ['informacionSeguro', packageFinanced],
        ]),
      );
    }
    // docs/credit.md, "Captive structures": then the captive charges, when the loan's own payments are published
    if ((captive.charge > 0n || captive.life || captive.unemployment) && published(catOf({ flows: ownFlows, q: catTime.q }))) {
      return err(
        'ERRNEG001',
        largest([
          ['options.periodicCharges', periodicTotal],
          ['options.balanceInsurance', balanceInsuranceTotal],
        ]),
      );
    }
    return err('ERRNEG001', 'tasa');
  }
  const resultado: OracleResultado = {
    fechaApertura: openingText,
    montoSolicitado: formatCents(monto),
    tasa: atLeastTwoDecimals(tasaText),
    plazo: n,
    periodicidad: code,
    iva: Number(iva),
    facturaConIva,
    producto: str(s['producto']) ?? c.defaultProducto,
    comisiones: comisionesText === undefined ? '0.00' : atLeastTwoDecimals(comisionesText),
    tipoSeguro,
    valorFactura: formatCents(valorFactura),
    indSeguro: num(s['indSeguro']) ?? 0,
    plazoSeguro: num(s['plazoSeguro']) ?? 0,
    importeSeguros: amountText(str(s['importeSeguros'])),
    importeCatSegVida: amountText(str(s['importeCatSegVida'])),
    importeCatSegDanio: amountText(str(s['importeCatSegDanio'])),
    numeroPagos: num(s['numeroPagos']) ?? 0,
    totalPagar: formatCents(paidTotal + commission + commissionVat + upfront),
    pagoMensual: formatCents(pagoMensual),
    montoGarantiaExt: formatCents(monto + (str(s['montoGarantiaExt']) === undefined ? 0n : centsOf(str(s['montoGarantiaExt']) as string))),
    importeInteresTotal: formatCents(interestTotal),
    impIVAInteresTotal: formatCents(vatTotal),
    importePago: formatCents(paidTotal),
    registros: s['generaTablaPagos'] === true ? out : [],
  };
  // the dealer's subsidy of a promotion: the amount financed less the PV at the contract's rates of capital and interest
  const dealerSubsidy =
    question.promotions === undefined
      ? undefined
      : formatCents(
          subsidyOracle(
            principal,
            deferredRate(tasa),
            contractRates,
            rows.map((row) => row.capital + row.interest),
          ),
        );
  return { resultado, cat, allRows: out, catFlows: flows, catUnits: catTime.q, ...(dealerSubsidy === undefined ? {} : { dealerSubsidy }) };
}

const centsOfOptional = (x: unknown): bigint => (typeof x === 'string' ? centsOf(x) : 0n);

/** The CAT's ceiling, 100,000,000,000.0 %, in tenths of a percent: a CAT published as at most this is published. */
export const CEILING_TENTHS = 10n ** 12n;

/** A CAT that exists and is published (at most the ceiling). */
const published = (cat: CatAnswer): boolean => cat.kind === 'rate' && cat.tenths <= CEILING_TENTHS;

/** The field of the largest amount; on a tie the first listed (the docs' order). */
function largest(candidates: readonly [string, bigint][]): string {
  let best = candidates[0] as [string, bigint];
  for (const candidate of candidates) if (candidate[1] > best[1]) best = candidate;
  return best[0];
}

/** The external insurance spread over the payments (importeSeguros with indSeguro 1), in cents. */
const external0 = (s: Readonly<Record<string, unknown>>): bigint =>
  num(s['indSeguro']) === 1 && typeof s['importeSeguros'] === 'string' ? centsOf(s['importeSeguros']) : 0n;

/** The CAT's time of each row as eₖ / q years (docs/conventions.md, "The CAT"). */
function catTiming(
  basis: OracleCatTimeBasis,
  p: OraclePeriodicity,
  n: number,
  firstLength: number,
  irregular: boolean,
  dates: readonly Day[],
  start: Day,
  deferral: number,
): { e: bigint[]; q: bigint } {
  const e: bigint[] = [];
  const days = BigInt(p.days);
  const L1 = BigInt(firstLength);
  const perYear = fromNumberText(p.perYear);
  for (let k = 1; k <= n; k++) {
    // fixed-day units from the opening date; a deferred first payment k falls k + deferral periods after it
    const fixed = L1 + BigInt(k - 1 + deferral) * days;
    switch (basis) {
      case 'periods':
        // k / perYear; with an irregular first period (L₁ + (k − 1)·días) / (días·perYear); deferred, (k + deferral) / perYear
        e.push(irregular ? fixed * perYear.d : BigInt(k + deferral) * perYear.d);
        break;
      case 'days360':
      case 'days365':
        e.push(fixed);
        break;
      case 'actual365':
        e.push(BigInt((dates[k - 1] as Day) - start));
        break;
    }
  }
  const unitsPerYear = basis === 'periods' ? (irregular ? days * perYear.n : perYear.n) : basis === 'days360' ? 360n : 365n;
  return { e, q: unitsPerYear };
}

/**
 * The credit's balance at the start of each month (docs/conventions.md, "Insurance"): after every
 * payment dated on or before the opening date + m months; the amount financed before the first.
 */
function monthlyBalances(rows: readonly OracleRow[], dates: readonly Day[], start: Day, principal: bigint, months: number): string[] {
  const out: string[] = [];
  for (let m = 0; m < months; m++) {
    const day = addMonths(start, m);
    let balance = principal;
    rows.forEach((row, k) => {
      if ((dates[k] as Day) <= day) balance = row.closing;
    });
    out.push(formatCents(balance));
  }
  return out;
}

/** The one offer the credit's insurance names (docs/conventions.md, "Insurance"), its life premium on the credit's balances. */
function chooseOffer(
  question: CreditQuestion,
  s: Readonly<Record<string, unknown>>,
  insured: bigint,
  openingText: string,
  lifeBalances: readonly string[],
): OracleOffer | OracleError {
  const info = s['informacionSeguro'] as Readonly<Record<string, unknown>> | undefined;
  if (!info) return err('ERRESQ006', 'informacionSeguro');
  const idPaquete = num(info['idPaquete']) ?? 0;
  if (idPaquete === 0) return err('ERRESQ006', 'informacionSeguro.idPaquete');
  const { idAgencia, numeroAgencia, ...rest } = info;
  const request: Record<string, unknown> = {
    ...rest,
    idClaveVehiculo: idAgencia,
    idAgencia: numeroAgencia,
    montoSumaAsegurada: formatCents(insured),
    plazoFinanciado: lifeBalances.length,
  };
  const answer = quotePolicyOracle({
    solicitud: request,
    fechaInicio: question.fechaInicio ?? openingText,
    tariff: question.tariff,
    lifeBalances,
  });
  if ('error' in answer) {
    const field =
      answer.field === 'idClaveVehiculo'
        ? 'informacionSeguro.idAgencia'
        : answer.field === 'montoSumaAsegurada'
          ? 'valorFactura'
          : answer.field === 'plazoFinanciado'
            ? 'plazo'
            : `informacionSeguro.${answer.field}`;
    return err(answer.error, field);
  }
  const offers = answer.offers.filter((o) => o.idPaquete === idPaquete);
  if (offers.length === 0) return err('ERRNEG001', 'informacionSeguro.idPaquete');
  if (offers.length > 1) return err('ERRNEG001', 'informacionSeguro.idAseguradora');
  return offers[0] as OracleOffer;
}
