/** Small text helpers shared by several layers. */

/**
 * Shortens `text` to at most `max` UTF-16 code units (what JavaScript and TypeBox measure; never
 * more code points either) without splitting a surrogate pair; an ellipsis marks the cut.
 *
 * @example
 * ```ts
 * truncateText('solicitud.informacionSeguro.codigoPostal', 20); // 'solicitud.informaci…'
 * ```
 */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max - 1) break;
    out += char;
  }
  return `${out}…`;
}

/**
 * `text` without the copies of the one character `char` that end it: a backward scan, linear on
 * any input (the regular expression `/0+$/` retries from every zero of a long run that does not
 * end the text, quadratic; test/regex checks every regex in src/).
 *
 * @example
 * ```ts
 * trimTrailing('1500', '0'); // '15'
 * trimTrailing('YQ==', '='); // 'YQ'
 * trimTrailing('000', '0'); // ''
 * ```
 */
export function trimTrailing(text: string, char: string): string {
  const code = char.charCodeAt(0);
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === code) end--;
  return text.slice(0, end);
}
