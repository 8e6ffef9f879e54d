/** English: what the CAT's solver says of its flows, its options and its result. */
import type { CatMessageId } from './es.js';

export const en: Readonly<Record<CatMessageId, string>> = {
  catIndeterminado: 'No rate equates the flows of the credit (the CAT is undefined)',
  flujosSinTasa: 'No rate equates the flows (the CAT is undefined)',
  flujosObjeto: 'The flows must be an object',
  flujosListaFalta: 'The list of flows is missing',
  flujoForma: 'Each flow is { time, amount }',
  flujoTiempo: 'The time is a non-negative number of years',
  flujoImporte: 'The amount is a non-negative decimal text',
  flujoTiempoMaximo: 'The time of a flow is at most {years} years',
  tasaMaximaInvalida: 'maxRate is a finite number above {minimum} and at most {maximum}',
  catExcedeTecho: 'The CAT exceeds the highest publishable {ceiling} %',
  cifrasRango: 'digits is a whole number from {min} to {max}',
  denominadorCero: 'zero denominator',
  numeroNoFinito: 'non-finite number',
  factorNoPositivo: 'growth factor not positive',
  signoNoDecidido: 'sign of the present value not decided',
  cifraNoDecidida: 'a figure of the CAT explanation was not decided',
  decimalNoFinito: 'the rate has no finite decimal expansion',
};
