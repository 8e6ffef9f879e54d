/**
 * One attacker of `attacks.ts`, in its own process (so its work never slows the legitimate
 * client's event loop): `node --import tsx attacker.ts KIND PORT TOKEN`. It attacks 127.0.0.1:PORT
 * from 127.0.0.2 (another address, as a real attacker's would be) until SIGTERM. It prints `ready`
 * once attacking; on SIGTERM it stops sending, gives the requests it sent up to 10 s to be
 * answered, and prints one JSON line: the answers it got by status, how many exchanges ended
 * without one, and how many were still pending.
 *
 * - `receipts`: 4 keep-alive loops asking for the sample receipt (`obtenerDocumento`) as fast as
 *   they can, authenticated.
 * - `json-auth`, `json-anon`: 8 loops sending 1,000,000-byte JSON bodies to AutoEstrene (valid
 *   JSON, one unknown field), with a valid token or without one.
 * - `forms`: 8 loops sending 100,000-field token forms (~0.9 MiB), without credentials and with a
 *   wrong Basic header alternately.
 * - `slowloris`: 1,100 connections sending a header line every 5 s and never ending their head,
 *   each reopened 250 ms after the server closes it (counted by the status it was closed with;
 *   closed with no answer: unanswered).
 */
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { AUTOESTRENE_60 } from './shared.js';

const [kind = 'receipts', portText = '0', token = ''] = process.argv.slice(2);
const port = Number(portText);
const FROM = '127.0.0.2';
const statuses = new Map<number, number>();
let unanswered = 0;
/** Why exchanges ended without an answer: the error code (or `closed`), with how long after sending, by 250 ms. */
const causes = new Map<string, number>();
/** Requests sent and not yet answered or ended. */
let inFlight = 0;
let stopping = false;

const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

/** One request; resolves when it was answered or its connection ended (counted either way). */
function once(agent: Agent, path: string, headers: Record<string, string | number>, body: Buffer | string): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    inFlight++;
    const sent = performance.now();
    const finish = (status: number | undefined, cause = 'closed') => {
      if (done) return;
      done = true;
      inFlight--;
      if (status === undefined) {
        unanswered++;
        const key = `${cause} after ${Math.floor((performance.now() - sent) / 250) * 250} ms`;
        causes.set(key, (causes.get(key) ?? 0) + 1);
      } else count(status);
      resolve();
    };
    const req = httpRequest({ host: '127.0.0.1', port, localAddress: FROM, method: 'POST', path, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => finish(res.statusCode ?? 0));
      res.on('error', () => finish(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => finish(undefined, error.code ?? error.message));
    req.on('close', () => setImmediate(() => finish(undefined)));
    req.end(body);
  });
}

async function loops(n: number, make: (i: number) => { path: string; headers: Record<string, string | number>; body: Buffer | string }) {
  const agent = new Agent({ keepAlive: true, maxSockets: n });
  await Promise.all(
    Array.from({ length: n }, async (_, slot) => {
      for (let i = slot; !stopping; i += n) {
        const r = make(i);
        await once(agent, r.path, r.headers, r.body);
      }
    }),
  );
}

const BIG_JSON = Buffer.from(`${AUTOESTRENE_60.slice(0, -2)},"relleno":"${'x'.repeat(1_000_000 - AUTOESTRENE_60.length - 16)}"}}`);
const FORM = Buffer.from(Array.from({ length: 100_000 }, (_, i) => `f${String(i).padStart(5, '0')}=1`).join('&'));
const WRONG_BASIC = `Basic ${Buffer.from('intruder:wrong').toString('base64')}`;

function slowloris(total: number): void {
  const open = new Set<Socket>();
  const start = () => {
    if (stopping) return;
    const socket = connect({ host: '127.0.0.1', port, localAddress: FROM });
    open.add(socket);
    socket.setNoDelay(true);
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      if (answer.length < 16) answer += chunk.toString('latin1');
    });
    let k = 0;
    const timer = setInterval(() => socket.write(`X-Slow-${k++}: ${k}\r\n`), 5000);
    socket.once('connect', () => socket.write('POST /api/esb/Cotizador/v1/AutoEstrene HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
    socket.once('close', () => {
      clearInterval(timer);
      open.delete(socket);
      if (stopping) return;
      // Closed by the server: with its answer (408 at the header deadline, 429/503 at a cap), or without.
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer);
      if (status === null) unanswered++;
      else count(Number(status[1]));
      setTimeout(start, 250);
    });
  };
  // Opened over half a second, as a tool ramping up would.
  for (let i = 0; i < total; i++) setTimeout(start, (i * 500) / total);
  process.once('SIGTERM', () => {
    for (const socket of open) socket.destroy();
  });
}

process.once('SIGTERM', async () => {
  stopping = true;
  // The requests sent get up to 10 s to be answered; what is still waiting then is reported as pending.
  for (let waited = 0; inFlight > 0 && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  process.stdout.write(
    `${JSON.stringify({ kind, statuses: Object.fromEntries(statuses), unanswered, ...(causes.size > 0 ? { causes: Object.fromEntries(causes) } : {}), pending: inFlight })}\n`,
  );
  setTimeout(() => process.exit(0), 50);
});

switch (kind) {
  case 'receipts':
    void loops(4, () => ({
      path: '/api/esb/ServiciosContribuyentes/obtenerDocumento',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"lineaCaptura":"0124ABCD5678EFGH9012"}',
    }));
    break;
  case 'json-auth':
  case 'json-anon':
    void loops(8, () => ({
      path: '/api/esb/Cotizador/v1/AutoEstrene',
      headers: {
        'content-type': 'application/json',
        'content-length': BIG_JSON.length,
        ...(kind === 'json-auth' ? { authorization: `Bearer ${token}` } : {}),
      },
      body: BIG_JSON,
    }));
    break;
  case 'forms':
    void loops(8, (i) => ({
      path: '/api/esb/ValidaCredenciales/accesstoken',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': FORM.length,
        ...(i % 2 === 1 ? { authorization: WRONG_BASIC } : {}),
      },
      body: FORM,
    }));
    break;
  case 'slowloris':
    slowloris(1100);
    break;
  default:
    throw new Error(`unknown attack ${kind}`);
}
// Started (the SIGTERM handler is in place): `attacks.ts` waits for this line.
process.stdout.write('ready\n');
