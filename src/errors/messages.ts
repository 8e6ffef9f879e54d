/**
 * The message table: every text the library puts in an error, in Spanish (the interface's
 * language and the default) and English, as data. A text names its values as `{name}`;
 * {@link messageText} fills them. Engines never inline a message: they name its entry.
 */

import { defineCatalog, renderMessage, type Lang, type MessageParams } from './catalog.js';

export type { Lang, MessageParams } from './catalog.js';

interface Entry {
  readonly es: string;
  readonly en: string;
}

/**
 * Every message, by id.
 *
 * @example
 * ```ts
 * MESSAGES.plazoMinimo.es; // 'El plazo debe ser de al menos un pago'
 * ```
 */
export const MESSAGES = {
  // Request validation (one standard text per code).

  // Money.
  importeFueraDeRango: { es: 'importe fuera del rango de centavos exactos', en: 'amount outside the range of exact cents' },
  totalFueraDeRango: {
    es: 'El total de los pagos excede el rango de importes exactos (2^53 centavos)',
    en: 'The total of the payments exceeds the range of exact amounts (2^53 cents)',
  },

  // Credit request (AutoEstrene).
  fechaAperturaFalta: { es: 'Falta la fecha de apertura', en: 'The opening date is missing' },
  fechaAperturaInvalida: {
    es: 'La fecha de apertura no es una fecha válida (YYYY-MM-DD)',
    en: 'The opening date is not a valid date (YYYY-MM-DD)',
  },
  plazoMinimo: { es: 'El plazo debe ser de al menos un pago', en: 'The term must have at least one payment' },
  periodicidadDesconocida: { es: 'Periodicidad desconocida; use {codes}', en: 'Unknown periodicity; use {codes}' },
  facturaConIvaValores: { es: 'facturaConIva admite 0 o 1', en: 'facturaConIva accepts 0 or 1' },
  tipoSeguroValores: {
    es: 'tipoSeguro admite 0 (sin seguro), 1 (contado) o 2 (financiado)',
    en: 'tipoSeguro accepts 0 (no insurance), 1 (paid up front) or 2 (financed)',
  },
  informacionSeguroFalta: { es: 'Con tipoSeguro 1 o 2 se requiere informacionSeguro', en: 'tipoSeguro 1 or 2 requires informacionSeguro' },
  indSeguroValores: { es: 'indSeguro admite 0 o 1', en: 'indSeguro accepts 0 or 1' },
  montoSolicitadoPositivo: { es: 'El monto solicitado debe ser mayor que cero', en: 'The amount requested must be greater than zero' },
  valorFacturaPositivo: { es: 'El valor factura debe ser mayor que cero', en: 'The invoice value must be greater than zero' },
  montoExcedePrecio: {
    es: 'El monto solicitado excede el precio del vehículo',
    en: 'The amount requested exceeds the price of the vehicle',
  },
  engancheMinimo: {
    es: 'El enganche ({percent}% del precio) es menor al mínimo de {minimum}%',
    en: 'The down payment ({percent}% of the price) is below the minimum of {minimum}%',
  },
  garantiaFalta: {
    es: 'Falta el monto de la garantía extendida financiada',
    en: 'The amount of the financed extended warranty is missing',
  },
  garantiaExcedeTope: {
    es: 'Los accesorios financiados exceden el {cap}% del monto solicitado',
    en: 'The financed extras exceed {cap}% of the amount requested',
  },
  tasaSinTabla: {
    es: 'No hay tasa en la tabla de tasas para ese enganche; envíe tasa',
    en: 'The rate grid has no rate for that down payment; send tasa',
  },
  importeSegurosFalta: { es: 'Falta el importe del seguro externo', en: 'The amount of the external insurance is missing' },
  plazoSeguroMinimo: {
    es: 'El plazo del seguro externo debe ser de al menos un mes',
    en: 'The term of the external insurance must be at least one month',
  },
  cargosIniciales: {
    es: 'Las comisiones y seguros al inicio igualan o exceden el monto financiado',
    en: 'The commissions and insurance charged at opening equal or exceed the amount financed',
  },
  paqueteFalta: { es: 'Indique el paquete de seguro a contratar', en: 'Name the insurance package to buy' },
  paqueteAmbiguo: {
    es: 'El paquete lo ofrecen {count} aseguradoras; indique idAseguradora',
    en: '{count} insurers offer the package; send idAseguradora',
  },
  conventionInvalida: { es: 'Convención no válida: {expected}', en: 'Invalid convention: {expected}' },

  // Credit features: calendars, prepayments, balloon, grace, solving for the unknown (issue 10).
  primerPagoInvalido: {
    es: 'La fecha del primer pago no es una fecha válida (YYYY-MM-DD)',
    en: 'The first payment date is not a valid date (YYYY-MM-DD)',
  },
  primerPagoFueraDeRango: {
    es: 'La fecha del primer pago debe caer después de la apertura y a lo más dos periodos después',
    en: 'The first payment date must fall after the opening date and at most two periods after it',
  },
  opcionObjeto: { es: 'Se esperaba un objeto {shape}', en: 'An object {shape} was expected' },
  prepagosLista: {
    es: 'Los pagos anticipados son una lista de { period, amount, mode }',
    en: 'The prepayments are a list of { period, amount, mode }',
  },
  prepagoPeriodo: {
    es: 'El pago anticipado se hace con un pago del 1 al {max}',
    en: 'The prepayment is made with a payment from 1 to {max}',
  },
  prepagoPeriodoEntero: { es: 'El periodo es un número entero de pago', en: 'The period is a whole payment number' },
  importeTexto: {
    es: 'El importe es un texto decimal con hasta dos decimales ("5000.00")',
    en: 'The amount is a decimal text with up to two decimals ("5000.00")',
  },
  importePositivo: { es: 'El importe debe ser mayor que cero', en: 'The amount must be greater than zero' },
  prepagoModo: { es: "El modo es 'reducePayment' o 'reduceTerm'", en: "The mode is 'reducePayment' or 'reduceTerm'" },
  prepagoRepetido: {
    es: 'Ya hay un pago anticipado con el pago {period}',
    en: 'There is already a prepayment with payment {period}',
  },
  prepagoEnGracia: {
    es: 'El pago {period} cae en los {grace} periodos de gracia; los pagos anticipados van después',
    en: 'Payment {period} falls within the {grace} grace periods; prepayments come after them',
  },
  prepagoConGlobo: {
    es: "Con pago global (balloon) un pago anticipado solo reduce el pago ('reducePayment')",
    en: "With a balloon a prepayment can only reduce the payment ('reducePayment')",
  },
  prepagoCreditoLiquidado: {
    es: 'El crédito queda liquidado con el pago {last}, antes del pago {period}',
    en: 'The loan is settled with payment {last}, before payment {period}',
  },
  globoForma: { es: 'El pago global es { amount } o { percent }, no ambos', en: 'The balloon is { amount } or { percent }, not both' },
  porcentajeTexto: {
    es: 'El porcentaje es un texto decimal ("30" o "30.5")',
    en: 'The percentage is a decimal text ("30" or "30.5")',
  },
  porcentajePositivo: { es: 'El porcentaje debe ser mayor que cero', en: 'The percentage must be greater than zero' },
  globoExcedeMonto: {
    es: 'El pago global excede el monto financiado',
    en: 'The balloon exceeds the amount financed',
  },
  graciaPeriodos: {
    es: 'Los periodos de gracia van de 1 a {max} (al menos un pago amortiza)',
    en: 'The grace periods go from 1 to {max} (at least one payment amortizes)',
  },
  incognitaDesconocida: {
    es: 'La incógnita es montoSolicitado, tasa, plazo o comisiones',
    en: 'The unknown is montoSolicitado, tasa, plazo or comisiones',
  },
  objetivoForma: {
    es: 'El objetivo es uno de { pagoMensual }, { totalPagar } o { cat }',
    en: 'The target is one of { pagoMensual }, { totalPagar } or { cat }',
  },
  objetivoValor: { es: 'El objetivo es un texto decimal no negativo', en: 'The target is a non-negative decimal text' },
  sinSolucion: {
    es: 'Ningún valor de {unknown} que el cotizador acepte cumple {target} ≤ {value}',
    en: 'No value of {unknown} the quoter accepts meets {target} ≤ {value}',
  },

  // CAT.
  catIndeterminado: {
    es: 'No existe una tasa que iguale los flujos del crédito (CAT indeterminado)',
    en: 'No rate equates the flows of the credit (the CAT is undefined)',
  },
  flujosSinTasa: {
    es: 'No existe una tasa que iguale los flujos (CAT indeterminado)',
    en: 'No rate equates the flows (the CAT is undefined)',
  },
  flujosObjeto: { es: 'Los flujos deben ser un objeto', en: 'The flows must be an object' },
  flujosListaFalta: { es: 'Falta la lista de flujos', en: 'The list of flows is missing' },
  flujoForma: { es: 'Cada flujo es { time, amount }', en: 'Each flow is { time, amount }' },
  flujoTiempo: { es: 'El tiempo es un número de años no negativo', en: 'The time is a non-negative number of years' },
  flujoImporte: { es: 'El importe es un texto decimal no negativo', en: 'The amount is a non-negative decimal text' },

  // CAT at every magnitude and its solver's options (issue 13).
  catExcedeTecho: {
    es: 'El CAT excede el máximo publicable de {ceiling} %',
    en: 'The CAT exceeds the highest publishable {ceiling} %',
  },
  catTechoCargos: {
    es: 'El CAT excede el máximo publicable de {ceiling} %: los cargos al inicio dejan un monto dispuesto demasiado pequeño',
    en: 'The CAT exceeds the highest publishable {ceiling} %: the charges at opening leave too small a disbursement',
  },
  catTechoSeguros: {
    es: 'El CAT excede el máximo publicable de {ceiling} %: los seguros en los pagos son desproporcionados al crédito',
    en: 'The CAT exceeds the highest publishable {ceiling} %: the insurance in the payments is out of proportion with the credit',
  },
  catTechoTasa: {
    es: 'El CAT excede el máximo publicable de {ceiling} %: la tasa es demasiado alta para la periodicidad',
    en: 'The CAT exceeds the highest publishable {ceiling} %: the rate is too high for the periodicity',
  },
  tasaMaximaInvalida: {
    es: 'maxRate es un número finito mayor que {minimum} y a lo más {maximum}',
    en: 'maxRate is a finite number above {minimum} and at most {maximum}',
  },
  flujoTiempoMaximo: {
    es: 'El tiempo de un flujo es a lo más {years} años',
    en: 'The time of a flow is at most {years} years',
  },

  // Policy request (SegAutoVendor) and tariff.
  plantillaUrlInvalida: { es: 'Plantilla de URL no válida', en: 'Invalid URL template' },
  lifeBalanceValores: { es: "Use 'declining' o 'flat'", en: "Use 'declining' or 'flat'" },
  idLengthRango: { es: 'Longitud de idCotizacion entre 8 y 64', en: 'idCotizacion length between 8 and 64' },
  fechaInicioFalta: {
    es: 'Falta la fecha de inicio de vigencia (el motor no lee el reloj)',
    en: 'The policy start date is missing (the engine never reads the clock)',
  },
  fechaInicioInvalida: { es: 'Fecha de inicio no válida (YYYY-MM-DD)', en: 'Invalid start date (YYYY-MM-DD)' },
  saldoInvalido: { es: 'Saldo no válido', en: 'Invalid balance' },
  polizaAnualMaximo: { es: 'Una póliza anual cubre a lo más {months} meses', en: 'An annual policy covers at most {months} months' },
  vigenciaNoSoportada: { es: 'Modalidad de vigencia no soportada', en: 'Unsupported validity modality' },
  multianualSinPlazo: { es: 'Una póliza multianual requiere plazoFinanciado', en: 'A multi-year policy requires plazoFinanciado' },
  multianualMaximo: { es: 'La póliza multianual cubre a lo más {years} años', en: 'A multi-year policy covers at most {years} years' },
  vehiculoDesconocido: { es: 'Clave de vehículo desconocida', en: 'Unknown vehicle key' },
  tipoUnidadNoCorresponde: {
    es: 'El tipo de unidad no corresponde a la clave del vehículo',
    en: 'The unit type does not match the vehicle key',
  },
  usoNoTarifado: { es: 'Uso de la unidad no tarifado', en: 'The tariff does not rate this use of the unit' },
  sumaAseguradaMinima: { es: 'Suma asegurada menor que {amount}', en: 'Sum insured below {amount}' },
  sumaAseguradaMaxima: { es: 'Suma asegurada mayor que {amount}', en: 'Sum insured above {amount}' },
  sumaAseguradaMaximaClave: {
    es: 'Suma asegurada mayor que {amount} para esta clave',
    en: 'Sum insured above {amount} for this vehicle key',
  },
  accesoriosMaximo: { es: 'Accesorios por encima de {amount}', en: 'Accessories above {amount}' },
  equipoEspecialMaximo: { es: 'Equipo especial por encima de {amount}', en: 'Special equipment above {amount}' },
  engancheExcedeSuma: { es: 'El enganche excede la suma asegurada', en: 'The down payment exceeds the sum insured' },
  entidadNoTarifada: { es: 'Entidad federativa no tarifada', en: 'The tariff does not rate this state' },
  modeloPosterior: { es: 'Año modelo posterior al siguiente', en: 'Model year later than next year' },
  unidadAntigua: { es: 'Unidad con más de {years} años', en: 'Unit older than {years} years' },
  formaPagoNoSoportada: { es: 'Forma de pago no soportada', en: 'Unsupported payment form' },
  reposicionNoSoportada: { es: 'Tipo de valor de reposición no soportado', en: 'Unsupported replacement value type' },
  aseguradoraDesconocida: { es: 'Aseguradora desconocida', en: 'Unknown insurer' },
  paqueteNoOfrecido: { es: 'Paquete no ofrecido', en: 'Package not offered' },
  formaPagoNoOfrecida: { es: 'Forma de pago no ofrecida por la aseguradora', en: 'The insurer does not offer this payment form' },
  usoTipoNoTarifado: {
    es: 'Combinación de tipo y uso de unidad no tarifada',
    en: 'The tariff does not rate this combination of unit type and use',
  },
  tarifaValorRepetido: { es: 'Valor repetido en la tarifa', en: 'Repeated value in the tariff' },
  tarifaMesesPorRecibo: { es: 'Los meses por recibo deben dividir a 12', en: 'The months per receipt must divide 12' },
  tarifaSumaMinima: { es: 'La suma mínima excede la máxima', en: 'The minimum sum exceeds the maximum' },
  tarifaTipoUnidad: { es: 'Tipo de unidad no definido en unitTypes', en: 'Unit type not defined in unitTypes' },
  tarifaAntiguedades: { es: 'Las antigüedades empiezan en 0 y crecen estrictamente', en: 'The ages start at 0 and strictly increase' },
  tarifaFraccion: { es: 'La fracción asegurada no puede exceder 1', en: 'The insured fraction cannot exceed 1' },
  tarifaSumaCreciente: {
    es: 'La suma asegurada no puede crecer de un año al siguiente',
    en: 'The sum insured cannot rise from one year to the next',
  },
  tarifaReposicion: { es: 'No corresponde a ningún replacementValues', en: 'Matches no replacementValues entry' },
  tarifaFormaPago: { es: 'Forma de pago no definida en paymentForms', en: 'Payment form not defined in paymentForms' },
  tarifaUso: { es: 'Uso no definido en uses', en: 'Use not defined in uses' },

  // ATM.
  atmDatasetInvalido: { es: 'Conjunto de datos de cajeros no válido: {detail}', en: 'Invalid ATM data set: {detail}' },
  debeSerTexto: { es: 'Debe ser texto', en: 'Must be text' },
  noPuedeSerVacio: { es: 'No puede estar vacío', en: 'Cannot be empty' },
  enteroPositivo: { es: 'Debe ser un entero positivo', en: 'Must be a positive integer' },
  debeSerFuncion: { es: 'Debe ser una función', en: 'Must be a function' },
  limiteEnteroPositivo: { es: 'El límite debe ser un entero positivo', en: 'The limit must be a positive integer' },
  latitudRango: { es: 'La latitud debe estar entre -90 y 90', en: 'The latitude must be between -90 and 90' },
  longitudRango: { es: 'La longitud debe estar entre -180 y 180', en: 'The longitude must be between -180 and 180' },

  // Analysis.
  sinTablaDePagos: {
    es: 'La cotización no tiene tabla de pagos; cotice con generaTablaPagos: true',
    en: 'The quote has no payment table; quote with generaTablaPagos: true',
  },
  variacionForma: {
    es: 'Escriba la variación como CAMPO=V1,V2 o CAMPO=DESDE:HASTA:PASO',
    en: 'Write the variation as FIELD=V1,V2 or FIELD=FROM:TO:STEP',
  },
  variacionSinValores: { es: 'La variación no tiene valores', en: 'The variation has no values' },
  rangoForma: {
    es: 'Un rango se escribe DESDE:HASTA:PASO con números decimales',
    en: 'A range is written FROM:TO:STEP with decimal numbers',
  },
  rangoNoNumerico: {
    es: 'El campo no es numérico; enumere sus valores separados por comas',
    en: 'The field is not numeric; list its values separated by commas',
  },
  rangoPaso: {
    es: 'El paso debe ser distinto de cero y avanzar de DESDE hacia HASTA',
    en: 'The step must be non-zero and go from FROM towards TO',
  },
  rangoMaximo: { es: 'El rango tiene más de {max} valores', en: 'The range has more than {max} values' },
  rangoEntero: { es: 'El campo es entero; use DESDE y PASO enteros', en: 'The field is an integer; use an integer FROM and STEP' },

  // ---- cli (issue 11): a record of a portfolio that cannot be quoted (cotizador batch) ----------
  registroJsonInvalido: {
    es: 'El registro no es un JSON válido (columna {column})',
    en: 'The record is not valid JSON (column {column})',
  },
  registroNoObjeto: {
    es: 'El registro no es un objeto JSON (una solicitud o { solicitud, options })',
    en: 'The record is not a JSON object (a solicitud or { solicitud, options })',
  },
  registroCampos: {
    es: 'El renglón tiene {found} campos y el encabezado {expected}',
    en: 'The row has {found} fields and the header {expected}',
  },

  // Service, issue 12: the standard text of each error code (`mensaje`, in both languages), the
  // interface's 408/429/503 and switch-off answers, body reading, signing keys, rate limits,
  // switches, and the ATM error descriptions (es_MX by default, en_US on request).
  atmSolicitudIncorrecta: { es: 'No se pudo entender la solicitud', en: 'request could not be understood' },
  atmIfModifiedSince: {
    es: 'Valor no válido en el encabezado If-Modified-Since',
    en: 'invalid value in the If-Modified-Since header',
  },
  atmContenidoInvalido: {
    es: 'El servicio solo acepta peticiones que aceptan application/json',
    en: 'the service only accepts requests that accept application/json',
  },
  atmCatalogo: { es: 'El catálogo no existe', en: 'the catalog does not exist' },
  atmNoEncontrado: { es: 'El recurso no existe', en: 'the resource does not exist' },
  atmNoAutenticado: { es: 'El servicio no pudo autenticar la solicitud', en: 'the service could not authenticate the request' },
  atmSoloGet: { es: 'El servicio solo acepta peticiones GET', en: 'the service only accepts GET requests' },
  atmSoloJson: { es: 'El servicio solo acepta application/json', en: 'the service only accepts application/json' },
  atmTiempoAgotado: {
    es: 'El cliente no envió la solicitud a tiempo y se agotó el tiempo de espera',
    en: 'the client failed to send a request and a timeout occurred',
  },
  atmDemasiadas: { es: 'Demasiadas peticiones a este recurso', en: 'too many requests to this resource' },
  atmEncabezados: { es: 'Los campos de encabezado son demasiado largos', en: 'header fields too long' },
  atmNoDisponible: { es: 'El servicio no está disponible temporalmente', en: 'the service is temporarily unavailable' },
  atmErrorInterno: { es: 'Error inesperado en los sistemas del banco', en: 'unexpected error in the bank systems' },
} as const satisfies Record<string, Entry>;

/**
 * The id of a message in the message table (`MESSAGES`, in `src/errors/messages.ts`).
 *
 * @example
 * ```ts
 * const id: MessageId = 'plazoMinimo';
 * ```
 */
export type MessageId = keyof typeof MESSAGES;

/**
 * The table as a catalog, while the domains move their messages into catalogs of their own.
 *
 * @example
 * ```ts
 * LEGACY_MESSAGES.locales.en.plazoMinimo; // 'The term must have at least one payment'
 * ```
 */
export const LEGACY_MESSAGES = defineCatalog('legacy', {
  es: Object.fromEntries(Object.entries(MESSAGES).map(([id, entry]) => [id, entry.es])) as Record<MessageId, string>,
  en: Object.fromEntries(Object.entries(MESSAGES).map(([id, entry]) => [id, entry.en])) as Record<MessageId, string>,
});

/**
 * A message in `lang` with its `{name}` values filled (a missing value stays as written).
 *
 * @example
 * ```ts
 * messageText('polizaAnualMaximo', 'es', { months: 12 }); // 'Una póliza anual cubre a lo más 12 meses'
 * messageText('polizaAnualMaximo', 'en', { months: 12 }); // 'An annual policy covers at most 12 months'
 * ```
 */
export function messageText(id: MessageId, lang: Lang = 'es', params?: MessageParams): string {
  return renderMessage({ catalog: LEGACY_MESSAGES, id, params }, lang);
}
