/**
 * What `noCodegen.test.ts` runs in a process that refuses code generation from strings, and again
 * in the test's own process to compare: the validators, the quotes (the credit quote through its
 * generated one-pass reader, the policy quote through the default tariff and its generated
 * check), the issues of bad requests, a user's own schema (checked by TypeBox's interpreter), and
 * the service answering a token, an AutoEstrene and a SegAutoVendor. Imports only the package's
 * entries (and TypeBox, for the user's schema), as a user's script does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { collectIssues, CreditRequestSchema, validateAutoEstrene, validateSegAutoVendor, validateWith } from '../../src/entry/contracts.js';
import { quoteCredit } from '../../src/entry/credit.js';
import { quotePolicy } from '../../src/entry/insurance.js';
import { createService } from '../../src/entry/service.js';

function example(root: string, name: string): { solicitud: Record<string, unknown> } {
  return JSON.parse(readFileSync(join(root, 'examples', name), 'utf8')) as { solicitud: Record<string, unknown> };
}

function outcome(run: () => unknown): unknown {
  try {
    return { ok: run() };
  } catch (error) {
    return { threw: error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error) };
  }
}

/** Every result of the workload, as JSON-able values; `root` is the repository. */
export async function codegenWorkload(root: string): Promise<Record<string, unknown>> {
  const credit = example(root, 'autoestrene.json');
  const policy = example(root, 'segautovendor.json');
  const badCredit = { solicitud: { ...credit.solicitud, plazo: 1000, tasa: 13.5, extra: 1, valorFactura: '' } };
  const badPolicy = { solicitud: { ...policy.solicitud, modelo: '2025', codigoPostal: undefined } };
  const client = { clientId: 'app', clientSecret: 's3cret-value', scopes: ['update', 'read'] };
  const service = createService({
    clients: [client],
    tokenSecret: 'test secret of at least thirty-two bytes',
    now: () => new Date('2026-01-31T18:00:00Z'),
    folio: () => 'folio-1',
  });
  const tokenAnswer = await service.handle({
    method: 'POST',
    path: '/api/esb/ValidaCredenciales/accesstoken',
    headers: { authorization: `Basic ${btoa('app:s3cret-value')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=update',
  });
  const token = (JSON.parse(tokenAnswer.body) as { access_token: string }).access_token;
  const post = (path: string, body: unknown) =>
    service.handle({
      method: 'POST',
      path,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return {
    validAutoEstrene: validateAutoEstrene(JSON.stringify(credit)),
    invalidAutoEstrene: validateAutoEstrene(badCredit),
    validSegAutoVendor: validateSegAutoVendor(policy),
    invalidSegAutoVendor: validateSegAutoVendor(badPolicy),
    issues: collectIssues(CreditRequestSchema, badCredit.solicitud),
    firstIssue: validateWith(CreditRequestSchema, { plazo: 'x' }, 'solicitud', 1),
    userSchema: [{ a: 'xy' }, { a: 'y', b: 1 }].map((value) =>
      validateWith(Type.Object({ a: Type.String({ pattern: '^x' }) }, { additionalProperties: false }), value),
    ),
    // Bad requests on purpose: the engines take unknown values and throw coded errors.
    credit: outcome(() => quoteCredit(credit.solicitud as never, { fechaApertura: '2026-01-31' })),
    badCredit: outcome(() => quoteCredit(badCredit.solicitud as never, { fechaApertura: '2026-01-31' })),
    policy: outcome(() => quotePolicy(policy.solicitud as never, { fechaInicio: '2026-01-31' })),
    badPolicy: outcome(() => quotePolicy(badPolicy.solicitud as never, { fechaInicio: '2026-01-31' })),
    serviceToken: tokenAnswer.status,
    serviceAutoEstrene: await post('/api/esb/Cotizador/v1/AutoEstrene', credit),
    serviceSegAutoVendor: await post('/api/esb/Cotizador/v1/SegAutoVendor', policy),
    serviceInvalid: await post('/api/esb/Cotizador/v1/AutoEstrene', badCredit),
  };
}
