/**
 * Property tests explore new random inputs on every local run; CI (CI=true) replays a fixed seed
 * so a submission's result does not depend on the draw. FC_SEED=<n> replays any run locally
 * (fast-check prints the seed of a failure).
 */
import fc from 'fast-check';

const seed = process.env.FC_SEED ?? (process.env.CI ? '20261121' : undefined);
if (seed !== undefined) fc.configureGlobal({ seed: Number(seed) });
