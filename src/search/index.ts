// The search's public surface.
export { Searcher } from './searcher.js';
export { evaluate } from './evaluate.js';
export { bench, DEFAULT_BENCH_DEPTH, warmUp } from './bench.js';
export { DEFAULT_OPTIONS, MAX_SKILL_LEVEL } from './types.js';
export type { GoLimits, SearchInfo, SearchOptions, SearchScore } from './types.js';
