// The search's public surface (common brief, "Search API").
export { Searcher } from './searcher.js';
export { evaluate } from './evaluate.js';
export { bench, DEFAULT_BENCH_DEPTH, warmUp } from './bench.js';
export { DEFAULT_OPTIONS, MAX_SKILL_LEVEL } from './types.js';
export { timeBudget } from './timeManager.js';
export type { GoLimits, SearchInfo, SearchOptions, SearchScore } from './types.js';
