/**
 * Step 1 of planning a credit quote: the opening date and the codes, with every default applied.
 *
 * The interface's schema allows wider ranges than the engine can quote, and the request schema
 * keeps the interface's ranges (a request the interface calls well-formed is never refused as
 * malformed); the engine's narrower rules live here, checked in this order, each `ERRESQ004` (out
 * of range) naming its field:
 *
 * | field | interface | engine |
 * |---|---|---|
 * | `plazo` | 0–999 | 1–999: the table has `plazo` rows |
 * | `periodicidad` | one character | a code of `conventions.periodicities` (`ERRESQ005`) |
 * | `facturaConIva` | 0–9 | {@link ENGINE_CODES} |
 * | `tipoSeguro` | 0–99 | {@link ENGINE_CODES}; 1 and 2 need `informacionSeguro` (`ERRESQ006`) |
 * | `indSeguro` | 0–9 | {@link ENGINE_CODES} |
 */
import type { CreditRequest } from '../../contracts/credit.js';
import { parseIsoDate, type CivilDay } from '../../dates/civil.js';
import type { CreditConventions, Periodicity } from '../../credit/conventions.js';
import { quotesError } from '../messages.js';

/**
 * The values the engine gives a meaning to, for the codes the interface leaves open.
 *
 * @example
 * ```ts
 * ENGINE_CODES.tipoSeguro; // [0, 1, 2]
 * ```
 */
export const ENGINE_CODES = Object.freeze({
  /** 1: `valorFactura` includes VAT; 0: it does not. */
  facturaConIva: Object.freeze([0, 1]),
  /** 0 no insurance, 1 paid up front, 2 financed. */
  tipoSeguro: Object.freeze([0, 1, 2]),
  /** 1: external insurance charged in the payments. */
  indSeguro: Object.freeze([0, 1]),
});

/** The opening date and the codes of a credit request, defaults applied. */
export interface CreditTerms {
  readonly fechaApertura: CivilDay;
  readonly plazo: number;
  readonly periodicidadCode: string;
  readonly periodicity: Periodicity;
  readonly iva: number;
  readonly facturaConIva: number;
  readonly tipoSeguro: number;
  readonly indSeguro: number;
}

/**
 * Reads the terms of a schema-valid solicitud; `defaultDate` is used when it has no `fechaApertura`.
 *
 * @example
 * ```ts
 * readTerms({ montoSolicitado: '1000.00', plazo: 12, valorFactura: '2000.00' }, DEFAULT_CREDIT_CONVENTIONS, '2026-01-31').periodicidadCode; // 'M'
 * ```
 */
export function readTerms(s: CreditRequest, conventions: CreditConventions, defaultDate: string | undefined): CreditTerms {
  const dateText = s.fechaApertura ?? defaultDate;
  if (dateText === undefined) throw quotesError('ERRESQ006', 'fechaAperturaFalta', 'fechaApertura');
  const fechaApertura = parseIsoDate(dateText);
  if (fechaApertura === undefined) throw quotesError('ERRESQ005', 'fechaAperturaInvalida', 'fechaApertura');

  const plazo = s.plazo;
  if (plazo < 1) throw quotesError('ERRESQ004', 'plazoMinimo', 'plazo');
  const periodicidadCode = s.periodicidad ?? conventions.defaultPeriodicidad;
  const periodicity = Object.hasOwn(conventions.periodicities, periodicidadCode) ? conventions.periodicities[periodicidadCode] : undefined;
  if (periodicity === undefined) {
    throw quotesError('ERRESQ005', 'periodicidadDesconocida', 'periodicidad', { codes: Object.keys(conventions.periodicities).join(', ') });
  }
  const iva = s.iva ?? conventions.defaultIva;
  const facturaConIva = s.facturaConIva ?? conventions.defaultFacturaConIva;
  if (!ENGINE_CODES.facturaConIva.includes(facturaConIva)) throw quotesError('ERRESQ004', 'facturaConIvaValores', 'facturaConIva');
  const tipoSeguro = s.tipoSeguro ?? 0;
  if (!ENGINE_CODES.tipoSeguro.includes(tipoSeguro)) throw quotesError('ERRESQ004', 'tipoSeguroValores', 'tipoSeguro');
  if (tipoSeguro !== 0 && s.informacionSeguro === undefined) throw quotesError('ERRESQ006', 'informacionSeguroFalta', 'informacionSeguro');
  const indSeguro = s.indSeguro ?? 0;
  if (!ENGINE_CODES.indSeguro.includes(indSeguro)) throw quotesError('ERRESQ004', 'indSeguroValores', 'indSeguro');
  return { fechaApertura, plazo, periodicidadCode, periodicity, iva, facturaConIva, tipoSeguro, indSeguro };
}
