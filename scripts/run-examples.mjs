// Runs every script of examples/ as a user runs it, against the built package (`npm run build`
// first; CI runs it right after the build), and checks what each prints.
//
// Each script is copied alone into a fresh directory under .tmp/ (gitignored, inside the package,
// so `cotizador` and `cotizador/<subpath>` resolve by the package's own name through its "exports"
// map to dist/, as they resolve to node_modules/cotizador in a user's project) and run there,
// that directory as its working directory: a script that imports ../src, reads a file beside it
// or a repository path fails here as it would fail in a user's project. A .mjs/.js script runs
// with `node`, a .ts script with tsx (`node --import tsx`, what `npx tsx` does).
//
// A run fails on a non-zero exit (a thrown error is one), on a check below that does not hold,
// and on a difference from the output a guide shows for it: a ```text block of README.md or
// docs/*.md whose first line is `$ npx tsx examples/<name>.ts [args]` (or `$ node ...`) is that
// run's output, line for line; a line `…` in it stands for any lines. Every script of examples/
// needs an entry in RUNS, and every documented run must be one of them.
//
// Prints one line per run; exits non-zero if any run failed.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLES = join(ROOT, 'examples');
const SCRIPT = /\.(?:ts|mts|mjs|js|cjs)$/;
/** Longest a run may take (the throughput run starts a few dozen CLI processes). */
const TIMEOUT_MS = 180_000;

class CheckError extends Error {}

function check(ok, what) {
  if (!ok) throw new CheckError(what);
}

/** The rows of a printed table: the lines that match `pattern`, split on runs of spaces. */
function tableRows(output, pattern) {
  return output
    .split('\n')
    .filter((line) => pattern.test(line))
    .map((line) => line.trim().split(/\s+/));
}

/** Exact decimal text → integer cents (the amounts the examples print have two decimals). */
function cents(text) {
  check(/^-?\d+\.\d\d$/.test(text), `'${text}' is an amount with two decimals`);
  return BigInt(text.replace('.', ''));
}

/** Integer cents → decimal text with two decimals. */
function amount(value) {
  return `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
}

function sumCents(rows, ...fields) {
  return rows.reduce((sum, row) => fields.reduce((s, f) => s + cents(row[f]), sum), 0n);
}

/** The runs: per script, its argument lists and what each run's output must show. */
const RUNS = {
  'affordable-amount.ts': [
    {
      args: [],
      // The largest amount whose payment is at most the budget, exact to the cent: the payment
      // is within the budget, and one cent more either passes it or is an amount the engine
      // refuses (the down payment rule caps it). Then the prepayment's saving, from the tables.
      check(output, { quoteCredit, isQuoteError }) {
        const budget = cents('8000.00');
        const base = {
          fechaApertura: '2026-01-31',
          valorFactura: '450000.00',
          tasa: '13.50',
          comisiones: '2.00',
          importeCatSegVida: '3500.00',
        };
        const rows = tableRows(output, /^\s+\d+\s+\d+\.\d\d\s/);
        check(rows.map((r) => r[0]).join(',') === '24,36,48,60,72', `a row for each term 24 … 72 (got ${rows.map((r) => r[0])})`);
        for (const [plazo, monto, pago, totalPagar, cat] of rows) {
          const quote = quoteCredit({ ...base, plazo: Number(plazo), montoSolicitado: monto });
          check(
            [quote.pagoMensual, quote.totalPagar, quote.cat].join(' ') === [pago, totalPagar, cat].join(' '),
            `plazo ${plazo}: the printed quote is quoteCredit's at ${monto}`,
          );
          check(cents(pago) <= budget, `plazo ${plazo}: the payment ${pago} is within the budget`);
          const more = amount(cents(monto) + 1n);
          let above;
          try {
            above = cents(quoteCredit({ ...base, plazo: Number(plazo), montoSolicitado: more }).pagoMensual) > budget;
          } catch (error) {
            above = isQuoteError(error);
          }
          check(above, `plazo ${plazo}: one cent more (${more}) passes the budget or is refused`);
        }
        const last = rows.at(-1);
        const line = output.match(/\n(\d+) payments of (\d+\.\d\d): .* ends the credit after (\d+) payments and saves (\d+\.\d\d) of/);
        check(line !== null, 'the prepayment line');
        const [, plazo, pago, after, saved] = line;
        check(plazo === last[0] && pago === last[2], 'the prepayment line is about the longest term');
        const longest = { ...base, plazo: Number(plazo), montoSolicitado: last[1], generaTablaPagos: true };
        const plain = quoteCredit(longest).registros;
        const prepaid = quoteCredit(longest, { prepayments: [{ period: 12, amount: '40000.00', mode: 'reduceTerm' }] }).registros;
        check(Number(after) === prepaid.length && prepaid.length < plain.length, `the credit ends after ${prepaid.length} payments`);
        const interest = (rows) => sumCents(rows, 'interesAmortizacion', 'ivaAmortizacion');
        check(cents(saved) === interest(plain) - interest(prepaid), 'the saving is the difference of the tables’ interest and IVA');
      },
    },
  ],
  'down-payment-vs-cat.ts': [
    {
      args: [],
      // The rate comes from the grid by down payment (5 % → 17.99 … ≥ 50 % → 9.49) and never rises
      // with it; the lowest CAT named at the end is the lowest of the table.
      check(output) {
        const rows = tableRows(output, /^\s+\d+\.\d\s/);
        check(rows.length === 23, `23 down payments, 5 % to 60 % (got ${rows.length})`);
        const rate = new Map(rows.map((r) => [r[0], r[3]]));
        for (const [percent, tasa] of [
          ['5.0', '17.99'],
          ['20.0', '14.99'],
          ['30.0', '11.99'],
          ['50.0', '9.49'],
          ['60.0', '9.49'],
        ]) {
          check(rate.get(percent) === tasa, `${percent} % down: tasa ${tasa} (got ${rate.get(percent)})`);
        }
        const rates = rows.map((r) => cents(r[3]));
        check(
          rates.every((r, i) => i === 0 || r <= rates[i - 1]),
          'the rate never rises with the down payment',
        );
        const best = output.match(/lowest CAT: (\d+\.\d) % with a (\d+\.\d) % down payment/);
        check(best !== null, 'the lowest-CAT line');
        const cats = rows.map((r) => Number(r[5]));
        check(Number(best[1]) === Math.min(...cats), `${best[1]} is the lowest CAT of the table`);
        check(rows.find((r) => r[0] === best[2])?.[5] === best[1], `the row of ${best[2]} % has CAT ${best[1]}`);
      },
    },
  ],
  'payment-vs-term.ts': [
    {
      args: [],
      // The payment falls as the term grows and rises with the rate.
      check(output) {
        const rows = tableRows(output, /^\s+\d+\s+\d+\.\d\d/).map(([plazo, ...payments]) => [plazo, ...payments.map(cents)]);
        check(rows.length === 6, `six terms (got ${rows.length})`);
        for (let i = 1; i < rows.length; i++) {
          for (let j = 1; j <= 3; j++) check(rows[i][j] < rows[i - 1][j], 'the payment falls as the term grows');
        }
        for (const row of rows) check(row[1] < row[2] && row[2] < row[3], 'the payment rises with the rate');
      },
    },
    {
      args: ['--csv'],
      // The grid as CSV: a header, one record per scenario (6 terms × 3 rates), CRLF line ends,
      // and the same payments the pivot table shows.
      check(output, _api, outputs) {
        check(output.endsWith('\r\n') && !/[^\r]\n/.test(output), 'CRLF line ends');
        const [header, ...records] = output.slice(0, -2).split('\r\n');
        const columns = header.split(',');
        check(columns.slice(0, 3).join(',') === 'plazo,tasa,pagoMensual', `the header starts plazo,tasa,pagoMensual (${header})`);
        check(records.length === 18, `18 records (got ${records.length})`);
        const table = new Map(tableRows(outputs.get('payment-vs-term.ts'), /^\s+\d+\s+\d+\.\d\d/).map((r) => [r[0], r.slice(1)]));
        const rates = ['10.99', '13.50', '16.99'];
        for (const record of records) {
          const [plazo, tasa, pago] = record.split(',');
          check(table.get(plazo)?.[rates.indexOf(tasa)] === pago, `plazo ${plazo} at ${tasa} %: ${pago} as in the table`);
        }
      },
    },
  ],
  'grid-throughput.ts': [
    {
      args: ['--quick'],
      // Timings vary with the machine (none is asserted): a line for each grid size, with both
      // rates and their ratio.
      check(output) {
        const rows = tableRows(output, /^\s+\d+\s+\d+\s+\d+\s+\d+\.\d\d$/);
        check(rows.map((r) => r[0]).join(',') === '500,5000', `a row for 500 and 5000 scenarios (got ${rows.map((r) => r[0])})`);
        for (const [size, single, pooled] of rows) check(Number(single) > 0 && Number(pooled) > 0, `${size}: scenarios per second`);
      },
    },
  ],
  'server.ts': [
    {
      args: [],
      env: { PORT: '0' },
      // Serves until stopped: the two requests of its header comment, through the port it prints.
      async serve(output) {
        const url = output.match(/^cotizador listening on (http:\/\/127\.0\.0\.1:\d+)$/m)?.[1];
        check(url !== undefined && !url.endsWith(':0'), `the server prints its address (got ${JSON.stringify(output)})`);
        const granted = await fetch(`${url}/api/esb/ValidaCredenciales/accesstoken`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from('app:s3cret-value').toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'grant_type=client_credentials&scope=update',
        });
        const token = await granted.json();
        check(
          granted.status === 200 && token.scope === 'update',
          `a token for app/s3cret-value (${granted.status} ${JSON.stringify(token)})`,
        );
        const answer = await fetch(`${url}/api/esb/ServiciosContribuyentes/obtenerDocumento`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ lineaCaptura: '0124ABCD5678EFGH9012' }),
        });
        const document = await answer.json();
        const pdf = Buffer.from(document.Resultado?.documento ?? '', 'base64');
        check(
          answer.status === 200 && pdf.subarray(0, 5).toString('latin1') === '%PDF-',
          `obtenerDocumento answers a PDF (${answer.status} ${JSON.stringify(document).slice(0, 200)})`,
        );
      },
    },
  ],
};

/** The outputs the guides show: `$ npx tsx examples/<script> [args]` blocks, by run. */
function documentedRuns() {
  const guides = [
    join(ROOT, 'README.md'),
    ...readdirSync(join(ROOT, 'docs'))
      .filter((n) => n.endsWith('.md'))
      .map((n) => join(ROOT, 'docs', n)),
  ];
  const runs = [];
  for (const file of guides) {
    const lines = readFileSync(file, 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (lines[i] !== '```text') continue;
      const command = lines[i + 1]?.match(/^\$ (?:npx tsx|node) examples\/(\S+)((?: \S+)*)$/);
      let end = i + 1;
      while (end < lines.length && lines[end] !== '```') end++;
      if (command !== null && command !== undefined) {
        runs.push({
          where: `${basename(file)}:${i + 2}`,
          script: command[1],
          args: command[2].trim().split(' ').filter(Boolean),
          lines: lines.slice(i + 2, end),
        });
      }
      i = end;
    }
  }
  return runs;
}

/** Whether `output` is what the guide shows: line for line, a `…` line standing for any lines. */
function matchesDocumented(output, shown) {
  const actual = output.replace(/\n$/, '').split('\n');
  const parts = [[]];
  for (const line of shown) {
    if (line.trim() === '…') parts.push([]);
    else parts.at(-1).push(line);
  }
  if (parts.length === 1) return actual.join('\n') === shown.join('\n');
  const [first, ...rest] = parts;
  const last = rest.pop();
  if (actual.slice(0, first.length).join('\n') !== first.join('\n')) return false;
  if (last.length > 0 && actual.slice(-last.length).join('\n') !== last.join('\n')) return false;
  let at = first.length;
  for (const part of rest) {
    let found = -1;
    for (let k = at; k + part.length <= actual.length - last.length; k++) {
      if (actual.slice(k, k + part.length).join('\n') === part.join('\n')) {
        found = k;
        break;
      }
    }
    if (found < 0) return false;
    at = found + part.length;
  }
  return at <= actual.length - last.length;
}

/** Runs `script` (a copy of it, alone in `dir`) with `args`; resolves with its stdout once it exits, or once `serve` has checked it. */
function run(file, args, env, serve) {
  const command = /\.[mc]?ts$/.test(file) ? [process.execPath, '--import', 'tsx', file, ...args] : [process.execPath, file, ...args];
  const child = spawn(command[0], command.slice(1), {
    cwd: join(file, '..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  const timer = setTimeout(() => child.kill(), TIMEOUT_MS);
  return (async () => {
    try {
      if (serve !== undefined) {
        // Wait for the first line, then talk to the server, then stop it (the only way it ends).
        const first = await Promise.race([
          new Promise((resolve) => child.stdout.on('data', () => stdout.includes('\n') && resolve(true))),
          exited.then(() => false),
        ]);
        if (!first) throw new CheckError(`exited before serving\n${stderr}`);
        await serve(stdout);
        child.kill();
        await exited;
        return stdout;
      }
      const { code, signal } = await exited;
      if (code !== 0) throw new CheckError(`exit ${code ?? signal}\n${stderr}`);
      return stdout;
    } finally {
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill();
    }
  })();
}

if (!existsSync(join(ROOT, 'dist', 'index.js'))) {
  console.error('dist/ is missing: run `npm run build` first (the examples import the built package)');
  process.exit(1);
}
const api = await import('cotizador');
const scripts = readdirSync(EXAMPLES)
  .filter((name) => SCRIPT.test(name))
  .sort();
const documented = documentedRuns();
const problems = [
  ...scripts.filter((name) => RUNS[name] === undefined).map((name) => `examples/${name} has no entry in RUNS (scripts/run-examples.mjs)`),
  ...Object.keys(RUNS)
    .filter((name) => !scripts.includes(name))
    .map((name) => `RUNS names examples/${name}, which does not exist`),
  ...documented
    .filter((d) => !(RUNS[d.script] ?? []).some((r) => r.args.join(' ') === d.args.join(' ')))
    .map((d) => `${d.where} shows \`examples/${d.script} ${d.args.join(' ')}\`, which is not a run of RUNS`),
];
if (problems.length > 0) {
  for (const p of problems) console.error(`FAIL ${p}`);
  process.exit(1);
}

mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const outputs = new Map();
let failed = 0;
for (const script of scripts) {
  for (const spec of RUNS[script]) {
    const label = `examples/${[script, ...spec.args].join(' ')}`;
    const dir = mkdtempSync(join(ROOT, '.tmp', 'example-'));
    const start = process.hrtime.bigint();
    try {
      copyFileSync(join(EXAMPLES, script), join(dir, script));
      const output = await run(join(dir, script), spec.args, spec.env ?? {}, spec.serve);
      if (spec.args.length === 0) outputs.set(script, output);
      await spec.check?.(output, api, outputs);
      for (const d of documented.filter((d) => d.script === script && d.args.join(' ') === spec.args.join(' '))) {
        check(matchesDocumented(output, d.lines), `the output differs from the one ${d.where} shows:\n${output}`);
      }
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      console.log(`ok   ${label} (${(ms / 1000).toFixed(1)} s)`);
    } catch (error) {
      failed++;
      console.log(`FAIL ${label}: ${error instanceof CheckError ? error.message : (error?.stack ?? error)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
console.log(`${failed === 0 ? 'every example ran as documented' : `${failed} example run(s) failed`}`);
process.exit(failed === 0 ? 0 : 1);
