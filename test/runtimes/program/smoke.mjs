// The smoke program every runtime runs (Node, Bun, Deno, a browser page): the cases of
// test/runtimes/cases.ts through the package's root exports as that runtime imported them, each
// output as one JSON text in the corpus's format (test/corpus/run.ts). It uses the package and
// Web-standard APIs only (Web Crypto's digest for the token's fingerprint, btoa), so the same file
// runs unchanged everywhere; the suite copies it, with the entries beside it (esm.mjs, cjs.cjs,
// page.mjs), into the project where the package is installed.

/** The engine's result, or the coded error it threw, as the corpus writes them. */
function engine(api, run) {
  try {
    return JSON.stringify({ ok: run() });
  } catch (error) {
    if (api.isQuoteError(error)) {
      return JSON.stringify({
        error: { codigoError: error.codigoError, valorIncorrecto: error.valorIncorrecto ?? null, mensaje: error.mensaje },
      });
    }
    return JSON.stringify({ error: { untyped: String(error) } });
  }
}

async function sha256Hex(text) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The corpus's service: its clock, its clients and secret, the case's folio, and its valid token. */
async function corpusService(api, setup) {
  let folio = '';
  const now = () => new Date(setup.now);
  const config = { clients: setup.clients, tokenSecret: setup.secret, now };
  const service = api.createService({ ...config, folio: () => folio });
  const { clientId, clientSecret, scope, folio: tokenFolio } = setup.token;
  const issuer = api.createService({ ...config, folio: () => tokenFolio });
  const response = await issuer.handle({
    method: 'POST',
    path: '/api/esb/ValidaCredenciales/accesstoken',
    headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials&scope=${scope}`,
  });
  const token = JSON.parse(response.body).access_token;
  if (token === undefined) throw new Error(`smoke: no token (${response.body})`);
  return async (request, caseFolio) => {
    folio = caseFolio;
    const headers = { ...request.headers };
    if (request.token === 'valid') headers.authorization = `Bearer ${token}`;
    else if (request.token !== undefined) throw new Error(`smoke: only the valid token is replayed (${request.token})`);
    const answer = await service.handle({ method: request.method, path: request.path, headers, body: request.body });
    // Access tokens are compared by digest, as the corpus stores them.
    const issued = /"access_token":"([^"]+)"/.exec(answer.body);
    const body = issued === null ? answer.body : answer.body.replace(issued[1], `sha256:${await sha256Hex(issued[1])}`);
    return JSON.stringify({ status: answer.status, headers: answer.headers, body });
  };
}

/**
 * Whether this runtime lets code be generated from strings (`new Function`): 'allowed', or the
 * error's name. The entries call it after the cases, so it cannot be what made a case pass or fail.
 */
export function codeGeneration() {
  try {
    new Function('return 1')();
    return 'allowed';
  } catch (error) {
    return error?.name ?? String(error);
  }
}

/** Which runtime this is, as it names itself. */
function runtimeName() {
  if (typeof Deno !== 'undefined') return `deno ${Deno.version.deno}`;
  if (typeof Bun !== 'undefined') return `bun ${Bun.version}`;
  const node = globalThis.process?.versions?.node;
  if (node !== undefined) return `node ${node}`;
  return typeof navigator === 'undefined' ? 'unknown' : navigator.userAgent;
}

/** Runs every case through `api` (the package's root exports); returns each output by case id, and the runtime's name. */
export async function runSmoke(api, { setup, cases }) {
  const outputs = {};
  const service = await corpusService(api, setup);
  for (const c of cases) {
    switch (c.kind) {
      case 'credit':
        outputs[c.id] = engine(api, () => api.quoteCredit(c.solicitud, c.options));
        break;
      case 'policy':
        outputs[c.id] = engine(api, () => api.quotePolicy(c.solicitud, c.options));
        break;
      case 'cat':
        outputs[c.id] = engine(api, () => api.computeCat(c.flows, c.options));
        break;
      case 'solve':
        outputs[c.id] = engine(api, () => {
          const { value, quote } = api.solveCredit(c.solicitud, c.problem, c.options);
          return { value, quote };
        });
        break;
      case 'service':
        outputs[c.id] = await service(c.request, c.folio);
        break;
      default:
        throw new Error(`smoke: unknown kind ${c.kind}`);
    }
  }
  return { runtime: runtimeName(), outputs };
}
