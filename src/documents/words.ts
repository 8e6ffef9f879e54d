/**
 * The amount in words of a Mexican receipt ("importe con letra"): `MIL DOSCIENTOS TREINTA Y
 * CUATRO PESOS 50/100 M.N.`. Spanish cardinals on the long scale (millón = 10^6, billón =
 * 10^12), with the apocopes the noun requires (UN PESO, VEINTIÚN PESOS, CIENTO UN MIL) and
 * "DE" after a round million (UN MILLÓN DE PESOS). Written on the digits: no float.
 */
import { documentsError } from './messages.js';

const UNITS = ['', 'UN', 'DOS', 'TRES', 'CUATRO', 'CINCO', 'SEIS', 'SIETE', 'OCHO', 'NUEVE'];
const TEENS = ['DIEZ', 'ONCE', 'DOCE', 'TRECE', 'CATORCE', 'QUINCE', 'DIECISÉIS', 'DIECISIETE', 'DIECIOCHO', 'DIECINUEVE'];
const TWENTIES = [
  'VEINTE',
  'VEINTIÚN',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

/** 1..99; `un` is the apocopated one (before a noun: UN, VEINTIÚN, Y UN), the only form used here. */
function belowHundred(n: number): string {
  if (n < 10) return UNITS[n] as string;
  if (n < 20) return TEENS[n - 10] as string;
  if (n < 30) return TWENTIES[n - 20] as string;
  const unit = n % 10;
  return unit === 0 ? (TENS[Math.floor(n / 10)] as string) : `${TENS[Math.floor(n / 10)]} Y ${UNITS[unit]}`;
}

/** 1..999. */
function belowThousand(n: number): string {
  if (n === 100) return 'CIEN';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words = [hundreds === 0 ? '' : (HUNDREDS[hundreds] as string), rest === 0 ? '' : belowHundred(rest)];
  return words.filter((w) => w !== '').join(' ');
}

/** 1..999,999: MIL alone for one thousand (not UN MIL). */
function belowMillion(n: number): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const head = thousands === 0 ? '' : thousands === 1 ? 'MIL' : `${belowThousand(thousands)} MIL`;
  return [head, rest === 0 ? '' : belowThousand(rest)].filter((w) => w !== '').join(' ');
}

/** 1..10^15 − 1, in the long scale. */
function cardinal(n: number): string {
  const billions = Math.floor(n / 1e12);
  const millions = Math.floor((n % 1e12) / 1e6);
  const rest = n % 1e6;
  const parts: string[] = [];
  if (billions > 0) parts.push(billions === 1 ? 'UN BILLÓN' : `${belowMillion(billions)} BILLONES`);
  if (millions > 0) parts.push(millions === 1 ? 'UN MILLÓN' : `${belowMillion(millions)} MILLONES`);
  if (rest > 0) parts.push(belowMillion(rest));
  return parts.join(' ');
}

/**
 * The amount in words, in capitals, as Mexican receipts write it: whole pesos in words, the
 * cents as `NN/100`, and `M.N.` (moneda nacional). Takes amount text with up to 15 whole digits
 * and two decimals (`PaymentRecord.importe`); anything else throws a `QuoteError` (`ERRESQ005` on
 * `importe`).
 *
 * @example
 * ```ts
 * amountInWords('1234.50'); // 'MIL DOSCIENTOS TREINTA Y CUATRO PESOS 50/100 M.N.'
 * amountInWords('1.00'); // 'UN PESO 00/100 M.N.'
 * amountInWords('21000.00'); // 'VEINTIÚN MIL PESOS 00/100 M.N.'
 * amountInWords('2000000.00'); // 'DOS MILLONES DE PESOS 00/100 M.N.'
 * amountInWords('1234.5'); // throws QuoteError ERRESQ005 'importe'
 * ```
 */
export function amountInWords(amount: string): string {
  const match = /^(\d{1,15})\.(\d{2})$/.exec(amount);
  if (match === null) throw documentsError('ERRESQ005', 'importeConDosDecimales', 'importe');
  const pesos = Number(match[1]);
  const cents = match[2] as string;
  const words = pesos === 0 ? 'CERO' : cardinal(pesos);
  // A number ending in MILLÓN/MILLONES/BILLÓN/BILLONES takes "DE" before the noun.
  const of = pesos !== 0 && pesos % 1e6 === 0 ? ' DE' : '';
  return `${words}${of} ${pesos === 1 ? 'PESO' : 'PESOS'} ${cents}/100 M.N.`;
}
