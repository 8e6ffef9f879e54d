/** Spanish (the interface's language): what the CAT's solver says of its flows, its options and its result. */
export const es = {
  catIndeterminado: 'No existe una tasa que iguale los flujos del crédito (CAT indeterminado)',
  flujosSinTasa: 'No existe una tasa que iguale los flujos (CAT indeterminado)',
  flujosObjeto: 'Los flujos deben ser un objeto',
  flujosListaFalta: 'Falta la lista de flujos',
  flujoForma: 'Cada flujo es { time, amount }',
  flujoTiempo: 'El tiempo es un número de años no negativo',
  flujoImporte: 'El importe es un texto decimal no negativo',
  flujoTiempoMaximo: 'El tiempo de un flujo es a lo más {years} años',
  tasaMaximaInvalida: 'maxRate es un número finito mayor que {minimum} y a lo más {maximum}',
  catExcedeTecho: 'El CAT excede el máximo publicable de {ceiling} %',
  cifrasRango: 'digits es un número entero de {min} a {max}',
  denominadorCero: 'denominador cero',
  numeroNoFinito: 'número no finito',
  factorNoPositivo: 'factor de crecimiento no positivo',
  signoNoDecidido: 'signo del valor presente no decidido',
  cifraNoDecidida: 'cifra de la explicación del CAT no decidida',
  decimalNoFinito: 'la tasa no tiene expansión decimal finita',
} as const;

/** The id of a message of the CAT's catalog. */
export type CatMessageId = keyof typeof es;
