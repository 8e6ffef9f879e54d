/**
 * The policy quote (SegAutoVendor) shapes, defined once as TypeBox schemas: the TypeScript types,
 * the validator and the exported JSON Schema all come from here. Only `pattern` is used (never
 * `format:`), so no global format registry is needed.
 */
import type { Static } from '@sinclair/typebox';
import { Type } from '../validation/type.js';
import { amountField as amount, codeField as code } from '../validation/fields.js';
import { vehicleRiskFields } from './fields.js';
import { precompiled } from '../validation/precompiled.js';
import * as checks from './generated/policy.js';

/** An amount in a response: digits, a dot and exactly two decimals (never negative here). */
const money = (description: string) => Type.String({ pattern: '^[0-9]+\\.[0-9]{2}$', description });
/** A date in a response: `dd/mm/yyyy`. */
const dmyDate = (description: string) => Type.String({ pattern: '^[0-9]{2}/[0-9]{2}/[0-9]{4}$', description });

/**
 * The object inside the SegAutoVendor request's `solicitud` wrapper.
 *
 * @example
 * ```ts
 * validateWith(PolicyRequestSchema, { cveEntidadFederativa: 9, idTipoUnidad: 1, idUsoAutomovil: 1,
 *   idClaveVehiculo: 1001, modelo: 2025, idAgencia: 10, montoSumaAsegurada: '350000.00',
 *   enganche: '70000.00', plazoFinanciado: 36, codigoPostal: '03100' }).success; // true
 * ```
 */
export const PolicyRequestSchema = precompiled(
  Type.Object(
    {
      ...vehicleRiskFields,
      /** The vehicle's key in the tariff's catalog. */
      idClaveVehiculo: code(999_999_999, 'Clave del vehículo en el catálogo compartido'),
      /** Dealer; informative (enters `idCotizacion`). */
      idAgencia: code(999_999_999, 'Agencia; estadístico'),
      /** The vehicle's invoice value, the sum insured of year 1. */
      montoSumaAsegurada: amount('Valor factura de la unidad'),
      /** Months of the credit (0: no credit, so no GAP or life premium). */
      plazoFinanciado: Type.Integer({ minimum: 0, maximum: 999, description: 'Meses del financiamiento (0 = sin crédito)' }),
    },
    { additionalProperties: false, $id: 'SolicitudSegAutoVendor', title: 'solicitud (SegAutoVendor)' },
  ),
  checks.checkPolicyRequest,
);

/**
 * The SegAutoVendor request body: `{ solicitud }`.
 *
 * @example
 * ```ts
 * assertValid(SegAutoVendorRequestSchema, { solicitud: policySolicitud }); // passes
 * assertValid(SegAutoVendorRequestSchema, { solicitud: { ...policySolicitud, modelo: '2025' } }); // throws QuoteError ERRESQ005 'solicitud.modelo'
 * ```
 */
export const SegAutoVendorRequestSchema = precompiled(
  Type.Object(
    { solicitud: PolicyRequestSchema },
    { additionalProperties: false, $id: 'SegAutoVendorRequest', title: 'SegAutoVendor request' },
  ),
  checks.checkSegAutoVendorRequest,
);

/**
 * One receipt (`listaRecibos` item): every field a string.
 *
 * @example
 * ```ts
 * const r: Receipt = { numeroRecibo: '1', vigenciaInicial: '15/01/2025', vigenciaFin: '15/02/2025', primaTotal: '1500.00' };
 * ```
 */
export const ReceiptSchema = precompiled(
  Type.Object(
    {
      /** Receipt number, from "1" across the whole policy. */
      numeroRecibo: Type.String({ pattern: '^[1-9][0-9]*$', description: 'Número de recibo, desde "1"' }),
      /** Start of the period the receipt covers, `dd/mm/yyyy`. */
      vigenciaInicial: dmyDate('Inicio del periodo que cubre el recibo'),
      /** End of that period, `dd/mm/yyyy`. */
      vigenciaFin: dmyDate('Fin del periodo que cubre el recibo'),
      /** Amount of the receipt, IVA included. */
      primaTotal: money('Importe del recibo, IVA incluido'),
    },
    { additionalProperties: false, $id: 'Recibo', title: 'recibo' },
  ),
  checks.checkReceipt,
);

/**
 * One offer (`listaSeguroAuto` item): every field a string except `listaRecibos`.
 *
 * @example
 * ```ts
 * const offer: PolicyOffer = quotePolicy(policySolicitud, { fechaInicio: '2025-03-10' }).listaSeguroAuto[0]!;
 * offer.primaTotal; // '14531.29' (amounts: two decimals)
 * offer.vigenciaInicial; // '10/03/2025' (dates: dd/mm/yyyy)
 * ```
 */
export const PolicyOfferSchema = precompiled(
  Type.Object(
    {
      /** Policy start, `dd/mm/yyyy`. */
      vigenciaInicial: dmyDate('Inicio de vigencia'),
      /** Policy end, `dd/mm/yyyy`. */
      vigenciaFin: dmyDate('Fin de vigencia'),
      /** Total premium: net premium + surcharge + policy fee + IVA (the sum of the receipts). */
      primaTotal: money('Prima total: prima neta + recargo + derecho de póliza + IVA'),
      /** The insurer's id, as text. */
      idAseguradora: Type.String({ pattern: '^[0-9]+$' }),
      /** The insurer's name. */
      aseguradora: Type.String({ minLength: 1 }),
      /** The package's name. */
      paquete: Type.String({ minLength: 1, description: 'Nombre del paquete' }),
      /** The package's coverages with sums insured and deductibles. */
      descPaquete: Type.String({ minLength: 1, description: 'Coberturas y deducibles del paquete' }),
      /** Deterministic quote id: hex of a SHA-256 over the request, the options and the offer. */
      idCotizacion: Type.String({ pattern: '^[0-9a-f]+$' }),
      /** `urlTemplate` with the ids filled in. */
      urlCotizacion: Type.String({ minLength: 1 }),
      /** GAP premium over the credit term, IVA included. */
      seguroGap: money('Seguro GAP por el plazo del crédito, IVA incluido'),
      /** Debtor life premium over the credit term (no IVA). */
      segVida: money('Seguro de vida deudor por el plazo del crédito, sin IVA'),
      /** The receipts, in order. */
      listaRecibos: Type.Array(ReceiptSchema, { minItems: 1 }),
    },
    { additionalProperties: false, $id: 'SeguroAuto', title: 'listaSeguroAuto item' },
  ),
  checks.checkPolicyOffer,
);

/**
 * The SegAutoVendor response's `resultado`: `{ listaSeguroAuto }`.
 *
 * @example
 * ```ts
 * validateWith(PolicyResultSchema, quotePolicy(policySolicitud, { fechaInicio: '2025-01-15' })).success; // true
 * ```
 */
export const PolicyResultSchema = precompiled(
  Type.Object(
    { listaSeguroAuto: Type.Array(PolicyOfferSchema) },
    { additionalProperties: false, $id: 'ResultadoSegAutoVendor', title: 'resultado (SegAutoVendor)' },
  ),
  checks.checkPolicyResult,
);

/**
 * The object inside `solicitud`, as the caller sends it.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * const s: PolicyRequest = JSON.parse(readFileSync('examples/segautovendor.json', 'utf8')).solicitud;
 * s.idClaveVehiculo; // 1002
 * ```
 *
 * @useDeclaredType
 */
export type PolicyRequest = Static<typeof PolicyRequestSchema>;
/**
 * The whole request body `{ solicitud }`.
 *
 * @example
 * ```ts
 * const body: SegAutoVendorRequest = { solicitud: policySolicitud };
 * validateSegAutoVendor(JSON.stringify(body)).success; // true
 * ```
 *
 * @useDeclaredType
 */
export type SegAutoVendorRequest = Static<typeof SegAutoVendorRequestSchema>;
/**
 * One `listaRecibos` item.
 *
 * @example
 * ```ts
 * const first: Receipt = quotePolicy(policySolicitud, { fechaInicio: '2025-03-10' }).listaSeguroAuto[0]!.listaRecibos[0]!;
 * first; // { numeroRecibo: '1', vigenciaInicial: '10/03/2025', vigenciaFin: '10/04/2025', primaTotal: '1795.82' }
 * ```
 *
 * @useDeclaredType
 */
export type Receipt = Static<typeof ReceiptSchema>;
/**
 * One `listaSeguroAuto` item.
 *
 * @example
 * ```ts
 * const offer: PolicyOffer = quotePolicy(policySolicitud, { fechaInicio: '2025-03-10' }).listaSeguroAuto[0]!;
 * [offer.aseguradora, offer.paquete]; // ['Aseguradora Ilustrativa Alfa', 'Amplia']
 * ```
 *
 * @useDeclaredType
 */
export type PolicyOffer = Static<typeof PolicyOfferSchema>;
/**
 * The response's `resultado`.
 *
 * @example
 * ```ts
 * const result: PolicyResult = quotePolicy(policySolicitud, { fechaInicio: '2025-03-10' });
 * result.listaSeguroAuto.length; // 9 (3 insurers × 3 packages)
 * ```
 *
 * @useDeclaredType
 */
export type PolicyResult = Static<typeof PolicyResultSchema>;
