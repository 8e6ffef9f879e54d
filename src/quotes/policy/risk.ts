/**
 * A request's vehicle and credit as the insurance engine's typed risk ({@link PolicyRisk}, amounts
 * in cents): the one mapping both the SegAutoVendor request and a credit's `informacionSeguro`
 * go through. The two shapes share their vehicle fields (`src/contracts/fields.ts`) and name
 * three things differently, which the caller passes as {@link RiskTerms}.
 */
import type { PolicyRequest } from '../../contracts/policy.js';
import { parseCents } from '../../money/cents.js';
import type { PolicyRisk } from '../../insurance/priceOffers.js';

/**
 * The vehicle fields both insurance shapes carry (a validated request or `informacionSeguro`).
 *
 * @example
 * ```ts
 * const vehicle: VehicleRiskFields = policySolicitud;
 * vehicle.codigoPostal; // '03100'
 * ```
 */
export type VehicleRiskFields = Pick<
  PolicyRequest,
  | 'idPaquete'
  | 'idAseguradora'
  | 'cveEntidadFederativa'
  | 'idTipoUnidad'
  | 'idUsoAutomovil'
  | 'modelo'
  | 'sumaAccesorio'
  | 'sumaEquipoEspecial'
  | 'enganche'
  | 'codigoPostal'
  | 'idFormaPago'
  | 'indicadorReposicion'
  | 'idVigencia'
  | 'plazoMeses'
>;

/**
 * What the two shapes name differently: the policy request's `idClaveVehiculo`,
 * `montoSumaAsegurada` and `plazoFinanciado` are a credit's `informacionSeguro.idAgencia`, its
 * `valorFactura` and its term in months.
 *
 * @example
 * ```ts
 * const terms: RiskTerms = { idClaveVehiculo: 1002, montoSumaAsegurada: '350000.00', plazoFinanciado: 36 };
 * ```
 */
export interface RiskTerms {
  readonly idClaveVehiculo: number;
  /** Amount text (a validated `amountField`). */
  readonly montoSumaAsegurada: string;
  readonly plazoFinanciado: number;
}

/**
 * The typed risk of validated fields (no check here: the request's schema made them).
 *
 * @example
 * ```ts
 * const risk = toRisk(policySolicitud, policySolicitud);
 * [risk.montoSumaAsegurada, risk.enganche, risk.sumaAccesorio]; // [42_000_000, 8_400_000, 1_500_000]
 * ```
 */
export function toRisk(vehicle: VehicleRiskFields, terms: RiskTerms): PolicyRisk {
  return {
    idPaquete: vehicle.idPaquete ?? 0,
    idAseguradora: vehicle.idAseguradora ?? 0,
    cveEntidadFederativa: vehicle.cveEntidadFederativa,
    idTipoUnidad: vehicle.idTipoUnidad,
    idUsoAutomovil: vehicle.idUsoAutomovil,
    idClaveVehiculo: terms.idClaveVehiculo,
    modelo: vehicle.modelo,
    montoSumaAsegurada: parseCents(terms.montoSumaAsegurada),
    sumaAccesorio: parseCents(vehicle.sumaAccesorio ?? '0'),
    sumaEquipoEspecial: parseCents(vehicle.sumaEquipoEspecial ?? '0'),
    enganche: parseCents(vehicle.enganche),
    plazoFinanciado: terms.plazoFinanciado,
    codigoPostal: vehicle.codigoPostal,
    idFormaPago: vehicle.idFormaPago,
    indicadorReposicion: vehicle.indicadorReposicion,
    idVigencia: vehicle.idVigencia,
    plazoMeses: vehicle.plazoMeses,
  };
}
