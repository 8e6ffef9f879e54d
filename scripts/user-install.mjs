// The package as a user installs it, for the scripts and suites that check that install
// (scripts/install-size.mjs, test/runtimes/): packs the build as it is (what `npm publish` would
// send, no second build) and installs a tarball into an empty project with no lockfile, as
// `npm install <tarball>` does.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (where package.json and dist/ are). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];

/** Packs the repository's build into `destination` (`npm pack --ignore-scripts`); returns the tarball's path. */
export function packBuild(destination) {
  const packed = execFileSync(npm, ['pack', '--ignore-scripts', '--silent', '--pack-destination', destination], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return join(destination, packed.trim().split('\n').pop());
}

/** Makes `project` an empty project: the folder and a package.json naming it `name`, nothing else. */
export function emptyProject(project, name) {
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name, version: '1.0.0', private: true }, null, 2)}\n`);
}

/** `npm install <specs…>` in `project` with no lockfile (a tarball's path, or `name@range`); npm's errors go to stderr. */
export function npmInstall(project, specs) {
  execFileSync(npm, ['install', ...quiet, '--no-package-lock', ...specs], { cwd: project, stdio: ['ignore', 'ignore', 'inherit'] });
}
