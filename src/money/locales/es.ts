/** Spanish (the interface's language): what money arithmetic says when an amount leaves its exact range. */
export const es = {
  importeFueraDeRango: 'importe fuera del rango de centavos exactos',
  porcentajeNoDecimal: 'porcentaje no decimal',
} as const;

/** The id of a message of money's catalog. */
export type MoneyMessageId = keyof typeof es;
