/**
 * The architecture check (`npm run arch`): imports point down the layers drawn in
 * docs/architecture.md, never sideways between folders of one layer, never in a circle. The
 * engines (cat, credit, insurance) and the interface's wire shapes (contracts) are siblings of one
 * layer, so none of them imports another; they meet only in the composition layer above. The CLI,
 * on top, reaches the library only through its public entries, as a user's own tool would.
 * Node's built-ins are imported only in src/node (the node:http server and the framework
 * adapters, subpath `cotizador/node`) and src/cli: everything else runs on any runtime.
 */
/** Bottom to top; folders on one line are one layer and may not import each other. */
const LAYERS = [
  ['errors', 'util'],
  ['money', 'dates'],
  ['http', 'validation'],
  ['contracts', 'cat', 'credit', 'insurance'],
  ['quotes', 'atm', 'documents'],
  ['service', 'analysis'],
  ['node'],
  ['entry'],
  ['cli'],
];

const folder = (name) => `^src/${name}/`;
/** Node's built-in modules as the cruiser names them (`crypto`, `node:crypto`, `fs/promises`), kept in the graph for the rule below. */
const NODE_BUILTINS = `^(node:)?(${require('node:module')
  .builtinModules.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|')})$`;
const rules = [];
LAYERS.forEach((layer, rank) => {
  const above = LAYERS.slice(rank + 1).flat();
  for (const name of layer) {
    const siblings = layer.filter((other) => other !== name);
    const forbidden = [...above, ...siblings];
    if (forbidden.length === 0) continue;
    rules.push({
      name: `layer-${name}`,
      comment: `src/${name} may import only from layers below it (docs/architecture.md)`,
      severity: 'error',
      from: { path: folder(name) },
      to: { path: `^src/(${forbidden.join('|')})/` },
    });
  }
});

module.exports = {
  forbidden: [
    ...rules,
    {
      name: 'cli-public-api',
      comment:
        'the CLI is a client of the public API: src/cli imports the package entries (src/entry), its own files, node built-ins and runtime dependencies, nothing else',
      severity: 'error',
      from: { path: '^src/cli/' },
      to: { pathNot: '^(src/(cli|entry)/|node_modules/)', dependencyTypesNot: ['core'] },
    },
    {
      name: 'node-builtins-only-in-node',
      comment:
        'every subpath but cotizador/node runs on any runtime (docs/server.md, Runtimes): Node built-ins (node:http, crypto, fs…, with or without the node: prefix, type-only imports too) only in src/node and src/cli',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(node|cli)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'oracle-independent',
      comment: 'the oracle (oracle/model) is written from docs/ alone: it imports nothing but its own files',
      severity: 'error',
      from: { path: '^oracle/model/' },
      to: { pathNot: '^oracle/model/' },
    },
    {
      name: 'oracle-harness-public-api',
      comment: 'the oracle harness calls the engines through the public entries only (src/entry)',
      severity: 'error',
      from: { path: '^oracle/' },
      to: { path: '^src/', pathNot: '^src/entry/' },
    },
    {
      name: 'no-oracle-in-src',
      comment: 'the library never imports the oracle',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^oracle/' },
    },
    {
      name: 'no-circular',
      comment: 'no import cycles, at any distance',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'known-folders-only',
      comment: 'every source file lives in a folder of a layer',
      severity: 'error',
      from: { path: '^src/', pathNot: `^src/(${LAYERS.flat().join('|')})/` },
      to: {},
    },
    {
      name: 'no-test-code-in-src',
      comment: 'the library never imports tests, benchmarks or scripts',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|benchmarks|scripts|examples)/' },
    },
    {
      name: 'no-dev-dependencies-in-src',
      comment:
        "what dist/ runs must be a runtime dependency, or an optional peer it loads on first use (the receipt's libraries; @redis/client, in src/node only: docs/install.md; devDependencies too, so the tests have them)",
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['npm-peer'] },
    },
    {
      name: 'redis-client-only-in-node',
      comment: 'the Redis client (an optional peer) speaks over Node sockets and is loaded on demand: only src/node imports it',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/node/' },
      to: { path: 'node_modules/@redis/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: `^src/|^data/|^oracle/|^node_modules/|${NODE_BUILTINS}`,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
