/**
 * Issue 21, item 13, over raw sockets: what node:http would answer on its own (a bare 400 for a
 * request without Host, 417 for an unknown Expect, a closed socket for CONNECT, a parse error's
 * 400 written over the answer to the good request before it) is the interface's envelope (the
 * ATM API's shape on its paths) with the security headers, and never takes another request's
 * place. `Expect: 100-continue` gets `100 Continue` only when the body is wanted.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AtmErrorBodySchema, ErrorEnvelopeSchema, validateWith } from '../../src/entry/contracts.js';
import { shutdownNodeServer } from '../../src/entry/node.js';
import { CREDIT_BODY } from '../service/helpers.js';
import { ATMS, AUTO, bearer, converse, head, listen, parseAnswers, post, type Answer, type Running } from './raw.js';

let running: Running;
let token: string;
beforeAll(async () => {
  running = await listen();
  token = await bearer(running.port);
});
afterAll(async () => {
  await shutdownNodeServer(running.server, 100);
});

const SECURITY = {
  'strict-transport-security': 'max-age=31536000',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'content-type': 'application/json; charset=utf-8',
};

/** The answer is the interface's error envelope with `status` and `code`, and the security headers. */
function envelope(answer: Answer | undefined, status: number, code: string): Record<string, unknown> {
  expect(answer?.status, answer?.body).toBe(status);
  expect(answer?.headers).toMatchObject(SECURITY);
  const body = JSON.parse(answer?.body ?? '') as Record<string, unknown>;
  expect(validateWith(ErrorEnvelopeSchema, body).success).toBe(true);
  expect(body).toMatchObject({ status, codigoError: code });
  return body;
}

const credit = () => post(AUTO, JSON.stringify(CREDIT_BODY), { authorization: `Bearer ${token}`, 'content-type': 'application/json' });

describe('a request without Host', () => {
  it('gets 400 ERRESQ006 naming Host, not a bare 400', async () => {
    const { answers } = await converse(running.port, `${head('POST', AUTO, { 'content-length': 2 }, false)}{}`);
    const body = envelope(answers[0], 400, 'ERRESQ006');
    expect(body['detalles']).toMatchObject({ valorIncorrecto: 'Host', propiedad: 'Falta un campo requerido' });
  });

  it('on the ATM API, its own 400 body', async () => {
    const { answers } = await converse(running.port, head('GET', ATMS, {}, false));
    expect(answers[0]?.status).toBe(400);
    expect(answers[0]?.headers).toMatchObject(SECURITY);
    const body = JSON.parse(answers[0]?.body ?? '') as unknown;
    expect(validateWith(AtmErrorBodySchema, body).success).toBe(true);
    expect(body).toMatchObject({ status: '400' });
  });

  it('HTTP/1.0 needs none', async () => {
    const { answers } = await converse(running.port, 'GET /health HTTP/1.0\r\n\r\n');
    expect(answers[0]).toMatchObject({ status: 200, body: '{"status":"ok"}' });
  });
});

describe('Expect', () => {
  it('an expectation other than 100-continue: 400 ERRESQ005 naming Expect, not 417', async () => {
    const { answers } = await converse(running.port, `${head('POST', AUTO, { expect: 'foo', 'content-length': 2 })}{}`);
    const body = envelope(answers[0], 400, 'ERRESQ005');
    expect(body['detalles']).toMatchObject({ valorIncorrecto: 'Expect', propiedad: 'Solo se admite Expect: 100-continue' });
  });

  it('100-continue on a request refused from its head: the refusal, no 100 Continue', async () => {
    const { answers, raw } = await converse(running.port, head('POST', AUTO, { expect: '100-continue', 'content-length': 500 }));
    expect(raw.startsWith('HTTP/1.1 100')).toBe(false);
    envelope(answers[0], 401, 'ERRSEG001');
  });

  it('100-continue on a request whose body is wanted: 100 Continue, then the answer', async () => {
    const body = JSON.stringify(CREDIT_BODY);
    const answers = await new Promise<Answer[]>((resolve) => {
      // The body is sent only once the server says 100 Continue, as a client that waits would.
      const socket = connect(running.port, '127.0.0.1');
      let raw = '';
      let sent = false;
      socket.on('data', (chunk: Buffer) => {
        raw += chunk.toString('latin1');
        const found = parseAnswers(raw).answers;
        if (!sent && found[0]?.status === 100) {
          sent = true;
          socket.write(body);
        }
        if (found.length === 2) {
          socket.destroy();
          resolve(found);
        }
      });
      socket.write(
        head('POST', AUTO, {
          expect: '100-continue',
          'content-length': body.length,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        }),
      );
    });
    expect(answers.map((a) => a.status)).toEqual([100, 200]);
  });
});

describe('CONNECT', () => {
  it('to an authority: 400 ERRNEG001 as an envelope, not a closed socket', async () => {
    const { answers } = await converse(running.port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    envelope(answers[0], 400, 'ERRNEG001');
  });

  it("to one of the service's paths: 405 with Allow", async () => {
    const { answers } = await converse(running.port, `CONNECT ${AUTO} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    envelope(answers[0], 405, 'ERRSEG006');
    expect(answers[0]?.headers['allow']).toBe('POST');
  });
});

describe('a bad request pipelined behind good ones', () => {
  it('never replaces their answers: each good one is answered, then the 400 envelope', async () => {
    const { answers } = await converse(running.port, `${credit()}${credit()}GARBAGE / HTTP/9.9\r\n\r\n`);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 400]);
    expect(JSON.parse(answers[0]?.body ?? '{}')).toMatchObject({ status: 200, codigoRespuesta: '1' });
    envelope(answers[2], 400, 'ERRESQ005');
  });

  it('a good request after a bad one is not parsed: the 400, then the connection closes', async () => {
    const { answers } = await converse(running.port, `GARBAGE / HTTP/9.9\r\n\r\n${credit()}`);
    expect(answers.map((a) => a.status)).toEqual([400]);
    envelope(answers[0], 400, 'ERRESQ005');
  });
});
