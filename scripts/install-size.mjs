// The install a user gets (run after `npm run build`; CI runs it): packs the package (or takes
// the tarball given), installs it into an empty temporary project with no lockfile as `npm
// install <tarball>` does, and prints the MB on disk and the number of packages. Fails above
// 15 MB or 15 packages. Then checks every feature in that install: a quote through ESM and
// CommonJS, an xlsx workbook from the installed command line, and the receipt's coded error
// naming the optional packages it needs; installs those packages and renders a receipt.
//
//   node scripts/install-size.mjs [tarball] [--no-peers]
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { emptyProject, npmInstall, packBuild, ROOT as root } from './user-install.mjs';

const MAX_MB = 15;
const MAX_PACKAGES = 15;
const PEERS = ['pdf-lib', '@pdf-lib/fontkit', 'bwip-js'];

const args = process.argv.slice(2);
const withPeers = !args.includes('--no-peers');
const given = args.find((arg) => !arg.startsWith('--'));

/** Bytes on disk (allocated blocks, as `du` counts) and packages (folders with a package.json) under `dir`. */
function measure(dir) {
  let bytes = 0;
  let packages = 0;
  const walk = (path, depth) => {
    const stat = lstatSync(path);
    bytes += stat.blocks * 512;
    if (!stat.isDirectory()) return;
    for (const entry of readdirSync(path)) walk(join(path, entry), depth + 1);
  };
  walk(dir, 0);
  // node_modules/<name> and node_modules/@scope/<name>, at any depth (nested copies count too).
  const count = (modules) => {
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const path = join(modules, entry.name);
      if (entry.name.startsWith('@')) {
        for (const scoped of readdirSync(path, { withFileTypes: true })) if (scoped.isDirectory()) visit(join(path, scoped.name));
      } else visit(path);
    }
  };
  const visit = (pkg) => {
    try {
      lstatSync(join(pkg, 'package.json'));
      packages += 1;
    } catch {
      return;
    }
    try {
      count(join(pkg, 'node_modules'));
    } catch {}
  };
  count(dir);
  return { mb: bytes / 1024 / 1024, packages };
}

/** Runs node in the project; returns stdout, or fails the script with the child's stderr. */
function node(project, what, nodeArgs) {
  const run = spawnSync(process.execPath, nodeArgs, { cwd: project, encoding: 'utf8' });
  if (run.status !== 0) fail(`${what}: ${run.stderr.trim()}`);
  return run.stdout.trim();
}

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
}
function fail(message) {
  console.log(`FAIL ${message}`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'cotizador-install-'));
try {
  const tarball = given === undefined ? packBuild(work) : resolve(given);
  const project = join(work, 'project');
  emptyProject(project, 'install-size-probe');
  npmInstall(project, [tarball]);

  const modules = join(project, 'node_modules');
  const { mb, packages } = measure(modules);
  const own = measure(join(modules, 'cotizador'));
  const names = readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(modules, name)).map((scoped) => `${name}/${scoped}`) : [name]));
  console.log(
    `installed: ${mb.toFixed(1)} MB on disk, ${packages} packages (cotizador itself ${own.mb.toFixed(1)} MB): ${names.join(', ')}`,
  );
  check(mb <= MAX_MB, `${mb.toFixed(1)} MB ≤ ${MAX_MB} MB`);
  check(packages <= MAX_PACKAGES, `${packages} packages ≤ ${MAX_PACKAGES}`);
  check(
    PEERS.every((peer) => !names.includes(peer)),
    `the receipt's optional peers are not installed by default (${PEERS.join(', ')})`,
  );

  // Every feature in that install.
  const solicitud = {
    fechaApertura: '2026-01-31',
    montoSolicitado: '280000.00',
    valorFactura: '350000.00',
    tasa: '13.50',
    plazo: 36,
    comisiones: '2.00',
    importeCatSegVida: '2800.00',
  };
  writeFileSync(join(project, 'solicitud.json'), JSON.stringify({ solicitud }));
  const quote = `quoteCredit(${JSON.stringify(solicitud)}).pagoMensual`;
  const esm = node(project, 'ESM quote', ['--input-type=module', '-e', `import { quoteCredit } from 'cotizador'; console.log(${quote});`]);
  const cjs = node(project, 'CJS quote', ['-e', `const { quoteCredit } = require('cotizador/credit'); console.log(${quote});`]);
  check(/^\d+\.\d{2}$/.test(esm) && esm === cjs, `a quote through ESM and CommonJS (pagoMensual ${esm})`);
  const cli = join(modules, 'cotizador', 'dist', 'cli.js');
  node(project, 'cotizador credit --format xlsx', [cli, 'credit', 'solicitud.json', '--format', 'xlsx', '--out', 'quote.xlsx']);
  const xlsx = readFileSync(join(project, 'quote.xlsx'));
  check(
    xlsx.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004' && xlsx.includes('xl/worksheets/sheet2.xml'),
    'cotizador credit --format xlsx writes a workbook',
  );
  const receipt = `import { renderReceiptBase64, samplePayments, localizedMessage } from 'cotizador/documents';
    try { console.log((await renderReceiptBase64(samplePayments()[0])).slice(0, 8)); }
    catch (error) { console.log(JSON.stringify([error.codigoError, localizedMessage(error, 'en')])); }`;
  const missing = node(project, 'receipt without its packages', ['--input-type=module', '-e', receipt]);
  check(
    missing ===
      JSON.stringify(['ERRSER002', `The PDF receipt needs the optional packages ${PEERS.join(', ')}: npm install ${PEERS.join(' ')}`]),
    `without them, the receipt is a coded error naming them: ${missing}`,
  );
  if (withPeers) {
    const versions = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).peerDependencies;
    npmInstall(
      project,
      PEERS.map((peer) => `${peer}@${versions[peer]}`),
    );
    const full = measure(modules);
    console.log(`with the receipt's packages: ${full.mb.toFixed(1)} MB on disk, ${full.packages} packages`);
    const pdf = node(project, 'receipt with its packages', ['--input-type=module', '-e', receipt]);
    check(pdf === 'JVBERi0x', `with them, the receipt renders (base64 of '%PDF-1': ${pdf})`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(failures === 0 ? 'install checks passed' : `${failures} install checks failed`);
process.exit(failures === 0 ? 0 : 1);
