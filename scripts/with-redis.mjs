// Runs a command beside a redis-server of its own, for the real-Redis suite on a developer's machine:
// starts `redis-server` (Debian's: `apt-get install -y redis-server`) on a free port of 127.0.0.1,
// without persistence, exports COTIZADOR_TEST_REDIS_URL, runs the command, stops the server and
// exits with the command's status. `.ci/run` does the same in its own step.
//
//   node scripts/with-redis.mjs                      # npx vitest run --project redis
//   node scripts/with-redis.mjs node scripts/test.mjs --project redis
import { spawn, spawnSync } from 'node:child_process';
import { createServer, connect } from 'node:net';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** True once something answers on the port (at most 5 s). */
async function listening(port) {
  for (let waited = 0; waited < 5000; waited += 50) {
    const ok = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).error !== undefined) {
  console.error('with-redis: redis-server not found (apt-get install -y redis-server)');
  process.exit(1);
}
const port = await freePort();
const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
  stdio: 'ignore',
});
const stop = () => {
  if (redis.exitCode === null) redis.kill('SIGTERM');
};
process.on('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
if (!(await listening(port))) {
  console.error(`with-redis: redis-server did not start on 127.0.0.1:${port}`);
  process.exit(1);
}
const [command, ...args] = process.argv.length > 2 ? process.argv.slice(2) : ['npx', 'vitest', 'run', '--project', 'redis'];
const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, COTIZADOR_TEST_REDIS_URL: `redis://127.0.0.1:${port}` } });
process.exit(run.status ?? 1);
