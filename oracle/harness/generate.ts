/**
 * Random cases over the whole input space of the three engines, from a seed. The distribution
 * is documented in docs/oracle.md; every draw goes through `Random`, so a case replays from
 * (seed, index) alone.
 */
import { dayOf, daysInMonth, formatIso, parseIso, stepFrom, ymdOf } from '../model/calendar.js';
import type { OracleConventions, OraclePeriodicity } from '../model/credit.js';
import type { TariffData } from '../model/policy.js';
import { formatCents } from '../model/rational.js';
import type { Random } from './random.js';

export interface CreditCase {
  readonly kind: 'credit';
  readonly solicitud: Record<string, unknown>;
  readonly options: CreditCaseOptions;
}

export interface CreditCaseOptions {
  conventions?: Partial<OracleConventions>;
  fechaApertura?: string;
  fechaInicio?: string;
  /** A tariff JSON; absent means the default tariff. */
  tariff?: TariffData;
  firstPaymentDate?: string;
  prepayments?: { period: number; amount: string; mode?: 'reducePayment' | 'reduceTerm' }[];
  balloon?: { amount: string } | { percent: string };
  grace?: { periods: number };
  anualidades?: (({ amount: string } | { percent: string }) & ({ period: number } | { months: number[] }))[];
  promotions?: { periods: number; tasa: string }[];
  deferral?: { periods: number };
  periodicCharges?: { amount: string }[];
  balanceInsurance?: { lifePerThousand?: string; unemploymentPerThousand?: string };
}

export interface CatCase {
  readonly kind: 'cat';
  readonly flows: { disbursements: { time: string | number; amount: string }[]; payments: { time: string | number; amount: string }[] };
  readonly options?: { maxRate?: number };
  /** What the generator built (for reports): 'loan', 'multi', 'closeRoots', 'zeroRoot', 'noRoot', 'longNoRoot', 'tiny', 'huge', 'badMaxRate'. */
  readonly family: string;
}

export interface PolicyCase {
  readonly kind: 'policy';
  readonly solicitud: Record<string, unknown>;
  readonly fechaInicio: string;
  readonly tariff?: TariffData;
  readonly lifeBalance?: 'declining' | 'flat';
  readonly lifeBalances?: string[];
}

export type OracleCase = CreditCase | CatCase | PolicyCase;

// ---------------------------------------------------------------- shared pieces

const iso = (y: number, m: number, d: number): string => formatIso(dayOf(y, m, d));

function randomDate(r: Random, fromYear = 2000, toYear = 2060): string {
  const y = r.int(fromYear, toYear);
  const m = r.int(1, 12);
  const dim = daysInMonth(y, m);
  const d = r.chance(0.3) ? r.int(Math.max(1, dim - 3), dim) : r.int(1, dim);
  return iso(y, m, d);
}

/** Cents as text with 0, 1 or 2 decimals when exact ("350000", "350000.5", "350000.50"). */
function amountText(r: Random, cents: bigint): string {
  const full = formatCents(cents);
  if (cents % 100n === 0n && r.chance(0.3)) return full.slice(0, -3);
  if (cents % 10n === 0n && r.chance(0.3)) return full.slice(0, -1);
  return full;
}

/** A percentage text with up to `maxDecimals` decimals in [lo, hi]. */
function percentText(r: Random, lo: number, hi: number, maxDecimals: number): string {
  const decimals = r.int(0, maxDecimals);
  const scale = 10 ** decimals;
  const v = r.int(Math.ceil(lo * scale), Math.floor(hi * scale));
  const s = String(v).padStart(decimals + 1, '0');
  return decimals === 0 ? s : `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}

const CUSTOM_PERIODICITIES: Record<string, OraclePeriodicity> = {
  B: { name: 'bimestral', perYear: 6, days: 60, step: { unit: 'months', count: 2 } },
  T: { name: 'trimestral', perYear: 4, days: 90, step: { unit: 'months', count: 3 } },
  E: { name: 'semestral', perYear: 2, days: 180, step: { unit: 'months', count: 6 } },
  A: { name: 'anual', perYear: 1, days: 360, step: { unit: 'months', count: 12 } },
  V: { name: 'veintiochenal', perYear: 13, days: 28, step: { unit: 'days', count: 28 } },
  X: { name: 'diaria', perYear: 360, days: 1, step: { unit: 'days', count: 1 } },
};

const STANDARD: Record<string, OraclePeriodicity> = {
  M: { name: 'mensual', perYear: 12, days: 30, step: { unit: 'months', count: 1 } },
  Q: { name: 'quincenal', perYear: 24, days: 15, step: { unit: 'days', count: 15 } },
  C: { name: 'catorcenal', perYear: 26, days: 14, step: { unit: 'days', count: 14 } },
  S: { name: 'semanal', perYear: 52, days: 7, step: { unit: 'days', count: 7 } },
  D: { name: 'decenal', perYear: 36, days: 10, step: { unit: 'days', count: 10 } },
};

// ---------------------------------------------------------------- credit

/**
 * A short monthly loan whose first ideal payment is exactly a half cent: p̂ = S·g / (1 − (1 + g)^−m)
 * (docs/conventions.md) with g = tasa/12 × (1 + iva) a rational P/Q, and S a multiple of the least
 * amount for which 2p̂ is an odd integer. Random draws almost never land on one, and a 50-digit
 * computation takes the wrong side of such a tie when 1/(1 + g) has no finite decimal expansion.
 * Undefined when no such amount fits under the largest price.
 */
function halfCentTieCase(r: Random): CreditCase | undefined {
  const basisPoints = BigInt(r.int(1, 20_000)); // tasa 0.01 %–200.00 %
  const iva = r.pick([16, 16, 0, r.int(0, 99)]);
  const m = r.int(2, 6);
  const P = basisPoints * BigInt(100 + iva);
  const Q = 120_000n * 100n; // tasa/12 with two decimals of percent, ×100 for the IVA
  const grown = (Q + P) ** BigInt(m);
  const N = P * grown;
  const D = Q * (grown - Q ** BigInt(m));
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
  const step = D / gcd(D, 2n * N);
  const most = 7_900_000_000_000n / step; // S ≤ 79,000,000,000.00: a price at 80 % stays admissible
  if (most < 1n) return undefined;
  for (let tries = 0; tries < 8; tries++) {
    const S = step * r.big(1n, most);
    if (((2n * S * N) / D) % 2n === 1n) {
      const tasa = `${basisPoints / 100n}.${String(basisPoints % 100n).padStart(2, '0')}`;
      const solicitud: Record<string, unknown> = {
        fechaApertura: randomDate(r),
        montoSolicitado: formatCents(S),
        valorFactura: '99999999999.99',
        tasa,
        plazo: m,
        periodicidad: 'M',
        iva,
        comisiones: '0',
        generaTablaPagos: true,
      };
      return { kind: 'credit', solicitud, options: {} };
    }
  }
  return undefined;
}

export function creditCase(r: Random, tariffJson: TariffData): CreditCase {
  if (r.chance(0.03)) {
    const tie = halfCentTieCase(r);
    if (tie !== undefined) return tie;
  }
  const s: Record<string, unknown> = {};
  const options: CreditCaseOptions = {};
  const conventions: { -readonly [K in keyof OracleConventions]?: OracleConventions[K] } = {};

  const opening = randomDate(r);
  if (r.chance(0.9)) s['fechaApertura'] = opening;
  else options.fechaApertura = opening;

  let code = 'M';
  let periodicity = STANDARD['M'] as OraclePeriodicity;
  if (r.chance(0.9)) {
    code = r.pick(['M', 'M', 'Q', 'C', 'S', 'D']);
    periodicity = STANDARD[code] as OraclePeriodicity;
    if (code !== 'M' || r.chance(0.5)) s['periodicidad'] = code;
  } else {
    code = r.pick(Object.keys(CUSTOM_PERIODICITIES));
    periodicity = CUSTOM_PERIODICITIES[code] as OraclePeriodicity;
    s['periodicidad'] = code;
    conventions.periodicities = { ...STANDARD, [code]: periodicity };
  }

  const plazo = r.weighted<() => number>([
    [2, () => r.int(1, 3)],
    [3, () => r.int(1, 12)],
    [3, () => r.int(12, 72)],
    [2, () => r.int(73, 360)],
    [1, () => r.int(361, 999)],
  ])();
  s['plazo'] = plazo;

  // rate: 0 %, ordinary, high, many decimals, or the grid
  const tasa = r.weighted<() => string | undefined>([
    [1, () => '0'],
    [10, () => percentText(r, 0, 60, 2)],
    [3, () => percentText(r, 60, 200, 2)],
    [1, () => '200'],
    [2, () => percentText(r, 0, 200, 6)],
    [1, () => undefined],
  ])();
  if (tasa !== undefined) s['tasa'] = tasa;

  const iva = r.weighted<() => number | undefined>([
    [4, () => undefined],
    [4, () => 16],
    [1, () => 0],
    [2, () => r.int(0, 99)],
  ])();
  if (iva !== undefined) s['iva'] = iva;
  const ivaPct = BigInt(iva ?? 16);

  const facturaConIva = r.weighted<number | undefined>([
    [3, undefined],
    [2, 1],
    [1, 0],
  ]);
  if (facturaConIva !== undefined) s['facturaConIva'] = facturaConIva;

  const pctEnganche = r.weighted<number | undefined>([
    [4, undefined],
    [2, r.int(0, 60)],
    [1, r.int(0, 600) / 10],
  ]);
  if (pctEnganche !== undefined) s['porcentajeEnganche'] = pctEnganche;
  const minPct = pctEnganche ?? 20;

  // amount and price: a down payment that meets the minimum, sometimes one that does not
  const monto = r.weighted<() => bigint>([
    [1, () => r.big(1n, 100_000n)],
    [6, () => r.big(5_000_000n, 200_000_000n)],
    [2, () => r.big(200_000_000n, 5_000_000_000n)],
    [1, () => r.big(1n, 9_000_000_000_000n)],
  ])();
  const short = r.chance(0.04);
  const ratio = short ? r.float() * (minPct / 100) : minPct / 100 + r.float() * (1 - minPct / 100) * 0.8;
  let price = minPct >= 100 ? monto : BigInt(Math.ceil(Number(monto) / (1 - Math.min(ratio, 0.999999))));
  if (price < monto) price = monto;
  if (price > 99_999_999_999_99n) price = 99_999_999_999_99n;
  const valorFactura = facturaConIva === 0 ? (price * 100n + 100n + ivaPct - 1n) / (100n + ivaPct) : price;
  s['valorFactura'] = amountText(r, valorFactura);
  s['montoSolicitado'] = amountText(r, monto);

  if (r.chance(0.6)) s['comisiones'] = r.chance(0.9) ? percentText(r, 0, 5, 2) : percentText(r, 0, 120, 3);
  if (r.chance(0.3)) s['producto'] = r.pick(['AUTO', 'AUTONOM']);
  if (r.chance(0.2)) s['numeroPagos'] = r.int(0, 99);
  if (r.chance(0.2)) s['nombreModelo'] = 'Modelo de prueba';

  // credited warranty within the cap (sometimes above it)
  const pctCredito = r.chance(0.3) ? r.int(0, 50) : undefined;
  if (pctCredito !== undefined) s['porcentajeCredito'] = pctCredito;
  if (r.chance(0.2)) {
    const cap = (monto * BigInt(pctCredito ?? 20)) / 100n;
    const w = r.chance(0.05) ? cap + r.big(1n, 100_000n) : r.big(0n, cap);
    s['creditoGarantiaExt'] = true;
    s['montoGarantiaExt'] = amountText(r, w);
  } else if (r.chance(0.05)) {
    s['creditoGarantiaExt'] = false;
    s['montoGarantiaExt'] = amountText(r, r.big(0n, monto));
  }

  // external insurance in the payments
  if (r.chance(0.2)) {
    s['indSeguro'] = 1;
    s['importeSeguros'] = amountText(r, r.big(0n, monto / 5n + 100n));
    s['plazoSeguro'] = r.chance(0.1) ? 0 : r.int(1, 99);
  } else if (r.chance(0.1)) {
    s['indSeguro'] = 0;
    if (r.chance(0.5)) s['importeSeguros'] = amountText(r, r.big(0n, monto / 5n + 100n));
  }

  // up-front required insurance; sometimes eating almost the whole loan (a huge CAT)
  if (r.chance(0.25)) s['importeCatSegVida'] = amountText(r, r.big(0n, monto / 20n + 1n));
  if (r.chance(0.15)) s['importeCatSegDanio'] = amountText(r, r.big(0n, monto / 10n + 1n));
  if (r.chance(0.02) && !s['comisiones']) {
    const left = r.weighted<bigint>([
      [1, 1n],
      [1, r.big(1n, 100n)],
      [1, r.big(1n, 10_000n)],
      [1, 0n],
    ]);
    if (monto > left) {
      s['importeCatSegVida'] = amountText(r, monto - left);
      delete s['importeCatSegDanio'];
      delete s['creditoGarantiaExt'];
      delete s['montoGarantiaExt'];
    }
  }

  // the insurer's package (tipoSeguro 1 and 2)
  // the policy's plazoFinanciado is the credit's term in months: kept within 8 years
  const months = Math.ceil((plazo * 12) / periodicity.perYear);
  if (r.chance(0.12) && valorFactura >= 8_000_000n && valorFactura <= 300_000_000n && months <= 96) {
    s['tipoSeguro'] = r.pick([1, 2]);
    // the credit's down payment as the engine measures it: the price with IVA when facturaConIva is 0
    const enginePrice = facturaConIva === 0 ? (valorFactura * (100n + ivaPct) * 2n + 100n) / 200n : valorFactura;
    s['informacionSeguro'] = insuranceInfo(r, tariffJson, opening, enginePrice - monto > 0n ? enginePrice - monto : 0n);
  } else if (r.chance(0.1)) s['tipoSeguro'] = 0;

  s['generaTablaPagos'] = r.chance(0.92) ? true : r.pick([false, undefined]);
  if (s['generaTablaPagos'] === undefined) delete s['generaTablaPagos'];

  // conventions
  if (r.chance(0.5)) conventions.interestBasis = r.pick(['days360', 'perYear', 'days365', 'actual360', 'actual365']);
  if (r.chance(0.5)) conventions.catTimeBasis = r.pick(['periods', 'days360', 'days365', 'actual365']);
  if (r.chance(0.25)) conventions.paymentTolerance = r.pick([0, 0.25, 0.5, 1, 1, 2, 3]);
  if (r.chance(0.15)) conventions.commissionVat = r.chance(0.5);
  if (r.chance(0.15)) conventions.externalInsuranceInCat = r.chance(0.5);
  if (r.chance(0.3)) conventions.businessDays = r.pick(['none', 'MX']);
  if (s['tipoSeguro'] !== undefined && r.chance(0.1)) conventions.engancheTolerance = r.pick([0, 1, 100, 10_000, 1_000_000]);
  if (s['tipoSeguro'] !== undefined && r.chance(0.2)) conventions.insuredValue = r.pick(['price', 'valorFactura']);
  if (s['tipoSeguro'] !== undefined && r.chance(0.2)) conventions.insuranceIva = r.pick(['credit', 'tariff']);
  if (s['importeSeguros'] !== undefined && r.chance(0.2)) conventions.importeSegurosWithoutIndSeguro = r.pick(['echo', 'refuse']);
  if (s['plazoSeguro'] !== undefined && r.chance(0.2)) conventions.plazoSeguroZero = r.pick(['wholeTerm', 'refuse']);
  if (r.chance(0.03))
    conventions.rateGrid = [
      { minDownPaymentPercent: 0, tasa: percentText(r, 0, 90, 2) },
      { minDownPaymentPercent: 35, tasa: percentText(r, 0, 90, 2) },
    ];
  if (Object.keys(conventions).length > 0) options.conventions = conventions;

  // features
  const start = parseIso(opening) as number;
  if (r.chance(0.15) && plazo >= 1) {
    const latest = stepFrom(start, periodicity.step, 2);
    options.firstPaymentDate = formatIso(r.int(start + 1, latest));
  }
  let grace = 0;
  if (r.chance(0.1) && plazo >= 2) {
    grace = r.int(1, Math.min(plazo - 1, 6));
    options.grace = { periods: grace };
  }
  let balloon = false;
  if (r.chance(0.1)) {
    balloon = true;
    const principal = monto;
    options.balloon = r.chance(0.5)
      ? { percent: percentText(r, 0.01, 60, 2) }
      : { amount: amountText(r, r.big(1n, principal > 1n ? (principal * 6n) / 10n : 1n)) };
  }
  if (r.chance(0.15) && plazo - 1 > grace) {
    const count = r.int(1, Math.min(3, plazo - 1 - grace));
    const periods = new Set<number>();
    while (periods.size < count) periods.add(r.int(grace + 1, plazo - 1));
    options.prepayments = [...periods]
      .sort((a, b) => a - b)
      .map((period) => {
        const mode: 'reducePayment' | 'reduceTerm' | undefined = balloon
          ? r.pick(['reducePayment', undefined])
          : r.pick(['reducePayment', 'reduceTerm', undefined]);
        const amount = r.weighted<() => bigint>([
          [6, () => r.big(1n, monto / 4n + 1n)],
          [1, () => r.big(1n, 100n)],
          [1, () => monto + r.big(0n, 1000n)],
        ])();
        return mode === undefined ? { period, amount: amountText(r, amount) } : { period, amount: amountText(r, amount), mode };
      });
  }
  if (s['tipoSeguro'] !== undefined && r.chance(0.3)) options.fechaInicio = randomDate(r, 2020, 2030);
  captiveOptions(r, s, options, monto, grace);
  issue22Shapes(r, s, options, monto);
  return { kind: 'credit', solicitud: s, options };
}

/**
 * Two shapes of issue 22's bugs, drawn last (the earlier draws of a case stay what they were):
 * charges at opening that reach the amount financed, split over the commission and the up-front
 * insurance in any proportion (docs/cat.md: the error names the one that tips it over); and a few
 * cents over hundreds of payments, whose interest all rounds to 0.00 (a CAT of 0.0).
 */
function issue22Shapes(r: Random, s: Record<string, unknown>, options: CreditCaseOptions, monto: bigint): void {
  if (r.chance(0.02)) {
    const principal = monto + (s['creditoGarantiaExt'] === true ? BigInt(Math.round(Number(s['montoGarantiaExt']) * 100)) : 0n);
    // the total netted: a little under, exactly at or a little over the amount financed
    const total = principal + r.pick([-1n, 0n, 0n, 1n, r.big(0n, 10_000n)]);
    if (r.chance(0.5)) delete s['comisiones'];
    const life = r.chance(0.3) ? 0n : r.big(0n, total > 0n ? total : 0n);
    const damage = total - life;
    if (life > 0n || r.chance(0.5)) s['importeCatSegVida'] = amountText(r, life);
    if (damage > 0n) s['importeCatSegDanio'] = amountText(r, damage);
    else delete s['importeCatSegDanio'];
  }
  if (r.chance(0.015)) {
    // c cents at a periodic rate below ½ / c: every interest rounds to 0.00; a term long enough
    // that (1 + rate)ⁿ is huge puts the loan's own rate, where the CAT's iteration starts, far
    // from the CAT of 0.0
    const cents = r.big(1n, 30n);
    const days = (options.conventions?.periodicities ?? STANDARD)[(s['periodicidad'] as string | undefined) ?? 'M']?.days ?? 30;
    const rate = (0.2 + 0.29 * r.float()) / Number(cents);
    s['montoSolicitado'] = amountText(r, cents);
    s['tasa'] = Math.min(999.99, (rate * 36_000) / days).toFixed(2);
    s['plazo'] = Math.min(999, Math.max(100, Math.ceil(40 / Math.log1p(rate))));
    for (const key of [
      'montoGarantiaExt',
      'creditoGarantiaExt',
      'tipoSeguro',
      'informacionSeguro',
      'importeCatSegVida',
      'importeCatSegDanio',
    ])
      delete s[key];
    for (const key of ['prepayments', 'balloon', 'grace', 'anualidades', 'promotions', 'deferral', 'firstPaymentDate'] as const)
      delete options[key];
  }
}

/**
 * The captive structures (docs/credit.md, "Captive structures"), drawn after everything else so
 * that the earlier draws of a case stay what they were: mostly valid combinations, and one in
 * about twelve of each breaking one of the documented refusals.
 */
function captiveOptions(r: Random, s: Record<string, unknown>, options: CreditCaseOptions, monto: bigint, grace: number): void {
  const plazo = s['plazo'] as number;
  const wrong = (): boolean => r.chance(0.08);
  if (r.chance(0.1)) {
    const stages: { periods: number; tasa: string }[] = [];
    let left = plazo;
    const count = r.int(1, 2);
    const tasa = typeof s['tasa'] === 'string' ? Number(s['tasa']) : 0;
    for (let j = 0; j < count && left > 0; j++) {
      // too many: a stage within the term whose total passes it (ERRNEG001)
      const periods = wrong() ? r.int(Math.min(left + 1, plazo), plazo) : r.int(1, Math.min(left, r.chance(0.5) ? 12 : plazo));
      left -= periods;
      const rate = r.chance(0.5) || tasa === 0 ? '0' : percentText(r, 0, tasa, r.pick([0, 2, 6]));
      stages.push({ periods, tasa: wrong() ? percentText(r, tasa + 1, tasa + 50, 2) : rate });
    }
    options.promotions = stages;
  }
  if (r.chance(0.08) && (wrong() || (grace === 0 && options.firstPaymentDate === undefined && s['tipoSeguro'] !== 2))) {
    options.deferral = { periods: r.int(1, 12) };
  }
  if (r.chance(0.1) && plazo >= 2 && (wrong() || !(options.prepayments ?? []).some((p) => p.mode === 'reduceTerm'))) {
    const count = r.int(1, 2);
    // the due dates as stepped, to draw months that select payments (and sometimes months that do not)
    const start = parseIso((s['fechaApertura'] as string | undefined) ?? (options.fechaApertura as string)) as number;
    const step = (options.conventions?.periodicities ?? STANDARD)[(s['periodicidad'] as string | undefined) ?? 'M']?.step ?? {
      unit: 'months',
      count: 1,
    };
    const first = options.firstPaymentDate === undefined ? undefined : (parseIso(options.firstPaymentDate) as number);
    const dueMonth = (k: number): number =>
      ymdOf(first === undefined ? stepFrom(start, step, k + (options.deferral?.periods ?? 0)) : stepFrom(first, step, k - 1)).m;
    options.anualidades = Array.from({ length: count }, () => {
      const byMonths = r.chance(0.5);
      // months may select a payment a year: keep their total within the amount financed, mostly
      const share = byMonths ? BigInt(4 * Math.max(1, Math.ceil(plazo / 6))) : 8n;
      const amount = r.chance(0.5)
        ? { amount: amountText(r, r.big(1n, monto / share + 1n)) }
        : { percent: r.chance(0.1) ? percentText(r, 20, 60, 2) : percentText(r, 0.01, 100 / Number(share), 2) };
      const when = byMonths
        ? {
            months: [
              ...new Set([
                r.chance(0.9) ? dueMonth(r.int(Math.min(grace + 1, plazo - 1), plazo - 1)) : r.int(1, 12),
                ...(r.chance(0.3) ? [r.int(1, 12)] : []),
              ]),
            ],
          }
        : { period: wrong() ? r.int(1, plazo - 1) : r.int(Math.min(grace + 1, plazo - 1), plazo - 1) };
      return { ...amount, ...when };
    });
  }
  if (r.chance(0.1)) {
    options.periodicCharges = Array.from({ length: r.int(1, 2) }, () => ({
      amount: amountText(r, r.chance(0.03) ? r.big(1n, 10_000_000_000n) : r.big(1n, monto / 50n + 500n)),
    }));
  }
  if (r.chance(0.1)) {
    const rate = (): string => (r.chance(0.05) ? percentText(r, 1, 999, 6) : percentText(r, 0.01, 2, 4));
    const insurance: { lifePerThousand?: string; unemploymentPerThousand?: string } = {};
    const lifeAllowed =
      (s['tipoSeguro'] ?? 0) === 0 && !(typeof s['importeCatSegVida'] === 'string' && /[1-9]/.test(s['importeCatSegVida']));
    if (r.chance(0.7) && (lifeAllowed || wrong())) insurance.lifePerThousand = rate();
    if (r.chance(0.6) || insurance.lifePerThousand === undefined) insurance.unemploymentPerThousand = rate();
    options.balanceInsurance = insurance;
  }
}

function insuranceInfo(r: Random, tariff: TariffData, opening: string, down: bigint): Record<string, unknown> {
  const vehicle = r.pick(tariff.vehicles);
  const uses = vehicle.idTipoUnidad === 3 ? [1, 2] : [1];
  const startYear = ymdOf(parseIso(opening) as number).y;
  const info: Record<string, unknown> = {
    idPaquete: r.pick(tariff.insurers[0]?.packages.map((p) => p.idPaquete) ?? [1]),
    cveEntidadFederativa: r.int(1, 32),
    idTipoUnidad: vehicle.idTipoUnidad,
    idUsoAutomovil: r.pick(uses),
    idAgencia: vehicle.idClaveVehiculo,
    modelo: startYear - r.int(-1, tariff.limits.maxVehicleAgeYears),
    numeroAgencia: r.int(1, 999),
    // the credit's down payment; sometimes off by a peso or less (the default tolerance), sometimes another credit's
    enganche: formatCents(
      r.weighted<() => bigint>([
        [17, () => down],
        [2, () => down + r.big(0n, 100n)],
        [1, () => (down > 100n ? down - r.big(0n, 100n) : down)],
        [1, () => down + r.big(101n, 10_000_000n)],
        [1, () => (down > 10_000n ? down - r.big(101n, down) : down)],
      ])(),
    ),
    codigoPostal: r.pick(['06000', '09870', '55100', '57000', '97000', '25000', '64000', '44100']),
  };
  if (r.chance(0.8)) info['idAseguradora'] = r.pick(tariff.insurers.map((i) => i.idAseguradora));
  if (r.chance(0.5)) info['idFormaPago'] = r.pick(tariff.paymentForms.map((f) => f.idFormaPago));
  if (r.chance(0.3)) info['indicadorReposicion'] = r.pick(tariff.replacementValues.map((v) => v.indicadorReposicion));
  if (r.chance(0.3)) info['idVigencia'] = r.pick([1, 2]);
  if (r.chance(0.2)) info['plazoMeses'] = r.int(1, 12);
  if (r.chance(0.2)) info['sumaAccesorio'] = formatCents(r.big(0n, 5_000_000n));
  if (r.chance(0.1)) info['sumaEquipoEspecial'] = formatCents(r.big(0n, 10_000_000n));
  if (r.chance(0.2)) info['idEstado'] = r.int(1, 2);
  if (r.chance(0.2)) info['idUsuario'] = 'usuario';
  return info;
}

// ---------------------------------------------------------------- policy

export function policyCase(r: Random, defaultTariff: TariffData): PolicyCase {
  const tariff = r.chance(0.3) ? randomTariff(r, defaultTariff) : undefined;
  const t = tariff ?? defaultTariff;
  const fechaInicio = randomDate(r, 2015, 2040);
  const startYear = ymdOf(parseIso(fechaInicio) as number).y;
  const vehicle = r.pick(t.vehicles);
  const faulty = r.chance(0.08) ? r.int(1, 8) : 0;
  const maxSum = BigInt(
    Math.min(Number(vehicle.maxSumInsured ? BigInt(Math.round(Number(vehicle.maxSumInsured) * 100)) : 300_000_000n), 300_000_000),
  );
  const sum = r.big(8_000_000n, maxSum);
  const s: Record<string, unknown> = {
    cveEntidadFederativa: r.int(1, 32),
    idTipoUnidad: vehicle.idTipoUnidad,
    idUsoAutomovil: vehicle.idTipoUnidad === 3 ? r.pick([1, 2]) : 1,
    idClaveVehiculo: vehicle.idClaveVehiculo,
    modelo: startYear - r.int(-1, t.limits.maxVehicleAgeYears),
    idAgencia: r.int(1, 9999),
    montoSumaAsegurada: formatCents(sum),
    enganche: formatCents(r.big(0n, sum)),
    plazoFinanciado: r.weighted<number>([
      [1, 0],
      [4, r.int(1, 72)],
    ]),
    codigoPostal: r.pick(['06000', '06700', '09870', '55100', '57000', '97000', '25000', '64000', '44100', '01000']),
  };
  if (r.chance(0.6)) s['idAseguradora'] = r.pick([0, ...t.insurers.map((i) => i.idAseguradora)]);
  if (r.chance(0.6)) s['idPaquete'] = r.pick([0, 1, 2, 3]);
  if (r.chance(0.7)) s['idFormaPago'] = r.pick([0, ...t.paymentForms.map((f) => f.idFormaPago)]);
  if (r.chance(0.5)) s['indicadorReposicion'] = r.pick([0, ...t.replacementValues.map((v) => v.indicadorReposicion)]);
  const multi = (s['plazoFinanciado'] as number) > 0 && r.chance(0.4);
  if (multi) {
    s['idVigencia'] = 2;
    s['plazoFinanciado'] = r.int(1, 12 * t.limits.maxPolicyYears);
  } else if (r.chance(0.3)) s['idVigencia'] = r.pick([0, 1]);
  if (!multi && r.chance(0.3)) s['plazoMeses'] = r.int(1, 12);
  if (r.chance(0.3)) s['sumaAccesorio'] = formatCents(r.big(0n, 15_000_000n));
  if (r.chance(0.2)) s['sumaEquipoEspecial'] = formatCents(r.big(0n, 30_000_000n));
  if (r.chance(0.2)) s['idEstado'] = r.int(1, 2);
  if (r.chance(0.2)) s['idUsuario'] = 'u1';
  // one deliberate fault, named by the docs' ERRNEG001 list
  switch (faulty) {
    case 1:
      s['idClaveVehiculo'] = 9999;
      break;
    case 2:
      s['idTipoUnidad'] = vehicle.idTipoUnidad === 1 ? 2 : 1;
      break;
    case 3:
      s['montoSumaAsegurada'] = formatCents(r.big(100n, 7_999_999n));
      s['enganche'] = '0.00';
      break;
    case 4:
      s['modelo'] = startYear + 2;
      break;
    case 5:
      s['sumaAccesorio'] = formatCents(r.big(15_000_001n, 20_000_000n));
      break;
    case 6:
      s['plazoMeses'] = r.int(13, 99);
      delete s['idVigencia'];
      break;
    case 7:
      s['enganche'] = formatCents(sum + r.big(1n, 1000n));
      break;
    case 8:
      s['idVigencia'] = 2;
      s['plazoFinanciado'] = r.int(12 * t.limits.maxPolicyYears + 1, 99);
      break;
  }
  const c: PolicyCase = { kind: 'policy', solicitud: s, fechaInicio, ...(tariff ? { tariff } : {}) };
  if (r.chance(0.15)) return { ...c, lifeBalance: r.pick(['declining', 'flat']) };
  if (r.chance(0.05) && (s['plazoFinanciado'] as number) > 0)
    return { ...c, lifeBalances: Array.from({ length: s['plazoFinanciado'] as number }, () => formatCents(r.big(0n, sum))) };
  return c;
}

/** A random tariff in the documented format: other payment forms, fees, GAP bases, factors. */
function randomTariff(r: Random, base: TariffData): TariffData {
  const months = [1, 2, 3, 4, 6, 12];
  const forms = months.filter(() => r.chance(0.6));
  if (!forms.includes(12)) forms.push(12);
  const paymentForms = forms.sort((a, b) => b - a).map((m, i) => ({ idFormaPago: i + 1, name: `cada ${m} meses`, monthsPerReceipt: m }));
  const rate = (lo: number, hi: number, d: number): string => percentText(r, lo, hi, d);
  // total theft rated apart (theftRate, theftFactor) in about half the tariffs, and not in every zone or row
  const theft = r.chance(0.5);
  const theftFactor = (): { theftFactor?: string } => (theft && r.chance(0.7) ? { theftFactor: rate(0.3, 3, 3) } : {});
  const theftRate = (): { theftRate?: string } => (theft && r.chance(0.8) ? { theftRate: rate(0, 0.02, 5) } : {});
  return {
    ...base,
    name: 'Tarifa aleatoria del oráculo',
    version: `r${r.int(1, 1e6)}`,
    ivaRate: r.pick(['0.16', '0.16', '0.08', '0', '0.155']),
    paymentForms,
    zones: {
      states: base.zones.states.map(({ theftFactor: _theft, ...z }) => ({ ...z, factor: rate(0.5, 2, 3), ...theftFactor() })),
      postalPrefixes: [
        { prefix: '0', factor: rate(0.5, 2, 2), ...theftFactor() },
        { prefix: '06', factor: rate(0.5, 2, 2), ...theftFactor() },
        { prefix: '0670', factor: rate(0.5, 2, 4), ...theftFactor() },
        { prefix: '55', factor: rate(0.5, 2, 2), ...theftFactor() },
      ],
    },
    vehicleAge: [
      { fromYears: 0, factor: rate(0.8, 1.2, 3) },
      { fromYears: 3, factor: rate(0.8, 1.5, 3) },
      { fromYears: 7, factor: rate(0.8, 2, 3) },
    ],
    replacementValues: base.replacementValues.map((v) => ({ ...v, rateFactor: rate(0.8, 1.3, 4) })),
    insurers: base.insurers.map((ins) => {
      const { gap: _gap, life: _life, ...rest } = ins;
      const out = {
        ...rest,
        policyFee: formatCents(r.big(0n, 200_000n)),
        surcharges: paymentForms.map((f) => ({ idFormaPago: f.idFormaPago, rate: f.monthsPerReceipt === 12 ? '0' : rate(0, 0.15, 4) })),
        packages: ins.packages.map((p) => ({
          ...p,
          accessoriesRate: rate(0, 0.08, 5),
          specialEquipmentRate: rate(0, 0.08, 5),
          rates: p.rates.map(({ theftRate: _theft, ...x }) => ({
            ...x,
            rate: rate(0, 0.09, 6),
            ...theftRate(),
            fixedPremium: formatCents(r.big(0n, 1_000_000n)),
          })),
        })),
      };
      return {
        ...out,
        ...(r.chance(0.8)
          ? { gap: { base: r.pick(['invoice', 'financed'] as const), annualRate: rate(0, 0.05, 5), vat: r.chance(0.7) } }
          : {}),
        ...(r.chance(0.8) ? { life: { monthlyRatePerThousand: rate(0, 2, 4) } } : {}),
      };
    }),
  };
}

// ---------------------------------------------------------------- CAT flows

/** A time text of a multiple of 1/q years for q ∈ {1, 2, 4, 5, 8, 10, 20, 100, 1000}. */
function timeText(k: number, q: number): string | number {
  const decimals = q === 1 ? 0 : q <= 10 ? (q === 4 || q === 8 ? 3 : 1) : q === 20 ? 2 : q === 100 ? 2 : 3;
  const v = (k / q).toFixed(decimals);
  return Number(v) === k / q && (q === 1 || q === 2 || q === 4 || q === 8) && k % 3 === 0 ? k / q : v;
}

export function catCase(r: Random): CatCase {
  const family = r.weighted<string>([
    [10, 'loan'],
    [3, 'multiDisbursement'],
    [4, 'multi'],
    [2, 'closeRoots'],
    [1, 'zeroRoot'],
    [2, 'noRoot'],
    [2, 'longNoRoot'],
    [1, 'tiny'],
    [1, 'huge'],
    [1, 'badMaxRate'],
    [2, 'tie'],
    [2, 'nearTie'],
    [1, 'farTime'],
    [1, 'longHorizon'],
    [1, 'twoDisbursements'],
  ]);
  const q = r.pick([1, 2, 4, 5, 8, 10, 20, 100, 1000]);
  const cents = (x: bigint): string => formatCents(x);
  switch (family) {
    case 'loan':
    case 'multiDisbursement':
    case 'tiny':
    case 'huge':
    case 'farTime':
    case 'badMaxRate': {
      const m = r.int(1, family === 'loan' ? 120 : 40);
      const step = r.int(1, Math.max(1, Math.floor(q / 2)));
      const principal = r.big(100n, 100_000_000n);
      const rate = r.float() * 0.05;
      const pay = BigInt(Math.ceil(Number(principal) * (rate + 1 / m)));
      const disbursements = [{ time: 0 as string | number, amount: cents(principal) }];
      if (family === 'multiDisbursement')
        for (let j = 0; j < r.int(1, 3); j++)
          disbursements.push({ time: timeText(step * r.int(0, m), q), amount: cents(r.big(1n, principal)) });
      const payments = Array.from({ length: m }, (_, k) => ({
        time: timeText(step * (k + 1), q),
        amount: cents(pay + r.big(0n, pay / 10n)),
      }));
      if (family === 'tiny') {
        const e = r.int(300, 330);
        const scale = (x: string): string => `0.${'0'.repeat(e)}${x.replace('.', '').replace(/^0+/, '') || '1'}`;
        return {
          kind: 'cat',
          family,
          flows: {
            disbursements: disbursements.map((d) => ({ ...d, amount: scale(d.amount) })),
            payments: payments.map((p) => ({ ...p, amount: scale(p.amount) })),
          },
        };
      }
      if (family === 'huge') {
        // a disbursement that is a sliver of the payments: rates far above 10^13 %
        return { kind: 'cat', family, flows: { disbursements: [{ time: 0, amount: cents(r.big(1n, 1000n)) }], payments } };
      }
      if (family === 'badMaxRate') {
        // out of range (at or below −99.99 %, above the ceiling 10⁹), not a finite number, and the valid edges
        const maxRate = r.pick([
          -1,
          -2,
          -1.5,
          -100,
          -0.9999,
          -0.99999,
          1e9 + 1,
          1e10,
          1e21,
          Number.NaN,
          Number.POSITIVE_INFINITY,
          -0.9998,
          1e9,
        ]);
        return { kind: 'cat', family, flows: { disbursements, payments }, options: { maxRate } };
      }
      if (family === 'farTime') {
        // the last payment at exactly 1,000 years (valid) or beyond it (ERRESQ004)
        const last = r.pick(['1000', '1000.001', '1001', '5000']);
        return { kind: 'cat', family, flows: { disbursements, payments: [...payments, { time: last, amount: cents(pay) }] } };
      }
      return {
        kind: 'cat',
        family,
        flows: { disbursements, payments },
        ...(r.chance(0.2) ? { options: { maxRate: r.pick([1, 10, 100, 10000, -0.5, 0.01, 1e9]) } } : {}),
      };
    }
    case 'longHorizon': {
      // issue 13: disbursements at t = 0 and t = 90–100 years with small payments between (Math.exp
      // overflowed there and NaN read as a sign change); usually no rate
      const far = r.int(90 * q, 100 * q);
      const m = r.int(1, 40);
      const disbursements = [
        { time: 0 as string | number, amount: cents(r.big(100n, 10_000_000n)) },
        { time: timeText(far, q), amount: cents(r.big(100n, 10_000_000n)) },
      ];
      const payments = Array.from({ length: m }, () => ({ time: timeText(r.int(1, far - 1), q), amount: cents(r.big(1n, 100_000n)) }));
      return { kind: 'cat', family, flows: { disbursements, payments } };
    }
    case 'twoDisbursements': {
      // issue 13: two disbursements at t = 1 and 3 against payments at 0 and 2 (close roots a grid hid)
      const a = r.big(1n, 10n ** BigInt(r.int(3, 12)));
      const flows = {
        payments: [
          { time: 0 as string | number, amount: cents(a) },
          { time: 2 as string | number, amount: cents(r.big(a, 3n * a + 1n)) },
        ],
        disbursements: [
          { time: 1 as string | number, amount: cents(r.big(a, 3n * a + 1n)) },
          { time: 3 as string | number, amount: cents(r.big(1n, a + 1n)) },
        ],
      };
      return { kind: 'cat', family, flows };
    }
    case 'tie':
    case 'nearTie': {
      // a root exactly on a published boundary b = (2T + 1)/2000 (or 10^-k off it): D·(1 + b)^k at k years
      const T = BigInt(r.int(-900, 5000));
      const k = r.int(1, 3);
      const D = r.big(1n, 10_000_000n);
      const num = D * (2000n + 2n * T + 1n) ** BigInt(k); // cents × 2000^k
      const den = 100n * 2000n ** BigInt(k);
      const scale = 10n ** BigInt(4 * k + 2); // den divides 10^(4k+2)
      let units = (num * scale) / den; // exact
      if (family === 'nearTie') units += BigInt(r.pick([-1, 1])) * 10n ** BigInt(r.int(0, 4 * k));
      const digits = units.toString().padStart(4 * k + 3, '0');
      const amount = `${digits.slice(0, -(4 * k + 2))}.${digits.slice(-(4 * k + 2))}`;
      return {
        kind: 'cat',
        family,
        flows: { disbursements: [{ time: 0, amount: formatCents(D) }], payments: [{ time: String(k), amount }] },
      };
    }
    default:
      return multiSign(r, family, q);
  }
}

/**
 * Multi-sign flows with known roots: P(w) = K·Π(aₖ w − bₖ)·(a positive factor), w = (1+i)^(−1/q),
 * times in multiples of 1/q years. 'closeRoots' puts two roots closer than a 4,000-point grid
 * step; 'zeroRoot' makes i = 0 a root beside a positive one; 'noRoot' and 'longNoRoot' use a
 * factor without real roots (and a long horizon for the latter).
 */
function multiSign(r: Random, family: string, q0: number): CatCase {
  const q = family === 'longNoRoot' ? r.pick([1, 2, 4]) : r.pick([1, 2, 4, 10]);
  // roots as i (annual); the per-step factor in w: w_k = (1 + i)^(−1/q) is irrational, so build in per-year steps:
  // exponents are multiples of q (whole years) so that w^q = 1/(1+i) is rational
  const yearRoots: [bigint, bigint][] = []; // (1+i) = a/b → factor (a·x − b) in x = w^q
  // (1 + i) = a / b: 4 decimals (so exact ties at a published boundary x.x5 % occur), 8 for close roots
  const iToFactor = (i: number, digits = 4): [bigint, bigint] => {
    const b = 10n ** BigInt(digits);
    const a = BigInt(Math.round((1 + i) * 10 ** digits));
    return [a, b];
  };
  let coeffs: bigint[] = [1n];
  const mulFactor = (f: bigint[]): void => {
    const out = new Array<bigint>(coeffs.length + f.length - 1).fill(0n);
    coeffs.forEach((c, i) => {
      f.forEach((d, j) => {
        out[i + j] = (out[i + j] as bigint) + c * d;
      });
    });
    coeffs = out;
  };
  const sign = r.chance(0.5) ? 1n : -1n;
  switch (family) {
    case 'multi': {
      const count = r.int(2, 3);
      for (let k = 0; k < count; k++)
        yearRoots.push(
          iToFactor(
            r.weighted([
              [3, r.float() * 0.8],
              [1, r.float() * 5],
              [1, -r.float() * 0.6],
            ]),
          ),
        );
      break;
    }
    case 'closeRoots': {
      const i = 0.05 + r.float() * 3;
      const gap = r.logUniform(1e-5, 3e-3);
      yearRoots.push(iToFactor(i, 8), iToFactor(i * (1 + gap), 8));
      if (r.chance(0.5)) yearRoots.push(iToFactor(i * (1 + gap) * (1 + r.logUniform(0.01, 2)), 8));
      break;
    }
    case 'zeroRoot':
      yearRoots.push([1n, 1n], iToFactor(0.01 + r.float() * 2));
      break;
    default:
      break;
  }
  // distinct roots only: a double root touches zero without a sign change (no rate, and no interval proof)
  const distinct = yearRoots.filter(([a, b], i) => yearRoots.findIndex(([c, d]) => a * d === b * c) === i);
  for (const [a, b] of distinct) mulFactor([-b, a]); // a·x − b, coefficient of x^0 first
  if (family === 'noRoot' || family === 'longNoRoot') {
    // (x − c)² + d with d > 0: no real root; then spread it over a long horizon by x → x^k
    const c = BigInt(r.int(5000, 15000));
    const d = BigInt(r.int(1, 2_000_000));
    mulFactor([c * c + d, -2n * c * 10000n, 100_000_000n]);
  }
  // a positive factor (1 + x + …) keeps extra sign changes away
  if (r.chance(0.5)) mulFactor([BigInt(r.int(1, 100)), BigInt(r.int(1, 100))]);
  const stretch = family === 'longNoRoot' ? r.int(10, 40) : 1; // years per power of x
  const scale = BigInt(r.int(1, 1000));
  const payments: { time: string | number; amount: string }[] = [];
  const disbursements: { time: string | number; amount: string }[] = [];
  coeffs.forEach((c0, k) => {
    const c = c0 * sign * scale;
    if (c === 0n) return;
    const flow = { time: timeText(k * stretch * q, q), amount: formatCents(c < 0n ? -c : c) };
    if (c > 0n) payments.push(flow);
    else disbursements.push(flow);
  });
  void q0;
  return {
    kind: 'cat',
    family,
    flows: { disbursements, payments },
    ...(r.chance(0.2) ? { options: { maxRate: r.pick([10, 100, 10000]) } } : {}),
  };
}
