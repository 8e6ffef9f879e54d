/**
 * Insurance inside the credit quote (`tipoSeguro` 1 and 2): the chosen package is quoted through
 * the insurance engine and its damage premium (`primaTotal`) and debtor-life premium (`segVida`)
 * come back in cents.
 */
import type { InsuranceInfo } from '../../contracts/credit.js';
import type { PolicyOffer, PolicyRequest } from '../../contracts/policy.js';
import { QuoteError } from '../../errors/quoteError.js';
import { quotePolicy, type PolicyOptions } from '../quotePolicy.js';
import { parseCents } from '../../money/cents.js';

/** The premiums the credit charges, in cents, and the offer they came from. */
export interface CreditInsurance {
  readonly damage: number;
  readonly life: number;
  readonly offer: PolicyOffer;
}

/** Policy request fields whose names differ in `informacionSeguro` or live at the top level. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  idClaveVehiculo: 'informacionSeguro.idAgencia',
  idAgencia: 'informacionSeguro.numeroAgencia',
  montoSumaAsegurada: 'valorFactura',
  plazoFinanciado: 'plazo',
};

function creditPath(policyPath: string | undefined): string {
  if (policyPath === undefined || policyPath === '') return 'informacionSeguro';
  const [head, ...rest] = policyPath.split('.');
  const mapped = FIELD_NAMES[head as string] ?? `informacionSeguro.${head as string}`;
  return [mapped, ...rest].join('.');
}

/**
 * Quotes the package chosen in `informacionSeguro` for a credit of `financedMonths` months.
 * The choice must name one offer: `idPaquete` (non-zero) and, when several insurers offer that
 * package, `idAseguradora`.
 *
 * @example
 * ```ts
 * quoteCreditInsurance(solicitud.informacionSeguro, '350000.00', 48, { fechaInicio: '2026-01-31' }).damage; // cents
 * ```
 */
export function quoteCreditInsurance(
  info: InsuranceInfo,
  valorFactura: string,
  financedMonths: number,
  options: PolicyOptions,
): CreditInsurance {
  if (info.idPaquete === undefined || info.idPaquete === 0) {
    throw new QuoteError('ERRESQ006', 'Indique el paquete de seguro a contratar', 'informacionSeguro.idPaquete');
  }
  const request: PolicyRequest = {
    idPaquete: info.idPaquete,
    cveEntidadFederativa: info.cveEntidadFederativa,
    idTipoUnidad: info.idTipoUnidad,
    idUsoAutomovil: info.idUsoAutomovil,
    idClaveVehiculo: info.idAgencia,
    modelo: info.modelo,
    idAgencia: info.numeroAgencia,
    montoSumaAsegurada: valorFactura,
    enganche: info.enganche,
    plazoFinanciado: financedMonths,
    codigoPostal: info.codigoPostal,
    ...(info.idEstado === undefined ? {} : { idEstado: info.idEstado }),
    ...(info.idUsuario === undefined ? {} : { idUsuario: info.idUsuario }),
    ...(info.plazoMeses === undefined ? {} : { plazoMeses: info.plazoMeses }),
    ...(info.idAseguradora === undefined ? {} : { idAseguradora: info.idAseguradora }),
    ...(info.idFormaPago === undefined ? {} : { idFormaPago: info.idFormaPago }),
    ...(info.sumaAccesorio === undefined ? {} : { sumaAccesorio: info.sumaAccesorio }),
    ...(info.sumaEquipoEspecial === undefined ? {} : { sumaEquipoEspecial: info.sumaEquipoEspecial }),
    ...(info.indicadorReposicion === undefined ? {} : { indicadorReposicion: info.indicadorReposicion }),
    ...(info.idVigencia === undefined ? {} : { idVigencia: info.idVigencia }),
  };
  let offers: readonly PolicyOffer[];
  try {
    offers = quotePolicy(request, options).listaSeguroAuto;
  } catch (error) {
    if (error instanceof QuoteError && error.codigoError !== 'ERRSER002') {
      const path = error.valorIncorrecto === 'fechaInicio' ? 'fechaInicio' : creditPath(error.valorIncorrecto);
      throw new QuoteError(error.codigoError, error.mensaje, path);
    }
    throw error;
  }
  if (offers.length !== 1) {
    throw new QuoteError('ERRNEG001', `El paquete lo ofrecen ${offers.length} aseguradoras; indique idAseguradora`, 'informacionSeguro.idAseguradora');
  }
  const offer = offers[0] as PolicyOffer;
  return { damage: parseCents(offer.primaTotal), life: parseCents(offer.segVida), offer };
}
