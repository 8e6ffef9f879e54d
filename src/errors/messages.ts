/**
 * The message table: every text the library puts in an error, in Spanish (the interface's
 * language and the default) and English, as data. A text names its values as `{name}`;
 * {@link messageText} fills them. Engines never inline a message: they name its entry.
 */

import { defineCatalog, renderMessage, type Lang, type MessageParams } from './catalog.js';

export type { Lang, MessageParams } from './catalog.js';

interface Entry {
  readonly es: string;
  readonly en: string;
}

/**
 * Every message, by id.
 *
 * @example
 * ```ts
 * MESSAGES.plazoMinimo.es; // 'El plazo debe ser de al menos un pago'
 * ```
 */
export const MESSAGES = {
  // Request validation (one standard text per code).

  // Credit request (AutoEstrene).
  plazoMinimo: { es: 'El plazo debe ser de al menos un pago', en: 'The term must have at least one payment' },
  engancheMinimo: {
    es: 'El enganche ({percent}% del precio) es menor al mínimo de {minimum}%',
    en: 'The down payment ({percent}% of the price) is below the minimum of {minimum}%',
  },

  // Credit features: calendars, prepayments, balloon, grace, solving for the unknown (issue 10).
  opcionObjeto: { es: 'Se esperaba un objeto {shape}', en: 'An object {shape} was expected' },

  // The CAT above its ceiling (issue 13). catExcedeTecho lives in src/cat/messages.ts; this copy
  // stays while src/quotes recognises the id. The catTecho* entries are what src/quotes says.
  catExcedeTecho: {
    es: 'El CAT excede el máximo publicable de {ceiling} %',
    en: 'The CAT exceeds the highest publishable {ceiling} %',
  },

  // Policy request (SegAutoVendor) and tariff.
  polizaAnualMaximo: { es: 'Una póliza anual cubre a lo más {months} meses', en: 'An annual policy covers at most {months} months' },

  // Service.
  operacionExitosa: { es: 'Operación exitosa', en: 'Successful operation' },
  pagoNoRegistrado: {
    es: 'No existe un pago registrado con la línea de captura',
    en: 'No payment is registered with this payment reference line',
  },
  contentTypeJson: {
    es: 'Content-Type debe ser application/json; charset=utf-8',
    en: 'Content-Type must be application/json; charset=utf-8',
  },
  contentTypeForm: {
    es: 'Content-Type debe ser application/x-www-form-urlencoded',
    en: 'Content-Type must be application/x-www-form-urlencoded',
  },
  cuerpoExcedeLimite: { es: 'El cuerpo excede el tamaño permitido', en: 'The body exceeds the allowed size' },
  recursoNoEncontrado: { es: 'Recurso no encontrado', en: 'Resource not found' },
  encabezadosExceden: { es: 'Los encabezados exceden {bytes} bytes', en: 'The headers exceed {bytes} bytes' },
  soloPost: { es: 'Solo se acepta el método POST', en: 'Only the POST method is accepted' },
  soloJson: { es: 'Solo se responde application/json', en: 'Only application/json is served' },
  tokenInvalido: { es: 'El token de acceso no es válido', en: 'The access token is not valid' },
  tokenExpirado: { es: 'El token de acceso expiró', en: 'The access token expired' },
  tokenSinPermiso: { es: 'El token no tiene el permiso requerido', en: 'The token lacks the required scope' },
  basicEsperado: { es: 'Se esperaban credenciales Basic', en: 'Basic credentials were expected' },
  credencialesDuplicadas: {
    es: 'Las credenciales se envían en Authorization o en el formulario, no en ambos',
    en: 'Credentials go in Authorization or in the form, not both',
  },
  credencialesFaltan: { es: 'Faltan las credenciales del cliente', en: 'The client credentials are missing' },
  credencialesInvalidas: { es: 'Credenciales del cliente no válidas', en: 'Invalid client credentials' },
  scopeNoPermitido: { es: 'El cliente no tiene el permiso solicitado', en: 'The client does not have the requested scope' },
  configEnteroPositivo: { es: '{name} debe ser un entero positivo', en: '{name} must be a positive integer' },
  configRelojInvalido: {
    es: 'El reloj configurado (now) no devolvió una fecha válida',
    en: 'The configured clock (now) did not return a valid date',
  },
  configClientes: { es: 'clients debe ser una lista o una función de búsqueda', en: 'clients must be a list or a lookup function' },
  configHelpUrl: { es: 'helpUrl debe tener de 1 a 280 caracteres', en: 'helpUrl must have 1 to 280 characters' },
  configSecretoOLlaves: { es: 'Configure tokenSecret o tokenKeys, no ambos', en: 'Configure tokenSecret or tokenKeys, not both' },
  configLlavesRsa: { es: 'tokenKeys debe ser un par de llaves RSA', en: 'tokenKeys must be an RSA key pair' },
  configSinSecreto: { es: 'Se requiere tokenSecret o tokenKeys', en: 'tokenSecret or tokenKeys is required' },
  configSecretoCorto: {
    es: 'tokenSecret debe tener al menos 32 bytes (RFC 7518 §3.2)',
    en: 'tokenSecret must have at least 32 bytes (RFC 7518 §3.2)',
  },

  // Service, issue 12: the standard text of each error code (`mensaje`, in both languages), the
  // interface's 408/429/503 and switch-off answers, body reading, signing keys, rate limits,
  // switches, and the ATM error descriptions (es_MX by default, en_US on request).
  tiempoAgotado: {
    es: 'La petición no llegó completa en {seconds} s',
    en: 'The request did not arrive complete within {seconds} s',
  },
  demasiadasPeticiones: {
    es: 'Demasiadas peticiones del cliente; reintente en {seconds} s',
    en: 'Too many requests from the client; retry in {seconds} s',
  },
  sinConexionBanco: {
    es: 'El servicio no tiene conexión con el banco; reintente más tarde',
    en: 'The service has no connection to the bank; retry later',
  },
  apiApagada: { es: 'La API {api} está apagada', en: 'The {api} API is switched off' },
  apisApagadas: { es: 'Todas las APIs están apagadas', en: 'All APIs are switched off' },
  soloGet: { es: 'Solo se aceptan los métodos GET y HEAD', en: 'Only the GET and HEAD methods are accepted' },
  configLlaveRsaCorta: {
    es: 'Las llaves RSA deben tener al menos {bits} bits',
    en: 'RSA keys must have at least {bits} bits',
  },
  configParDeLlaves: {
    es: 'La llave pública no corresponde a la llave privada',
    en: 'The public key does not match the private key',
  },
  configLlaveActual: {
    es: 'La primera llave firma los tokens y necesita su llave privada',
    en: 'The first key signs the tokens and needs its private key',
  },
  configKidRepetido: { es: 'Dos llaves tienen el mismo kid: {kid}', en: 'Two keys have the same kid: {kid}' },
  configKidForma: {
    es: 'Un kid tiene de 1 a 64 caracteres [A-Za-z0-9._-]',
    en: 'A kid has 1 to 64 characters [A-Za-z0-9._-]',
  },
  configTexto: { es: '{name} debe ser un texto de 1 a {max} caracteres', en: '{name} must be a text of 1 to {max} characters' },
  configEnteroNoNegativo: { es: '{name} debe ser un entero mayor o igual a cero', en: '{name} must be an integer of zero or more' },
  configApiDesconocida: { es: 'API desconocida: {api}; use {apis}', en: 'Unknown API: {api}; use {apis}' },
  configTienda: {
    es: 'rateLimit.store debe tener un método take(key, policy, nowMs)',
    en: 'rateLimit.store must have a take(key, policy, nowMs) method',
  },
  llaveEfimera: {
    es: 'Sin tokenSecret ni tokenKeys: los tokens se firman con un secreto aleatorio de este proceso y no valdrán en otra instancia ni tras reiniciar',
    en: 'No tokenSecret or tokenKeys: tokens are signed with a random secret of this process and will not verify in another instance or after a restart',
  },
} as const satisfies Record<string, Entry>;

/**
 * The id of a message in the message table (`MESSAGES`, in `src/errors/messages.ts`).
 *
 * @example
 * ```ts
 * const id: MessageId = 'plazoMinimo';
 * ```
 */
export type MessageId = keyof typeof MESSAGES;

/**
 * The table as a catalog, while the domains move their messages into catalogs of their own.
 *
 * @example
 * ```ts
 * LEGACY_MESSAGES.locales.en.plazoMinimo; // 'The term must have at least one payment'
 * ```
 */
export const LEGACY_MESSAGES = defineCatalog('legacy', {
  es: Object.fromEntries(Object.entries(MESSAGES).map(([id, entry]) => [id, entry.es])) as Record<MessageId, string>,
  en: Object.fromEntries(Object.entries(MESSAGES).map(([id, entry]) => [id, entry.en])) as Record<MessageId, string>,
});

/**
 * A message in `lang` with its `{name}` values filled (a missing value stays as written).
 *
 * @example
 * ```ts
 * messageText('polizaAnualMaximo', 'es', { months: 12 }); // 'Una póliza anual cubre a lo más 12 meses'
 * messageText('polizaAnualMaximo', 'en', { months: 12 }); // 'An annual policy covers at most 12 months'
 * ```
 */
export function messageText(id: MessageId, lang: Lang = 'es', params?: MessageParams): string {
  return renderMessage({ catalog: LEGACY_MESSAGES, id, params }, lang);
}
