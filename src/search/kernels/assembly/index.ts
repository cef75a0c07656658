// The search's WebAssembly module, written in AssemblyScript and compiled by `npm run build`
// (scripts/kernels.mjs): hot loops over a searcher's arena (arena.ts), whose memory it imports. A walk
// over squares costs V8's compiled JavaScript 12 - 60 instructions a square (map, bounds and overflow
// checks), WebAssembly 3 - 4. These are its exports; each file holds one family of kernels.

export { captureSquares } from './captureSquares';
export { captureSteps, continuations } from './captureSteps';
export { findCaptures } from './captures';
export { attackerScan, kingEvaluation, weightedSum } from './evaluation';
export { kingFeatures, kingOpenLines, kingSlides } from './king';
export { pickBest, tacticalOrder } from './ordering';
export { quietSteps, tacticalSlides } from './steps';
