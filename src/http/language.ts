/**
 * `Accept-Language`: the interface takes `es_MX` (the default) or `en_US`. Clients also send the
 * BCP 47 forms (`en-US`, `en`) and weighted lists (`en-US,en;q=0.9`); every form is read here,
 * and anything that names neither language leaves the default.
 */
import { headerField } from './headers.js';
import type { ServiceRequest } from './types.js';

/**
 * A language the service answers in: `es` (es_MX, the default) or `en` (en_US).
 *
 * @example
 * ```ts
 * const lang: AnswerLanguage = 'en';
 * ```
 */
export type AnswerLanguage = 'es' | 'en';

/**
 * The language an `Accept-Language` field asks for: the highest-weighted range whose primary
 * tag is `es` or `en` (`es_MX`, `en_US`, `en-US`, `en`, `EN_us`…; ties go to the first listed),
 * `es` when none does. `*` and other languages leave the default; `q=0` excludes a range.
 *
 * @example
 * ```ts
 * answerLanguage('en_US'); // 'en'
 * answerLanguage('fr-CA, en;q=0.5'); // 'en'
 * answerLanguage('en;q=0.4, es-MX;q=0.8'); // 'es'
 * answerLanguage(undefined); // 'es'
 * ```
 */
export function answerLanguage(field: string | undefined): AnswerLanguage {
  if (field === undefined || field.length > 256) return 'es';
  let best: AnswerLanguage = 'es';
  let bestQ = 0;
  for (const part of field.split(',')) {
    const [range = '', ...params] = part.split(';');
    const primary = range.trim().toLowerCase().split(/[-_]/)[0];
    if (primary !== 'es' && primary !== 'en') continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match !== null) q = Number(match[1]);
    }
    if (q > bestQ) {
      best = primary;
      bestQ = q;
    }
  }
  return best;
}

/**
 * The language of a request's `Accept-Language` header (see {@link answerLanguage}).
 *
 * @example
 * ```ts
 * requestLanguage({ method: 'GET', path: '/', headers: { 'accept-language': 'en_US' } }); // 'en'
 * ```
 */
export function requestLanguage(request: ServiceRequest): AnswerLanguage {
  return answerLanguage(headerField(request, 'accept-language'));
}
