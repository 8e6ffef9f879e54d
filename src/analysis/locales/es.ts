/** Spanish (the interface's language): what the scripting API says of variations, ranges and tables, and the words of its charts. */
export const es = {
  // A quote without its table.
  sinTablaDePagos: 'La cotización no tiene tabla de pagos; cotice con generaTablaPagos: true',
  // Variations and ranges (`parseVariation`).
  variacionForma: 'Escriba la variación como CAMPO=V1,V2 o CAMPO=DESDE:HASTA:PASO',
  variacionSinValores: 'La variación no tiene valores',
  rangoForma: 'Un rango se escribe DESDE:HASTA:PASO con números decimales',
  rangoNoNumerico: 'El campo no es numérico; enumere sus valores separados por comas',
  rangoPaso: 'El paso debe ser distinto de cero y avanzar de DESDE hacia HASTA',
  rangoMaximo: 'El rango tiene más de {max} valores',
  rangoEntero: 'El campo es entero; use DESDE y PASO enteros',
  // The schedule chart (`scheduleChartSvg`).
  tituloAmortizacion: 'Amortización: {monto} a {plazo} pagos, tasa {tasa} %, CAT {cat} % sin IVA',
  serieCapital: 'Capital',
  serieInteres: 'Interés',
  serieIva: 'IVA',
  serieSeguros: 'Seguros',
  serieComision: 'Comisión',
  serieSaldo: 'Saldo insoluto (eje derecho)',
  ejePago: 'Pago por periodo (MXN)',
  ejeSaldo: 'Saldo insoluto (MXN)',
  ejeNumeroPago: 'Número de pago ({period})',
  barraPago: 'Pago {number} ({date}): {series} {amount}',
  // The balance chart (`balanceChartSvg`).
  tituloSaldos: 'Saldo insoluto',
  ejeNumeroDePago: 'número de pago',
  ejeSaldoMxn: 'saldo (MXN)',
} as const;

/** The id of a message of the scripting API's catalog. */
export type AnalysisMessageId = keyof typeof es;
