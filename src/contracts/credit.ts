/**
 * The credit quote (AutoEstrene) shapes, defined once as TypeBox schemas: the TypeScript types,
 * the validator and the exported JSON Schema all come from here.
 */
import type { Static } from '@sinclair/typebox';
import { Type } from '../validation/type.js';
import { amountField, codeField, moneyField } from '../validation/fields.js';
import { vehicleRiskFields } from './fields.js';
import { precompiled } from '../validation/precompiled.js';
import * as checks from './generated/credit.js';

/** Percentage text: up to three integer digits and six decimals ("13.50"). */
export const PERCENT_TEXT = '^(0|[1-9][0-9]{0,2})(\\.[0-9]{1,6})?$';
/** `YYYY-MM-DD`; calendar validity is checked by the engine. */
export const ISO_DATE_TEXT = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

const amount = amountField;
const percent = (description: string) => Type.String({ pattern: PERCENT_TEXT, maxLength: 10, description });
const code = codeField;

/**
 * `informacionSeguro`: the vehicle and policy data the insurance engine rates.
 *
 * @example
 * ```ts
 * validateWith(InsuranceInfoSchema, { idPaquete: 1, cveEntidadFederativa: 9, idTipoUnidad: 1, idUsoAutomovil: 1,
 *   idAgencia: 1002, numeroAgencia: 4501, modelo: 2026, enganche: '70000.00', codigoPostal: '03100' }).success; // true
 * ```
 */
export const InsuranceInfoSchema = precompiled(
  Type.Object(
    {
      ...vehicleRiskFields,
      /** The vehicle's key in the tariff's catalog (the insurance engine's `idClaveVehiculo`). */
      idAgencia: code(999_999_999, 'Clave del vehículo'),
      /** The dealer's number (the insurance engine's `idAgencia`). */
      numeroAgencia: code(999_999_999, 'Número de agencia'),
    },
    { additionalProperties: false, $id: 'InformacionSeguro', title: 'informacionSeguro' },
  ),
  checks.checkInsuranceInfo,
);

/**
 * The object inside the AutoEstrene request's `solicitud` wrapper.
 *
 * @example
 * ```ts
 * validateWith(CreditRequestSchema, solicitud).success; // true
 * validateWith(CreditRequestSchema, { ...solicitud, tasa: 13.5 }).success; // false (rates are decimal text)
 * ```
 */
export const CreditRequestSchema = precompiled(
  Type.Object(
    {
      /** Opening date, `YYYY-MM-DD`; the payments count from it. */
      fechaApertura: Type.Optional(Type.String({ pattern: ISO_DATE_TEXT, description: 'Fecha de apertura (YYYY-MM-DD)' })),
      /** Amount of the credit (decimal text, up to 2 decimals): the price less the down payment. */
      montoSolicitado: amount('Monto del crédito'),
      /** Annual nominal rate without IVA, percent (`"13.50"`); omitted: from the rate grid by down payment. */
      tasa: Type.Optional(percent('Tasa anual nominal sin IVA, en porcentaje')),
      /** Number of payments, 1–999. */
      plazo: Type.Integer({ minimum: 0, maximum: 999, description: 'Número de pagos' }),
      /** Payment period: `M` monthly (default), `Q` fortnightly, `C` every 14 days, `S` weekly, `D` every 10 days. */
      periodicidad: Type.Optional(Type.String({ minLength: 1, maxLength: 1, description: 'M, Q, C, S o D' })),
      /** VAT percentage on interest and commissions; default 16. */
      iva: Type.Optional(Type.Integer({ minimum: 0, maximum: 99, description: 'IVA en porcentaje' })),
      /** 1 (default): `valorFactura` includes VAT; 0: it does not. */
      facturaConIva: Type.Optional(code(9, '1: la factura incluye IVA; 0: no')),
      /** `AUTO` (default) or `AUTONOM`; echoed. */
      producto: Type.Optional(Type.Union([Type.Literal('AUTO'), Type.Literal('AUTONOM')], { description: 'Producto' })),
      /** Opening commission, percent of the amount financed, without IVA (`"2.00"`). */
      comisiones: Type.Optional(percent('Comisión por apertura, porcentaje sin IVA del monto financiado')),
      /** Insurance of the credit: 0 none (default), 1 paid up front, 2 financed (needs `informacionSeguro`). */
      tipoSeguro: Type.Optional(code(99, '0 sin seguro, 1 de contado, 2 financiado')),
      /** The vehicle's invoice value (decimal text). */
      valorFactura: amount('Valor factura'),
      /** 1: external insurance `importeSeguros` charged in the payments; 0 (default): none. */
      indSeguro: Type.Optional(code(9, '1: seguro externo cobrado en los pagos')),
      /** Months the external insurance covers. */
      plazoSeguro: Type.Optional(code(99, 'Meses del seguro externo')),
      /** External insurance premium, spread over the payments within `plazoSeguro`. */
      importeSeguros: Type.Optional(amount('Importe del seguro externo')),
      /** Required life insurance paid up front; adds to `totalPagar` and enters the CAT. */
      importeCatSegVida: Type.Optional(amount('Seguro de vida obligatorio pagado al inicio, incluido en el CAT')),
      /** Required damage insurance paid up front; adds to `totalPagar` and enters the CAT. */
      importeCatSegDanio: Type.Optional(amount('Seguro de daños obligatorio pagado al inicio, incluido en el CAT')),
      /** Informative (0–99), echoed. */
      numeroPagos: Type.Optional(code(99, 'Informativo')),
      /** Cap on the financed warranty, percent of `montoSolicitado`; default 20. */
      porcentajeCredito: Type.Optional(
        Type.Number({ minimum: 0, maximum: 100, description: 'Tope de accesorios financiados, % del monto' }),
      ),
      /** Minimum down payment, percent of the price; default 20. */
      porcentajeEnganche: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Enganche mínimo, % del precio' })),
      /** Vehicle model name; informative. */
      nombreModelo: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Modelo del vehículo' })),
      /** `true`: `registros` carries one row per payment. */
      generaTablaPagos: Type.Optional(Type.Boolean({ description: 'Genera la tabla de amortización' })),
      /** Extended warranty amount (required when `creditoGarantiaExt`). */
      montoGarantiaExt: Type.Optional(amount('Garantía extendida')),
      /** `true`: the extended warranty is financed with the credit. */
      creditoGarantiaExt: Type.Optional(Type.Boolean({ description: 'La garantía extendida se financia' })),
      /** Vehicle and policy data for `tipoSeguro` 1 and 2 (quoted through the insurance engine). */
      informacionSeguro: Type.Optional(InsuranceInfoSchema),
    },
    { additionalProperties: false, $id: 'SolicitudAutoEstrene', title: 'solicitud (AutoEstrene)' },
  ),
  checks.checkCreditRequest,
  checks.readCreditRequest,
);

/**
 * The AutoEstrene request body: `{ solicitud }`.
 *
 * @example
 * ```ts
 * validateWith(AutoEstreneRequestSchema, { solicitud }).success; // true
 * AutoEstreneRequestSchema.$id; // 'AutoEstreneRequest'
 * ```
 */
export const AutoEstreneRequestSchema = precompiled(
  Type.Object({ solicitud: CreditRequestSchema }, { additionalProperties: false, $id: 'AutoEstreneRequest', title: 'AutoEstrene request' }),
  checks.checkAutoEstreneRequest,
);

const money = moneyField;

/**
 * One amortization row (`registro`).
 *
 * @example
 * ```ts
 * validateWith(CreditRowSchema, quoteCredit(solicitud).registros[0]).success; // true
 * ```
 */
export const CreditRowSchema = precompiled(
  Type.Object(
    {
      /** Payment number, from 1. */
      numAmortizacion: Type.Integer({ minimum: 0, maximum: 999 }),
      /** Payment date, `YYYY-MM-DD`. */
      fechaAmortizacion: Type.String({ pattern: ISO_DATE_TEXT }),
      /** Balance at the start of the period. */
      saldoCapital: money('Saldo inicial'),
      /** Capital repaid. */
      abonoCapital: money('Abono a capital'),
      /** The period's interest, rounded half-up to the cent. */
      interesAmortizacion: money('Interés'),
      /** IVA of that interest. */
      ivaAmortizacion: money('IVA del interés'),
      /** Commission charged in the period (always `0.00`: the opening commission is charged at opening). */
      comisionAmortizacion: money('Comisión del periodo'),
      /** Life insurance in the payment (`tipoSeguro` 2). */
      seguroVida: money('Seguro de vida'),
      /** Damage insurance in the payment (`tipoSeguro` 2, or external insurance with `indSeguro` 1). */
      seguroDanos: money('Seguro de daños'),
      /** Unemployment insurance in the payment (not modelled: `0.00`). */
      seguroDesempleo: money('Seguro de desempleo'),
      /** The payment: capital + interest + IVA + insurance + commission. */
      pagoAmortizacion: money('Pago del periodo'),
      /** Balance at the end of the period (`0.00` after the last payment). */
      saldoFin: money('Saldo final'),
    },
    { additionalProperties: false, $id: 'RegistroAmortizacion', title: 'registro' },
  ),
  checks.checkCreditRow,
);

/**
 * The AutoEstrene response's `resultado`.
 *
 * @example
 * ```ts
 * validateWith(CreditResultSchema, quoteCredit(solicitud)).success; // true
 * ```
 */
export const CreditResultSchema = precompiled(
  Type.Object(
    {
      /** The opening date used. */
      fechaApertura: Type.String({ pattern: ISO_DATE_TEXT }),
      montoSolicitado: money('Monto solicitado'),
      /** The annual rate applied, at least two decimals (`"13.50"`). */
      tasa: Type.String(),
      plazo: Type.Integer({ minimum: 0, maximum: 999 }),
      periodicidad: Type.String({ minLength: 1, maxLength: 1 }),
      iva: Type.Integer({ minimum: 0, maximum: 99 }),
      facturaConIva: Type.Integer({ minimum: 0, maximum: 9 }),
      producto: Type.Union([Type.Literal('AUTO'), Type.Literal('AUTONOM')]),
      comisiones: Type.String(),
      tipoSeguro: Type.Integer({ minimum: 0, maximum: 99 }),
      valorFactura: money('Valor factura'),
      /** Banxico CAT without IVA, percent with one decimal (`"16.8"`). */
      cat: Type.String({ pattern: '^-?[0-9]+\\.[0-9]$', description: 'CAT sin IVA, porcentaje con un decimal' }),
      indSeguro: Type.Integer({ minimum: 0, maximum: 9 }),
      plazoSeguro: Type.Integer({ minimum: 0, maximum: 99 }),
      importeSeguros: money('Seguro externo'),
      importeCatSegVida: money('Seguro de vida en el CAT'),
      importeCatSegDanio: money('Seguro de daños en el CAT'),
      numeroPagos: Type.Integer({ minimum: 0, maximum: 99 }),
      /** Sum of the payments plus commission, its IVA and insurance paid up front. */
      totalPagar: money('Total a pagar'),
      /** The first payment (level payment plus any insurance in it). */
      pagoMensual: money('Pago periódico'),
      /** `montoSolicitado` plus the financed warranty. */
      montoGarantiaExt: money('Monto solicitado más garantía financiada'),
      /** Total interest. */
      importeInteresTotal: money('Interés total'),
      /** Total IVA of the interest. */
      impIVAInteresTotal: money('IVA total del interés'),
      /** Sum of the payments. */
      importePago: money('Suma de los pagos'),
      /** The amortization table (`[]` unless `generaTablaPagos`). */
      registros: Type.Array(CreditRowSchema),
    },
    { additionalProperties: false, $id: 'ResultadoAutoEstrene', title: 'resultado (AutoEstrene)' },
  ),
  checks.checkCreditResult,
);

/**
 * The object inside `solicitud`, as the caller sends it.
 *
 * @example
 * ```ts
 * const request: CreditRequest = { montoSolicitado: '280000.00', valorFactura: '350000.00', plazo: 36, tasa: '13.50' };
 * quoteCredit(request, { fechaApertura: '2026-01-31' }).pagoMensual; // '9797.03'
 * ```
 *
 * @useDeclaredType
 */
export type CreditRequest = Static<typeof CreditRequestSchema>;
/**
 * `informacionSeguro`.
 *
 * @example
 * ```ts
 * const info: InsuranceInfo = { idPaquete: 1, idAseguradora: 1, cveEntidadFederativa: 9, idTipoUnidad: 1, idUsoAutomovil: 1,
 *   idAgencia: 1002, numeroAgencia: 4501, modelo: 2026, enganche: '70000.00', codigoPostal: '03100' };
 * const withPolicy = quoteCredit({ ...solicitud, tipoSeguro: 1, informacionSeguro: info });
 * withPolicy.totalPagar === quoteCredit(solicitud).totalPagar; // false (the premiums are paid up front)
 * ```
 *
 * @useDeclaredType
 */
export type InsuranceInfo = Static<typeof InsuranceInfoSchema>;
/**
 * One amortization row.
 *
 * @example
 * ```ts
 * const first: CreditRow = quoteCredit(solicitud).registros[0]!;
 * [first.numAmortizacion, first.fechaAmortizacion, first.pagoAmortizacion]; // [1, '2026-02-28', '10216.91']
 * ```
 *
 * @useDeclaredType
 */
export type CreditRow = Static<typeof CreditRowSchema>;

/**
 * The keys of a credit amortization row, in the interface's (and the schema's) order: the one
 * list the CSV columns and the service's JSON writer read.
 *
 * @example
 * ```ts
 * CREDIT_ROW_KEYS[0]; // 'numAmortizacion'
 * CREDIT_ROW_KEYS.length === Object.keys(CreditRowSchema.properties).length; // true
 * ```
 */
export const CREDIT_ROW_KEYS = [
  'numAmortizacion',
  'fechaAmortizacion',
  'saldoCapital',
  'abonoCapital',
  'interesAmortizacion',
  'ivaAmortizacion',
  'comisionAmortizacion',
  'seguroVida',
  'seguroDanos',
  'seguroDesempleo',
  'pagoAmortizacion',
  'saldoFin',
] as const satisfies readonly (keyof CreditRow)[];
/**
 * The AutoEstrene `resultado`.
 *
 * @example
 * ```ts
 * const result: CreditResult = quoteCredit(solicitud);
 * [result.pagoMensual, result.cat, result.totalPagar]; // ['10216.91', '16.8', '377383.01']
 * ```
 *
 * @useDeclaredType
 */
export type CreditResult = Static<typeof CreditResultSchema>;
