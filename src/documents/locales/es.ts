/**
 * Spanish (the interface's language): what the documents say of an input they cannot write
 * and of an optional package they cannot load. The
 * documents' own content (the receipt's labels, the amount in words) is Spanish by design and is
 * not a message: it lives where it is drawn (`../receipt.ts`, `../words.ts`).
 */
export const es = {
  importeConDosDecimales: 'El importe es un texto de hasta 15 dígitos enteros y dos decimales',
  paqueteFaltante: 'Para generar el comprobante en PDF falta el paquete opcional {packages}: {command}',
  paquetesFaltantes: 'Para generar el comprobante en PDF faltan los paquetes opcionales {packages}: {command}',
  codigoBarrasSinPng:
    'El comprobante en PDF no se puede generar en este entorno: la versión de bwip-js que carga no produce imágenes PNG (use Node, Bun o Deno)',
} as const;

/** The id of a message of the documents' catalog. */
export type DocumentsMessageId = keyof typeof es;
