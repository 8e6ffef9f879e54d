/**
 * The credit quote (AutoEstrene) shapes, defined once as TypeBox schemas: the TypeScript types,
 * the validator and the exported JSON Schema all come from here.
 */
import { Type, type Static } from '@sinclair/typebox';
import { amountField, codeField, moneyField } from '../validation/fields.js';
import { vehicleRiskFields } from './fields.js';

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
export const InsuranceInfoSchema = Type.Object(
  {
    ...vehicleRiskFields,
    idAgencia: code(999_999_999, 'Clave del vehículo'),
    numeroAgencia: code(999_999_999, 'Número de agencia'),
  },
  { additionalProperties: false, $id: 'InformacionSeguro', title: 'informacionSeguro' },
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
export const CreditRequestSchema = Type.Object(
  {
    fechaApertura: Type.Optional(Type.String({ pattern: ISO_DATE_TEXT, description: 'Fecha de apertura (YYYY-MM-DD)' })),
    montoSolicitado: amount('Monto del crédito'),
    tasa: Type.Optional(percent('Tasa anual nominal sin IVA, en porcentaje')),
    plazo: Type.Integer({ minimum: 0, maximum: 999, description: 'Número de pagos' }),
    periodicidad: Type.Optional(Type.String({ minLength: 1, maxLength: 1, description: 'M, Q, C, S o D' })),
    iva: Type.Optional(Type.Integer({ minimum: 0, maximum: 99, description: 'IVA en porcentaje' })),
    facturaConIva: Type.Optional(code(9, '1: la factura incluye IVA; 0: no')),
    producto: Type.Optional(Type.Union([Type.Literal('AUTO'), Type.Literal('AUTONOM')], { description: 'Producto' })),
    comisiones: Type.Optional(percent('Comisión por apertura, porcentaje sin IVA del monto financiado')),
    tipoSeguro: Type.Optional(code(99, '0 sin seguro, 1 de contado, 2 financiado')),
    valorFactura: amount('Valor factura'),
    indSeguro: Type.Optional(code(9, '1: seguro externo cobrado en los pagos')),
    plazoSeguro: Type.Optional(code(99, 'Meses del seguro externo')),
    importeSeguros: Type.Optional(amount('Importe del seguro externo')),
    importeCatSegVida: Type.Optional(amount('Seguro de vida obligatorio pagado al inicio, incluido en el CAT')),
    importeCatSegDanio: Type.Optional(amount('Seguro de daños obligatorio pagado al inicio, incluido en el CAT')),
    numeroPagos: Type.Optional(code(99, 'Informativo')),
    porcentajeCredito: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Tope de accesorios financiados, % del monto' })),
    porcentajeEnganche: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Enganche mínimo, % del precio' })),
    nombreModelo: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Modelo del vehículo' })),
    generaTablaPagos: Type.Optional(Type.Boolean({ description: 'Genera la tabla de amortización' })),
    montoGarantiaExt: Type.Optional(amount('Garantía extendida')),
    creditoGarantiaExt: Type.Optional(Type.Boolean({ description: 'La garantía extendida se financia' })),
    informacionSeguro: Type.Optional(InsuranceInfoSchema),
  },
  { additionalProperties: false, $id: 'SolicitudAutoEstrene', title: 'solicitud (AutoEstrene)' },
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
export const AutoEstreneRequestSchema = Type.Object(
  { solicitud: CreditRequestSchema },
  { additionalProperties: false, $id: 'AutoEstreneRequest', title: 'AutoEstrene request' },
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
export const CreditRowSchema = Type.Object(
  {
    numAmortizacion: Type.Integer({ minimum: 0, maximum: 999 }),
    fechaAmortizacion: Type.String({ pattern: ISO_DATE_TEXT }),
    saldoCapital: money('Saldo inicial'),
    abonoCapital: money('Abono a capital'),
    interesAmortizacion: money('Interés'),
    ivaAmortizacion: money('IVA del interés'),
    comisionAmortizacion: money('Comisión del periodo'),
    seguroVida: money('Seguro de vida'),
    seguroDanos: money('Seguro de daños'),
    seguroDesempleo: money('Seguro de desempleo'),
    pagoAmortizacion: money('Pago del periodo'),
    saldoFin: money('Saldo final'),
  },
  { additionalProperties: false, $id: 'RegistroAmortizacion', title: 'registro' },
);

/**
 * The AutoEstrene response's `resultado`.
 *
 * @example
 * ```ts
 * validateWith(CreditResultSchema, quoteCredit(solicitud)).success; // true
 * ```
 */
export const CreditResultSchema = Type.Object(
  {
    fechaApertura: Type.String({ pattern: ISO_DATE_TEXT }),
    montoSolicitado: money('Monto solicitado'),
    tasa: Type.String(),
    plazo: Type.Integer({ minimum: 0, maximum: 999 }),
    periodicidad: Type.String({ minLength: 1, maxLength: 1 }),
    iva: Type.Integer({ minimum: 0, maximum: 99 }),
    facturaConIva: Type.Integer({ minimum: 0, maximum: 9 }),
    producto: Type.Union([Type.Literal('AUTO'), Type.Literal('AUTONOM')]),
    comisiones: Type.String(),
    tipoSeguro: Type.Integer({ minimum: 0, maximum: 99 }),
    valorFactura: money('Valor factura'),
    cat: Type.String({ pattern: '^-?[0-9]+\\.[0-9]$', description: 'CAT sin IVA, porcentaje con un decimal' }),
    indSeguro: Type.Integer({ minimum: 0, maximum: 9 }),
    plazoSeguro: Type.Integer({ minimum: 0, maximum: 99 }),
    importeSeguros: money('Seguro externo'),
    importeCatSegVida: money('Seguro de vida en el CAT'),
    importeCatSegDanio: money('Seguro de daños en el CAT'),
    numeroPagos: Type.Integer({ minimum: 0, maximum: 99 }),
    totalPagar: money('Total a pagar'),
    pagoMensual: money('Pago periódico'),
    montoGarantiaExt: money('Monto solicitado más garantía financiada'),
    importeInteresTotal: money('Interés total'),
    impIVAInteresTotal: money('IVA total del interés'),
    importePago: money('Suma de los pagos'),
    registros: Type.Array(CreditRowSchema),
  },
  { additionalProperties: false, $id: 'ResultadoAutoEstrene', title: 'resultado (AutoEstrene)' },
);

/**
 * The object inside `solicitud`, as the caller sends it.
 *
 * @example
 * ```ts
 * const request: CreditRequest = { montoSolicitado: '280000.00', valorFactura: '350000.00', plazo: 36, tasa: '13.50' };
 * quoteCredit(request, { fechaApertura: '2026-01-31' }).pagoMensual; // '9797.03'
 * ```
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
 */
export type CreditRow = Static<typeof CreditRowSchema>;
/**
 * The AutoEstrene `resultado`.
 *
 * @example
 * ```ts
 * const result: CreditResult = quoteCredit(solicitud);
 * [result.pagoMensual, result.cat, result.totalPagar]; // ['10216.91', '16.8', '377383.01']
 * ```
 */
export type CreditResult = Static<typeof CreditResultSchema>;
