// The ordering values of the staged generation's first stage (stepScorer.ts: generateTactical's steps,
// scored by scoreStep) as a WebAssembly kernel in the module of findCaptures' kernel (captureKernel.ts),
// which it calls for each step onto a capture square: one call from JavaScript a node instead of one
// scoreStep call a step and one stepCaptures call a capture square; and what kingSlides' values leave
// undecided of the king's slides (generateKingSteps). On the arena's step stack, where findCaptures'
// kernel covers the rules. test/search/kernels.test.ts compares the values with the JavaScript's.

import { KING_LINES_VALUE } from './kingSlides.js';
import { ORDER_CAPTURE, ORDER_KILLER, QUIET_UNSCORED, STEP_STACK } from './params.js';
import { block, br, brIf, call, code, get, i32, load, loop, Op, set, store, tee, type WasmFunction } from './wasmAssembler.js';

/** The step stack's ordering values lie STEP_STACK int32s after its steps (arena.ts). */
const ORDER = 4 * STEP_STACK;

/** The kernel's parameters and locals. */
const enum T {
  Start,
  End,
  CaptureStamp,
  CaptureMark,
  LineStamp,
  BlockMark,
  RouteStamp,
  RouteMark,
  Killer1,
  Killer2,
  EnemyBit,
  KingSteps,
  // locals
  Step,
  To,
  Value,
  Ray,
  Piece,
  Victim,
  V,
}

/**
 * scoreStep's value of each step from `Start` to `End` (byte addresses on the step stack; no END_RUN),
 * written beside it: a capture (findCaptures' kernel confirms it where the capture stamp marks its
 * landing square) by the best victim beside the landing square (captureValue), then a block of an open
 * line (LineStamp marked with BlockMark, if not 0), of a route (RouteStamp, RouteMark), the killers,
 * else QUIET_UNSCORED. With `KingSteps` 1, the king's slides valued by kingSlides: those of a value
 * from KING_LINES_VALUE on kept, the others' captures valued, and those of value 0 as above. Returns 0. `rays` is the four directions (bytes; the arena's
 * kingSlides ray table), `findCaptures` the index of findCaptures' function in the module.
 */
export function tacticalOrderKernel(rays: number, findCaptures: number): WasmFunction {
  /** captureValue's victim: the best of the enemies beside To (men 1, the king 4, the others 2). */
  const victim = code(
    code(i32(0), set(T.Victim), i32(0), set(T.Ray)),
    loop(
      code(get(T.To), get(T.Ray), load(rays), Op.I32Add, load(), set(T.Piece)),
      // VICTIM_VALUE by type: 0 (men) 1, 4 (the king) 4, else 2; 0 where no enemy stands.
      code(i32(1), i32(4), i32(2), get(T.Piece), i32(12), Op.I32And, tee(T.V), i32(4), Op.I32Eq, Op.Select, get(T.V), Op.I32Eqz, Op.Select),
      code(i32(0), get(T.Piece), get(T.EnemyBit), Op.I32And, Op.Select, set(T.V)),
      code(get(T.V), get(T.Victim), get(T.Victim), get(T.V), Op.I32LtS, Op.Select, set(T.Victim)),
      code(get(T.Ray), i32(4), Op.I32Add, tee(T.Ray), i32(16), Op.I32Ne),
      brIf(0),
    ),
  );
  return {
    name: 'tacticalOrder',
    params: T.Step,
    locals: T.V + 1 - T.Step,
    body: code(
      block(
        loop(
          code(get(T.Start), get(T.End), Op.I32GeU),
          brIf(1),
          code(get(T.Start), load(), tee(T.Step), i32(9), Op.I32ShrU, i32(2), Op.I32Shl, set(T.To)),
          // The king's steps: their values from kingSlides, 0 where the lines leave them undecided.
          code(get(T.Start), load(ORDER), i32(0), get(T.KingSteps), Op.Select, set(T.Value)),
          block(
            block(
              code(i32(KING_LINES_VALUE - 1), get(T.Value), Op.I32LtS),
              brIf(0),
              code(get(T.CaptureStamp), get(T.To), Op.I32Add, load(), get(T.CaptureMark), Op.I32Ne),
              brIf(0),
              code(get(T.Step), i32(511), Op.I32And, get(T.Step), i32(9), Op.I32ShrU, i32(1), call(findCaptures), Op.I32Eqz),
              brIf(0),
              victim,
              code(i32(ORDER_CAPTURE + 32), get(T.Victim), Op.I32Add, set(T.Value)),
              br(1),
            ),
            // A king's step keeps a value kingSlides gave it (lines, routes).
            code(get(T.Value)),
            brIf(0),
            code(i32(ORDER_CAPTURE + 96), set(T.Value)),
            code(get(T.BlockMark), i32(0), Op.I32Ne, get(T.LineStamp), get(T.To), Op.I32Add, load(), get(T.BlockMark), Op.I32Eq, Op.I32And),
            brIf(0),
            code(i32(ORDER_CAPTURE + 16), set(T.Value)),
            code(
              get(T.RouteMark),
              i32(0),
              Op.I32Ne,
              get(T.RouteStamp),
              get(T.To),
              Op.I32Add,
              load(),
              get(T.RouteMark),
              Op.I32Eq,
              Op.I32And,
            ),
            brIf(0),
            // The killers, the first before the second.
            code(i32(ORDER_KILLER), i32(QUIET_UNSCORED), get(T.Step), get(T.Killer2), Op.I32Eq, Op.Select, set(T.Value)),
            code(i32(ORDER_KILLER + 1), get(T.Value), get(T.Step), get(T.Killer1), Op.I32Eq, Op.Select, set(T.Value)),
          ),
          code(get(T.Start), get(T.Value), store(ORDER)),
          code(get(T.Start), i32(4), Op.I32Add, set(T.Start)),
          br(0),
        ),
      ),
      i32(0),
    ),
  };
}
