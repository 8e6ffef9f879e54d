// The browser check (run after `npm run build`; CI runs it): every subpath of the package but the
// Node-only ones is bundled from the built dist/ with esbuild for the browser (platform 'browser':
// the `browser` conditions and fields, no Node built-ins), minified, in memory. A Node built-in
// anywhere in a bundle — ours or a dependency's, `node:crypto` or bare `crypto`, static or dynamic
// import or require — fails the check, and so does a free reference to one of Node's globals
// (`Buffer`, `process`, `global`…: a browser has none of them) in a module that does not first
// test for it with `typeof` (feature detection, as pdf-lib's font code does, is fine), and any
// other error. Prints one line per subpath (its size minified and gzipped) and
// the size of a page that imports only `quoteCredit`; exits non-zero on any failure.
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
/** Subpaths that are Node-only by design (docs/server.md, Runtimes): the node:http server and adapters. */
const NODE_ONLY = new Set(['./node']);
const subpaths = Object.keys(pkg.exports).filter((key) => !key.includes('*') && !key.endsWith('.json') && !NODE_ONLY.has(key));
/**
 * Node's globals: esbuild's `define` replaces only free references (never a local binding) with a
 * marker found in the output. `require` is esbuild's own to resolve (an unresolvable one is an error).
 */
const NODE_GLOBALS = ['Buffer', 'process', 'global', '__dirname', '__filename', 'setImmediate'];
const MARKER = '__node_global__';
const define = Object.fromEntries(NODE_GLOBALS.map((name) => [name, `${MARKER}${name}`]));
const BUILTIN = new RegExp(`^(node:)?(${builtinModules.map((name) => name.replace(/[/\\^$.*+?()[\]{}|]/g, '\\$&')).join('|')})(/.*)?$`);

/** Records each Node built-in a bundle reaches that esbuild cannot resolve for the browser (a `browser` field mapping it away is fine). */
function builtinsPlugin(found) {
  return {
    name: 'node-builtins',
    setup(bundle) {
      bundle.onResolve({ filter: BUILTIN }, async (args) => {
        if (args.pluginData === 'probe') return undefined;
        const resolved = await bundle.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'probe',
        });
        if (resolved.errors.length === 0 && !resolved.external) return resolved;
        found.push(`${args.path} (${args.kind} in ${relative(ROOT, args.importer) || args.importer})`);
        return { path: args.path, external: true };
      });
    },
  };
}

/** The module of a readable bundle that holds `offset`: the `// path` comment esbuild writes before each. */
function moduleAt(text, offset) {
  const before = text.lastIndexOf('\n// ', offset);
  return before < 0 ? '?' : text.slice(before + 4, text.indexOf('\n', before + 1));
}

async function bundle(options) {
  const found = [];
  const common = {
    ...options,
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  };
  try {
    // Readable first, to name the module of each Node global; then minified, to measure.
    const readable = await build({ ...common, define, plugins: [builtinsPlugin(found)] });
    for (const file of readable.outputFiles) {
      const uses = new Map();
      for (const match of file.text.matchAll(new RegExp(`(typeof )?${MARKER}(\\w+)`, 'g'))) {
        const key = `${match[2]} (in ${moduleAt(file.text, match.index)})`;
        // A module that tests `typeof X` first only uses X where it exists.
        uses.set(key, uses.get(key) !== 'guarded' && match[1] === undefined ? 'free' : 'guarded');
      }
      for (const [key, use] of uses) if (use === 'free') found.push(`the Node global ${key}`);
    }
    const result = await build({ ...common, minify: true, external: found.length > 0 ? ['*'] : [] });
    const code = result.outputFiles.map((file) => file.contents);
    const bytes = code.reduce((sum, contents) => sum + contents.length, 0);
    const gzip = code.reduce((sum, contents) => sum + gzipSync(contents, { level: 9 }).length, 0);
    return { problems: found, bytes, gzip };
  } catch (error) {
    const messages = (error.errors ?? [{ text: String(error) }]).map((e) => `${e.text}${e.location ? ` (${e.location.file})` : ''}`);
    return { problems: [...found, ...messages], bytes: 0, gzip: 0 };
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let failures = 0;
for (const subpath of subpaths) {
  const name = subpath === '.' ? 'cotizador' : `cotizador/${subpath.slice(2)}`;
  const file = pkg.exports[subpath].import.default;
  const { problems, bytes, gzip } = await bundle({ entryPoints: [file] });
  if (problems.length === 0) console.log(`ok   ${name}: ${kb(bytes)} minified, ${kb(gzip)} gzip`);
  else {
    failures++;
    console.log(`FAIL ${name}: ${problems.length} Node built-in or error${problems.length === 1 ? '' : 's'}`);
    for (const problem of problems) console.log(`       ${problem}`);
  }
}
for (const subpath of NODE_ONLY) console.log(`skip cotizador/${subpath.slice(2)} (Node-only by design)`);

// What a page pays for one quote: the root's quoteCredit alone, tree-shaken.
const page = await bundle({
  stdin: {
    contents: `import { quoteCredit } from '${pkg.exports['.'].import.default}'; globalThis.quoteCredit = quoteCredit;`,
    resolveDir: ROOT,
  },
});
if (page.problems.length === 0) console.log(`info a page importing only quoteCredit: ${kb(page.bytes)} minified, ${kb(page.gzip)} gzip`);
else {
  failures++;
  console.log(`FAIL a page importing only quoteCredit: ${page.problems.join('; ')}`);
}
console.log(failures === 0 ? 'browser bundles: every portable subpath is free of Node built-ins' : `browser bundles: ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
