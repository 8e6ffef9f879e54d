/**
 * Spanish (the interface's language): what the quotes say of the requests they take — the
 * AutoEstrene request and its options (features, solving for an unknown, comparing offers, what an
 * income affords), the CAT ceiling as the credit's fields cause it, the insurance chosen inside a
 * credit, and the SegAutoVendor options.
 * What the credit core and the insurance engine say lives in their catalogs.
 */
export const es = {
  // Credit request (AutoEstrene).
  fechaAperturaFalta: 'Falta la fecha de apertura',
  fechaAperturaInvalida: 'La fecha de apertura no es una fecha válida (YYYY-MM-DD)',
  plazoMinimo: 'El plazo debe ser de al menos un pago',
  periodicidadDesconocida: 'Periodicidad desconocida; use {codes}',
  facturaConIvaValores: 'facturaConIva admite 0 o 1',
  tipoSeguroValores: 'tipoSeguro admite 0 (sin seguro), 1 (contado) o 2 (financiado)',
  informacionSeguroFalta: 'Con tipoSeguro 1 o 2 se requiere informacionSeguro',
  indSeguroValores: 'indSeguro admite 0 o 1',
  montoSolicitadoPositivo: 'El monto solicitado debe ser mayor que cero',
  valorFacturaPositivo: 'El valor factura debe ser mayor que cero',
  montoExcedePrecio: 'El monto solicitado excede el precio del vehículo',
  engancheMinimo: 'El enganche ({percent}% del precio) es menor al mínimo de {minimum}%',
  garantiaFalta: 'Falta el monto de la garantía extendida financiada',
  garantiaExcedeTope: 'Los accesorios financiados exceden el {cap}% del monto solicitado',
  tasaSinTabla: 'No hay tasa en la tabla de tasas para ese enganche; envíe tasa',
  importeSegurosFalta: 'Falta el importe del seguro externo',
  plazoSeguroMinimo: 'El plazo del seguro externo debe ser de al menos un mes',
  importeSegurosSinIndicador: 'importeSeguros se cobra solo con indSeguro 1; envíe indSeguro 1 o no envíe el importe',
  cargosIniciales: 'Las comisiones y seguros al inicio igualan o exceden el monto financiado',
  paqueteFalta: 'Indique el paquete de seguro a contratar',
  paqueteAmbiguo: 'El paquete lo ofrecen {count} aseguradoras; indique idAseguradora',
  engancheNoCorresponde:
    'El enganche no corresponde al del crédito: el precio menos el monto solicitado es {expected} (tolerancia {tolerance})',

  // The credit's options: first payment date, prepayments, balloon, grace.
  primerPagoInvalido: 'La fecha del primer pago no es una fecha válida (YYYY-MM-DD)',
  opcionObjeto: 'Se esperaba un objeto {shape}',
  prepagosLista: 'Los pagos anticipados son una lista de { period, amount, mode }',
  prepagoPeriodo: 'El pago anticipado se hace con un pago del 1 al {max}',
  prepagoPeriodoEntero: 'El periodo es un número entero de pago',
  importeTexto: 'El importe es un texto decimal con hasta dos decimales ("5000.00")',
  importePositivo: 'El importe debe ser mayor que cero',
  prepagoModo: "El modo es 'reducePayment' o 'reduceTerm'",
  globoForma: 'El pago global es { amount } o { percent }, no ambos',
  porcentajePositivo: 'El porcentaje debe ser mayor que cero',
  graciaPeriodos: 'Los periodos de gracia van de 1 a {max} (al menos un pago amortiza)',

  // The credit's captive options: anualidades, promotions, deferral, periodic charges, insurance on the balance.
  anualidadesLista: 'Las anualidades son una lista de { amount | percent, period | months }',
  anualidadForma: 'Una anualidad lleva { amount } o { percent }, y { period } o { months }: uno de cada par',
  anualidadPeriodo: 'La anualidad se paga con un pago del 1 al {max} (el último liquida el saldo)',
  mesesLista: 'Los meses son una lista de números enteros del 1 al 12',
  mesInvalido: 'El mes es un número del 1 al 12',
  mesRepetido: 'El mes {month} ya está en la lista',
  anualidadSinPagos: 'Ningún pago después de la gracia y antes del último vence en los meses {months}',
  promocionesLista: 'Las promociones son una lista de { periods, tasa }',
  promocionPeriodos: 'Una promoción dura de 1 a {max} periodos',
  diferimientoPeriodos: 'El primer pago se difiere de 1 a {max} periodos',
  diferimientoConSeguroFinanciado: 'El primer pago diferido no se combina con el seguro financiado (tipoSeguro 2)',
  cargosPeriodicosLista: 'Los cargos periódicos son una lista de { amount }',
  alMillarTexto: 'La tasa al millar es un texto decimal ("0.45")',
  alMillarPositivo: 'La tasa al millar debe ser mayor que cero',
  vidaDuplicada: 'El crédito ya lleva seguro de vida ({source}); no se cobra otro sobre el saldo',

  // Solving for the unknown (solveCredit).
  incognitaDesconocida: 'La incógnita es montoSolicitado, tasa, plazo o comisiones',
  objetivoForma: 'El objetivo es uno de { pagoMensual }, { totalPagar } o { cat }',
  objetivoValor: 'El objetivo es un texto decimal no negativo',
  sinSolucion: 'Ningún valor de {unknown} que el cotizador acepte cumple {target} ≤ {value}',

  // Comparing offers (compareOffers).
  ofertasLista: 'Las ofertas son una lista de { label, solicitud, options }',
  etiquetaTexto: 'La etiqueta de la oferta es un texto no vacío',
  medidaDesconocida: 'La medida es una de {measures}',

  // What an income affords (affordability).
  proporcionRango: 'La proporción del ingreso es un porcentaje mayor que 0 y de a lo más 100',
  engancheForma: 'El enganche es { percent } o { amount }, no ambos',
  enganchePorcentajeRango: 'El enganche es un porcentaje del precio de 0 a menos de 100',
  sinCapacidad:
    'Ningún valor de {unknown} que el cotizador acepte tiene un pago de a lo más {limit} por periodo ({share} % de un ingreso de {income})',

  // The CAT above its ceiling, named by what in the credit causes it.
  catTechoCargos: 'El CAT excede el máximo publicable de {ceiling} %: los cargos al inicio dejan un monto dispuesto demasiado pequeño',
  catTechoSeguros: 'El CAT excede el máximo publicable de {ceiling} %: los seguros en los pagos son desproporcionados al crédito',
  catTechoCargosPeriodicos:
    'El CAT excede el máximo publicable de {ceiling} %: los cargos periódicos o los seguros sobre el saldo son desproporcionados al crédito',
  catTechoTasa: 'El CAT excede el máximo publicable de {ceiling} %: la tasa es demasiado alta para la periodicidad',

  // Policy request (SegAutoVendor) options.
  fechaInicioFalta: 'Falta la fecha de inicio de vigencia (el motor no lee el reloj)',
  saldoInvalido: 'Saldo no válido',
  cargosNoSuman: 'los cargos de apertura no suman el total cobrado fuera de los pagos',
  flujoCatNoSuma: 'las partes de un pago no suman su flujo del CAT',
  catNoDemostrado: 'el valor presente no cambia de signo entre los límites de la décima publicada',
} as const;

/** The id of a message of the quotes' catalog. */
export type QuotesMessageId = keyof typeof es;
