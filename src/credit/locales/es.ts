/**
 * Spanish (the interface's language): what the credit core says of a loan, its features and its
 * conventions, and what a convention is expected to be (the values of `conventionInvalida`).
 */
export const es = {
  // A loan the core refuses.
  totalFueraDeRango: 'El total de los pagos excede el rango de importes exactos (2^53 centavos)',
  primerPagoFueraDeRango: 'La fecha del primer pago debe caer después de la apertura y a lo más dos periodos después',
  porcentajeTexto: 'El porcentaje es un texto decimal ("30" o "30.5")',
  globoExcedeMonto: 'El pago global excede el monto financiado',
  prepagoRepetido: 'Ya hay un pago anticipado con el pago {period}',
  prepagoEnGracia: 'El pago {period} cae en los {grace} periodos de gracia; los pagos anticipados van después',
  prepagoConGlobo: "Con pago global (balloon) un pago anticipado solo reduce el pago ('reducePayment')",
  prepagoCreditoLiquidado: 'El crédito queda liquidado con el pago {last}, antes del pago {period}',
  anualidadRepetida: 'Ya hay una anualidad con el pago {period}',
  anualidadEnGracia: 'El pago {period} cae en los {grace} periodos de gracia; las anualidades van después',
  anualidadesExcedenMonto: 'Las anualidades y el pago global suman más que el monto financiado',
  prepagoConAnualidades: "Con anualidades un pago anticipado solo reduce el pago ('reducePayment')",
  promocionExcedePlazo: 'Las promociones suman {periods} periodos, más que el plazo de {plazo}',
  promocionSobreTasa: 'La tasa de una promoción no puede exceder la tasa del crédito',
  diferimientoConGracia: 'El primer pago diferido y los periodos de gracia no se combinan',
  diferimientoConPrimerPago: 'El primer pago diferido y la fecha del primer pago no se combinan',

  // A convention the caller overrides: the message and what each convention expects.
  conventionInvalida: 'Convención no válida: {expected}',
  esperadoConvenciones: 'un objeto de convenciones',
  esperadoPeriodicidades: 'un objeto de código → periodicidad',
  esperadoCodigoUnCaracter: 'un código de un carácter',
  esperadoNombre: 'un nombre',
  esperadoEntero: 'un entero de {min} a {max}',
  esperadoPaso: "{ unit: 'months' | 'days', count: entero de 1 a 366 }",
  esperadoAlternativas: '{first} o {last}',
  esperadoCodigoPeriodicidad: 'un código de periodicidad',
  esperadoCodigoDePeriodicities: 'un código de periodicities',
  esperadoPorcentaje: 'un porcentaje de 0 a 100',
  esperadoListaTasas: 'una lista de { minDownPaymentPercent, tasa }',
  esperadoPorcentajeTexto: 'un porcentaje en texto ("14.99")',
  esperadoCentavos: 'centavos de 0 a 100',
  fronteraNoFinita: 'frontera no finita',
} as const;

/** The id of a message of the credit core's catalog. */
export type CreditMessageId = keyof typeof es;
