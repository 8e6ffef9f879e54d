/**
 * `cotizador/cat`: Banxico's CAT of any flows.
 *
 * @module cotizador/cat
 */
export * from './common.js';
export { computeCat } from '../cat/computeCat.js';
export type { CatFlow, CatFlows, CatOptions, CatResult } from '../cat/computeCat.js';
