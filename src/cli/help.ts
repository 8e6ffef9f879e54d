/** The pieces of help text several commands share, in both languages. */

/**
 * A help text in Spanish and English.
 *
 * @example
 * ```ts
 * const help: Help = { es: 'Uso: cotizador x', en: 'Usage: cotizador x' };
 * ```
 */
export interface Help {
  readonly es: string;
  readonly en: string;
}

/**
 * The engine options every credit command takes (the loan engine's features and conventions).
 *
 * @example
 * ```ts
 * ENGINE_OPTIONS_HELP.en.includes('--prepay PERIOD:AMOUNT[:reduceTerm]'); // true
 * ```
 */
export const ENGINE_OPTIONS_HELP: Help = {
  es: `Opciones del motor (se aplican a cada cotización; docs/credit.md y docs/conventions.md):
  --options ARCHIVO.json       opciones de quoteCredit en JSON: conventions, prepayments,
                               balloon, grace, firstPaymentDate, fechaApertura, fechaInicio
  --prepay PAGO:IMPORTE[:reduceTerm]
                               pago anticipado a capital con el pago PAGO (repetible); por
                               omisión baja el pago (reducePayment), reduceTerm acorta el plazo
  --balloon IMPORTE|PCT%       pago global al final: un importe (90000.00) o un porcentaje
                               del monto financiado (30%)
  --grace N                    los primeros N pagos son solo interés e IVA
  --first-payment FECHA        fecha del primer pago (YYYY-MM-DD), periodo inicial irregular
  --day-count BASE             días del interés: days360, days365, actual360, actual365
                               (o perYear)
  --business-days MX|none      MX: un pago en sábado, domingo o día inhábil bancario pasa
                               al siguiente día hábil
  --fecha-apertura FECHA       fecha de apertura de las solicitudes que no la traen
  --convention CLAVE=VALOR     cualquier convención (repetible); VALOR en JSON o texto:
                               catTimeBasis=actual365, commissionVat=false
`,
  en: `Engine options (applied to every quote; docs/credit.md and docs/conventions.md):
  --options FILE.json          quoteCredit options as JSON: conventions, prepayments,
                               balloon, grace, firstPaymentDate, fechaApertura, fechaInicio
  --prepay PERIOD:AMOUNT[:reduceTerm]
                               a prepayment of capital with payment PERIOD (repeatable); by
                               default it lowers the payment (reducePayment), reduceTerm
                               shortens the term
  --balloon AMOUNT|PCT%        a final balloon payment: an amount (90000.00) or a percentage
                               of the amount financed (30%)
  --grace N                    the first N payments are interest and IVA only
  --first-payment DATE         the first payment date (YYYY-MM-DD), an irregular first period
  --day-count BASIS            interest days: days360, days365, actual360, actual365 (or
                               perYear)
  --business-days MX|none      MX: a payment on a Saturday, a Sunday or a bank holiday moves
                               to the next business day
  --fecha-apertura DATE        opening date of the solicitudes that have none
  --convention KEY=VALUE       any convention (repeatable); VALUE as JSON or text:
                               catTimeBasis=actual365, commissionVat=false
`,
};

/**
 * The input and output options every command takes.
 *
 * @example
 * ```ts
 * IO_OPTIONS_HELP.es.includes('--max-input-bytes'); // true
 * ```
 */
export const IO_OPTIONS_HELP: Help = {
  es: `  --out ARCHIVO                escribe en ARCHIVO en vez de stdout
  --max-input-bytes N          rechaza una entrada de más de N bytes (por omisión 16777216)
  --lang es|en                 idioma de la ayuda, los mensajes y los errores
  -h, --help                   esta ayuda
`,
  en: `  --out FILE                   write to FILE instead of stdout
  --max-input-bytes N          refuse an input of more than N bytes (default 16777216)
  --lang es|en                 language of help, messages and errors
  -h, --help                   this help
`,
};

/**
 * The CSV options of the commands that write CSV.
 *
 * @example
 * ```ts
 * CSV_OPTIONS_HELP.en.includes('--raw'); // true
 * ```
 */
export const CSV_OPTIONS_HELP: Help = {
  es: `  --bom                        CSV con marca de orden de bytes (BOM), como la quiere Excel
  --raw                        no neutraliza las celdas que una hoja de cálculo leería como
                               fórmula (por omisión, una celda que empieza con = + - @ lleva ')
`,
  en: `  --bom                        CSV with a byte-order mark (BOM), as Excel wants it
  --raw                        do not neutralise cells a spreadsheet would read as a formula
                               (by default a cell starting with = + - @ gets a leading ')
`,
};
