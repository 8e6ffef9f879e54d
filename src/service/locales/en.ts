/** English: what the service says — refusals, successes, its configuration's errors. */
import type { ServiceMessageId } from './es.js';

export const en: Readonly<Record<ServiceMessageId, string>> = {
  // The outcome of an operation.
  operacionExitosa: 'Successful operation',
  pagoNoRegistrado: 'No payment is registered with this payment reference line',

  // The request: route, method, headers, body, time.
  recursoNoEncontrado: 'Resource not found',
  soloPost: 'Only the POST method is accepted',
  soloGet: 'Only the GET and HEAD methods are accepted',
  soloJson: 'Only application/json is served',
  encabezadosExceden: 'The headers exceed {bytes} bytes',
  contentTypeJson: 'Content-Type must be application/json; charset=utf-8',
  contentTypeForm: 'Content-Type must be application/x-www-form-urlencoded',
  cuerpoExcedeLimite: 'The body exceeds the allowed size',
  tiempoAgotado: 'The request did not arrive complete within {seconds} s',

  // Credentials and access tokens.
  basicEsperado: 'Basic credentials were expected',
  credencialesFaltan: 'The client credentials are missing',
  credencialesInvalidas: 'Invalid client credentials',
  credencialesDuplicadas: 'Credentials go in Authorization or in the form, not both',
  scopeNoPermitido: 'The client does not have the requested scope',
  tokenInvalido: 'The access token is not valid',
  tokenExpirado: 'The access token expired',
  tokenSinPermiso: 'The token lacks the required scope',

  // Admission: the rate limit and the switches.
  demasiadasPeticiones: 'Too many requests from the client; retry in {seconds} s',
  demasiadosIntentos: 'Too many failed authentications; retry in {seconds} s',
  apiApagada: 'The {api} API is switched off',
  apisApagadas: 'All APIs are switched off',
  sinConexionBanco: 'The service has no connection to the bank; retry later',

  // The server's own capacity and protocol (cotizador/node): a full pool, too many connections, a stop, odd heads.
  servidorOcupado: 'The server is busy; retry in {seconds} s',
  servidorDeteniendose: 'The server is shutting down; retry in {seconds} s',
  demasiadasConexiones: 'Too many open connections from your address; retry in {seconds} s',
  soloExpectContinue: 'Only Expect: 100-continue is supported',
  configEjecutor: 'executor must have the methods run(job) and turn()',

  // Configuration, checked when the service is created (the clock: on every read).
  configEnteroPositivo: '{name} must be a positive integer',
  configEnteroNoNegativo: '{name} must be an integer of zero or more',
  configNumeroNoNegativo: '{name} must be a finite number of zero or more',
  configTexto: '{name} must be a text of 1 to {max} characters',
  configRelojInvalido: 'The configured clock (now) did not return a valid date',
  configClientes: 'clients must be a list or a lookup function',
  configHelpUrl: 'helpUrl must have 1 to 280 characters',
  configApiDesconocida: 'Unknown API: {api}; use {apis}',
  configTienda: 'rateLimit.store must have a take(key, policy, nowMs) method',
  configSecretoOLlaves: 'Configure tokenSecret or tokenKeys, not both',
  configSinSecreto: 'tokenSecret or tokenKeys is required',
  configSecretoCorto: 'tokenSecret must have at least 32 bytes (RFC 7518 §3.2)',
  configLlavesRsa: 'tokenKeys must be an RSA key pair',
  configLlaveRsaCorta: 'RSA keys must have at least {bits} bits',
  configParDeLlaves: 'The public key does not match the private key',
  configLlaveActual: 'The first key signs the tokens and needs its private key',
  configKidRepetido: 'Two keys have the same kid: {kid}',
  configKidForma: 'A kid has 1 to 64 characters [A-Za-z0-9._-]',
  configFuncion: '{name} must be a function',
  configSecretoDebil:
    'tokenSecret is predictable: {bits} estimated bits, at least {min} are required (length × entropy of its bytes); generate a random one',
  configCliente: 'Each client is an object with clientId, clientSecret and scopes',
  configClienteId: "clientId must have 1 to 100 characters, without ':' or control characters",
  configClienteSecretoVacio: 'clientSecret cannot be empty',
  configClienteSecretoCorto: 'clientSecret must have at least {chars} characters',
  configClienteSecretoDebil:
    'clientSecret is predictable: at least {bits} estimated bits are required (length × entropy of its characters); generate a random one',
  configClienteScopes: 'scopes must be a list of scopes without spaces, quotes or backslashes (RFC 6749 §3.3)',
  configClienteFecha: 'secretChangedAt must be an instant: a date, ISO 8601 text with a zone, or milliseconds since 1970',
  configClienteFechaFutura: 'secretChangedAt cannot be in the future',
  configClienteRepetido: 'Two clients have the same clientId: {id}',
  configTtlMaximo: 'tokenTtlSeconds ({ttl} s) cannot exceed maxTokenTtlSeconds ({max} s)',
  configPolitica: '{name} must be { capacity, refillPerSecond }, positive numbers',
  configTiendaPeek: 'authFailureLimit.store must have the take and peek methods',
  redisFalta: 'The package {package} is missing: install it (npm install {package}) to keep the limits in Redis',
  redisModo: "whenDown must be local, open or closed (got '{value}')",
  redisUrlOCliente: 'For Redis give url or client, one of the two',
  redisCaido: 'Redis does not answer ({reason}): the limits go on in {mode} mode until it is back',
  redisDeVuelta: 'Redis answers again: the limits are shared again',
  configTope: '{name} cannot exceed {max} s',
  configCorsOrigenes: "cors.allowedOrigins must be '*' or a non-empty list of origins",
  configCorsOrigen:
    "'{origin}' is not an origin: an http or https scheme, a host and an optional port, no path nor final slash (https://app.example.com)",
  configCorsCabeceras: '{name} must be a list of HTTP header names',
  configCorsCredenciales: "allowCredentials is not allowed with allowedOrigins '*' (browsers refuse it): list the origins",
  configCorsTope: 'cors.maxAgeSeconds must be an integer from 0 to 86400',
  metricasFalta: 'The package {package} is missing: install it (npm install {package}) to expose the metrics',
  configProxy: "trustProxy must be a list of the trusted proxies' IP addresses (got '{value}')",
  configMetricas: 'metrics must be an object with contentType (a text) and render() returning the metrics text',
  configDesconocida: '{name} is not a setting of the configuration; use {keys}',
  configUnoDe: '{name} must be one of: {values}',
  configObjeto: '{name} must be an object',
  configLista: '{name} must be a list',
  configBooleano: '{name} must be true or false',
  configFecha: '{name} must be a date YYYY-MM-DD',
  configEmisor: 'receiptIssuer must be { nombre, rfc, domicilio?, leyenda? }, texts of 1 to 200 characters',
  llaveEfimera:
    'No tokenSecret or tokenKeys: tokens are signed with a random secret of this process and will not verify in another instance or after a restart',
};
