/** The repository's root (where package.json and dist/ are). */
export const ROOT: string;
/** Packs the repository's build into `destination` (`npm pack --ignore-scripts`); returns the tarball's path. */
export function packBuild(destination: string): string;
/** Makes `project` an empty project: the folder and a package.json naming it `name`, nothing else. */
export function emptyProject(project: string, name: string): void;
/** `npm install <specs…>` in `project` with no lockfile (a tarball's path, or `name@range`); npm's errors go to stderr. */
export function npmInstall(project: string, specs: readonly string[]): void;
