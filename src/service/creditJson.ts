/**
 * The AutoEstrene `resultado` as JSON text, written field by field: the same bytes as
 * `asciiJson(resultado)`, for speed alone (its Speed comment is at `creditResultJson`; a
 * 60-payment table is 720 values).
 *
 * What it costs is the number of pieces glued, not their bytes (a piece costs V8 about 4 ns to
 * join and 5 ns more to flatten when the text is written out), so the table is written in as
 * few pieces as its constant parts allow:
 *
 * - a row's key texts are written around its values once, in one template;
 * - the five columns that repeat down a level-payment table (commission, the three insurances,
 *   the payment) are joined once and reused while they repeat;
 * - the row's head, `{"numAmortizacion":k,"fechaAmortizacion":"<date>","saldoCapital":"` with
 *   the end of the row before it, is kept for the last date seen at each row number
 *   (`MAX_CACHED_ROWS`), since every request opened the same day with the same periodicity has
 *   the same dates.
 *
 * The head's strings (one is the caller's `producto`) are checked and escaped if need be. The
 * row texts are the engine's formatted amounts and dates (`formatCents`, `formatIsoDate`: digits,
 * `-` and `.` only), so only their types are checked. Anything unexpected (another key order, a
 * value of another type, rows out of number) falls back to `asciiJson` for the whole result.
 */
import { CREDIT_ROW_KEYS, type CreditResult, type CreditRow } from '../contracts/credit.js';
import { asciiJson } from '../http/json.js';

/** Text a JSON string may hold unescaped, all ASCII: printable, no quote, no backslash. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * How many row heads (row number and date) are kept between calls: the schema's largest `plazo`
 * plus one, so one entry per row a table can have. About 80 bytes each.
 */
const MAX_CACHED_ROWS = 1000;

const HEAD_KEYS = [
  'fechaApertura',
  'montoSolicitado',
  'tasa',
  'plazo',
  'periodicidad',
  'iva',
  'facturaConIva',
  'producto',
  'comisiones',
  'tipoSeguro',
  'valorFactura',
  'cat',
  'indSeguro',
  'plazoSeguro',
  'importeSeguros',
  'importeCatSegVida',
  'importeCatSegDanio',
  'numeroPagos',
  'totalPagar',
  'pagoMensual',
  'montoGarantiaExt',
  'importeInteresTotal',
  'impIVAInteresTotal',
  'importePago',
  'registros',
] as const;

const ROW_KEYS = CREDIT_ROW_KEYS;

/** Raised (as a flag) when a value is not what the template expects. */
let unexpected = false;

function text(value: unknown): string {
  if (typeof value === 'string') return PLAIN.test(value) ? `"${value}"` : asciiJson(value);
  unexpected = true;
  return '';
}

function int(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  unexpected = true;
  return '';
}

function sameKeys(value: object, keys: readonly string[]): boolean {
  let i = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key !== keys[i]) return false;
    i++;
  }
  return i === keys.length;
}

/** Row `k`'s head for the date last seen there: `[date, text]`. */
const rowHeads: (readonly [date: string, text: string])[] = [];

function rowHead(k: number, date: string): string {
  if (k >= MAX_CACHED_ROWS) return `"},{"numAmortizacion":${k + 1},"fechaAmortizacion":"${date}","saldoCapital":"`;
  const kept = rowHeads[k];
  if (kept !== undefined && kept[0] === date) return kept[1];
  // After the first row, the head carries the end of the row before it.
  const head = `${k === 0 ? '' : '"},'}{"numAmortizacion":${k + 1},"fechaAmortizacion":"${date}","saldoCapital":"`;
  rowHeads[k] = [date, head];
  return head;
}

/** The rows, from the first `{` to the last `}`. */
function table(rows: readonly CreditRow[]): string {
  let out = '';
  // The repeating columns, and their text from `","comisionAmortizacion":"` to `"saldoFin":"`.
  let commission: unknown;
  let life: unknown;
  let damage: unknown;
  let unemployment: unknown;
  let payment: unknown;
  let middle = '';
  for (let k = 0; k < rows.length; k++) {
    const r = rows[k] as CreditRow;
    if (
      r.comisionAmortizacion !== commission ||
      r.seguroVida !== life ||
      r.seguroDanos !== damage ||
      r.seguroDesempleo !== unemployment ||
      r.pagoAmortizacion !== payment
    ) {
      commission = r.comisionAmortizacion;
      life = r.seguroVida;
      damage = r.seguroDanos;
      unemployment = r.seguroDesempleo;
      payment = r.pagoAmortizacion;
      if (
        typeof commission !== 'string' ||
        typeof life !== 'string' ||
        typeof damage !== 'string' ||
        typeof unemployment !== 'string' ||
        typeof payment !== 'string'
      )
        unexpected = true;
      middle = `","comisionAmortizacion":"${commission}","seguroVida":"${life}","seguroDanos":"${damage}","seguroDesempleo":"${unemployment}","pagoAmortizacion":"${payment}","saldoFin":"`;
    }
    const { fechaAmortizacion: date, saldoCapital: opening, abonoCapital: capital, interesAmortizacion: interest } = r;
    const { ivaAmortizacion: vat, saldoFin: closing } = r;
    if (
      r.numAmortizacion !== k + 1 ||
      typeof date !== 'string' ||
      typeof opening !== 'string' ||
      typeof capital !== 'string' ||
      typeof interest !== 'string' ||
      typeof vat !== 'string' ||
      typeof closing !== 'string'
    ) {
      unexpected = true;
      return '';
    }
    out += `${rowHead(k, date)}${opening}","abonoCapital":"${capital}","interesAmortizacion":"${interest}","ivaAmortizacion":"${vat}${middle}${closing}`;
  }
  return rows.length === 0 ? out : `${out}"}`;
}

/**
 * `asciiJson(resultado)` for the credit engine's result, fast.
 *
 * @example
 * ```ts
 * const resultado = quoteCredit(solicitud);
 * creditResultJson(resultado) === JSON.stringify(resultado); // true (the result is ASCII)
 * ```
 */
export function creditResultJson(result: CreditResult): string {
  // Speed: the result written in as few string pieces as its constant parts allow (above) instead of
  // `asciiJson(result)`; buys 23–24 µs of 31–33 µs per handle() of the 60-payment AutoEstrene to
  // bytes (A/B on benchmarks/handle.ts's request, 2026-11-26, 62d6257).
  const rows = result.registros;
  if (!sameKeys(result, HEAD_KEYS) || !Array.isArray(rows) || (rows.length > 0 && !sameKeys(rows[0] as object, ROW_KEYS))) {
    return asciiJson(result);
  }
  unexpected = false;
  const body = table(rows);
  const r = result;
  const head = `{"fechaApertura":${text(r.fechaApertura)},"montoSolicitado":${text(r.montoSolicitado)},"tasa":${text(r.tasa)},"plazo":${int(r.plazo)},"periodicidad":${text(r.periodicidad)},"iva":${int(r.iva)},"facturaConIva":${int(r.facturaConIva)},"producto":${text(r.producto)},"comisiones":${text(r.comisiones)},"tipoSeguro":${int(r.tipoSeguro)},"valorFactura":${text(r.valorFactura)},"cat":${text(r.cat)},"indSeguro":${int(r.indSeguro)},"plazoSeguro":${int(r.plazoSeguro)},"importeSeguros":${text(r.importeSeguros)},"importeCatSegVida":${text(r.importeCatSegVida)},"importeCatSegDanio":${text(r.importeCatSegDanio)},"numeroPagos":${int(r.numeroPagos)},"totalPagar":${text(r.totalPagar)},"pagoMensual":${text(r.pagoMensual)},"montoGarantiaExt":${text(r.montoGarantiaExt)},"importeInteresTotal":${text(r.importeInteresTotal)},"impIVAInteresTotal":${text(r.impIVAInteresTotal)},"importePago":${text(r.importePago)},"registros":[`;
  // Rows after the first were built by the same object literal, so they share its keys; a row
  // that does not is still caught by the type checks (a missing field is undefined, not text).
  return unexpected ? asciiJson(result) : `${head}${body}]}`;
}
