/**
 * The AutoEstrene `resultado` as JSON text, written field by field: the same bytes as
 * `JSON.stringify(resultado)` (or, given `asciiJson` as the fallback, as `asciiJson(resultado)`:
 * what the service sends), for speed alone (its Speed comment is at `creditResultJson`; a
 * 60-payment table is 720 values). `quoteCreditJson` quotes and writes in one call. The service
 * and the public API use this one writer.
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
 *   (`rowHead` in `./credit/json.ts`), since every request opened the same day with the same
 *   periodicity has the same dates;
 * - `quoteCreditJson` has a level table (no insurance, commission or charge columns) written as
 *   text straight from the schedule (`levelRowsJson`), with no row objects in between.
 *
 * The head's strings (one is the caller's `producto`) are checked and, when not plain printable
 * ASCII, written by the fallback (`JSON.stringify` by default). The row texts are the engine's
 * formatted amounts and dates (`formatCents`, `formatIsoDate`: digits, `-` and `.` only), so only
 * their types are checked. Anything unexpected (another key order, a value of another type, rows
 * out of number) is written by the fallback as a whole.
 */
import { CREDIT_ROW_KEYS, type CreditRequest, type CreditResult, type CreditRow } from '../contracts/credit.js';
import { type CreditOptions, NO_OPTIONS, quoteCredit, quoteCreditTable, quoteValidCredit, quoteValidCreditTable } from './quoteCredit.js';
import { rowHead } from './credit/json.js';
import type { TableText } from './credit/result.js';

/** Text a JSON string may hold unescaped, all ASCII: printable, no quote, no backslash. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

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

/** The fallback of the call under way, for a string that is not plain ASCII. */
let fallback: (value: unknown) => string = JSON.stringify;

function text(value: unknown): string {
  if (typeof value === 'string') return PLAIN.test(value) ? `"${value}"` : fallback(value);
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

/** The result's fields before its rows, through `"registros":[` (sets `unexpected`). */
function headJson(r: CreditResult): string {
  return `{"fechaApertura":${text(r.fechaApertura)},"montoSolicitado":${text(r.montoSolicitado)},"tasa":${text(r.tasa)},"plazo":${int(r.plazo)},"periodicidad":${text(r.periodicidad)},"iva":${int(r.iva)},"facturaConIva":${int(r.facturaConIva)},"producto":${text(r.producto)},"comisiones":${text(r.comisiones)},"tipoSeguro":${int(r.tipoSeguro)},"valorFactura":${text(r.valorFactura)},"cat":${text(r.cat)},"indSeguro":${int(r.indSeguro)},"plazoSeguro":${int(r.plazoSeguro)},"importeSeguros":${text(r.importeSeguros)},"importeCatSegVida":${text(r.importeCatSegVida)},"importeCatSegDanio":${text(r.importeCatSegDanio)},"numeroPagos":${int(r.numeroPagos)},"totalPagar":${text(r.totalPagar)},"pagoMensual":${text(r.pagoMensual)},"montoGarantiaExt":${text(r.montoGarantiaExt)},"importeInteresTotal":${text(r.importeInteresTotal)},"impIVAInteresTotal":${text(r.impIVAInteresTotal)},"importePago":${text(r.importePago)},"registros":[`;
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
 * A credit result (`quoteCredit`'s `resultado`) as JSON text: the same text as
 * `JSON.stringify(result)`, written about 5× faster for a 60-payment table. `stringify` is the
 * writer of anything the template does not hold (a string that is not plain printable ASCII, or an
 * object that is not a credit result): `JSON.stringify` by default; the service gives its
 * `asciiJson` (non-ASCII escaped), and then the text equals `asciiJson(result)`.
 *
 * @example
 * ```ts
 * const resultado = quoteCredit(solicitud);
 * creditResultJson(resultado) === JSON.stringify(resultado); // true
 * JSON.parse(creditResultJson(resultado)).registros.length; // 36
 * ```
 */
export function creditResultJson(result: CreditResult, stringify: (value: unknown) => string = JSON.stringify): string {
  // Speed: the result written in as few string pieces as its constant parts allow (above) instead of
  // `JSON.stringify`/`asciiJson` of the whole; buys 23–24 µs of 31–33 µs per handle() of the 60-payment AutoEstrene to
  // bytes (A/B on benchmarks/handle.ts's request, 2026-11-26, 62d6257).
  const rows = result.registros;
  if (!sameKeys(result, HEAD_KEYS) || !Array.isArray(rows) || (rows.length > 0 && !sameKeys(rows[0] as object, ROW_KEYS))) {
    return stringify(result);
  }
  unexpected = false;
  fallback = stringify;
  const body = table(rows);
  const head = headJson(result);
  // Rows after the first were built by the same object literal, so they share its keys; a row
  // that does not is still caught by the type checks (a missing field is undefined, not text).
  return unexpected ? stringify(result) : `${head}${body}]}`;
}

/**
 * `quoteCredit(solicitud, options)` as JSON text: the same text as
 * `JSON.stringify(quoteCredit(solicitud, options))`, for a caller that sends the quote on (behind
 * its own server or queue) and would otherwise pay more for `JSON.stringify` than for the quote.
 * Throws as {@link quoteCredit} does.
 *
 * @example
 * ```ts
 * const json = quoteCreditJson(solicitud, { fechaApertura: '2026-01-31' });
 * json === JSON.stringify(quoteCredit(solicitud, { fechaApertura: '2026-01-31' })); // true
 * JSON.parse(json).registros.length; // 36
 * ```
 */
export function quoteCreditJson(solicitud: CreditRequest, options: CreditOptions = NO_OPTIONS): string {
  // Speed: a level table (no insurance, commission or charge columns: the common quote) is written
  // as text straight from the schedule (`levelRowsJson`), with no row objects to build and read
  // back (creditResultJson's walk, levelRows and their GC were 30–40 % of the old path's profile);
  // other tables go through creditResultJson. Buys 0.40–0.41× → 0.34–0.35× of quoteCredit +
  // JSON.stringify at 60 payments (npm run bench --only json after the warm-up set, 2026-11-26).
  const asJson: TableText = { table: undefined };
  const result = quoteCreditTable(solicitud, options, asJson);
  return tableResultJson(result, asJson, JSON.stringify) ?? JSON.stringify(quoteCredit(solicitud, options));
}

/**
 * {@link quoteCreditJson} of a solicitud already validated (the service validates once, at the
 * boundary), with `stringify` the writer of what the template does not hold (the service's
 * `asciiJson`): the same text as `stringify(quoteValidCredit(solicitud, options))`.
 *
 * @example
 * ```ts
 * quoteValidCreditJson(solicitud, { fechaApertura: '2026-01-31' }) === quoteCreditJson(solicitud, { fechaApertura: '2026-01-31' }); // true
 * ```
 */
export function quoteValidCreditJson(
  solicitud: CreditRequest,
  options: CreditOptions = NO_OPTIONS,
  stringify: (value: unknown) => string = JSON.stringify,
): string {
  const asJson: TableText = { table: undefined };
  const result = quoteValidCreditTable(solicitud, options, asJson);
  return tableResultJson(result, asJson, stringify) ?? stringify(quoteValidCredit(solicitud, options));
}

/** The result's text with its level table already written in `asJson`, or undefined when the template cannot hold its head. */
function tableResultJson(result: CreditResult, asJson: TableText, stringify: (value: unknown) => string): string | undefined {
  if (asJson.table === undefined) return creditResultJson(result, stringify);
  unexpected = false;
  fallback = stringify;
  const head = headJson(result);
  return unexpected ? undefined : `${head}${asJson.table}]}`;
}
