/**
 * `cotizador/cat`: Banxico's CAT of any flows, and its proof.
 *
 * @module cotizador/cat
 */
export * from './common.js';
export { computeCat } from '../cat/computeCat.js';
export type { CatFlow, CatFlows, CatOptions, CatResult } from '../cat/computeCat.js';
export { explainCatFlows, EXPLAIN_DIGITS } from '../cat/explain.js';
export type { CatProof, ExplainCatOptions, ExplainedFlow, PresentValueColumn } from '../cat/explain.js';
