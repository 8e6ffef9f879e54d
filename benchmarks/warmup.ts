/**
 * The busy process: a diverse, deterministic set of credit requests that `npm run bench` quotes
 * before it measures anything, so every target is measured as a server or a batch over a real
 * portfolio lives (issue 20, item 7). A clean process measures code V8 compiled for one request
 * shape and small amounts; after this set, the shared functions have seen every periodicity, every
 * insurance type, the loan features (the captive structures included), amounts near and above 2^31
 * cents, tiny amounts, long terms, and refused requests.
 *
 * The requests come from a seeded generator (mulberry32), so every run warms up on the same set.
 */
import { QuoteError, quoteCredit, type CreditOptions, type CreditRequest } from '../src/entry/index.js';

/** A seeded 32-bit generator (mulberry32): the same sequence on every run. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INSURED = {
  idPaquete: 1,
  idAseguradora: 1,
  cveEntidadFederativa: 9,
  idTipoUnidad: 1,
  idUsoAutomovil: 1,
  idAgencia: 1001,
  modelo: 2026,
  numeroAgencia: 77,
  enganche: '70000.00',
  codigoPostal: '03100',
  idVigencia: 2,
};

const PERIODICITIES = ['M', 'Q', 'C', 'S', 'D'] as const;
/** Amounts in cents: tiny, ordinary, just below and above 2^31 cents (21,474,836.48), and large. */
const AMOUNTS = [100_00, 5_000_00, 280_000_00, 350_000_00, 1_250_000_00, 2_147_483_000, 2_147_483_648, 3_000_000_000, 45_000_000_00];

function amountText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** One varied request and its options (the `k`-th of the set; some are refused on purpose). */
function variedRequest(next: () => number): { request: CreditRequest; options: CreditOptions } {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  const tipoSeguro = pick([0, 0, 0, 1, 2]);
  // The insured vehicle: the insurer's package takes 350,000.00 with 70,000.00 down.
  const amount = tipoSeguro === 0 ? pick(AMOUNTS) + Math.floor(next() * 10_000) : 280_000_00;
  const periodicidad = pick(PERIODICITIES);
  const plazo = tipoSeguro === 0 ? pick([1, 3, 12, 24, 36, 48, 60, 72, 120, 240, 360]) : pick([12, 24, 36, 48]);
  const fechaApertura = pick(['2026-01-31', '2026-02-28', '2026-03-15', '2025-12-31', '2027-06-30']);
  const request: CreditRequest = {
    fechaApertura,
    montoSolicitado: amountText(amount),
    valorFactura: tipoSeguro === 0 ? amountText(Math.round(amount * 1.5)) : '350000.00',
    tasa: pick(['0.00', '9.99', '13.50', '18.75', '35.123456', '99.999999']),
    plazo,
    periodicidad,
    iva: pick([16, 16, 8, 0]),
    comisiones: pick(['0.00', '2.00', '3.50']),
    generaTablaPagos: next() < 0.7,
    ...(next() < 0.3 ? { facturaConIva: 1 } : {}),
    ...(tipoSeguro === 0 ? {} : { tipoSeguro, informacionSeguro: INSURED }),
    ...(next() < 0.15 ? { importeCatSegVida: '2800.00', importeCatSegDanio: '9100.00' } : {}),
    ...(next() < 0.1 ? { indSeguro: 1, importeSeguros: '18000.00', plazoSeguro: 12 } : {}),
    ...(next() < 0.1 ? { montoGarantiaExt: '12000.00', creditoGarantiaExt: true } : {}),
    // Refused on purpose: a malformed amount, a term out of range.
    ...(next() < 0.05 ? { montoSolicitado: '12,5' } : {}),
    ...(next() < 0.03 ? { plazo: 0 } : {}),
  };
  const feature = Math.floor(next() * 14);
  const half = Math.max(1, Math.floor(plazo / 2));
  const options: CreditOptions =
    feature === 0
      ? {
          prepayments: [{ period: half, amount: amountText(Math.floor(amount / 10)), mode: next() < 0.5 ? 'reducePayment' : 'reduceTerm' }],
        }
      : feature === 1
        ? { balloon: { percent: '30' } }
        : feature === 2
          ? { grace: { periods: Math.min(3, plazo - 1) } }
          : feature === 3
            ? { anualidades: [{ percent: '5', period: half }] }
            : feature === 4
              ? { promotions: [{ periods: Math.min(6, plazo), tasa: '0' }] }
              : feature === 5
                ? { deferral: { periods: 2 } }
                : feature === 6
                  ? { periodicCharges: [{ amount: '250.00' }] }
                  : feature === 7
                    ? { balanceInsurance: { lifePerThousand: '0.55', unemploymentPerThousand: '0.35' } }
                    : feature === 8
                      ? { conventions: { interestBasis: 'actual365', catTimeBasis: 'actual365', businessDays: 'MX' } }
                      : feature === 9
                        ? { firstPaymentDate: fechaApertura === '2026-01-31' ? '2026-03-10' : '2026-02-20' }
                        : {};
  return { request, options };
}

/**
 * The warm-up set: `size` varied requests with their options.
 *
 * @example
 * ```ts
 * warmupSet(50).length; // 50
 * ```
 */
export function warmupSet(size: number): { request: CreditRequest; options: CreditOptions }[] {
  const next = generator(20_26_11_26);
  return Array.from({ length: size }, () => variedRequest(next));
}

/**
 * Quotes the set `passes` times; returns how many quotes succeeded and how many were refused
 * (a coded `QuoteError`; anything else is a bug and propagates).
 *
 * @example
 * ```ts
 * const { quoted, refused } = warmUp(warmupSet(20), 1);
 * quoted + refused; // 20
 * ```
 */
export function warmUp(
  set: readonly { request: CreditRequest; options: CreditOptions }[],
  passes: number,
): { quoted: number; refused: number } {
  let quoted = 0;
  let refused = 0;
  for (let pass = 0; pass < passes; pass++) {
    for (const { request, options } of set) {
      try {
        quoteCredit(request, options);
        quoted++;
      } catch (error) {
        if (!(error instanceof QuoteError)) throw error;
        refused++;
      }
    }
  }
  return { quoted, refused };
}
