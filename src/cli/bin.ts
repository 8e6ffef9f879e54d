#!/usr/bin/env node
/**
 * The `cotizador` executable (bundled to `dist/cli.js`): runs {@link main} on the process, or
 * serves as a grid worker when the grid started this file on a worker thread. The only module of
 * the CLI that acts when imported.
 */
import { processContext } from './context.js';
import { main } from './main.js';
import { isGridWorker, serveGridWorker } from './pool.js';

if (isGridWorker()) {
  serveGridWorker();
} else {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    // A closed pipe (`cotizador grid ... | head`) is a normal end, not a failure.
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  void main(process.argv.slice(2), processContext()).then((code) => {
    process.exitCode = code;
  });
}
