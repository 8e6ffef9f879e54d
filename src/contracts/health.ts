/** The health route's answer (`GET /health`, not part of the interface): whether to send traffic. */
import { Type, type Static } from '@sinclair/typebox';

/**
 * `GET /health`: `ok` while the server takes requests, `draining` (with status 503) once it is
 * shutting down, so a load balancer stops sending it new ones.
 *
 * @example
 * ```ts
 * validateWith(HealthSchema, { status: 'ok' }).success; // true
 * ```
 */
export const HealthSchema = Type.Object(
  { status: Type.Union([Type.Literal('ok'), Type.Literal('draining')]) },
  { additionalProperties: false, $id: 'Health', title: 'Health' },
);

/**
 * The health answer, as a type.
 *
 * @example
 * ```ts
 * const health: Health = { status: 'ok' };
 * ```
 */
export type Health = Static<typeof HealthSchema>;
