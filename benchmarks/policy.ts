/**
 * The policy quote: every package of every insurer (9 offers), monthly receipts, a multi-year
 * policy over a 48-month credit, in the same rounds as the 60-payment credit quote it is compared
 * with (the target: at most 10×), the float64 schedule and the floor.
 */
import { quotePolicy, quoteCredit, type PolicyRequest } from '../src/entry/index.js';
import type { BenchCase } from './harness.js';
import { creditCases, creditRequest } from './credit.js';

/** The benchmark's policy request: all packages (idPaquete 0), mensual (4), multi-year (idVigencia 2), 48 months. */
export const POLICY_REQUEST: PolicyRequest = {
  idPaquete: 0,
  cveEntidadFederativa: 9,
  idTipoUnidad: 1,
  idUsoAutomovil: 1,
  idClaveVehiculo: 1002,
  modelo: 2026,
  idAgencia: 4501,
  idFormaPago: 4,
  montoSumaAsegurada: '420000.00',
  sumaAccesorio: '15000.00',
  enganche: '84000.00',
  plazoFinanciado: 48,
  codigoPostal: '03100',
  indicadorReposicion: 1,
  idVigencia: 2,
};

/** What the benchmark's policy quote holds: offers and receipts. */
export function policyShape(): { offers: number; receipts: number } {
  const offers = quotePolicy(POLICY_REQUEST, { fechaInicio: '2026-01-31' }).listaSeguroAuto;
  return { offers: offers.length, receipts: offers.reduce((n, o) => n + o.listaRecibos.length, 0) };
}

/**
 * The cases of the policy group: the 60-payment float64 schedule and floor (for the ratios every
 * group reports), the 60-payment credit quote (the target's reference) and the policy quote.
 *
 * @example
 * ```ts
 * policyCases().at(-1)?.name; // 'cotizador quotePolicy (9 offers, mensual, multi-year, 48 months)'
 * ```
 */
export function policyCases(): BenchCase[] {
  const [float64, floor] = creditCases(60);
  return [
    float64 as BenchCase,
    floor as BenchCase,
    { name: 'cotizador quoteCredit, 60 payments (table + CAT)', run: () => quoteCredit(creditRequest(60)) },
    {
      name: 'cotizador quotePolicy (9 offers, mensual, multi-year, 48 months)',
      run: () => quotePolicy(POLICY_REQUEST, { fechaInicio: '2026-01-31' }),
    },
  ];
}
