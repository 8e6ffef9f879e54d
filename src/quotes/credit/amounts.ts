/**
 * Step 2 of planning a credit quote: the amounts in cents and the rules on them: the down payment
 * against the vehicle's price, and the credited extended warranty against its cap.
 */
import type { CreditRequest } from '../../contracts/credit.js';
import { compareFraction, mulDivRoundHalfUp, parseCents } from '../../money/cents.js';
import { Decimal, ROUND_DOWN } from '../../money/decimal.js';
import type { CreditConventions } from '../../credit/conventions.js';
import type { CreditTerms } from './terms.js';
import { quotesError } from '../messages.js';

/** The amounts of a credit request, cents. */
export interface CreditAmounts {
  readonly montoSolicitado: number;
  readonly valorFactura: number;
  /** Σ of the extended warranty (`montoGarantiaExt`, financed or not). */
  readonly montoGarantiaExt: number;
  /** Amount financed: `montoSolicitado` + the credited warranty. */
  readonly principal: number;
  /** The down payment, cents (the rate grid reads it as a percentage of `price`). */
  readonly downPayment: number;
  /** The price the buyer pays, cents: the invoice value, with VAT added when it was given without. */
  readonly price: number;
}

/**
 * The price the buyer pays, cents: the invoice value, with VAT added (half-up to the cent) when it
 * was given without (`facturaConIva` 0). The down payment is this price less `montoSolicitado`.
 *
 * @example
 * ```ts
 * vehiclePrice(35_000_000, { facturaConIva: 1, iva: 16 }); // 35_000_000
 * vehiclePrice(30_000_000, { facturaConIva: 0, iva: 16 }); // 34_800_000
 * ```
 */
export function vehiclePrice(valorFactura: number, terms: Pick<CreditTerms, 'facturaConIva' | 'iva'>): number {
  return terms.facturaConIva === 1 ? valorFactura : mulDivRoundHalfUp(valorFactura, 100 + terms.iva, 100);
}

/**
 * Reads and checks the amounts: both positive (`ERRESQ004`); the amount requested within the price
 * and the down payment at least `porcentajeEnganche` % of it (`ERRNEG001` on `montoSolicitado`); a
 * credited warranty present (`ERRESQ006`) and within `porcentajeCredito` % of the amount requested
 * (`ERRNEG001` on `montoGarantiaExt`).
 *
 * @example
 * ```ts
 * import { readTerms } from './terms.js';
 * const s = { montoSolicitado: '280000.00', valorFactura: '350000.00', plazo: 36 };
 * const amounts = readAmounts(s, readTerms(s, DEFAULT_CREDIT_CONVENTIONS, '2026-01-31'), DEFAULT_CREDIT_CONVENTIONS);
 * amounts.principal; // 28_000_000
 * [amounts.downPayment, amounts.price]; // [7_000_000, 35_000_000] (a down payment of 20 %)
 * ```
 */
export function readAmounts(s: CreditRequest, terms: CreditTerms, conventions: CreditConventions): CreditAmounts {
  const montoSolicitado = parseCents(s.montoSolicitado);
  if (montoSolicitado <= 0) throw quotesError('ERRESQ004', 'montoSolicitadoPositivo', 'montoSolicitado');
  const valorFactura = parseCents(s.valorFactura);
  if (valorFactura <= 0) throw quotesError('ERRESQ004', 'valorFacturaPositivo', 'valorFactura');
  const price = vehiclePrice(valorFactura, terms);
  const downPayment = price - montoSolicitado;
  if (downPayment < 0) throw quotesError('ERRNEG001', 'montoExcedePrecio', 'montoSolicitado');
  const minimumPercent = s.porcentajeEnganche ?? conventions.defaultPorcentajeEnganche;
  // Exact comparisons in integers (decimal.js only for the error's text).
  if (compareFraction(downPayment * 100, price, minimumPercent) < 0) {
    throw quotesError('ERRNEG001', 'engancheMinimo', 'montoSolicitado', {
      percent: new Decimal(downPayment).mul(100).div(price).toDecimalPlaces(2, ROUND_DOWN).toString(),
      minimum: minimumPercent,
    });
  }

  const creditoGarantiaExt = s.creditoGarantiaExt ?? false;
  if (creditoGarantiaExt && s.montoGarantiaExt === undefined) throw quotesError('ERRESQ006', 'garantiaFalta', 'montoGarantiaExt');
  const montoGarantiaExt = s.montoGarantiaExt === undefined ? 0 : parseCents(s.montoGarantiaExt);
  const financedExtras = creditoGarantiaExt ? montoGarantiaExt : 0;
  const capPercent = s.porcentajeCredito ?? conventions.defaultPorcentajeCredito;
  if (compareFraction(financedExtras * 100, montoSolicitado, capPercent) > 0) {
    throw quotesError('ERRNEG001', 'garantiaExcedeTope', 'montoGarantiaExt', { cap: capPercent });
  }
  return { montoSolicitado, valorFactura, montoGarantiaExt, principal: montoSolicitado + financedExtras, downPayment, price };
}
