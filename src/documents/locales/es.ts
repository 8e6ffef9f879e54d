/**
 * Spanish (the interface's language): what the documents say of an input they cannot write, of an
 * optional package they cannot load and of a línea de captura they refuse. The
 * documents' own content (the receipt's labels, the amount in words) is Spanish by design and is
 * not a message: it lives where it is drawn (`../receipt.ts`, `../words.ts`).
 */
export const es = {
  importeConDosDecimales: 'El importe es un texto de hasta 15 dígitos enteros y dos decimales',
  paqueteFaltante: 'Para generar el comprobante en PDF falta el paquete opcional {packages}: {command}',
  paquetesFaltantes: 'Para generar el comprobante en PDF faltan los paquetes opcionales {packages}: {command}',
  codigoBarrasSinPng:
    'El comprobante en PDF no se puede generar en este entorno: la versión de bwip-js que carga no produce imágenes PNG (use Node, Bun o Deno)',

  // The línea de captura (lineaCaptura.ts).
  lineaSatFormato: 'La línea de captura del SAT tiene 20 caracteres, letras mayúsculas y dígitos',
  lineaTesoreriaFormato: 'La línea de captura de la Tesorería tiene 20 dígitos',
  lineaTesoreriaConstante: 'La línea de captura de la Tesorería lleva un 2 en la posición 18',
  lineaDigitoVerificador: 'El dígito verificador de la línea de captura no corresponde',
  lineaFechaCondensada: 'La fecha condensada de la línea de captura no es una fecha',
  lineaImporte: 'El importe no corresponde al importe condensado de la línea de captura',
  lineaVencida: 'La línea de captura venció el {date}',
  lineaFechaPago: 'La fecha es un texto YYYY-MM-DD',
  lineaParte: 'Se esperan {digits} dígitos',
  lineaMesOperacion: 'El mes de la operación es un texto YYYY-MM',
  lineaVencimiento: 'El vencimiento es una fecha YYYY-MM-DD de 2013-01-01 a 2039-11-18',
} as const;

/** The id of a message of the documents' catalog. */
export type DocumentsMessageId = keyof typeof es;
