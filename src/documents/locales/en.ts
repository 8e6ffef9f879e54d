/** English: what the documents say of an input they cannot write, of an optional package they cannot load and of a línea de captura they refuse. */
import type { DocumentsMessageId } from './es.js';

export const en: Readonly<Record<DocumentsMessageId, string>> = {
  importeConDosDecimales: 'The amount is a text of up to 15 whole digits and two decimals',
  paqueteFaltante: 'The PDF receipt needs the optional package {packages}: {command}',
  paquetesFaltantes: 'The PDF receipt needs the optional packages {packages}: {command}',
  codigoBarrasSinPng:
    'The PDF receipt cannot be rendered in this runtime: the bwip-js build it loads writes no PNG images (use Node, Bun or Deno)',

  lineaSatFormato: 'A SAT lineaCaptura has 20 characters, upper-case letters and digits',
  lineaTesoreriaFormato: 'A treasury lineaCaptura has 20 digits',
  lineaTesoreriaConstante: 'A treasury lineaCaptura has a 2 in position 18',
  lineaDigitoVerificador: 'The check digits of the lineaCaptura do not match',
  lineaFechaCondensada: 'The condensed date of the lineaCaptura is not a date',
  lineaImporte: 'The amount does not match the condensed amount of the lineaCaptura',
  lineaVencida: 'The lineaCaptura expired on {date}',
  lineaFechaPago: 'The date is a text YYYY-MM-DD',
  lineaParte: '{digits} digits expected',
  lineaMesOperacion: 'The month of the operation is a text YYYY-MM',
  lineaVencimiento: 'The expiry is a date YYYY-MM-DD from 2013-01-01 to 2039-11-18',
};
