/**
 * Spanish (the CLI's default): the help of the command line, `cotizador --help` and each command's
 * `--help`. A text names the pieces several commands share (`{opcionesMotor}`, `{opcionesCsv}`,
 * `{opcionesEntradaSalida}`, themselves entries of this catalog) and the figures the code owns
 * (`{maxScenarios}`, `{rateLimit}`…) as values.
 */
export const es = {
  uso: `Uso: cotizador <comando> [opciones]

Cotizaciones exactas de crédito automotriz (AutoEstrene, CAT) y de seguro de auto
(SegAutoVendor) en México.

Comandos:
  credit ARCHIVO         cotiza un crédito: resumen, tabla de amortización y CAT
  policy ARCHIVO         cotiza un seguro de auto: ofertas y recibos
  batch ARCHIVO          cotiza una cartera de solicitudes (CSV, JSON lines o arreglo JSON)
  grid ARCHIVO           cotiza cada combinación de --vary CAMPO=... sobre una solicitud
  compare ARCHIVO...     ordena ofertas de crédito por CAT, total, pago o desembolso inicial
  afford ARCHIVO...      el mayor monto o precio cuyo pago cabe en una parte del ingreso
  solve ARCHIVO          despeja el monto, la tasa, el plazo o la comisión para una meta
  chart ARCHIVO...       dibuja la tabla de pagos o los saldos como gráfica SVG
  serve                  sirve toda la interfaz por HTTP (docs/server.md) y el simulador
  simulator --out DIR    escribe el simulador de crédito como página estática (docs/simulator.md)
  help [COMANDO]         esta ayuda, o la de un comando

Opciones de todos los comandos:
  --lang es|en           idioma de la ayuda, los mensajes y los errores (por omisión es;
                         también COTIZADOR_LANG)
  --version              la versión
  -h, --help             la ayuda

Ejecute 'cotizador <comando> --help' para las opciones de un comando. La salida va a stdout
salvo con --out ARCHIVO. Códigos de salida: 0 éxito, 1 entrada no válida, una cotización
rechazada o una falla de lectura o escritura, 2 error de uso, 70 error interno, 130 y 143
interrumpido por SIGINT o SIGTERM.
`,
  opcionesMotor: `Opciones del motor (se aplican a cada cotización; docs/credit.md y docs/conventions.md):
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
  opcionesEntradaSalida: `  --out ARCHIVO                escribe en ARCHIVO en vez de stdout: en un temporal a su lado
                               que lo reemplaza solo al terminar (una falla o una
                               interrupción lo deja como estaba); no puede ser una entrada
  --max-input-bytes N          rechaza una entrada de más de N bytes (por omisión 16777216)
  --lang es|en                 idioma de la ayuda, los mensajes y los errores
  -h, --help                   esta ayuda
`,
  opcionesCsv: `  --bom                        CSV con marca de orden de bytes (BOM), como la quiere Excel
  --raw                        no neutraliza las celdas que una hoja de cálculo leería como
                               fórmula (por omisión, una celda que empieza con = + - @ lleva ')
`,
  credit: `Uso: cotizador credit ARCHIVO [--format table|csv|json|xlsx] [--explain-cat] [--out ARCHIVO] [opciones del motor]

Cotiza un crédito automotriz AutoEstrene: pago nivelado, totales, CAT y tabla de amortización.

ARCHIVO lleva un cuerpo de petición AutoEstrene ({ "solicitud": { ... } }, con "options"
opcional a su lado) o una solicitud sola; '-' lee stdin.

Opciones:
  --format table               resumen (pago, interés, IVA, CAT), los cargos de apertura que
                               llevan de la suma de los pagos al total a pagar, y la tabla de
                               amortización alineada para una terminal (por omisión)
  --format csv                 CSV RFC 4180: una línea de encabezado, una por renglón
  --format json                exactamente el resultado de quoteCredit
  --format xlsx                libro de Excel: hoja Resumen y hoja Tabla
  --explain-cat                el CAT explicado (explainCat): los flujos que entran, sus tiempos,
                               factores de descuento y valores presentes a la tasa y a los dos
                               límites de la décima publicada, las sumas contra su cota, los
                               cargos que entran y los que no, y por qué. table lo escribe en
                               lugar de la tabla de amortización, csv escribe los flujos, json
                               el objeto de explainCat, y xlsx agrega una hoja CAT
{opcionesCsv}{opcionesEntradaSalida}
{opcionesMotor}
table, csv y xlsx siempre muestran la tabla: cotizan con generaTablaPagos: true aunque el
archivo no lo pida. json cotiza la solicitud como viene.
`,
  policy: `Uso: cotizador policy ARCHIVO [--format table|csv|json|xlsx] [--fecha-inicio AAAA-MM-DD] [--out ARCHIVO]

Cotiza un seguro de auto SegAutoVendor: cada oferta (aseguradora × paquete) con su prima y
sus recibos de pago.

ARCHIVO lleva un cuerpo de petición SegAutoVendor ({ "solicitud": { ... } }) o una solicitud
sola; '-' lee stdin.

Opciones:
  --format table               las ofertas y luego los recibos de cada una, alineados (por omisión)
  --format csv                 CSV RFC 4180: una línea por recibo, con la aseguradora, el
                               paquete y el idCotizacion de su oferta
  --format json                exactamente el resultado de quotePolicy
  --format xlsx                libro de Excel: hoja Ofertas y hoja Recibos
  --fecha-inicio FECHA         inicio de la póliza (AAAA-MM-DD); por omisión hoy en
                               America/Mexico_City
{opcionesCsv}{opcionesEntradaSalida}`,
  batch: `Uso: cotizador batch ARCHIVO [--format csv|jsonl|xlsx|table] [--shard I/N] [--id COLUMNA]
                      [--out ARCHIVO [--resume]] [--progress] [opciones del motor]

Cotiza una cartera de solicitudes AutoEstrene, una por registro, y escribe un registro de
salida por cada registro de entrada: su línea, sus resultados (montoSolicitado, plazo, tasa,
pagoMensual, totalPagar, importeInteresTotal, impIVAInteresTotal, cat) o, si el motor lo
rechaza, codigoError, valorIncorrecto y mensaje; la corrida sigue. Lee y escribe mientras
avanza: la memoria no crece con el archivo.

ARCHIVO ('-' lee stdin) es, según su extensión o su primer carácter:
  .csv          CSV RFC 4180 con un encabezado de nombres de campo de la solicitud
                (informacionSeguro.<campo> para los anidados); los importes como texto; una
                celda vacía omite el campo
  .jsonl        JSON lines: una solicitud (o { "solicitud": ..., "options": ... }) por línea
  .json         un arreglo JSON de solicitudes

Opciones:
  --input-format csv|jsonl|json
                               el formato de la entrada, si la extensión no lo dice
  --format csv                 CSV RFC 4180 (por omisión)
  --format jsonl               un objeto JSON por registro
  --format xlsx                un libro de Excel (hoja Cartera)
  --format table               columnas alineadas para una terminal
  --id COLUMNA                 una columna (o clave JSON) que identifica el registro: se copia
                               a la salida y no se envía al motor
  --shard I/N                  solo la parte I de N (1 ≤ I ≤ N): los registros se reparten en N
                               tramos contiguos; las salidas de las N partes, concatenadas en
                               orden, son la salida de la corrida completa, byte por byte
                               (csv, jsonl, table; encabezado y BOM solo en la parte 1)
  --progress                   avance con ritmo y tiempo restante en stderr aunque no sea
                               una terminal
  --resume                     continúa ARCHIVO.partial (el parcial de --out que deja una
                               corrida interrumpida) tras su último registro completo
                               (csv, jsonl)
{opcionesCsv}{opcionesEntradaSalida}
{opcionesMotor}`,
  grid: `Uso: cotizador grid ARCHIVO --vary CAMPO=V1,V2,... [--vary CAMPO=DESDE:HASTA:PASO ...]
                     [--format csv|table|json|jsonl|xlsx] [--workers N] [--out ARCHIVO]
                     [--chart ARCHIVO.svg] [opciones del motor]

Cotiza cada combinación de las variaciones sobre la solicitud AutoEstrene de ARCHIVO y
escribe una línea por escenario: los campos variados, luego pagoMensual, totalPagar,
importeInteresTotal y cat. Un escenario que el motor rechaza es una línea con codigoError,
valorIncorrecto (el campo) y mensaje.

ARCHIVO lleva un cuerpo de petición AutoEstrene o una solicitud sola ('-' lee stdin). Los
escenarios se cotizan sin tabla de amortización (generaTablaPagos: false).

Opciones:
  --vary CAMPO=V1,V2,...       una lista de valores (repita --vary para más campos)
  --vary CAMPO=DESDE:HASTA:PASO
                               un rango decimal exacto, HASTA incluido si un paso cae en él
                               (tasa=10:20:0.5, plazo=12:60:12); CAMPO es un campo de la
                               solicitud o informacionSeguro.<campo>
  --format csv                 CSV RFC 4180 (por omisión)
  --format table               columnas alineadas para una terminal
  --format json                un arreglo JSON de { index, scenario, result | error }
  --format jsonl               un objeto JSON por línea (JSON lines)
  --format xlsx                un libro de Excel (hoja Escenarios)
  --max-scenarios N            rechaza una cuadrícula de más de N escenarios antes de
                               cotizar (por omisión {maxScenarios})
  --workers N                  hilos de trabajo (0: el hilo principal; a lo más uno por
                               núcleo); por omisión uno por núcleo desde {workerThreshold}
                               escenarios si hay más de dos núcleos
  --chunk-size N               escenarios por tarea de un hilo (por omisión {chunkSize})
  --chart ARCHIVO.svg          además, una gráfica: el resultado de --chart-y contra el primer
                               campo variado, una línea por valor del segundo
  --chart-y MEDIDA             {measures} (por omisión pagoMensual)
  --progress                   avance con ritmo y tiempo restante en stderr aunque no sea una
                               terminal
{opcionesCsv}{opcionesEntradaSalida}
{opcionesMotor}
La salida se escribe mientras se cotiza; en una terminal se dibuja el avance en stderr.
`,
  compare: `Uso: cotizador compare ARCHIVO ARCHIVO... [--rank-by cat|total|payment|outlay]
                       [--format table|csv|json|xlsx] [--label TEXTO ...] [--chart ARCHIVO.svg]
                       [opciones del motor]

Ordena ofertas de crédito AutoEstrene (otras entidades, plazos, enganches, seguro de contado
o financiado) por una medida, de la mejor a la peor, con la diferencia de cada una contra la
mejor de cada medida (exacta, al centavo; el CAT en décimas). Las medidas, todas "menor es
mejor":
  cat                          el CAT de la cotización
  total                        todo lo que se paga por el vehículo y el crédito: el enganche
                               más totalPagar
  payment                      el pago al mes: pagoMensual × pagos al año / 12 (el de una
                               oferta mensual es su pagoMensual)
  outlay                       el desembolso inicial: el enganche, la comisión por apertura y
                               su IVA y los seguros pagados al inicio
Un empate se rompe con las otras medidas en el orden cat, total, payment, outlay, y luego
con el orden de los archivos. Una oferta que el motor rechaza se lista con su error; las
demás se ordenan igual.

Cada ARCHIVO lleva una solicitud AutoEstrene y, opcionalmente, sus "options" (un pago
anticipado, una promoción, otra convención...); las opciones del motor de la línea de
comandos se aplican a todas.

Opciones:
  --rank-by MEDIDA             la medida que ordena: cat (por omisión), total, payment, outlay
  --format table               columnas alineadas: los términos, las cuatro medidas y la
                               diferencia de la que ordena (por omisión)
  --format csv                 CSV RFC 4180: una línea por oferta, cada medida con su Δ
  --format json                { rankBy, offers: [{ rank, label, measures, differences,
                               downPayment, charges, quote }], failed: [...] }
  --format xlsx                libro de Excel: hoja Ofertas
  --label TEXTO                nombre de cada oferta, en el orden de los archivos
                               (repetible; por omisión el nombre del archivo)
  --chart ARCHIVO.svg          además, el saldo insoluto de cada oferta, una línea por oferta
{opcionesCsv}{opcionesEntradaSalida}
{opcionesMotor}`,
  afford: `Uso: cotizador afford ARCHIVO... --income IMPORTE --share PCT [--income-period M|Q|C|S|D]
                      [--down-payment PCT%|IMPORTE] [--format table|csv|json|xlsx]
                      [--label TEXTO ...] [--chart ARCHIVO.svg] [opciones del motor]

Lo que alcanza un ingreso con cada oferta (affordability): el mayor monto (montoSolicitado,
con el precio del vehículo del archivo) o, con --down-payment, el mayor precio del vehículo
(valorFactura) cuyo pago (pagoMensual) cabe en el PCT % del ingreso, exacto al centavo: un
centavo más ya no cabe o el motor lo rechaza. Las ofertas se ordenan de la que alcanza más a
la que alcanza menos; una que el motor rechaza se lista con su error.

El límite por periodo de pago es el PCT % del ingreso llevado al periodo del crédito sobre
el mismo año (ingreso × PCT / 100 × pagos al año del ingreso / pagos al año del crédito),
redondeado hacia abajo al centavo.

Opciones:
  --income IMPORTE             el ingreso, por periodo de --income-period
  --share PCT                  la parte del ingreso para el pago, en porcentaje (30 o 30%)
  --income-period CÓDIGO       el periodo del ingreso: M mensual (por omisión), Q, C, S, D
  --down-payment PCT%|IMPORTE  despeja el precio del vehículo con este enganche: un
                               porcentaje del precio (20%, redondeado hacia arriba al
                               centavo) o un importe fijo (70000.00)
  --format table               columnas alineadas (por omisión)
  --format csv                 CSV RFC 4180: una línea por oferta, con un centavo más y su
                               pago o su rechazo
  --format json                { unknown, income, maxShare, offers: [...], failed: [...] }
  --format xlsx                libro de Excel: hoja Capacidad
  --label TEXTO                nombre de cada oferta, en el orden de los archivos (repetible)
  --chart ARCHIVO.svg          además, el saldo insoluto de cada oferta con lo que alcanza
{opcionesCsv}{opcionesEntradaSalida}
{opcionesMotor}
Ejemplo: cotizador afford examples/autoestrene.json --income 30000 --share 30
`,
  solve: `Uso: cotizador solve ARCHIVO --unknown INCÓGNITA --target META=VALOR [--format table|csv|json]
                     [opciones del motor]

Despeja un término del crédito de ARCHIVO para cumplir una meta (solveCredit): el valor tal
que la cotización con él cumple la meta y el paso siguiente ya no. Imprime el valor y la
cotización con él.

  --unknown INCÓGNITA          {unknowns}
  --target META=VALOR          pagoMensual=8000 o totalPagar=400000 (el importe, a lo más),
                               cat=18.5 (el CAT publicado, a lo más)
  --format table               el valor, el resumen y la tabla (por omisión)
  --format csv                 CSV: una línea de encabezado y una de valores (la incógnita, su
                               valor, el pago, el total, el interés y el CAT)
  --format json                { unknown, value, target, quote }
{opcionesCsv}{opcionesEntradaSalida}
{opcionesMotor}
Ejemplo: cotizador solve examples/autoestrene.json --unknown montoSolicitado --target pagoMensual=8000
`,
  chart: `Uso: cotizador chart ARCHIVO [--kind schedule] [--out ARCHIVO.svg] [opciones]
       cotizador chart ARCHIVO ARCHIVO... --kind balance [--label TEXTO ...] [--out ARCHIVO.svg]

Dibuja una gráfica SVG (ejes, etiquetas, título y leyenda; se abre en un navegador).

  --kind schedule              la tabla de amortización de una cotización: barras apiladas
                               por pago (capital, interés, IVA, seguros y comisión si los hay)
                               y el saldo como línea en un segundo eje (por omisión)
  --kind balance               el saldo insoluto de varias cotizaciones superpuesto, una línea
                               por ARCHIVO (con y sin pago anticipado, dos plazos...); cada
                               archivo puede llevar sus "options" junto a la solicitud
  --label TEXTO                nombre de cada línea de balance, en el orden de los archivos
                               (repetible; por omisión el nombre del archivo)
  --title TEXTO                título (por omisión: monto, plazo, tasa y CAT)
  --width PX                   ancho en píxeles (por omisión 960)
  --height PX                  alto en píxeles (por omisión 540)
{opcionesEntradaSalida}
{opcionesMotor}
Cada ARCHIVO lleva una solicitud AutoEstrene ('-' lee stdin); se cotiza con la tabla.
`,
  simulator: `Uso: cotizador simulator --out DIRECTORIO

Escribe el simulador de crédito, una página estática (index.html, simulador.js, simulador.css,
simulador.svg y simulador-sw.js), en DIRECTORIO, para cualquier servidor de archivos estáticos. El motor exacto
corre en la página: ninguna cifra viaja a un servidor. Sírvala con el encabezado
Content-Security-Policy: default-src 'self' (la página no tiene script ni estilo en línea).

Opciones:
  --out DIRECTORIO  dónde escribirla (se crea si no existe; sus otros archivos no se tocan)
  --lang es|en      idioma de los mensajes y los errores
  -h, --help        esta ayuda
`,
  serve: `Uso: cotizador serve [--port N] [--host DIRECCIÓN] [--config ARCHIVO.json] [--dev] [--no-log]
                       [--metrics] [--metrics-port N]

Sirve toda la interfaz (URLs de token, cotizador, documentos del contribuyente, datos
abiertos de cajeros) y /openapi.json, /.well-known/jwks.json, /health y /ready sobre node:http, la
consola de la API en /docs y el simulador de crédito en / y /simulador (docs/simulator.md).

Opciones:
  --port N          puerto TCP (por omisión 8080; 0 elige uno libre)
  --host DIRECCIÓN  dirección donde escuchar (por omisión 127.0.0.1; 0.0.0.0 para todas)
  --config ARCHIVO  configuración en JSON (docs/server.md muestra su formato)
  --dev             arranca sin secreto ni llave de firma: los tokens se firman con un
                    secreto aleatorio de este proceso y dejan de servir al reiniciar; sin
                    clientes, crea uno de demostración e imprime líneas curl para probarlo
  --no-log          sin bitácora de peticiones (líneas JSON con la forma de pino en stdout)
  --metrics         métricas Prometheus en /metrics (requiere npm install prom-client)
  --metrics-port N  las métricas en un puerto propio en vez del del servidor
  --lang es|en      idioma de la ayuda, los mensajes y los errores
  -h, --help        esta ayuda

Cada ajuste viene, de menor a mayor precedencia, de su valor por omisión, el archivo de
configuración, el entorno y la línea de comandos. Entorno:
  COTIZADOR_CONFIG                   el archivo de configuración (como --config)
  COTIZADOR_CLIENTS                  JSON: [{"clientId":…,"clientSecret":…,"scopes":["update","read"]}]
  COTIZADOR_TOKEN_SECRET             secreto HS256 (≥ 32 bytes) que firma los tokens
  COTIZADOR_PREVIOUS_TOKEN_SECRETS   lista JSON de secretos anteriores aún aceptados (rotación)
  COTIZADOR_TOKEN_KEY, _KEY_FILE     llave privada RS256 (texto PEM o archivo), en vez de un secreto
  COTIZADOR_TOKEN_KEY_ID             su kid (por omisión: la huella RFC 7638 de la llave)
  COTIZADOR_PREVIOUS_PUBLIC_KEY_FILES  archivos PEM, separados por comas, de llaves públicas anteriores
  COTIZADOR_RATE_LIMIT               CAPACIDAD/POR_SEGUNDO por cliente, u off (por omisión {rateLimit})
  COTIZADOR_SWITCHES_OFF             all, o las APIs apagadas: token,quoter,taxpayer,atm
  COTIZADOR_BANK_OFFLINE             true: toda API responde 503 ERRSER003
  COTIZADOR_ATMS_FILE                el conjunto de datos de cajeros a servir (JSON)
  COTIZADOR_RATE_LIMIT_STORE         memory (por omisión) o redis: dónde viven los límites
  COTIZADOR_REDIS_URL                redis://[usuario:contraseña@]host[:puerto][/db]; la compartan las instancias
  COTIZADOR_REDIS_KEY_PREFIX         prefijo de las llaves en Redis (por omisión cotizador:rl:)
  COTIZADOR_RATE_LIMIT_STORE_DOWN    si Redis no responde: local (por omisión), open o closed
  COTIZADOR_AUTH_FAILURE_LIMIT       on (por omisión) u off: límite de autenticaciones fallidas
  COTIZADOR_CORS_ORIGINS             orígenes permitidos a navegadores, separados por comas, o *
  COTIZADOR_TRUST_PROXY              direcciones IP de los proxies de confianza (X-Forwarded-For), por comas
{settings}

Señales: SIGTERM y SIGINT dejan de aceptar conexiones, responden toda petición recibida (las
pendientes al vencer el plazo, con 503) y salen con 0; una segunda SIGTERM o SIGINT acorta el
plazo a cero; SIGHUP vuelve a leer los interruptores del archivo de configuración.
`,
  // What each setting of `serve` does (the environment's table in its help).
  ajusteTokenTtlSeconds: 'vida del token de acceso (3600)',
  ajusteMaxTokenTtlSeconds: 'vida más larga de un token aceptado (tokenTtlSeconds; a lo más 86400)',
  ajusteTokenIssuer: 'iss de los tokens (cotizador)',
  ajusteTokenAudience: 'aud de los tokens (cotizador-api)',
  ajusteClockSkewSeconds: 'tolerancia del reloj en nbf/iat/exp (30)',
  ajusteHelpUrl: 'base de detalles.enlace',
  ajusteMaxHeaderBytes: 'encabezados más grandes reciben 431 (8192)',
  ajusteMaxBodyBytes: 'cuerpos JSON más grandes reciben 400 (1048576)',
  ajusteMaxFormBytes: 'formularios de token más grandes reciben 400 (4096)',
  ajusteMaxFormFields: 'formularios de token con más campos reciben 400 (8)',
  ajusteRequestTimeoutMs: 'encabezados y cuerpo deben llegar en (30000)',
  ajusteAtmsPublic: 'la API de cajeros no pide token (false)',
  ajusteLineaCaptura: 'las lineaCaptura que acepta obtenerDocumento: free, sat o treasury (free)',
  ajusteKeepAliveTimeoutMs: 'las conexiones keep-alive ociosas se cierran tras (5000)',
  ajusteShutdownGraceMs: 'las peticiones en curso tienen este tiempo tras SIGTERM (10000)',
  ajusteWorkerThreads: 'hilos para recibos y cuerpos grandes (núcleos − 1; 0: en el hilo principal)',
  ajusteWorkerQueue: 'trabajos en espera de un hilo; uno más recibe 503 (64)',
  ajusteReceiptCacheBytes: 'recibos guardados, en caracteres de base64 y su JSON (16777216; 0: ninguno)',
  ajusteHeavyPerSecond: 'recibos de un mismo cliente iniciados por segundo; los demás esperan su turno (20; 0: sin ritmo)',
  ajusteHeavyPerClient: 'recibos de un mismo cliente atendidos a la vez; los demás esperan su turno (1; 0: sin límite)',
  ajusteMaxConnections: 'conexiones abiertas a la vez (límite de archivos − 64)',
  ajusteMaxConnectionsPerAddress: 'conexiones abiertas desde una dirección (un cuarto del total)',
  ajusteMaxBodiesInFlight: 'cuerpos que se leen a la vez; uno más recibe 503 (256)',
  ajusteMetrics: 'true: métricas Prometheus en /metrics (como --metrics)',
  ajusteMetricsPort: 'las métricas en este puerto (como --metrics-port)',
  ajusteLogLevel: 'nivel mínimo de la bitácora: info, warn, error o silent (info)',
} as const;

/** The id of a help text. */
export type HelpId = keyof typeof es;
