import fc from 'fast-check';
import type { CreditRequest, CreditResult } from '../src/contracts/credit.js';
import { formatCents } from '../src/money/cents.js';

/**
 * A package of the default tariff for `tipoSeguro` 1 and 2 and for policies (the vehicle key goes
 * in `idAgencia`): the one vehicle the tests insure.
 */
export const INSURED_PACKAGE = {
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

/** Where two texts first differ, with 40 characters of each around it (a stored output against one made now). */
export function firstDifference(stored: string, now: string): string {
  let i = 0;
  while (i < stored.length && i < now.length && stored[i] === now[i]) i++;
  return `at ${i}: stored …${stored.slice(Math.max(0, i - 40), i + 40)}… now …${now.slice(Math.max(0, i - 40), i + 40)}…`;
}

/** Cents of a two-decimal amount string, checking the format first. */
export function cents(text: string): number {
  if (!/^\d+\.\d{2}$/.test(text)) throw new Error(`not a non-negative two-decimal amount: ${text}`);
  return Number(text.replace('.', ''));
}

/** Recursively freezes a value (to prove an engine never mutates its input). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

/** Wide random solicitudes within what the interface allows (down payment ≥ 20 %). */
export const solicitudArb: fc.Arbitrary<CreditRequest> = fc
  .record({
    amount: fc.integer({ min: 100_00, max: 50_000_000_00 }),
    plazo: fc.oneof(fc.integer({ min: 1, max: 72 }), fc.integer({ min: 1, max: 999 })),
    periodicidad: fc.constantFrom('M', 'Q', 'C', 'S', 'D'),
    tasa: fc.oneof(
      fc.constant('0'),
      fc.constant('200'),
      fc.integer({ min: 0, max: 20_000 }).map((b) => (b / 100).toFixed(2)),
    ),
    iva: fc.constantFrom(0, 8, 16),
    comisiones: fc.oneof(
      fc.constant('0'),
      fc.integer({ min: 0, max: 500 }).map((b) => (b / 100).toFixed(2)),
    ),
    down: fc.integer({ min: 20, max: 90 }),
    day: fc.integer({ min: 0, max: 3650 }),
  })
  .map(({ amount, plazo, periodicidad, tasa, iva, comisiones, down, day }) => {
    const price = Math.ceil((amount * 100) / (100 - down));
    const date = new Date(Date.UTC(2020, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
    return {
      fechaApertura: date,
      montoSolicitado: formatCents(amount),
      valorFactura: formatCents(price),
      plazo,
      periodicidad,
      tasa,
      iva,
      comisiones,
      generaTablaPagos: true,
    } satisfies CreditRequest;
  });

/** Checks every row and total invariant of an AutoEstrene result; returns a list of violations. */
export function rowViolations(r: CreditResult, principal: number): string[] {
  const bad: string[] = [];
  const rows = r.registros;
  let capital = 0;
  let interest = 0;
  let vat = 0;
  let payments = 0;
  rows.forEach((row, k) => {
    const at = `row ${k + 1}`;
    const parts =
      cents(row.abonoCapital) +
      cents(row.interesAmortizacion) +
      cents(row.ivaAmortizacion) +
      cents(row.comisionAmortizacion) +
      cents(row.seguroVida) +
      cents(row.seguroDanos) +
      cents(row.seguroDesempleo);
    if (parts !== cents(row.pagoAmortizacion)) bad.push(`${at}: payment ≠ sum of parts`);
    if (cents(row.saldoFin) !== cents(row.saldoCapital) - cents(row.abonoCapital)) bad.push(`${at}: saldoFin ≠ saldo − abono`);
    if (k > 0 && row.saldoCapital !== rows[k - 1]!.saldoFin) bad.push(`${at}: saldoCapital ≠ previous saldoFin`);
    if (row.numAmortizacion !== k + 1) bad.push(`${at}: numAmortizacion`);
    capital += cents(row.abonoCapital);
    interest += cents(row.interesAmortizacion);
    vat += cents(row.ivaAmortizacion);
    payments += cents(row.pagoAmortizacion);
  });
  if (rows.length > 0) {
    if (rows.at(-1)!.saldoFin !== '0.00') bad.push('last saldoFin ≠ 0.00');
    if (cents(rows[0]!.saldoCapital) !== principal) bad.push('first saldo ≠ principal');
  }
  if (capital !== principal) bad.push(`capital ${capital} ≠ principal ${principal}`);
  if (interest !== cents(r.importeInteresTotal)) bad.push('importeInteresTotal ≠ Σ interest');
  if (vat !== cents(r.impIVAInteresTotal)) bad.push('impIVAInteresTotal ≠ Σ IVA');
  if (payments !== cents(r.importePago)) bad.push('importePago ≠ Σ payments');
  return bad;
}
