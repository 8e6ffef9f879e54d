/** Spanish (the interface's language): what the service says — refusals, successes, its configuration's errors. */
export const es = {
  // The outcome of an operation.
  operacionExitosa: 'Operación exitosa',
  pagoNoRegistrado: 'No existe un pago registrado con la línea de captura',

  // The request: route, method, headers, body, time.
  recursoNoEncontrado: 'Recurso no encontrado',
  soloPost: 'Solo se acepta el método POST',
  soloGet: 'Solo se aceptan los métodos GET y HEAD',
  soloJson: 'Solo se responde application/json',
  encabezadosExceden: 'Los encabezados exceden {bytes} bytes',
  contentTypeJson: 'Content-Type debe ser application/json; charset=utf-8',
  contentTypeForm: 'Content-Type debe ser application/x-www-form-urlencoded',
  cuerpoExcedeLimite: 'El cuerpo excede el tamaño permitido',
  tiempoAgotado: 'La petición no llegó completa en {seconds} s',

  // Credentials and access tokens.
  basicEsperado: 'Se esperaban credenciales Basic',
  credencialesFaltan: 'Faltan las credenciales del cliente',
  credencialesInvalidas: 'Credenciales del cliente no válidas',
  credencialesDuplicadas: 'Las credenciales se envían en Authorization o en el formulario, no en ambos',
  scopeNoPermitido: 'El cliente no tiene el permiso solicitado',
  tokenInvalido: 'El token de acceso no es válido',
  tokenExpirado: 'El token de acceso expiró',
  tokenSinPermiso: 'El token no tiene el permiso requerido',

  // Admission: the rate limit and the switches.
  demasiadasPeticiones: 'Demasiadas peticiones del cliente; reintente en {seconds} s',
  demasiadosIntentos: 'Demasiadas autenticaciones fallidas; reintente en {seconds} s',
  apiApagada: 'La API {api} está apagada',
  apisApagadas: 'Todas las APIs están apagadas',
  sinConexionBanco: 'El servicio no tiene conexión con el banco; reintente más tarde',

  // The server's own capacity and protocol (cotizador/node): a full pool, too many connections, a stop, odd heads.
  servidorOcupado: 'El servidor está ocupado; reintente en {seconds} s',
  servidorDeteniendose: 'El servidor se está deteniendo; reintente en {seconds} s',
  demasiadasConexiones: 'Demasiadas conexiones abiertas desde su dirección; reintente en {seconds} s',
  soloExpectContinue: 'Solo se admite Expect: 100-continue',
  configEjecutor: 'executor debe tener los métodos run(job) y turn()',

  // Configuration, checked when the service is created (the clock: on every read).
  configEnteroPositivo: '{name} debe ser un entero positivo',
  configEnteroNoNegativo: '{name} debe ser un entero mayor o igual a cero',
  configNumeroNoNegativo: '{name} debe ser un número finito mayor o igual a cero',
  configTexto: '{name} debe ser un texto de 1 a {max} caracteres',
  configRelojInvalido: 'El reloj configurado (now) no devolvió una fecha válida',
  configClientes: 'clients debe ser una lista o una función de búsqueda',
  configHelpUrl: 'helpUrl debe tener de 1 a 280 caracteres',
  configApiDesconocida: 'API desconocida: {api}; use {apis}',
  configTienda: 'rateLimit.store debe tener un método take(key, policy, nowMs)',
  configSecretoOLlaves: 'Configure tokenSecret o tokenKeys, no ambos',
  configSinSecreto: 'Se requiere tokenSecret o tokenKeys',
  configSecretoCorto: 'tokenSecret debe tener al menos 32 bytes (RFC 7518 §3.2)',
  configLlavesRsa: 'tokenKeys debe ser un par de llaves RSA',
  configLlaveRsaCorta: 'Las llaves RSA deben tener al menos {bits} bits',
  configParDeLlaves: 'La llave pública no corresponde a la llave privada',
  configLlaveActual: 'La primera llave firma los tokens y necesita su llave privada',
  configKidRepetido: 'Dos llaves tienen el mismo kid: {kid}',
  configKidForma: 'Un kid tiene de 1 a 64 caracteres [A-Za-z0-9._-]',
  configFuncion: '{name} debe ser una función',
  configSecretoDebil:
    'tokenSecret es predecible: {bits} bits estimados, se requieren al menos {min} (longitud × entropía de sus bytes); genere uno aleatorio',
  configCliente: 'Cada cliente es un objeto con clientId, clientSecret y scopes',
  configClienteId: "clientId debe tener de 1 a 100 caracteres, sin ':' ni caracteres de control",
  configClienteSecretoVacio: 'clientSecret no puede estar vacío',
  configClienteSecretoCorto: 'clientSecret debe tener al menos {chars} caracteres',
  configClienteSecretoDebil:
    'clientSecret es predecible: se requieren al menos {bits} bits estimados (longitud × entropía de sus caracteres); genere uno aleatorio',
  configClienteScopes: 'scopes debe ser una lista de permisos sin espacios, comillas ni barras invertidas (RFC 6749 §3.3)',
  configClienteFecha: 'secretChangedAt debe ser un instante: una fecha, texto ISO 8601 con zona o milisegundos desde 1970',
  configClienteFechaFutura: 'secretChangedAt no puede estar en el futuro',
  configClienteRepetido: 'Dos clientes tienen el mismo clientId: {id}',
  configTtlMaximo: 'tokenTtlSeconds ({ttl} s) no puede exceder maxTokenTtlSeconds ({max} s)',
  configPolitica: '{name} debe ser { capacity, refillPerSecond }, números positivos',
  configTiendaPeek: 'authFailureLimit.store debe tener los métodos take y peek',
  redisFalta: 'Falta el paquete {package}: instálelo (npm install {package}) para guardar los límites en Redis',
  redisModo: "whenDown debe ser local, open o closed (se recibió '{value}')",
  redisUrlOCliente: 'Para Redis dé url o client, uno de los dos',
  redisCaido: 'Redis no responde ({reason}): los límites siguen en modo {mode} hasta que vuelva',
  redisDeVuelta: 'Redis responde de nuevo: los límites vuelven a compartirse',
  configTope: '{name} no puede exceder {max} s',
  configCorsOrigenes: "cors.allowedOrigins debe ser '*' o una lista no vacía de orígenes",
  configCorsOrigen:
    "'{origin}' no es un origen: esquema http o https, host y puerto opcional, sin ruta ni barra final (https://app.example.com)",
  configCorsCabeceras: '{name} debe ser una lista de nombres de cabecera HTTP',
  configCorsCredenciales: "allowCredentials no se permite con allowedOrigins '*' (el navegador lo rechaza): liste los orígenes",
  configCorsTope: 'cors.maxAgeSeconds debe ser un entero de 0 a 86400',
  metricasFalta: 'Falta el paquete {package}: instálelo (npm install {package}) para exponer las métricas',
  configProxy: "trustProxy debe ser una lista de direcciones IP de los proxies de confianza (se recibió '{value}')",
  configMetricas: 'metrics debe ser un objeto con contentType (texto) y render() que devuelve el texto de las métricas',
  configDesconocida: '{name} no es un ajuste de la configuración; use {keys}',
  configUnoDe: '{name} debe ser uno de: {values}',
  configObjeto: '{name} debe ser un objeto',
  configLista: '{name} debe ser una lista',
  configBooleano: '{name} debe ser true o false',
  configFecha: '{name} debe ser una fecha YYYY-MM-DD',
  configEmisor: 'receiptIssuer debe ser { nombre, rfc, domicilio?, leyenda? }, textos de 1 a 200 caracteres',
  llaveEfimera:
    'Sin tokenSecret ni tokenKeys: los tokens se firman con un secreto aleatorio de este proceso y no valdrán en otra instancia ni tras reiniciar',
} as const;

/** The id of a message of the service's catalog. */
export type ServiceMessageId = keyof typeof es;
