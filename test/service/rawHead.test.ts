/**
 * A request the transport could not parse is refused in the shape of the API it was for: its
 * head read back from the raw bytes (`rawRequestHead`), then `transportFailure` with that head.
 * ATM paths get the ATM error body, the envelope APIs the envelope, anything unreadable the
 * envelope.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rawRequestHead } from '../../src/http/protocol.js';
import { json, testService } from './helpers.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const ATM = '/open-banking/open-data/v2/atms';

describe('rawRequestHead', () => {
  it('reads the method, the path and the headers of a head a parser refused', () => {
    const head = rawRequestHead(
      bytes(
        `\r\nPOST ${ATM}?brand=X HTTP/1.1\r\nHost: a\r\nACCEPT-LANGUAGE: en_US\r\nAccept-Language: es_MX\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: xchunked\r\n\r\nbody: no`,
      ),
    );
    expect(head).toEqual({
      method: 'POST',
      path: `${ATM}?brand=X`,
      headers: expect.objectContaining({ host: 'a', 'accept-language': 'en_US', 'transfer-encoding': 'chunked' }),
    });
    expect(Object.keys(head?.headers ?? {})).not.toContain('body');
  });

  it('reduces an absolute-form target to its path; keeps a partial head; refuses what is not a request line', () => {
    expect(rawRequestHead(bytes(`GET http://127.0.0.1:8080${ATM} HTTP/1.1\r\n`))?.path).toBe(ATM);
    expect(rawRequestHead(bytes('GET http://127.0.0.1:8080 HTTP/1.1\r\n'))?.path).toBe('/');
    expect(rawRequestHead(bytes(`GET ${ATM} HTTP/1.1\r\nAccept-Lang`))?.headers).toEqual({});
    expect(rawRequestHead(bytes('__proto__: x\r\n'))).toBeUndefined();
    expect(rawRequestHead(bytes('\u0016\u0003\u0001\u0002\u0000'))).toBeUndefined();
    expect(rawRequestHead(new Uint8Array())).toBeUndefined();
    expect(rawRequestHead(undefined)).toBeUndefined();
    expect(Object.getPrototypeOf(rawRequestHead(bytes(`GET / HTTP/1.1\r\n__proto__: x\r\n\r\n`))?.headers)).toBeNull();
  });

  it('never throws, on any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.string({ maxLength: 60 }), (raw, prefix) => {
        const head = rawRequestHead(new Uint8Array([...bytes(prefix), ...raw]));
        if (head !== undefined) expect(typeof head.path).toBe('string');
      }),
    );
    // 64 KiB of header is read in bounded time and size.
    expect(rawRequestHead(bytes(`GET / HTTP/1.1\r\nX: ${'a'.repeat(200_000)}\r\n\r\n`))?.headers['x']?.length).toBeLessThan(65_536);
  });
});

describe('a refusal from the transport is in the shape of the path’s API', () => {
  const service = testService();
  const refuse = (reason: 'malformed' | 'headersTooLarge' | 'timeout', raw: string) =>
    service.transportFailure(reason, rawRequestHead(bytes(raw)));

  it('ATM paths: the ATM error body, in the request’s language', () => {
    const duplicate = refuse(
      'malformed',
      `GET ${ATM} HTTP/1.1\r\nAccept-Language: en_US\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n`,
    );
    expect(duplicate.status).toBe(400);
    expect(json(duplicate)).toEqual({ status: '400', title: 'Solicitud Incorrecta', description: 'request could not be understood' });
    const large = refuse('headersTooLarge', `GET ${ATM}/api-version HTTP/1.1\r\nX: aaaa`);
    expect([large.status, json(large)['status'], json(large)['title']]).toEqual([431, '431', 'Campos de encabezados demasiado largos.']);
    const slow = refuse('timeout', `GET ${ATM} HTTP/1.1\r\nHost: a\r\n`);
    expect([slow.status, json(slow)['title']]).toEqual([408, 'Timeout']);
  });

  it('the envelope APIs and unreadable heads: the envelope', () => {
    const quoter = refuse(
      'malformed',
      'POST /api/esb/Cotizador/v1/AutoEstrene HTTP/1.1\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: x\r\n\r\n',
    );
    expect(json(quoter)).toMatchObject({ status: 400, codigoError: 'ERRESQ005', detalles: { valorIncorrecto: 'request' } });
    const garbage = refuse('malformed', '\u0016\u0003\u0001');
    expect(json(garbage)).toMatchObject({ status: 400, codigoError: 'ERRESQ005' });
  });
});
