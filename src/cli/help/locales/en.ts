/** English: the help of the command line, `cotizador --help` and each command's `--help`. */
import type { HelpId } from './es.js';

export const en: Readonly<Record<HelpId, string>> = {
  uso: `Usage: cotizador <command> [options]

Exact Mexican vehicle credit (AutoEstrene, CAT) and insurance (SegAutoVendor) quotes.

Commands:
  credit FILE            quote a credit: summary, amortization table and CAT
  policy FILE            quote vehicle insurance: offers and receipts
  batch FILE             quote a portfolio of solicitudes (CSV, JSON lines or a JSON array)
  grid FILE              quote every combination of --vary FIELD=... over a solicitud
  compare FILE...        rank credit offers by CAT, total, payment or initial outlay
  afford FILE...         the largest amount or price whose payment fits a share of an income
  solve FILE             solve for the amount, the rate, the term or the commission
  chart FILE...          draw the payment schedule or the balances as an SVG chart
  serve                  serve the whole interface over HTTP (docs/server.md) and the simulator
  simulator --out DIR    write the credit simulator as a static page (docs/simulator.md)
  help [COMMAND]         this help, or a command's help

Options of every command:
  --lang es|en           language of help, messages and errors (default es; also
                         COTIZADOR_LANG)
  --version              the version
  -h, --help             the help

Run 'cotizador <command> --help' for a command's options. Output goes to stdout unless
--out FILE is given. Exit codes: 0 success, 1 bad input, a rejected quote or a failed read
or write, 2 usage error, 70 internal error, 130 and 143 interrupted by SIGINT or SIGTERM.
`,
  opcionesMotor: `Engine options (applied to every quote; docs/credit.md and docs/conventions.md):
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
  opcionesEntradaSalida: `  --out FILE                   write to FILE instead of stdout: through a temporary file
                               beside it that replaces it only when complete (a failure or an
                               interruption leaves it as it was); it cannot be an input
  --max-input-bytes N          refuse an input of more than N bytes (default 16777216)
  --lang es|en                 language of help, messages and errors
  -h, --help                   this help
`,
  opcionesCsv: `  --bom                        CSV with a byte-order mark (BOM), as Excel wants it
  --raw                        do not neutralise cells a spreadsheet would read as a formula
                               (by default a cell starting with = + - @ gets a leading ')
`,
  credit: `Usage: cotizador credit FILE [--format table|csv|json|xlsx] [--explain-cat] [--out FILE] [engine options]

Quotes an AutoEstrene vehicle credit: level payment, totals, CAT and the amortization table.

FILE holds an AutoEstrene request body ({ "solicitud": { ... } }, with an optional "options"
beside it) or a bare solicitud; '-' reads stdin.

Options:
  --format table               summary (payment, interest, IVA, CAT), the charges at opening
                               that take the sum of payments to the total to pay, and the
                               amortization table, aligned for a terminal (default)
  --format csv                 RFC 4180 CSV: one header line, one line per row of registros
  --format json                exactly the resultado quoteCredit returns
  --format xlsx                an Excel workbook: sheets Resumen and Tabla
  --explain-cat                the CAT explained (explainCat): the flows that enter, their
                               times, discount factors and present values at the rate and at
                               the published tenth's two boundaries, the sums against their
                               bound, the charges that enter and those that do not, and why.
                               table writes it instead of the amortization table, csv writes
                               the flows, json explainCat's object, and xlsx adds a CAT sheet
{opcionesCsv}{opcionesEntradaSalida}
{opcionesMotor}
table, csv and xlsx always show the table: they quote with generaTablaPagos: true even when
the file omits it. json quotes the solicitud as given.
`,
  policy: `Usage: cotizador policy FILE [--format table|csv|json|xlsx] [--fecha-inicio YYYY-MM-DD] [--out FILE]

Quotes SegAutoVendor vehicle insurance: every offer (insurer × package) with its premium
and payment receipts.

FILE holds a SegAutoVendor request body ({ "solicitud": { ... } }) or a bare solicitud;
'-' reads stdin.

Options:
  --format table               the offers, then each offer's receipts, aligned (default)
  --format csv                 RFC 4180 CSV: one line per receipt, with its offer's insurer,
                               package and idCotizacion
  --format json                exactly the resultado quotePolicy returns
  --format xlsx                an Excel workbook: sheets Ofertas and Recibos
  --fecha-inicio DATE          policy start (YYYY-MM-DD); default: today in America/Mexico_City
{opcionesCsv}{opcionesEntradaSalida}`,
  batch: `Usage: cotizador batch FILE [--format csv|jsonl|xlsx|table] [--shard I/N] [--id COLUMN]
                      [--out FILE [--resume]] [--progress] [engine options]

Quotes a portfolio of AutoEstrene solicitudes, one a record, and writes one output record per
input record: its line, its results (montoSolicitado, plazo, tasa, pagoMensual, totalPagar,
importeInteresTotal, impIVAInteresTotal, cat) or, when the engine rejects it, codigoError,
valorIncorrecto and mensaje; the run goes on. Reads and writes as it goes: memory does not grow
with the file.

FILE ('-' reads stdin) is, by its extension or its first character:
  .csv          RFC 4180 CSV with a header of solicitud field names
                (informacionSeguro.<field> for nested ones); amounts as text; an empty cell
                leaves the field out
  .jsonl        JSON lines: a solicitud (or { "solicitud": ..., "options": ... }) a line
  .json         a JSON array of solicitudes

Options:
  --input-format csv|jsonl|json
                               the input's format, when the extension does not say it
  --format csv                 RFC 4180 CSV (default)
  --format jsonl               one JSON object a record
  --format xlsx                an Excel workbook (sheet Cartera)
  --format table               aligned columns for a terminal
  --id COLUMN                  a column (or JSON key) naming the record: copied to the output,
                               never sent to the engine
  --shard I/N                  only part I of N (1 ≤ I ≤ N): the records are cut into N
                               contiguous runs; the N parts' outputs, concatenated in order, are
                               the whole run's output, byte for byte (csv, jsonl, table; the
                               header and BOM only in part 1)
  --progress                   progress with rate and time left on stderr even when it is not
                               a terminal
  --resume                     continue FILE.partial (the partial of --out an interrupted run
                               leaves) after its last complete record (csv, jsonl)
{opcionesCsv}{opcionesEntradaSalida}
{opcionesMotor}`,
  grid: `Usage: cotizador grid FILE --vary FIELD=V1,V2,... [--vary FIELD=FROM:TO:STEP ...]
                     [--format csv|table|json|jsonl|xlsx] [--workers N] [--out FILE]
                     [--chart FILE.svg] [engine options]

Quotes every combination of the variations over the base AutoEstrene solicitud in FILE and
writes one line per scenario: the varied fields, then pagoMensual, totalPagar,
importeInteresTotal and cat. A scenario the engine rejects is a line with codigoError,
valorIncorrecto (the field) and mensaje instead.

FILE holds an AutoEstrene request body or a bare solicitud ('-' reads stdin). The scenarios are
quoted without the amortization table (generaTablaPagos: false); the summary is the same.

Options:
  --vary FIELD=V1,V2,...       a list of values (repeat --vary for more fields)
  --vary FIELD=FROM:TO:STEP    an exact decimal range, TO included when a step lands on it
                               (tasa=10:20:0.5, plazo=12:60:12); FIELD is a solicitud field
                               or informacionSeguro.<field>
  --format csv                 RFC 4180 CSV (default)
  --format table               aligned columns for a terminal
  --format json                a JSON array of { index, scenario, result | error }
  --format jsonl               one JSON object a line (JSON lines)
  --format xlsx                an Excel workbook (sheet Escenarios)
  --max-scenarios N            refuse a grid of more than N scenarios before quoting
                               (default {maxScenarios})
  --workers N                  worker threads (0: the main thread; at most one per core);
                               default: one per core from {workerThreshold} scenarios when there
                               are more than two cores
  --chunk-size N               scenarios per task sent to a worker (default {chunkSize})
  --chart FILE.svg             also a chart: the --chart-y result against the first varied
                               field, one line per value of the second
  --chart-y MEASURE            {measures} (default pagoMensual)
  --progress                   progress with rate and time left on stderr even when it is
                               not a terminal
{opcionesCsv}{opcionesEntradaSalida}
{opcionesMotor}
Output is streamed; on a terminal progress is drawn on stderr.
`,
  compare: `Usage: cotizador compare FILE FILE... [--rank-by cat|total|payment|outlay]
                       [--format table|csv|json|xlsx] [--label TEXT ...] [--chart FILE.svg]
                       [engine options]

Ranks AutoEstrene credit offers (other lenders, terms, down payments, insurance paid up front
or financed) by one measure, best first, with each one's difference to the best of every
measure (exact, to the cent; the CAT in tenths). The measures, all "lower is better":
  cat                          the quote's CAT
  total                        everything paid for the vehicle and the credit: the down
                               payment plus totalPagar
  payment                      the payment per month: pagoMensual × payments a year / 12 (a
                               monthly offer's is its pagoMensual)
  outlay                       the initial outlay: the down payment, the opening commission
                               and its IVA, and the insurance paid up front
A tie is broken by the other measures in the order cat, total, payment, outlay, then by the
files' order. An offer the engine refuses is listed with its error; the others are ranked
all the same.

Each FILE holds an AutoEstrene solicitud and, optionally, its own "options" (a prepayment, a
promotion, another convention...); the command line's engine options apply to all of them.

Options:
  --rank-by MEASURE            the measure to rank by: cat (default), total, payment, outlay
  --format table               aligned columns: the terms, the four measures and the
                               difference of the one ranked by (default)
  --format csv                 RFC 4180 CSV: one line per offer, each measure with its Δ
  --format json                { rankBy, offers: [{ rank, label, measures, differences,
                               downPayment, charges, quote }], failed: [...] }
  --format xlsx                Excel workbook: sheet Ofertas
  --label TEXT                 the name of each offer, in the files' order (repeatable;
                               default: the file's name)
  --chart FILE.svg             also, the outstanding balance of each offer, one line each
{opcionesCsv}{opcionesEntradaSalida}
{opcionesMotor}`,
  afford: `Usage: cotizador afford FILE... --income AMOUNT --share PCT [--income-period M|Q|C|S|D]
                      [--down-payment PCT%|AMOUNT] [--format table|csv|json|xlsx]
                      [--label TEXT ...] [--chart FILE.svg] [engine options]

What an income affords with each offer (affordability): the largest amount (montoSolicitado,
with the vehicle's price in the file) or, with --down-payment, the largest vehicle price
(valorFactura) whose payment (pagoMensual) fits PCT % of the income, exact to the cent: one
cent more does not fit or the engine refuses it. The offers are ranked from the one that
affords the most; one the engine refuses is listed with its error.

The limit per payment period is PCT % of the income brought to the credit's period over the
same year (income × PCT / 100 × the income's periods a year / the credit's payments a year),
rounded down to the cent.

Options:
  --income AMOUNT              the income, per period of --income-period
  --share PCT                  the share of the income for the payment, percent (30 or 30%)
  --income-period CODE         the income's period: M monthly (default), Q, C, S, D
  --down-payment PCT%|AMOUNT   solve for the vehicle's price with this down payment: a
                               percentage of the price (20%, rounded up to the cent) or a
                               fixed amount (70000.00)
  --format table               aligned columns (default)
  --format csv                 RFC 4180 CSV: one line per offer, with one cent more and its
                               payment or its refusal
  --format json                { unknown, income, maxShare, offers: [...], failed: [...] }
  --format xlsx                Excel workbook: sheet Capacidad
  --label TEXT                 the name of each offer, in the files' order (repeatable)
  --chart FILE.svg             also, the outstanding balance of each offer at what it affords
{opcionesCsv}{opcionesEntradaSalida}
{opcionesMotor}
Example: cotizador afford examples/autoestrene.json --income 30000 --share 30
`,
  solve: `Usage: cotizador solve FILE --unknown UNKNOWN --target TARGET=VALUE [--format table|csv|json]
                     [engine options]

Solves one term of the credit in FILE for a target (solveCredit): the value such that the
quote with it meets the target and the next step does not. Prints the value and the quote at it.

  --unknown UNKNOWN            {unknowns}
  --target TARGET=VALUE        pagoMensual=8000 or totalPagar=400000 (the amount, at most),
                               cat=18.5 (the published CAT, at most)
  --format table               the value, the summary and the table (default)
  --format csv                 CSV: a header line and a line of values (the unknown, its value,
                               the payment, the total, the interest and the CAT)
  --format json                { unknown, value, target, quote }
{opcionesCsv}{opcionesEntradaSalida}
{opcionesMotor}
Example: cotizador solve examples/autoestrene.json --unknown montoSolicitado --target pagoMensual=8000
`,
  chart: `Usage: cotizador chart FILE [--kind schedule] [--out FILE.svg] [options]
       cotizador chart FILE FILE... --kind balance [--label TEXT ...] [--out FILE.svg]

Draws an SVG chart (axes, labels, a title and a legend; opens in a browser).

  --kind schedule              the amortization table of one quote: stacked bars per payment
                               (capital, interest, IVA, insurance and commission when present)
                               and the balance as a line on a second axis (default)
  --kind balance               the outstanding balance of several quotes overlaid, one line
                               per FILE (with and without a prepayment, two terms...); each
                               file may carry its own "options" beside the solicitud
  --label TEXT                 the name of each balance line, in the files' order
                               (repeatable; default: the file's name)
  --title TEXT                 chart title (default: amount, term, rate and CAT)
  --width PX                   width in pixels (default 960)
  --height PX                  height in pixels (default 540)
{opcionesEntradaSalida}
{opcionesMotor}
Each FILE holds an AutoEstrene solicitud ('-' reads stdin); it is quoted with its table.
`,
  simulator: `Usage: cotizador simulator --out DIR

Writes the credit simulator, a static page (index.html, simulador.js, simulador.css,
simulador.svg and simulador-sw.js), into DIR, for any static file server. The exact engine runs in the page: no
figure travels to a server. Serve it with the header Content-Security-Policy: default-src 'self'
(the page has no inline script or style).

Options:
  --out DIR         where to write it (created when missing; its other files are left alone)
  --lang es|en      language of the messages and errors
  -h, --help        this help
`,
  serve: `Usage: cotizador serve [--port N] [--host ADDR] [--config FILE.json] [--dev] [--no-log]
                       [--metrics] [--metrics-port N]

Serves the whole interface (token URLs, quoter, taxpayer documents, ATM open data) and
/openapi.json, /.well-known/jwks.json, /health and /ready on node:http, the API console at /docs,
and the credit simulator at / and /simulador (docs/simulator.md).

Options:
  --port N          TCP port (default 8080; 0 picks a free one)
  --host ADDR       address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
  --config FILE     JSON configuration (docs/server.md shows its format)
  --dev             start without a signing secret or key: tokens are signed with a random
                    secret of this process and stop working after a restart; without
                    clients, creates a demo one and prints curl lines to try it
  --no-log          no request log (JSON lines in pino's shape on stdout)
  --metrics         Prometheus metrics at /metrics (needs npm install prom-client)
  --metrics-port N  the metrics on a port of their own instead of the server's
  --lang es|en      language of help, messages and errors
  -h, --help        this help

Every setting comes, by increasing precedence, from its default, the configuration file, the
environment and the command line. Environment:
  COTIZADOR_CONFIG                   the configuration file (like --config)
  COTIZADOR_CLIENTS                  JSON: [{"clientId":…,"clientSecret":…,"scopes":["update","read"]}]
  COTIZADOR_TOKEN_SECRET             HS256 secret (≥ 32 bytes) that signs the tokens
  COTIZADOR_PREVIOUS_TOKEN_SECRETS   JSON list of earlier secrets still accepted (rotation)
  COTIZADOR_TOKEN_KEY, _KEY_FILE     RS256 private key (PEM text or file), instead of a secret
  COTIZADOR_TOKEN_KEY_ID             its kid (default: the key's RFC 7638 thumbprint)
  COTIZADOR_PREVIOUS_PUBLIC_KEY_FILES  comma-separated PEM files of earlier public keys
  COTIZADOR_RATE_LIMIT               CAPACITY/PER_SECOND per client, or off (default {rateLimit})
  COTIZADOR_SWITCHES_OFF             all, or APIs switched off: token,quoter,taxpayer,atm
  COTIZADOR_BANK_OFFLINE             true: every API answers 503 ERRSER003
  COTIZADOR_ATMS_FILE                the ATM data set to serve (JSON)
  COTIZADOR_RATE_LIMIT_STORE         memory (default) or redis: where the limits live
  COTIZADOR_REDIS_URL                redis://[user:password@]host[:port][/db], shared by the instances
  COTIZADOR_REDIS_KEY_PREFIX         prefix of the keys in Redis (default cotizador:rl:)
  COTIZADOR_RATE_LIMIT_STORE_DOWN    when Redis does not answer: local (default), open or closed
  COTIZADOR_AUTH_FAILURE_LIMIT       on (default) or off: the failed-authentication limit
  COTIZADOR_CORS_ORIGINS             origins allowed to browsers, comma-separated, or *
  COTIZADOR_TRUST_PROXY              IP addresses of the trusted proxies (X-Forwarded-For), comma-separated
{settings}

Signals: SIGTERM and SIGINT stop accepting connections, answer every request received (those
still pending at the grace's end with 503) and exit 0; a second SIGTERM or SIGINT cuts the grace
to zero; SIGHUP re-reads the configuration file's switches.
`,
  ajusteTokenTtlSeconds: 'access-token lifetime (3600)',
  ajusteMaxTokenTtlSeconds: 'longest token lifetime accepted (tokenTtlSeconds; at most 86400)',
  ajusteTokenIssuer: 'iss of the tokens (cotizador)',
  ajusteTokenAudience: 'aud of the tokens (cotizador-api)',
  ajusteClockSkewSeconds: 'skew on nbf/iat/exp (30)',
  ajusteHelpUrl: 'base of detalles.enlace',
  ajusteMaxHeaderBytes: 'larger headers get 431 (8192)',
  ajusteMaxBodyBytes: 'larger JSON bodies get 400 (1048576)',
  ajusteMaxFormBytes: 'larger token forms get 400 (4096)',
  ajusteMaxFormFields: 'token forms with more fields get 400 (8)',
  ajusteRequestTimeoutMs: 'headers and body must arrive within (30000)',
  ajusteAtmsPublic: 'the ATM API needs no token (false)',
  ajusteLineaCaptura: 'the lineaCaptura values obtenerDocumento accepts: free, sat or treasury (free)',
  ajusteKeepAliveTimeoutMs: 'idle keep-alive connections close after (5000)',
  ajusteShutdownGraceMs: 'in-flight requests get this long on SIGTERM (10000)',
  ajusteWorkerThreads: 'threads for receipts and large bodies (cores − 1; 0: on the main thread)',
  ajusteWorkerQueue: 'jobs waiting for a thread; one more gets 503 (64)',
  ajusteReceiptCacheBytes: 'receipts kept, in characters of base64 and its JSON (16777216; 0: none)',
  ajusteHeavyPerSecond: "one client's receipts started a second; the others wait their turn (20; 0: no pace)",
  ajusteHeavyPerClient: "one client's receipts served at once; the others wait their turn (1; 0: no limit)",
  ajusteMaxConnections: 'connections open at once (the open-file limit − 64)',
  ajusteMaxConnectionsPerAddress: 'connections open from one address (a quarter of the total)',
  ajusteMaxBodiesInFlight: 'bodies being read at once; one more gets 503 (256)',
  ajusteMetrics: 'true: Prometheus metrics at /metrics (as --metrics)',
  ajusteMetricsPort: 'the metrics on this port (as --metrics-port)',
  ajusteLogLevel: 'the least level logged: info, warn, error or silent (info)',
};
