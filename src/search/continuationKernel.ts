// The engine's berserk continuations (movegen.ts: hasContinuation after every capture in Berserk,
// generateContinuations mid-run) as a WebAssembly kernel in the module of findCaptures' kernel
// (captureKernel.ts), which it calls for each step it tries: one call from JavaScript a capture instead
// of one a step of the berserker (some eight in bench). Rules without speed limits, and those
// findCaptures' kernel covers (the arena gives it to the position with that one: Position.useCaptureKernel).
// test/search/captureKernel.test.ts compares it with movegen.ts's JavaScript.

import { KING, Mem, SQ_RESTRICTED, TYPE_MASK } from '../engine/index.js';
import { CaptureSlot } from './captureKernel.js';
import { block, br, brIf, call, code, get, i32, ifThen, load, loop, Op, set, store, tee, type WasmFunction } from './wasmAssembler.js';

const FLAGS = Mem.Flags * 4;

/** The kernel's parameters and locals. */
const enum C {
  From,
  NoStop,
  Block,
  FirstOnly,
  // locals
  FromBytes,
  Piece,
  Ray,
  Toward,
  To,
  Flags,
  N,
  Over,
}

/**
 * The steps of the piece on `From` (generatePieceSteps' slides, then its jumps, in their order; `NoStop`
 * and `Block` its slide flags, geometry.ts) that continue a berserk run: the king's onto a corner where
 * runs are not forced (the slot's KingCorner), and those findCaptures' kernel (function `findCaptures`
 * of the module) finds capturing. Written at `out` (bytes); returns their number, or 1 at the first
 * with `FirstOnly`. `slot` is findCaptures' kernel's slot, `rays` the four directions (bytes; the
 * arena's kingSlides ray table).
 */
export function continuationKernel(slot: number, rays: number, findCaptures: number, out: number): WasmFunction {
  const rule = (index: CaptureSlot): number[] => code(i32(0), load(slot + 4 * index));
  /** The step to To continues the run: written, and the kernel returns at once with FirstOnly. */
  const tryStep = block(
    block(
      code(get(C.Piece), i32(KING), Op.I32Eq, get(C.Flags), rule(CaptureSlot.KingCorner), Op.I32And, i32(0), Op.I32Ne, Op.I32And),
      brIf(0),
      code(get(C.From), get(C.To), i32(2), Op.I32ShrU, i32(1), call(findCaptures)),
      brIf(0),
      br(1),
    ),
    code(get(C.N), i32(2), Op.I32Shl, get(C.From), get(C.To), i32(2), Op.I32ShrU, i32(9), Op.I32Shl, Op.I32Or, store(out)),
    code(get(C.N), i32(1), Op.I32Add, set(C.N)),
    code(get(C.FirstOnly), ifThen(get(C.N), Op.Return)),
  );
  /** Runs `body` for each direction in local Toward. */
  const eachRay = (...body: number[][]): number[] =>
    code(
      code(i32(0), set(C.Ray)),
      loop(
        code(get(C.Ray), load(rays), set(C.Toward)),
        ...body,
        code(get(C.Ray), i32(4), Op.I32Add, tee(C.Ray), i32(16), Op.I32Ne),
        brIf(0),
      ),
    );
  return {
    name: 'continuations',
    params: C.FromBytes,
    locals: C.Over + 1 - C.FromBytes,
    body: code(
      code(get(C.From), i32(2), Op.I32Shl, tee(C.FromBytes), load(), set(C.Piece)),
      // The slides: every empty square until one that ends the slide; those it may not stop on skipped.
      eachRay(
        code(get(C.FromBytes), set(C.To)),
        block(
          loop(
            code(get(C.To), get(C.Toward), Op.I32Add, tee(C.To), load()),
            brIf(1),
            code(get(C.To), load(FLAGS), tee(C.Flags), get(C.NoStop), Op.I32And, Op.I32Eqz),
            ifThen(tryStep, br(1)),
            code(get(C.Flags), get(C.Block), Op.I32And),
            brIf(1),
            br(0),
          ),
        ),
      ),
      // The jumps (generateJumps): over a man (an enemy; our own too where the rules allow it) onto an empty square.
      code(rule(CaptureSlot.Jumps), get(C.Piece), i32(TYPE_MASK), Op.I32And, i32(0), Op.I32Ne, Op.I32And),
      ifThen(
        eachRay(
          block(
            code(get(C.FromBytes), get(C.Toward), Op.I32Add, load(), tee(C.Over), i32(TYPE_MASK), Op.I32And),
            brIf(0),
            code(get(C.Over), i32(3), i32(3), get(C.Piece), i32(3), Op.I32And, Op.I32Sub, rule(CaptureSlot.JumpOverOwn), Op.Select),
            code(Op.I32And, Op.I32Eqz),
            brIf(0),
            code(get(C.FromBytes), get(C.Toward), Op.I32Add, get(C.Toward), Op.I32Add, tee(C.To), load()),
            brIf(0),
            // The king from or onto a restricted square only, and onto one he may stop on; the others onto no restricted square.
            code(get(C.To), load(FLAGS), set(C.Flags)),
            code(get(C.FromBytes), load(FLAGS), get(C.Flags), Op.I32Or, i32(SQ_RESTRICTED), Op.I32And, i32(0), Op.I32Ne),
            code(get(C.Flags), get(C.NoStop), Op.I32And, Op.I32Eqz, Op.I32And),
            code(get(C.Flags), i32(SQ_RESTRICTED), Op.I32And, Op.I32Eqz),
            code(get(C.Piece), i32(KING), Op.I32Eq, Op.Select, Op.I32Eqz),
            brIf(0),
            tryStep,
          ),
        ),
      ),
      get(C.N),
    ),
  };
}
