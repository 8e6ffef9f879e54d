/**
 * Spanish (the interface's language): what the ATM API says of a bad data set or option, and the
 * descriptions of its error bodies (es_MX, the default).
 */
export const es = {
  atmDatasetInvalido: 'Conjunto de datos de cajeros no válido: {detail}',
  sinDetalle: 'sin detalle',
  debeSerTexto: 'Debe ser texto',
  noPuedeSerVacio: 'No puede estar vacío',
  enteroPositivo: 'Debe ser un entero positivo',
  debeSerFuncion: 'Debe ser una función',
  limiteEnteroPositivo: 'El límite debe ser un entero positivo',
  latitudRango: 'La latitud debe estar entre -90 y 90',
  longitudRango: 'La longitud debe estar entre -180 y 180',
  atmSolicitudIncorrecta: 'No se pudo entender la solicitud',
  atmIfModifiedSince: 'Valor no válido en el encabezado If-Modified-Since',
  atmContenidoInvalido: 'El servicio solo acepta peticiones que aceptan application/json',
  atmCatalogo: 'El catálogo no existe',
  atmNoEncontrado: 'El recurso no existe',
  atmNoAutenticado: 'El servicio no pudo autenticar la solicitud',
  atmSoloGet: 'El servicio solo acepta peticiones GET',
  atmSoloJson: 'El servicio solo acepta application/json',
  atmTiempoAgotado: 'El cliente no envió la solicitud a tiempo y se agotó el tiempo de espera',
  atmDemasiadas: 'Demasiadas peticiones a este recurso',
  atmEncabezados: 'Los campos de encabezado son demasiado largos',
  atmNoDisponible: 'El servicio no está disponible temporalmente',
  atmErrorInterno: 'Error inesperado en los sistemas del banco',
  lastUpdatedIlegible: 'LastUpdated validado pero no interpretable',
} as const;

/** The id of a message of the ATM API's catalog. */
export type AtmMessageId = keyof typeof es;
