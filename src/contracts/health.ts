/** The health route's answer (`GET /health`, not part of the interface): whether to send traffic. */
import type { Static } from '@sinclair/typebox';
import { Type } from '../validation/type.js';
import { precompiled } from '../validation/precompiled.js';
import * as checks from './generated/health.js';

/**
 * `GET /health`: `ok` while the server takes requests, `draining` (with status 503) once it is
 * shutting down, so a load balancer stops sending it new ones.
 *
 * @example
 * ```ts
 * validateWith(HealthSchema, { status: 'ok' }).success; // true
 * ```
 */
export const HealthSchema = precompiled(
  Type.Object(
    { status: Type.Union([Type.Literal('ok'), Type.Literal('draining')]) },
    { additionalProperties: false, $id: 'Health', title: 'Health' },
  ),
  checks.checkHealth,
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
