// The quiescence search's capturing steps (captures.ts: CaptureGenerator's stepsOnto for each capture
// square, capturesOnly) as a WebAssembly kernel, in the module of findCaptures' kernel (captureKernel.ts),
// which it calls for each step it tries: one call from JavaScript a node instead of one a step.
// Rules with plain slides only (geometry.ts), and those findCaptures' kernel covers.
// test/search/captureKernel.test.ts compares it with CaptureGenerator's JavaScript.

import { KING, Mem, SQ_RESTRICTED, TYPE_MASK } from '../engine/index.js';
import { CaptureSlot } from './captureKernel.js';
import { block, br, brIf, call, code, get, i32, load, loop, Op, set, store, tee, type WasmFunction } from './wasmAssembler.js';

const FLAGS = Mem.Flags * 4;

/** captureSteps' parameters and locals. */
const enum S {
  Squares,
  Count,
  MyBit,
  Jumps,
  JumpOverOwn,
  KingNoStop,
  Out,
  // locals
  End,
  N,
  Stride,
  Target,
  TargetBytes,
  TargetFlags,
  Restricted,
  From,
  Piece,
  Over,
}

/**
 * captures.ts's stepsOnto(capturesOnly) for the square in Target, under plain slides: for each
 * direction (`toward` adds it to the value on the stack), the slide from the first piece that way,
 * then the jump from two squares that way, each written at Out when legal and findCaptures' kernel
 * (function `findCaptures` of the module) finds it captures.
 */
function stepsOnto(toward: number[], findCaptures: number): number[] {
  const appendStep = code(
    code(get(S.From), i32(2), Op.I32ShrU, get(S.Target), i32(1), call(findCaptures), Op.I32Eqz),
    brIf(0),
    code(get(S.Out), get(S.N), i32(2), Op.I32Shl, Op.I32Add, get(S.From), i32(2), Op.I32ShrU, get(S.Target), i32(9), Op.I32Shl, Op.I32Or),
    code(store(), get(S.N), i32(1), Op.I32Add, set(S.N)),
  );
  /** The king's steps onto the target: it is not one he may not stop on. */
  const kingMayStop = code(get(S.TargetFlags), get(S.KingNoStop), Op.I32And, Op.I32Eqz);
  return code(
    code(get(S.TargetBytes), set(S.From)),
    loop(get(S.From), toward, tee(S.From), load(), tee(S.Piece), Op.I32Eqz, brIf(0)),
    block(
      code(get(S.Piece), i32(3), Op.I32And, get(S.MyBit), Op.I32Ne),
      brIf(0),
      // The king stops where his rules let him; the others on no restricted square.
      code(kingMayStop, get(S.Restricted), Op.I32Eqz, get(S.Piece), i32(KING), Op.I32Eq, Op.Select, Op.I32Eqz),
      brIf(0),
      appendStep,
    ),
    block(
      code(get(S.Jumps), Op.I32Eqz),
      brIf(0),
      // Over an ordinary piece (a man), our own only where the rules allow it.
      code(get(S.TargetBytes), toward, load(), tee(S.Over), i32(3), Op.I32And, Op.I32Eqz),
      brIf(0),
      code(get(S.Over), i32(TYPE_MASK), Op.I32And),
      brIf(0),
      code(get(S.Over), i32(3), Op.I32And, get(S.MyBit), Op.I32Eq, get(S.JumpOverOwn), Op.I32Eqz, Op.I32And),
      brIf(0),
      // The jumper: a piece of ours that is not a man.
      code(get(S.TargetBytes), toward, toward, tee(S.From), load(), tee(S.Piece), i32(3), Op.I32And, get(S.MyBit), Op.I32Ne),
      brIf(0),
      code(get(S.Piece), i32(TYPE_MASK), Op.I32And, Op.I32Eqz),
      brIf(0),
      // The king jumps from or onto a restricted square only, and onto one he may stop on.
      code(get(S.From), load(FLAGS), get(S.TargetFlags), Op.I32Or, i32(SQ_RESTRICTED), Op.I32And, i32(0), Op.I32Ne, kingMayStop, Op.I32And),
      code(get(S.Restricted), Op.I32Eqz, get(S.Piece), i32(KING), Op.I32Eq, Op.Select, Op.I32Eqz),
      brIf(0),
      appendStep,
    ),
  );
}

/**
 * The capturing steps onto the `Count` squares at `Squares` (bytes) of the side of side bit `MyBit`
 * (`Jumps`, `JumpOverOwn` the rules' flags as 0 or 1; `KingNoStop` kingNoStop's flags), written at `Out`;
 * returns their number. `slot` is findCaptures' kernel's slot (bytes), `findCaptures` its function's index.
 */
export function captureStepsKernel(slot: number, findCaptures: number): WasmFunction {
  const plusStride = code(get(S.Stride), Op.I32Add);
  const minusStride = code(get(S.Stride), Op.I32Sub);
  return {
    name: 'captureSteps',
    params: S.End,
    locals: S.Over + 1 - S.End,
    body: code(
      code(i32(0), load(slot + 4 * CaptureSlot.StrideBytes), set(S.Stride)),
      code(get(S.Squares), get(S.Count), i32(2), Op.I32Shl, Op.I32Add, set(S.End)),
      block(
        loop(
          code(get(S.Squares), get(S.End), Op.I32GeU),
          brIf(1),
          code(get(S.Squares), load(), tee(S.Target), i32(2), Op.I32Shl, tee(S.TargetBytes)),
          code(load(FLAGS), tee(S.TargetFlags), i32(SQ_RESTRICTED), Op.I32And, set(S.Restricted)),
          // The four directions of geometry.ts's dirs: stride, 1, -stride, -1.
          stepsOnto(plusStride, findCaptures),
          stepsOnto(code(i32(4), Op.I32Add), findCaptures),
          stepsOnto(minusStride, findCaptures),
          stepsOnto(code(i32(4), Op.I32Sub), findCaptures),
          code(get(S.Squares), i32(4), Op.I32Add, set(S.Squares)),
          br(0),
        ),
      ),
      get(S.N),
    ),
  };
}
