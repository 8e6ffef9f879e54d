export { computeCat } from './computeCat.js';
export type { CatFlow, CatFlows, CatOptions, CatResult } from './computeCat.js';
