/** English: what request validation says of a field or a body. */
import type { ValidationMessageId } from './es.js';

export const en: Readonly<Record<ValidationMessageId, string>> = {
  jsonInvalido: 'The request body is not valid JSON',
  campoVacio: 'The field is empty or null',
  campoNoDefinido: 'The field is not defined in the API',
  rangoInvalido: 'The length or range of the field is not valid',
  formatoInvalido: 'The type or format of the field is not valid',
  campoFaltante: 'A required field is missing',
  campoRepetido: 'The field was sent more than once',
  cuerpoNoUtf8: 'The body is not valid UTF-8 text',
  formularioCampos: 'The form has more than {fields} fields',
  lectorEsquema: 'fieldReader: an object schema without additional properties',
  lectorPalabraClave: 'fieldReader: keyword {keyword}',
  lectorRequeridoYOpcional: 'fieldReader: {key} both required and optional',
};
