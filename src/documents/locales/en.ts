/** English: what the documents say of an input they cannot write and of an optional package they cannot load. */
import type { DocumentsMessageId } from './es.js';

export const en: Readonly<Record<DocumentsMessageId, string>> = {
  importeConDosDecimales: 'The amount is a text of up to 15 whole digits and two decimals',
  paqueteFaltante: 'The PDF receipt needs the optional package {packages}: {command}',
  paquetesFaltantes: 'The PDF receipt needs the optional packages {packages}: {command}',
  codigoBarrasSinPng:
    'The PDF receipt cannot be rendered in this runtime: the bwip-js build it loads writes no PNG images (use Node, Bun or Deno)',
};
