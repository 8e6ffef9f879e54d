/** The files of the simulator page, in the order they load. */
export const SIMULATOR_FILES: readonly string[];
/** Builds the simulator page into `outdir` (default `dist/simulator`) and returns each file's size, raw and gzip. */
export function buildSimulator(outdir?: string): Promise<{ name: string; bytes: number; gzip: number }[]>;
