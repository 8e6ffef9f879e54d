/**
 * English: what the ATM API says of a bad data set or option, and the descriptions of its error
 * bodies (en_US: the interface's own English texts, lower case as it writes them).
 */
import type { AtmMessageId } from './es.js';

export const en: Readonly<Record<AtmMessageId, string>> = {
  atmDatasetInvalido: 'Invalid ATM data set: {detail}',
  sinDetalle: 'no detail',
  debeSerTexto: 'Must be text',
  noPuedeSerVacio: 'Cannot be empty',
  enteroPositivo: 'Must be a positive integer',
  debeSerFuncion: 'Must be a function',
  limiteEnteroPositivo: 'The limit must be a positive integer',
  latitudRango: 'The latitude must be between -90 and 90',
  longitudRango: 'The longitude must be between -180 and 180',
  atmSolicitudIncorrecta: 'request could not be understood',
  atmIfModifiedSince: 'invalid value in the If-Modified-Since header',
  atmContenidoInvalido: 'the service only accepts requests that accept application/json',
  atmCatalogo: 'the catalog does not exist',
  atmNoEncontrado: 'the resource does not exist',
  atmNoAutenticado: 'the service could not authenticate the request',
  atmSoloGet: 'the service only accepts GET requests',
  atmSoloJson: 'the service only accepts application/json',
  atmTiempoAgotado: 'the client failed to send a request and a timeout occurred',
  atmDemasiadas: 'too many requests to this resource',
  atmEncabezados: 'header fields too long',
  atmNoDisponible: 'the service is temporarily unavailable',
  atmErrorInterno: 'unexpected error in the bank systems',
  lastUpdatedIlegible: 'LastUpdated validated but not readable',
};
