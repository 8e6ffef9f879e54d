/**
 * The common response envelope of the token, quoter and taxpayer APIs, defined once as TypeBox
 * schemas: success envelopes wrap an operation's result, error envelopes carry `detalles`.
 */
import type { Static, TProperties } from '@sinclair/typebox';
import { Type } from '../validation/type.js';
import { ERROR_CODES, type ErrorCode, type RequestErrorCode } from '../errors/codes.js';
import { truncateText } from '../util/text.js';
import type { Issue } from '../validation/validate.js';
import { precompiled } from '../validation/precompiled.js';
import * as checks from './generated/envelope.js';

/**
 * HTTP statuses the envelope may carry ("Common response envelope" in the interface).
 *
 * @example
 * ```ts
 * ENVELOPE_STATUSES.includes(431); // true
 * ```
 */
export const ENVELOPE_STATUSES = [200, 400, 401, 403, 405, 406, 408, 429, 431, 500, 503] as const;

/**
 * One of {@link ENVELOPE_STATUSES}.
 *
 * @example
 * ```ts
 * const status: EnvelopeStatus = 405;
 * ```
 */
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];

/**
 * Default help URL put in `detalles.enlace` (the error code is appended as a fragment).
 *
 * @example
 * ```ts
 * DEFAULT_HELP_URL; // 'https://cotizador.example/docs/errores'
 * errorEnvelope({ status: 400, codigoError: 'ERRESQ006', folio: 'f' }).detalles.enlace; // 'https://cotizador.example/docs/errores#ERRESQ006'
 * ```
 */
export const DEFAULT_HELP_URL = 'https://cotizador.example/docs/errores';

/**
 * Longest `detalles.valorIncorrecto` the interface allows.
 *
 * @example
 * ```ts
 * const envelope = errorEnvelope({ status: 400, codigoError: 'ERRESQ003', folio: 'f', valorIncorrecto: `solicitud.${'x'.repeat(80)}` });
 * envelope.detalles.valorIncorrecto.length; // 50 (MAX_VALOR_INCORRECTO, the last character '…')
 * ```
 */
export const MAX_VALOR_INCORRECTO = 50;

const statusSchema = Type.Union(
  ENVELOPE_STATUSES.map((status) => Type.Literal(status)),
  { description: 'HTTP status of the response' },
);
const folioSchema = Type.String({ minLength: 1, maxLength: 36, description: 'Identificador único de la petición' });
const mensajeSchema = Type.String({ minLength: 1, maxLength: 500, description: 'Descripción del resultado' });
const codigoErrorSchema = Type.Union(
  (Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => Type.Literal(code)),
  { description: 'Código de error de la interfaz' },
);

/**
 * The error detail object `detalles`.
 *
 * @example
 * ```ts
 * validateWith(DetallesSchema, { enlace: 'https://x.example', propiedad: 'Falta un campo requerido' }).success; // true
 * ```
 */
export const DetallesSchema = precompiled(
  Type.Object(
    {
      enlace: Type.String({ minLength: 1, maxLength: 300, description: 'URL con la solución del error' }),
      propiedad: Type.String({ minLength: 1, maxLength: 300, description: 'Mensaje del error' }),
      valorIncorrecto: Type.Optional(
        Type.String({ minLength: 1, maxLength: MAX_VALOR_INCORRECTO, description: 'Campo con el dato incorrecto' }),
      ),
    },
    { additionalProperties: false, $id: 'Detalles', title: 'detalles' },
  ),
  checks.checkDetalles,
);

/**
 * The error envelope: `codigoRespuesta` "0", a code, a folio, a message and `detalles`.
 *
 * @example
 * ```ts
 * const response = await service.handle({ method: 'POST', path: ROUTES.autoEstrene, headers: {}, body: '{}' }); // no token: 401
 * validateWith(ErrorEnvelopeSchema, JSON.parse(response.body)).success; // true (for every error the service sends)
 * ```
 */
export const ErrorEnvelopeSchema = precompiled(
  Type.Object(
    {
      status: statusSchema,
      codigoRespuesta: Type.Literal('0'),
      codigoError: codigoErrorSchema,
      folio: folioSchema,
      mensaje: mensajeSchema,
      detalles: DetallesSchema,
    },
    { additionalProperties: false, $id: 'ErrorEnvelope', title: 'Error envelope' },
  ),
  checks.checkErrorEnvelope,
);

/**
 * The fields every success envelope has; an operation adds its own result field.
 *
 * @example
 * ```ts
 * import { Type } from '@sinclair/typebox';
 * const EchoResponse = Type.Object({ ...SUCCESS_FIELDS, resultado: Type.String() });
 * validateWith(EchoResponse, { status: 200, codigoRespuesta: '1', mensaje: 'Operación exitosa', folio: 'f-1', resultado: 'x' }).success; // true
 * ```
 */
export const SUCCESS_FIELDS = {
  status: Type.Literal(200),
  codigoRespuesta: Type.Literal('1'),
  mensaje: mensajeSchema,
  folio: folioSchema,
} as const;

/**
 * A success envelope schema: {@link SUCCESS_FIELDS} plus the operation's own fields.
 *
 * @example
 * ```ts
 * const Response = successEnvelope({ resultado: CreditResultSchema }, 'AutoEstreneResponse', 'AutoEstrene response');
 * Response.$id; // 'AutoEstreneResponse'
 * ```
 */
export function successEnvelope<P extends TProperties>(fields: P, $id: string, title: string) {
  return Type.Object({ ...SUCCESS_FIELDS, ...fields }, { additionalProperties: false, $id, title });
}

/**
 * The error envelope, as a type.
 *
 * @example
 * ```ts
 * const envelope: ErrorEnvelope = errorEnvelope({ status: 401, codigoError: 'ERRSEG001', folio: 'f' });
 * ```
 *
 * @useDeclaredType
 */
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>;
/**
 * `detalles`, as a type.
 *
 * @example
 * ```ts
 * const detalles: Detalles = { enlace: DEFAULT_HELP_URL, propiedad: 'Falta un campo requerido', valorIncorrecto: 'solicitud.plazo' };
 * ```
 *
 * @useDeclaredType
 */
export type Detalles = Static<typeof DetallesSchema>;

/**
 * What an error envelope reports; everything but the status and code is optional.
 *
 * @example
 * ```ts
 * const input: ErrorEnvelopeInput = { status: 400, codigoError: 'ERRNEG001', folio: 'f', valorIncorrecto: 'lineaCaptura' };
 * ```
 */
export interface ErrorEnvelopeInput {
  readonly status: EnvelopeStatus;
  readonly codigoError: ErrorCode;
  readonly folio: string;
  /** Defaults to the code's standard message from `ERROR_CODES`. */
  readonly mensaje?: string | undefined;
  /** `detalles.propiedad`; defaults to `mensaje`. */
  readonly propiedad?: string | undefined;
  /** The field at fault (path or header name); truncated to 50 characters. */
  readonly valorIncorrecto?: string | undefined;
  /** Base help URL; defaults to {@link DEFAULT_HELP_URL}. */
  readonly helpUrl?: string | undefined;
}

/** `text`, or `fallback` when empty, clamped to `max` characters. */
function clampNonEmpty(text: string | undefined, max: number, fallback: string): string {
  const value = text === undefined || text === '' ? fallback : text;
  return truncateText(value, max);
}

/**
 * Builds an error envelope. Lengths are clamped to the interface's limits so the envelope is
 * always valid against {@link ErrorEnvelopeSchema}.
 *
 * @example
 * ```ts
 * errorEnvelope({ status: 400, codigoError: 'ERRESQ006', folio: 'f-1', valorIncorrecto: 'solicitud.plazo' });
 * // { status: 400, codigoRespuesta: '0', codigoError: 'ERRESQ006', folio: 'f-1',
 * //   mensaje: 'No se enviaron campos requeridos',
 * //   detalles: { enlace: 'https://cotizador.example/docs/errores#ERRESQ006', propiedad: 'No se enviaron campos requeridos', valorIncorrecto: 'solicitud.plazo' } }
 * ```
 */
export function errorEnvelope(input: ErrorEnvelopeInput): ErrorEnvelope {
  const mensaje = clampNonEmpty(input.mensaje, 500, ERROR_CODES[input.codigoError]);
  const helpUrl = input.helpUrl ?? DEFAULT_HELP_URL;
  const detalles: Detalles = {
    enlace: truncateText(`${helpUrl}#${input.codigoError}`, 300),
    propiedad: clampNonEmpty(input.propiedad, 300, mensaje),
    ...(input.valorIncorrecto === undefined || input.valorIncorrecto === ''
      ? {}
      : { valorIncorrecto: truncateText(input.valorIncorrecto, MAX_VALOR_INCORRECTO) }),
  };
  return {
    status: input.status,
    codigoRespuesta: '0',
    codigoError: input.codigoError,
    folio: clampNonEmpty(input.folio, 36, '-'),
    mensaje,
    detalles,
  };
}

/**
 * What an error envelope says about the first of a validation's issues: its code, its message
 * (`propiedad`) and its path (`valorIncorrecto`; `body` for the root).
 *
 * @example
 * ```ts
 * firstIssueReport([{ code: 'ERRESQ006', path: 'solicitud.plazo', message: 'Falta un campo requerido' }]);
 * // { codigoError: 'ERRESQ006', propiedad: 'Falta un campo requerido', valorIncorrecto: 'solicitud.plazo' }
 * ```
 */
export function firstIssueReport(issues: readonly Issue[]): { codigoError: RequestErrorCode; propiedad?: string; valorIncorrecto: string } {
  const first = issues[0];
  if (first === undefined) return { codigoError: 'ERRESQ005', valorIncorrecto: 'body' };
  return { codigoError: first.code, propiedad: first.message, valorIncorrecto: first.path === '' ? 'body' : first.path };
}

/**
 * The error envelope (status 400) that reports the first of a validation's issues.
 *
 * @example
 * ```ts
 * const result = validateAutoEstrene('{}');
 * if (!result.success) issuesEnvelope(result.issues, 'f-1');
 * // { status: 400, codigoRespuesta: '0', codigoError: 'ERRESQ006', folio: 'f-1', mensaje: 'No se enviaron campos requeridos',
 * //   detalles: { enlace: 'https://cotizador.example/docs/errores#ERRESQ006', propiedad: 'Falta un campo requerido', valorIncorrecto: 'solicitud' } }
 * ```
 */
export function issuesEnvelope(issues: readonly Issue[], folio: string, helpUrl?: string): ErrorEnvelope {
  return errorEnvelope({ status: 400, folio, helpUrl, ...firstIssueReport(issues) });
}
