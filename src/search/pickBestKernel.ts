// stepPicker.ts's pickBest as a WebAssembly kernel over the step stack in a searcher's arena (arena.ts):
// a node's steps are handed out best first by a selection sort, about 25 values scanned a call in
// bench, and V8's compiled loop costs some 14 instructions a value (BENCHMARKS.md, speed17).

import { STEP_STACK } from './params.js';
import { block, br, brIf, code, get, i32, ifThen, load, loop, Op, set, store, tee, type WasmFunction } from './wasmAssembler.js';

/** The step stack's ordering values lie STEP_STACK int32s after its steps (arena.ts). */
const ORDER = 4 * STEP_STACK;

/** The kernel's parameters and locals. */
const enum P {
  Start,
  End,
  // locals
  Best,
  BestValue,
  At,
  Value,
  Step,
}

/**
 * pickBest over the steps from `Start` to `End` (byte addresses on the step stack): the first of the
 * best-ordered steps swapped to Start, with its value. Returns 0.
 */
export const pickBestKernel: WasmFunction = {
  name: 'pickBest',
  params: P.Best,
  locals: P.Step + 1 - P.Best,
  body: code(
    code(get(P.Start), tee(P.Best), load(ORDER), set(P.BestValue), get(P.Start), set(P.At)),
    block(
      loop(
        code(get(P.At), i32(4), Op.I32Add, tee(P.At), get(P.End), Op.I32GeU),
        brIf(1),
        code(get(P.BestValue), get(P.At), load(ORDER), tee(P.Value), Op.I32LtS),
        ifThen(get(P.Value), set(P.BestValue), get(P.At), set(P.Best)),
        br(0),
      ),
    ),
    code(get(P.Best), get(P.Start), Op.I32Ne),
    ifThen(
      code(get(P.Start), load(), set(P.Step), get(P.Start), get(P.Best), load(), store()),
      code(get(P.Best), get(P.Step), store()),
      code(get(P.Best), get(P.Start), load(ORDER), store(ORDER), get(P.Start), get(P.BestValue), store(ORDER)),
    ),
    i32(0),
  ),
};
