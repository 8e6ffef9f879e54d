/**
 * Issue 21, item 1, in the portable service: heavy jobs go to the configured executor, a job it
 * refuses is 503 ERRSER003 with `Retry-After` (a large body refused from its head while it is
 * full), and receipts are cached by what determines their bytes, within a bound, one rendering
 * shared by concurrent requests. The executors here are stand-ins that count and refuse; the
 * worker pool itself is tested in test/node/pool.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { samplePayments } from '../../src/entry/documents.js';
import { ExecutorBusy, IN_PROCESS_EXECUTOR, runJob, type Executor, type Job } from '../../src/entry/node.js';
import { ReceiptCache } from '../../src/service/receiptCache.js';
import { accessToken, basic, CLIENT, CREDIT_BODY, json, post, testService, tokenRequest } from './helpers.js';

const RECEIPT = '/api/esb/ServiciosContribuyentes/obtenerDocumento';
const AUTO = '/api/esb/Cotizador/v1/AutoEstrene';
const LINEA = samplePayments()[0]?.lineaCaptura as string;

/** An executor that runs jobs here and records them; `refuse`: every job and turn refused. */
function counting(refuse = false): Executor & { jobs: Job['kind'][]; turns: number } {
  const executor = {
    jobs: [] as Job['kind'][],
    turns: 0,
    offloadBodyBytes: 1024,
    run<J extends Job>(job: J) {
      executor.jobs.push(job.kind);
      return refuse ? Promise.reject(new ExecutorBusy(3)) : runJob(job);
    },
    turn() {
      executor.turns++;
      return refuse ? Promise.reject(new ExecutorBusy(1)) : Promise.resolve();
    },
    busy: () => (refuse ? 3 : undefined),
  };
  return executor;
}

describe('receipts', () => {
  it('are rendered once per record and issuer, then served from the cache after a turn', async () => {
    const executor = counting();
    const service = testService({ executor });
    const token = await accessToken(service);
    const first = await service.handle(post(RECEIPT, { lineaCaptura: LINEA }, token));
    const second = await service.handle(post(RECEIPT, { lineaCaptura: LINEA }, token));
    expect(executor.jobs).toEqual(['receipt']);
    expect(executor.turns).toBe(1);
    expect(json(second).Resultado.documento).toBe(json(first).Resultado.documento);
  });

  it('are the same bytes as without an executor or a cache', async () => {
    const plain = testService({ receiptCacheBytes: 0 });
    const pooled = testService({ executor: counting() });
    const [a, b] = [await accessToken(plain), await accessToken(pooled)];
    const expected = await plain.handle(post(RECEIPT, { lineaCaptura: LINEA }, a));
    await pooled.handle(post(RECEIPT, { lineaCaptura: LINEA }, b));
    const cached = await pooled.handle(post(RECEIPT, { lineaCaptura: LINEA }, b));
    expect(json(cached).Resultado.documento).toBe(json(expected).Resultado.documento);
    // The cached answer's JSON, written when kept, is the same text as the envelope stringified.
    const folio = (body: string) => body.replace(/"folio":"[^"]*"/, '"folio":""');
    expect(folio(cached.body)).toBe(folio(expected.body));
  });

  it("one client's receipts are rendered one at a time, another client's beside them", async () => {
    const started: string[] = [];
    const gates: (() => void)[] = [];
    const gated: Executor = {
      offloadBodyBytes: 1024,
      run<J extends Job>(job: J) {
        started.push(job.kind);
        return new Promise<void>((resolve) => gates.push(resolve)).then(() => runJob(job));
      },
      turn: () => Promise.resolve(),
      busy: () => undefined,
    };
    const second = { clientId: 'second-client', clientSecret: 'another client secret, long enough 123', scopes: ['update'] };
    const service = testService({ executor: gated, receiptCacheBytes: 0, clients: [CLIENT, second] });
    const token = await accessToken(service);
    const answer = await tokenRequest(service, 'grant_type=client_credentials&scope=update', {
      authorization: basic(second.clientId, second.clientSecret),
    });
    const other = (JSON.parse(answer.body) as { access_token: string }).access_token;
    const a1 = service.handle(post(RECEIPT, { lineaCaptura: LINEA }, token));
    const a2 = service.handle(post(RECEIPT, { lineaCaptura: LINEA }, token));
    const b1 = service.handle(post(RECEIPT, { lineaCaptura: LINEA }, other));
    while (started.length < 2) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The first of each client runs; the client's second waits for its first.
    expect(started).toEqual(['receipt', 'receipt']);
    gates.shift()?.();
    gates.shift()?.();
    while (started.length < 3) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()?.();
    expect((await Promise.all([a1, a2, b1])).map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it('concurrent requests for one receipt share one rendering', async () => {
    const executor = counting();
    const service = testService({ executor });
    const token = await accessToken(service);
    const answers = await Promise.all(Array.from({ length: 5 }, () => service.handle(post(RECEIPT, { lineaCaptura: LINEA }, token))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(executor.jobs).toEqual(['receipt']);
  });

  it('a refused rendering is 503 ERRSER003 with Retry-After, and is not cached', async () => {
    const executor = counting(true);
    const service = testService({ executor });
    const token = await accessToken(service);
    const answer = await service.handle(post(RECEIPT, { lineaCaptura: LINEA }, token));
    expect(answer.status).toBe(503);
    expect(answer.headers['Retry-After']).toBe('3');
    expect(json(answer)).toMatchObject({
      status: 503,
      codigoError: 'ERRSER003',
      detalles: { propiedad: 'El servidor est\u00e1 ocupado; reintente en 3 s' },
    });
    await service.handle(post(RECEIPT, { lineaCaptura: LINEA }, token));
    expect(executor.jobs).toEqual(['receipt', 'receipt']);
  });
});

describe('the receipt cache', () => {
  it('keeps at most its bound, the least recently used leaving first', async () => {
    const [one, two] = samplePayments() as [Parameters<ReceiptCache['get']>[0], Parameters<ReceiptCache['get']>[0]];
    // A receipt counts its base64 and its JSON (the base64 between quotes).
    const size = 2 * (await runJob({ kind: 'receipt', record: one, issuer: undefined })).length + 2;
    const cache = new ReceiptCache(size + 10);
    await cache.get(one, undefined, IN_PROCESS_EXECUTOR);
    expect([cache.size, cache.bytes]).toEqual([1, size]);
    await cache.get(two, undefined, IN_PROCESS_EXECUTOR);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBeLessThanOrEqual(size + 10);
  });

  it('keys on the issuer too: another issuer is another receipt', async () => {
    const executor = counting();
    const cache = new ReceiptCache(1024 * 1024);
    const record = samplePayments()[0] as Parameters<ReceiptCache['get']>[0];
    const a = await cache.get(record, undefined, executor);
    const b = await cache.get(record, { nombre: 'Otro Banco, S.A.', rfc: 'OBA991231AB1' }, executor);
    expect(executor.jobs).toEqual(['receipt', 'receipt']);
    expect(a.documento).not.toBe(b.documento);
    expect(a.json).toBe(JSON.stringify(a.documento));
  });

  it('0 keeps none', async () => {
    const executor = counting();
    const service = testService({ executor, receiptCacheBytes: 0 });
    const token = await accessToken(service);
    await service.handle(post(RECEIPT, { lineaCaptura: LINEA }, token));
    await service.handle(post(RECEIPT, { lineaCaptura: LINEA }, token));
    expect(executor.jobs).toEqual(['receipt', 'receipt']);
  });
});

describe('large bodies', () => {
  const padded = (bytes: number) => `${JSON.stringify(CREDIT_BODY)}${' '.repeat(bytes)}`;

  it('at or above offloadBodyBytes are validated by the executor, with the same answer', async () => {
    const executor = counting();
    const pooled = testService({ executor });
    const plain = testService();
    const [a, b] = [await accessToken(pooled), await accessToken(plain)];
    const big = await pooled.handle(post(AUTO, padded(2000), a));
    const expected = await plain.handle(post(AUTO, padded(2000), b));
    expect(executor.jobs).toEqual(['validate']);
    expect(big.body).toBe(expected.body);
    await pooled.handle(post(AUTO, padded(0), a));
    expect(executor.jobs).toEqual(['validate']);
  });

  it('a large declared body while the executor is full: 503 ERRSER003 from the head', async () => {
    const service = testService({ executor: counting(true) });
    const token = await accessToken(service);
    const reception = await service.receive({
      method: 'POST',
      path: AUTO,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': '5000' },
    });
    expect('response' in reception && reception.response.status).toBe(503);
    expect('response' in reception && json(reception.response).codigoError).toBe('ERRSER003');
  });
});

describe('configuration', () => {
  it('an executor without run and turn, or a negative cache bound, is refused at creation', () => {
    expect(() => testService({ executor: { run: () => 1 } as never })).toThrow(/executor/);
    expect(() => testService({ receiptCacheBytes: -1 })).toThrow(/receiptCacheBytes/);
  });
});
