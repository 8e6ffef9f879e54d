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
