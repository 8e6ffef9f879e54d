/**
 * The insured credit quote composes the engines through their typed cores: the solicitud is
 * validated once (the credit's schema), and the chosen package is priced by `priceOffers` on a
 * risk built from it, never by re-entering the wire-shaped `quotePolicy` (whose schema check would
 * run a second time). `assertValid` is wrapped to record the schemas it checks.
 */
import { describe, expect, it, vi } from 'vitest';
import { PolicyRequestSchema } from '../../src/contracts/policy.js';
import { quoteCredit, quotePolicy, type CreditRequest } from '../../src/entry/index.js';
import * as validate from '../../src/validation/validate.js';
import { INSURED_PACKAGE as info, cents } from '../helpers.js';

vi.mock('../../src/validation/validate.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/validation/validate.js')>();
  return { ...actual, assertValid: vi.fn(actual.assertValid) };
});

const checked = () => vi.mocked(validate.assertValid).mock.calls.map(([schema]) => schema);

const base: CreditRequest = {
  fechaApertura: '2026-01-31',
  montoSolicitado: '280000.00',
  valorFactura: '350000.00',
  tasa: '13.50',
  plazo: 48,
  comisiones: '2.00',
  informacionSeguro: info,
};

describe('an insured credit quote validates its request once', () => {
  it('the wrapper sees a policy request checked by quotePolicy (so it would see one checked inside a credit quote)', () => {
    vi.mocked(validate.assertValid).mockClear();
    const { numeroAgencia, idAgencia, ...vehicle } = info;
    quotePolicy(
      { ...vehicle, idClaveVehiculo: idAgencia, idAgencia: numeroAgencia, montoSumaAsegurada: '350000.00', plazoFinanciado: 48 },
      { fechaInicio: '2026-01-31' },
    );
    expect(checked()).toContain(PolicyRequestSchema);
  });

  it.each([1, 2])('tipoSeguro %i prices the package without checking a policy request', (tipoSeguro) => {
    vi.mocked(validate.assertValid).mockClear();
    const insured = quoteCredit({ ...base, tipoSeguro });
    expect(checked()).not.toContain(PolicyRequestSchema);
    // And the package was priced: its premiums are in the total.
    expect(cents(insured.totalPagar)).toBeGreaterThan(cents(quoteCredit({ ...base, tipoSeguro: 0 }).totalPagar));
  });
});
