/** English: what the quotes say of the requests they take (AutoEstrene, its options, SegAutoVendor's options). */
import type { QuotesMessageId } from './es.js';

export const en: Readonly<Record<QuotesMessageId, string>> = {
  fechaAperturaFalta: 'The opening date is missing',
  fechaAperturaInvalida: 'The opening date is not a valid date (YYYY-MM-DD)',
  plazoMinimo: 'The term must have at least one payment',
  periodicidadDesconocida: 'Unknown periodicity; use {codes}',
  facturaConIvaValores: 'facturaConIva accepts 0 or 1',
  tipoSeguroValores: 'tipoSeguro accepts 0 (no insurance), 1 (paid up front) or 2 (financed)',
  informacionSeguroFalta: 'tipoSeguro 1 or 2 requires informacionSeguro',
  indSeguroValores: 'indSeguro accepts 0 or 1',
  montoSolicitadoPositivo: 'The amount requested must be greater than zero',
  valorFacturaPositivo: 'The invoice value must be greater than zero',
  montoExcedePrecio: 'The amount requested exceeds the price of the vehicle',
  engancheMinimo: 'The down payment ({percent}% of the price) is below the minimum of {minimum}%',
  garantiaFalta: 'The amount of the financed extended warranty is missing',
  garantiaExcedeTope: 'The financed extras exceed {cap}% of the amount requested',
  tasaSinTabla: 'The rate grid has no rate for that down payment; send tasa',
  importeSegurosFalta: 'The amount of the external insurance is missing',
  plazoSeguroMinimo: 'The term of the external insurance must be at least one month',
  importeSegurosSinIndicador: 'importeSeguros is charged only with indSeguro 1; send indSeguro 1 or leave the amount out',
  cargosIniciales: 'The commissions and insurance charged at opening equal or exceed the amount financed',
  paqueteFalta: 'Name the insurance package to buy',
  paqueteAmbiguo: '{count} insurers offer the package; send idAseguradora',
  engancheNoCorresponde:
    "The down payment does not match the credit's: the price less the amount requested is {expected} (tolerance {tolerance})",

  primerPagoInvalido: 'The first payment date is not a valid date (YYYY-MM-DD)',
  opcionObjeto: 'An object {shape} was expected',
  prepagosLista: 'The prepayments are a list of { period, amount, mode }',
  prepagoPeriodo: 'The prepayment is made with a payment from 1 to {max}',
  prepagoPeriodoEntero: 'The period is a whole payment number',
  importeTexto: 'The amount is a decimal text with up to two decimals ("5000.00")',
  importePositivo: 'The amount must be greater than zero',
  prepagoModo: "The mode is 'reducePayment' or 'reduceTerm'",
  globoForma: 'The balloon is { amount } or { percent }, not both',
  porcentajePositivo: 'The percentage must be greater than zero',
  graciaPeriodos: 'The grace periods go from 1 to {max} (at least one payment amortizes)',

  incognitaDesconocida: 'The unknown is montoSolicitado, tasa, plazo or comisiones',
  objetivoForma: 'The target is one of { pagoMensual }, { totalPagar } or { cat }',
  objetivoValor: 'The target is a non-negative decimal text',
  sinSolucion: 'No value of {unknown} the quoter accepts meets {target} ≤ {value}',

  catTechoCargos: 'The CAT exceeds the highest publishable {ceiling} %: the charges at opening leave too small a disbursement',
  catTechoSeguros:
    'The CAT exceeds the highest publishable {ceiling} %: the insurance in the payments is out of proportion with the credit',
  catTechoTasa: 'The CAT exceeds the highest publishable {ceiling} %: the rate is too high for the periodicity',

  plantillaUrlInvalida: 'Invalid URL template',
  lifeBalanceValores: "Use 'declining' or 'flat'",
  idLengthRango: 'idCotizacion length between 8 and 64',
  fechaInicioFalta: 'The policy start date is missing (the engine never reads the clock)',
  saldoInvalido: 'Invalid balance',
  cargosNoSuman: 'the opening charges do not add up to the total charged outside the payments',
};
