/** Spanish (the interface's language): what request validation says of a field or a body. */
export const es = {
  jsonInvalido: 'El cuerpo de la petición no es un JSON válido',
  campoVacio: 'El campo está vacío o es nulo',
  campoNoDefinido: 'El campo no está definido en la API',
  rangoInvalido: 'La longitud o el rango del campo no es válido',
  formatoInvalido: 'El tipo o el formato del campo no es válido',
  campoFaltante: 'Falta un campo requerido',
  campoRepetido: 'El campo se envió más de una vez',
  cuerpoNoUtf8: 'El cuerpo no es texto UTF-8 válido',
  formularioCampos: 'El formulario tiene más de {fields} campos',
  lectorEsquema: 'fieldReader: un esquema de objeto sin propiedades adicionales',
  lectorPalabraClave: 'fieldReader: palabra clave {keyword}',
  lectorRequeridoYOpcional: 'fieldReader: {key} es requerido y opcional a la vez',
} as const;

/** The id of a message of request validation's catalog. */
export type ValidationMessageId = keyof typeof es;
