/**
 * The CLI's own message table: every text the command line prints about itself (its errors, its
 * progress, the labels of its tables), in Spanish (the default) and English, by id. The engines'
 * errors come from `src/errors/messages.ts` in the same two languages; `--lang en` switches both.
 */

/**
 * A language the CLI speaks: `es` (default) or `en`.
 *
 * @example
 * ```ts
 * const lang: CliLang = 'en';
 * cliText('sinArchivo', lang); // 'missing FILE'
 * ```
 */
export type CliLang = 'es' | 'en';

/**
 * The languages, in the order `--lang` lists them.
 *
 * @example
 * ```ts
 * CLI_LANGS; // ['es', 'en']
 * ```
 */
export const CLI_LANGS = ['es', 'en'] as const;

/**
 * Every CLI message, by id; `{name}` is filled from the params.
 *
 * @example
 * ```ts
 * CLI_MESSAGES.sinArchivo.es; // 'falta ARCHIVO'
 * ```
 */
export const CLI_MESSAGES = {
  // ---- cli (issue 11): usage errors -------------------------------------------------------------
  verAyuda: { es: "Vea 'cotizador{command} --help'.", en: "See 'cotizador{command} --help'." },
  comandoDesconocido: { es: "comando desconocido '{name}'", en: "unknown command '{name}'" },
  opcionDesconocida: { es: 'opción desconocida {option}', en: 'unknown option {option}' },
  opcionSinValor: { es: 'la opción {option} requiere un valor', en: 'option {option} needs a value' },
  opcionNoTomaValor: { es: 'la opción {option} no lleva valor', en: 'option {option} takes no value' },
  argumentoInesperado: { es: "argumento inesperado '{value}'", en: "unexpected argument '{value}'" },
  opcionUnaDe: {
    es: "la opción --{option} debe ser una de {allowed} (se recibió '{value}')",
    en: "option --{option} must be one of {allowed} (got '{value}')",
  },
  opcionEntero: {
    es: "la opción --{option} debe ser un entero ≥ {min} (se recibió '{value}')",
    en: "option --{option} must be an integer ≥ {min} (got '{value}')",
  },
  opcionForma: {
    es: "la opción --{option} se escribe {shape} (se recibió '{value}')",
    en: "option --{option} is written {shape} (got '{value}')",
  },
  opcionesIncompatibles: { es: '--{a} no se puede usar con {b}', en: '--{a} cannot be used with {b}' },
  sinArchivo: { es: 'falta ARCHIVO', en: 'missing FILE' },
  unArchivo: { es: 'se esperaba un ARCHIVO, se recibieron {count}: {files}', en: 'expected one FILE, got {count}: {files}' },
  dosArchivos: { es: 'se esperan al menos dos ARCHIVOS', en: 'expected at least two FILEs' },
  campoDosVeces: { es: "el campo '{field}' se varía dos veces", en: "field '{field}' is varied twice" },
  xlsxEnTerminal: {
    es: 'un libro xlsx es binario: use --out ARCHIVO.xlsx o redirija la salida',
    en: 'an xlsx workbook is binary: use --out FILE.xlsx or redirect the output',
  },
  bomSoloCsv: { es: '--bom solo aplica a --format csv', en: '--bom applies only to --format csv' },
  // ---- cli (issue 11): input and output -------------------------------------------------------
  noSePuedeLeer: { es: 'no se puede leer {file}: {reason}', en: 'cannot read {file}: {reason}' },
  noSePuedeEscribir: { es: 'no se puede escribir {file}: {reason}', en: 'cannot write {file}: {reason}' },
  entradaExcede: {
    es: '{file} excede {limit} bytes (--max-input-bytes {limit}); suba el límite con --max-input-bytes',
    en: '{file} exceeds {limit} bytes (--max-input-bytes {limit}); raise the limit with --max-input-bytes',
  },
  jsonNoValido: {
    es: '{file}: JSON no válido en la línea {line}, columna {column}: {problem}',
    en: '{file}: invalid JSON at line {line}, column {column}: {problem}',
  },
  csvNoValido: {
    es: '{file}: CSV no válido en la línea {line}, columna {column}: {problem}',
    en: '{file}: invalid CSV at line {line}, column {column}: {problem}',
  },
  esperabaObjeto: {
    es: '{file}: se esperaba un objeto JSON (un cuerpo {"solicitud": {...}} o una solicitud)',
    en: '{file}: expected a JSON object (a request body {"solicitud": {...}} or a bare solicitud)',
  },
  campoObjeto: { es: "{file}: el campo '{field}' debe ser un objeto JSON", en: "{file}: field '{field}' must be a JSON object" },
  claveDesconocida: {
    es: "{file}: clave '{key}' desconocida; el archivo lleva solicitud y, opcionalmente, options",
    en: "{file}: unknown key '{key}'; the file holds solicitud and, optionally, options",
  },
  escenariosExceden: {
    es: 'la cuadrícula tiene {count} escenarios, más que el límite de {limit} (--max-scenarios)',
    en: 'the grid has {count} scenarios, more than the limit of {limit} (--max-scenarios)',
  },
  filasXlsxExceden: {
    es: 'una hoja xlsx admite a lo más {limit} filas de datos; la salida tiene {count}: use csv o jsonl',
    en: 'an xlsx sheet holds at most {limit} data rows; the output has {count}: use csv or jsonl',
  },
  errorInterno: { es: 'error interno: {detail}', en: 'internal error: {detail}' },
  // Reasons an I/O call failed (by errno code; anything else is named by its code).
  ENOENT: { es: 'no existe', en: 'no such file or directory' },
  EISDIR: { es: 'es un directorio', en: 'is a directory' },
  ENOTDIR: { es: 'una parte de la ruta no es un directorio', en: 'a part of the path is not a directory' },
  EACCES: { es: 'permiso denegado', en: 'permission denied' },
  EPERM: { es: 'operación no permitida', en: 'operation not permitted' },
  ENOSPC: { es: 'no queda espacio en el dispositivo', en: 'no space left on device' },
  EROFS: { es: 'sistema de archivos de solo lectura', en: 'read-only file system' },
  EIO: { es: 'error de entrada/salida', en: 'input/output error' },
  EFBIG: { es: 'archivo demasiado grande', en: 'file too large' },
  EMFILE: { es: 'demasiados archivos abiertos', en: 'too many open files' },
  EBADF: { es: 'descriptor no válido', en: 'bad file descriptor' },
  // ---- cli (issue 11): what a quote error looks like ------------------------------------------
  errorDeCampo: { es: "{source}: campo '{field}': {code} {message}", en: "{source}: field '{field}': {code} {message}" },
  errorSinCampo: { es: '{source}: {code} {message}', en: '{source}: {code} {message}' },
  // ---- cli (issue 11): progress ---------------------------------------------------------------
  progreso: { es: '{done}/{total} ({percent}%) {rate}/s, faltan {eta}', en: '{done}/{total} ({percent}%) {rate}/s, ETA {eta}' },
  progresoSinTotal: { es: '{done} {rate}/s', en: '{done} {rate}/s' },
  // ---- cli (issue 11): labels of the credit table --------------------------------------------
  tituloCredito: { es: 'Cotización AutoEstrene: {source}', en: 'AutoEstrene quote: {source}' },
  etFechaApertura: { es: 'fecha de apertura (fechaApertura)', en: 'opening date (fechaApertura)' },
  etMonto: { es: 'monto (montoSolicitado)', en: 'amount (montoSolicitado)' },
  etMontoGarantia: { es: 'monto + garantía (montoGarantiaExt)', en: 'amount + warranty (montoGarantiaExt)' },
  etTasa: { es: 'tasa anual sin IVA (tasa)', en: 'annual rate, no VAT (tasa)' },
  etComisiones: { es: 'comisión por apertura (comisiones)', en: 'opening fee (comisiones)' },
  etPlazo: { es: 'plazo (plazo)', en: 'term (plazo)' },
  valPlazo: { es: '{plazo} pagos, periodicidad {periodicidad}', en: '{plazo} payments, periodicidad {periodicidad}' },
  etPago: { es: 'pago (pagoMensual)', en: 'payment (pagoMensual)' },
  etTotal: { es: 'total a pagar (totalPagar)', en: 'total to pay (totalPagar)' },
  etSumaPagos: { es: 'suma de los pagos (importePago)', en: 'sum of payments (importePago)' },
  etInteres: { es: 'interés (importeInteresTotal)', en: 'interest (importeInteresTotal)' },
  etIvaInteres: { es: 'IVA del interés (impIVAInteresTotal)', en: 'VAT on interest (impIVAInteresTotal)' },
  etCat: { es: 'CAT sin IVA (cat)', en: 'CAT, no VAT (cat)' },
  etMasComision: { es: '+ comisión por apertura ({percent} % de {base})', en: '+ opening commission ({percent} % of {base})' },
  etMasIvaComision: { es: '+ IVA de la comisión ({vat})', en: '+ VAT on the commission ({vat})' },
  noSeCobra: { es: 'no se cobra', en: 'not charged' },
  etMasVida: { es: '+ seguro de vida al inicio (importeCatSegVida)', en: '+ life insurance up front (importeCatSegVida)' },
  etMasDanio: { es: '+ seguro de daños al inicio (importeCatSegDanio)', en: '+ damage insurance up front (importeCatSegDanio)' },
  etMasPrima: { es: '+ prima de la póliza al inicio (primaTotal)', en: '+ policy premium up front (primaTotal)' },
  etMasPrimaVida: { es: '+ prima de vida de la póliza al inicio (segVida)', en: '+ policy life premium up front (segVida)' },
  etIgualTotal: { es: '= total a pagar (totalPagar)', en: '= total to pay (totalPagar)' },
  cierreCredito: {
    es: 'CAT {cat} % sin IVA, pago {pago}, total a pagar {total}',
    en: 'CAT {cat} % sin IVA, payment {pago}, total to pay {total}',
  },
  // ---- cli (issue 11): labels of the policy table ---------------------------------------------
  tituloPoliza: {
    es: 'Cotización SegAutoVendor: {source} (fechaInicio {fechaInicio}), {count} ofertas',
    en: 'SegAutoVendor quote: {source} (fechaInicio {fechaInicio}), {count} offers',
  },
} as const satisfies Record<string, { readonly es: string; readonly en: string }>;

/**
 * The id of a CLI message.
 *
 * @example
 * ```ts
 * const id: CliMessageId = 'sinArchivo';
 * ```
 */
export type CliMessageId = keyof typeof CLI_MESSAGES;

/**
 * Values a CLI message is rendered with.
 *
 * @example
 * ```ts
 * const params: CliParams = { file: 'x.json', reason: 'no existe' };
 * cliText('noSePuedeLeer', 'es', params); // 'no se puede leer x.json: no existe'
 * ```
 */
export type CliParams = Readonly<Record<string, string | number>>;

/**
 * A CLI message in `lang`, its `{name}` values filled.
 *
 * @example
 * ```ts
 * cliText('comandoDesconocido', 'en', { name: 'x' }); // "unknown command 'x'"
 * cliText('comandoDesconocido', 'es', { name: 'x' }); // "comando desconocido 'x'"
 * ```
 */
export function cliText(id: CliMessageId, lang: CliLang, params?: CliParams): string {
  const text: string = CLI_MESSAGES[id][lang];
  if (params === undefined) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/**
 * Why an I/O call failed, in `lang`: the table's text for its errno code, else the code itself
 * (never the system's English message).
 *
 * @example
 * ```ts
 * ioReason({ code: 'ENOENT' }, 'es'); // 'no existe'
 * ioReason({ code: 'EXDEV' }, 'en'); // 'EXDEV'
 * ```
 */
export function ioReason(error: unknown, lang: CliLang): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return cliText('EIO', lang);
  return Object.hasOwn(CLI_MESSAGES, code) && /^E[A-Z]+$/.test(code) ? cliText(code as CliMessageId, lang) : code;
}
