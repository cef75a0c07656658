// The evaluation's weighted sum (evaluate.ts) as a WebAssembly kernel over a searcher's arena
// (arena.ts), where the evaluator writes its features and keeps a copy of its weights: V8's compiled
// loop checks both arrays' bounds at every term, WebAssembly reads them as they are.

import { brIf, code, get, i32, load, loop, Op, set, tee, type WasmFunction } from './wasmAssembler.js';
import { FEATURE_COUNT } from './weights.js';

/** Three terms a round: the arena's slots are zero past the features and the weights, so the last round may read past them. */
const ROUNDS = Math.ceil(FEATURE_COUNT / 3);

/** The kernel's parameters and locals. */
const enum W {
  Features,
  Weights,
  // locals
  End,
  Sum,
}

/** The product of the feature and the weight `offset` bytes on. */
const term = (offset: number): number[] => code(get(W.Features), load(offset), get(W.Weights), load(offset), Op.I32Mul);

/** evaluate.ts's weighted sum: the features at `Features` times the weights at `Weights`, summed (as int32s, wrapping as Math.imul and `| 0` do). */
export const weightedSumKernel: WasmFunction = {
  name: 'weightedSum',
  params: W.End,
  locals: W.Sum + 1 - W.End,
  body: code(
    code(get(W.Features), i32(12 * ROUNDS), Op.I32Add, set(W.End)),
    loop(
      code(get(W.Sum), term(0), Op.I32Add, term(4), Op.I32Add, term(8), Op.I32Add, set(W.Sum)),
      code(get(W.Weights), i32(12), Op.I32Add, set(W.Weights)),
      code(get(W.Features), i32(12), Op.I32Add, tee(W.Features), get(W.End), Op.I32Ne),
      brIf(0),
    ),
    get(W.Sum),
  ),
};
