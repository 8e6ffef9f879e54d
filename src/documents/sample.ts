/**
 * Example payments, so a service built with no `documents` lookup answers for a documented line.
 * The RFC is SAT's generic "público en general" RFC; the names are fictitious.
 */
import type { PaymentRecord } from '../contracts/taxpayer.js';

/**
 * The documented sample line: `obtenerDocumento` with it returns a receipt out of the box.
 *
 * @example
 * ```ts
 * await createService({ clients }).handle({ method: 'POST', path: ROUTES.obtenerDocumento, headers, body: JSON.stringify({ lineaCaptura: SAMPLE_LINEA_CAPTURA }) });
 * ```
 */
export const SAMPLE_LINEA_CAPTURA = '0124ABCD5678EFGH9012';

/**
 * The example payments.
 *
 * @example
 * ```ts
 * SAMPLE_PAYMENTS.find((p) => p.lineaCaptura === SAMPLE_LINEA_CAPTURA)?.importe; // '1234.50'
 * ```
 */
export const SAMPLE_PAYMENTS: readonly PaymentRecord[] = Object.freeze([
  Object.freeze({
    lineaCaptura: SAMPLE_LINEA_CAPTURA,
    contribuyente: 'Contribuyente de Ejemplo, S.A. de C.V.',
    rfc: 'XAXX010101000',
    concepto: 'Tenencia y refrendo vehicular 2025',
    importe: '1234.50',
    fechaPago: '2025-01-15T10:30:00-06:00',
    folio: 'VEN-2025-000123',
    comercio: 'Ventanilla Sucursal Centro, Ciudad de México',
  }),
  Object.freeze({
    lineaCaptura: '0224WXYZ0000ABCD1111',
    contribuyente: 'María Pérez Ñúñez',
    rfc: 'PENM800101AB1',
    concepto: 'Derechos de control vehicular',
    importe: '987654.32',
    fechaPago: '2025-02-28T18:05:09-06:00',
    folio: 'VEN-2025-000456',
  }),
]);

/**
 * A `documents` lookup over a fixed list of payments (by default {@link SAMPLE_PAYMENTS}).
 *
 * @example
 * ```ts
 * const lookup = lookupIn(SAMPLE_PAYMENTS);
 * await lookup(SAMPLE_LINEA_CAPTURA); // the sample record
 * await lookup('NOPE0000000000000000'); // undefined
 * ```
 */
export function lookupIn(payments: readonly PaymentRecord[] = SAMPLE_PAYMENTS): (lineaCaptura: string) => Promise<PaymentRecord | undefined> {
  const byLine = new Map(payments.map((payment) => [payment.lineaCaptura, payment] as const));
  return async (lineaCaptura) => byLine.get(lineaCaptura);
}
