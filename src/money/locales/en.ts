/** English: what money arithmetic says when an amount leaves its exact range. */
import type { MoneyMessageId } from './es.js';

export const en: Readonly<Record<MoneyMessageId, string>> = {
  importeFueraDeRango: 'amount outside the range of exact cents',
  porcentajeNoDecimal: 'percentage not decimal',
};
