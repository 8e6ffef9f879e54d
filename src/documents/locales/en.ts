/** English: what the documents say of an input they cannot write. */
import type { DocumentsMessageId } from './es.js';

export const en: Readonly<Record<DocumentsMessageId, string>> = {
  importeConDosDecimales: 'The amount is a text of up to 15 whole digits and two decimals',
};
