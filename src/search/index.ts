// The search's public surface.
export { Searcher } from './searcher.js';
export { evaluate } from './evaluation/evaluate.js';
export { bench, DEFAULT_BENCH_DEPTH, warmUp } from './bench.js';
export { DEFAULT_OPTIONS, MAX_HASH_MB, MAX_MULTIPV, MAX_SKILL_LEVEL, MAX_THREADS } from './types.js';
export { timeBudget } from './timeManager.js';
export type { GoLimits, SearchInfo, SearchOptions, SearchScore } from './types.js';
export { describeNetwork, HAND_SCALE_ONE, makeNetwork, netCovers, netFits, parseNetwork, type Network } from './network/nnue.js';
export { NnueEvaluator } from './network/accumulator.js';
export { AUTO_NETWORK, autoNetworkFits, type ShippedNetwork } from './network/autoNetwork.js';
