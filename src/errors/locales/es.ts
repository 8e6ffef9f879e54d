/**
 * Spanish (the interface's language): the standard text of each of the interface's error codes
 * (`mensaje` of an error envelope) and of a broken internal invariant.
 */
export const es = {
  invariante: 'Invariante interna rota: {detail}',
  ERRNEG001: 'Error de negocio',
  ERRESQ001: 'El JSON del cuerpo no es válido',
  ERRESQ002: 'Se enviaron campos vacíos o nulos',
  ERRESQ003: 'Se enviaron campos no definidos en la API',
  ERRESQ004: 'La longitud o el rango de un campo no es el especificado',
  ERRESQ005: 'Un campo tiene un tipo de dato distinto al especificado',
  ERRESQ006: 'No se enviaron campos requeridos',
  ERRSEG001: 'Token no válido',
  ERRSEG002: 'Token expirado',
  ERRSEG003: 'Token sin privilegios',
  ERRSEG004: 'Método distinto al especificado',
  ERRSEG005: 'Valor incorrecto en el encabezado Accept',
  ERRSEG006: 'Recurso ejecutado con demasiada frecuencia',
  ERRSEG007: 'Demasiada información en los encabezados',
  ERRSER001: 'Tiempo de espera agotado',
  ERRSER002: 'Error en los sistemas del banco',
  ERRSER003: 'Los sistemas de la API no tienen conexión con el banco',
  ERROFF001: 'La funcionalidad de una API está apagada',
  ERROFF002: 'La funcionalidad de todas las APIs está apagada',
} as const;

/** The id of a message of the error codes' catalog. */
export type ErrorsMessageId = keyof typeof es;
