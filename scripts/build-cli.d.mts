/** Bundles the CLI (src/cli/bin.ts) to `outfile` (default `dist/cli.js`). */
export function bundleCli(outfile?: string): Promise<void>;
