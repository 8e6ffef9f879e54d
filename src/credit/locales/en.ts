/** English: what the credit core says of a loan, its features and its conventions. */
import type { CreditMessageId } from './es.js';

export const en: Readonly<Record<CreditMessageId, string>> = {
  totalFueraDeRango: 'The total of the payments exceeds the range of exact amounts (2^53 cents)',
  primerPagoFueraDeRango: 'The first payment date must fall after the opening date and at most two periods after it',
  porcentajeTexto: 'The percentage is a decimal text ("30" or "30.5")',
  globoExcedeMonto: 'The balloon exceeds the amount financed',
  prepagoRepetido: 'There is already a prepayment with payment {period}',
  prepagoEnGracia: 'Payment {period} falls within the {grace} grace periods; prepayments come after them',
  prepagoConGlobo: "With a balloon a prepayment can only reduce the payment ('reducePayment')",
  prepagoCreditoLiquidado: 'The loan is settled with payment {last}, before payment {period}',

  conventionInvalida: 'Invalid convention: {expected}',
  esperadoConvenciones: 'an object of conventions',
  esperadoPeriodicidades: 'an object of code → periodicity',
  esperadoCodigoUnCaracter: 'a one-character code',
  esperadoNombre: 'a name',
  esperadoEntero: 'an integer from {min} to {max}',
  esperadoPaso: "{ unit: 'months' | 'days', count: an integer from 1 to 366 }",
  esperadoAlternativas: '{first} or {last}',
  esperadoCodigoPeriodicidad: 'a periodicity code',
  esperadoCodigoDePeriodicities: 'a code of periodicities',
  esperadoPorcentaje: 'a percentage from 0 to 100',
  esperadoListaTasas: 'a list of { minDownPaymentPercent, tasa }',
  esperadoPorcentajeTexto: 'a percentage as text ("14.99")',
  esperadoCentavos: 'cents from 0 to 100',
  fronteraNoFinita: 'non-finite boundary',
};
