#!/usr/bin/env node
/**
 * The `cotizador` executable (bundled to `dist/cli.js`): runs {@link main} on the process, or
 * serves as a grid worker when the grid started this file on a worker thread. The only module of
 * the CLI that acts when imported.
 */
import { isLang } from '../entry/common.js';
import { processContext } from './context.js';
import { main, splitLang } from './main.js';
import { cliText, ioReason } from './messages.js';
import { isGridWorker } from './gridWorker.js';
import { abandonOpenFiles } from './outputFile.js';

if (isGridWorker()) {
  // The parent's tasks wait in the port until the worker listens.
  void import('./pool.js').then((pool) => pool.serveGridWorker());
} else {
  const context = processContext();
  // However the process ends (a closed pipe below, an uncaught error), no temporary file stays behind.
  process.on('exit', abandonOpenFiles);
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    // A closed pipe (`cotizador grid ... | head`) is a normal end, not a failure.
    if (error.code === 'EPIPE') process.exit(0);
    // Any other failure to write stdout (a full disk, /dev/full) is an I/O error: exit 1.
    const given = splitLang(process.argv.slice(2)).lang;
    const lang = isLang(given) ? given : (context.lang ?? 'es');
    process.stderr.write(`cotizador: ${cliText('noSePuedeEscribir', lang, { file: 'stdout', reason: ioReason(error) })}\n`);
    process.exit(1);
  });
  void main(process.argv.slice(2), context).then((code) => {
    process.exitCode = code;
  });
}
