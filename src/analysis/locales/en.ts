/** English: what the scripting API says of variations, ranges and tables, and the words of its charts. */
import type { AnalysisMessageId } from './es.js';

export const en: Readonly<Record<AnalysisMessageId, string>> = {
  sinTablaDePagos: 'The quote has no payment table; quote with generaTablaPagos: true',
  variacionForma: 'Write the variation as FIELD=V1,V2 or FIELD=FROM:TO:STEP',
  variacionSinValores: 'The variation has no values',
  rangoForma: 'A range is written FROM:TO:STEP with decimal numbers',
  rangoNoNumerico: 'The field is not numeric; list its values separated by commas',
  rangoPaso: 'The step must be non-zero and go from FROM towards TO',
  rangoMaximo: 'The range has more than {max} values',
  rangoEntero: 'The field is an integer; use an integer FROM and STEP',
  tituloAmortizacion: 'Amortization: {monto} over {plazo} payments, rate {tasa} %, CAT {cat} % without VAT',
  serieCapital: 'Capital',
  serieInteres: 'Interest',
  serieIva: 'VAT',
  serieSeguros: 'Insurance',
  serieComision: 'Commission',
  serieSaldo: 'Outstanding balance (right axis)',
  ejePago: 'Payment per period (MXN)',
  ejeSaldo: 'Outstanding balance (MXN)',
  ejeNumeroPago: 'Payment number ({period})',
  barraPago: 'Payment {number} ({date}): {series} {amount}',
  tituloSaldos: 'Outstanding balance',
  ejeNumeroDePago: 'payment number',
  ejeSaldoMxn: 'balance (MXN)',
};
