/**
 * Example payments, read from `data/sample-payments.json` (the payments file format, documented
 * in `docs/data.md`) and validated on first use, so a service built with no `documents` lookup
 * answers for a documented line. The RFC is SAT's generic "público en general" RFC; the names are
 * fictitious.
 */
import { Type } from '../validation/type.js';
import paymentsData from '../../data/sample-payments.json' with { type: 'json' };
import { PaymentRecordSchema, type PaymentRecord } from '../contracts/taxpayer.js';
import { deepFreeze } from '../util/freeze.js';
import { assertValid } from '../validation/validate.js';

/**
 * The documented sample line: `obtenerDocumento` with it returns a receipt out of the box.
 *
 * @example
 * ```ts
 * SAMPLE_LINEA_CAPTURA; // '0124ABCD5678EFGH9012'
 * ```
 */
export const SAMPLE_LINEA_CAPTURA = '0124ABCD5678EFGH9012';

const PaymentRecordListSchema = Type.Array(PaymentRecordSchema);

let cached: readonly PaymentRecord[] | undefined;

/**
 * The example payments, validated and deep-frozen on the first call.
 *
 * @example
 * ```ts
 * samplePayments().find((p) => p.lineaCaptura === SAMPLE_LINEA_CAPTURA)?.importe; // '1234.50'
 * ```
 */
export function samplePayments(): readonly PaymentRecord[] {
  if (cached === undefined) {
    const copy: unknown = structuredClone(paymentsData);
    assertValid(PaymentRecordListSchema, copy, 'samplePayments', 'samplePayments');
    cached = deepFreeze(copy);
  }
  return cached;
}

/**
 * A `documents` lookup over a fixed list of payments (by default {@link samplePayments}).
 *
 * @example
 * ```ts
 * const lookup = lookupIn(samplePayments());
 * (await lookup(SAMPLE_LINEA_CAPTURA))?.importe; // '1234.50'
 * await lookup('NOPE0000000000000000'); // undefined
 * ```
 */
export function lookupIn(payments?: readonly PaymentRecord[]): (lineaCaptura: string) => Promise<PaymentRecord | undefined> {
  let byLine: Map<string, PaymentRecord> | undefined;
  return async (lineaCaptura) => {
    byLine ??= new Map((payments ?? samplePayments()).map((payment) => [payment.lineaCaptura, payment] as const));
    return byLine.get(lineaCaptura);
  };
}
