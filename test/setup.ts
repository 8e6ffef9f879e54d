/**
 * Property tests explore new random inputs on every local run; CI (CI=true) replays a fixed seed
 * so a submission's result does not depend on the draw. FC_SEED=<n> replays any run locally
 * (fast-check prints the seed of a failure).
 *
 * The suite runs once (`scripts/test.mjs`), so each property draws three times fast-check's
 * usual 100 cases: as many runs as when the whole suite ran under three time zones, now all
 * distinct inputs. Properties that state their own `numRuns` were scaled the same way.
 */
import fc from 'fast-check';

const seed = process.env.FC_SEED ?? (process.env.CI ? '20261121' : undefined);
fc.configureGlobal({ numRuns: 300, ...(seed === undefined ? {} : { seed: Number(seed) }) });
