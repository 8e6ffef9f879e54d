/** English: the standard text of each of the interface's error codes and of a broken internal invariant. */
import type { ErrorsMessageId } from './es.js';

export const en: Readonly<Record<ErrorsMessageId, string>> = {
  invariante: 'Internal invariant broken: {detail}',
  ERRNEG001: 'Business error',
  ERRESQ001: 'The JSON in the body is not valid',
  ERRESQ002: 'Empty or null fields were sent',
  ERRESQ003: 'Fields not defined in the API were sent',
  ERRESQ004: "A field's length or range is not the specified one",
  ERRESQ005: 'A field has a data type other than the specified one',
  ERRESQ006: 'Required fields were not sent',
  ERRSEG001: 'Invalid token',
  ERRSEG002: 'Expired token',
  ERRSEG003: 'Token without privileges',
  ERRSEG004: 'Method other than the specified one',
  ERRSEG005: 'Wrong value in the Accept header',
  ERRSEG006: 'Resource executed too frequently',
  ERRSEG007: 'Too much information in the headers',
  ERRSER001: 'The request timed out',
  ERRSER002: "Error in the bank's systems",
  ERRSER003: 'The API systems have no connection to the bank',
  ERROFF001: 'The functionality of one API is switched off',
  ERROFF002: 'The functionality of all APIs is switched off',
};
