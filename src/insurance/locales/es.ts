/**
 * Spanish (the interface's language): what the insurance engine says of a risk the tariff does
 * not cover, of a tariff that is not well formed, of a policy start that is not a date, and of a
 * convention a caller overrides.
 */
export const es = {
  // A risk the tariff does not cover (priceOffers).
  polizaAnualMaximo: 'Una póliza anual cubre a lo más {months} meses',
  vigenciaNoSoportada: 'Modalidad de vigencia no soportada',
  multianualSinPlazo: 'Una póliza multianual requiere plazoFinanciado',
  multianualMaximo: 'La póliza multianual cubre a lo más {years} años',
  vehiculoDesconocido: 'Clave de vehículo desconocida',
  tipoUnidadNoCorresponde: 'El tipo de unidad no corresponde a la clave del vehículo',
  usoNoTarifado: 'Uso de la unidad no tarifado',
  sumaAseguradaMinima: 'Suma asegurada menor que {amount}',
  sumaAseguradaMaxima: 'Suma asegurada mayor que {amount}',
  sumaAseguradaMaximaClave: 'Suma asegurada mayor que {amount} para esta clave',
  accesoriosMaximo: 'Accesorios por encima de {amount}',
  equipoEspecialMaximo: 'Equipo especial por encima de {amount}',
  engancheExcedeSuma: 'El enganche excede la suma asegurada',
  entidadNoTarifada: 'Entidad federativa no tarifada',
  modeloPosterior: 'Año modelo posterior al siguiente',
  unidadAntigua: 'Unidad con más de {years} años',
  formaPagoNoSoportada: 'Forma de pago no soportada',
  reposicionNoSoportada: 'Tipo de valor de reposición no soportado',
  aseguradoraDesconocida: 'Aseguradora desconocida',
  paqueteNoOfrecido: 'Paquete no ofrecido',
  formaPagoNoOfrecida: 'Forma de pago no ofrecida por la aseguradora',
  usoTipoNoTarifado: 'Combinación de tipo y uso de unidad no tarifada',

  // The policy start (receipts).
  fechaInicioInvalida: 'Fecha de inicio no válida (YYYY-MM-DD)',
  ivaTasaInvalida: 'La tasa de IVA es un texto decimal ("0.16")',

  // A tariff that is not well formed (assertTariff).
  tarifaValorRepetido: 'Valor repetido en la tarifa',
  tarifaMesesPorRecibo: 'Los meses por recibo deben dividir a 12',
  tarifaSumaMinima: 'La suma mínima excede la máxima',
  tarifaTipoUnidad: 'Tipo de unidad no definido en unitTypes',
  tarifaAntiguedades: 'Las antigüedades empiezan en 0 y crecen estrictamente',
  tarifaFraccion: 'La fracción asegurada no puede exceder 1',
  tarifaSumaCreciente: 'La suma asegurada no puede crecer de un año al siguiente',
  tarifaReposicion: 'No corresponde a ningún replacementValues',
  tarifaFormaPago: 'Forma de pago no definida en paymentForms',
  tarifaUso: 'Uso no definido en uses',
  enteroMinimo: '{what} debe ser un entero ≥ {min}',
  diasDeRecibos: 'los días de los recibos no corresponden al periodo',
  primerReciboMenor: 'el primer recibo quedó por debajo de los siguientes',

  // The conventions a caller overrides (resolvePolicyConventions) and the options beside them.
  convencionesObjeto: 'Las convenciones son un objeto de clave → valor',
  convencionEntero: 'Convención no válida: un entero de {min} a {max}',
  convencionVigenciasIguales: 'idVigenciaAnual e idVigenciaMultianual deben ser distintos',
  convencionVigenciaOmision: 'defaultIdVigencia debe ser idVigenciaAnual o idVigenciaMultianual',
  convencionPlazoOmision: 'defaultPlazoMeses no puede exceder maxPlazoMesesAnual',
  plantillaUrlInvalida: 'Plantilla de URL no válida',
  lifeBalanceValores: "Use 'declining' o 'flat'",
  idLengthRango: 'Longitud de idCotizacion entre 8 y 64',
} as const;

/** The id of a message of the insurance engine's catalog. */
export type InsuranceMessageId = keyof typeof es;
