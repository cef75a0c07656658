// The engine's berserk continuations (movegen.ts: hasContinuation after every capture in Berserk,
// generateContinuations mid-run) as a WebAssembly kernel in the module of findCaptures' kernel
// (captureKernel.ts), which it calls for each step it tries: one call from JavaScript a capture instead
// of one a step of the berserker (some eight in bench). Rules without speed limits, and those
// findCaptures' kernel covers (the arena gives it to the position with that one: Position.useCaptureKernel).
// test/search/captureKernel.test.ts compares it with movegen.ts's JavaScript.

import { KING, Mem, SQ_RESTRICTED, TYPE_MASK } from '../engine/index.js';
import { CaptureSlot } from './captureKernel.js';
import { eachRay, jumpLanding, slide } from './pieceWalks.js';
import { block, br, brIf, call, code, get, i32, ifThen, load, Op, set, store, tee, type WasmFunction } from './wasmAssembler.js';

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
  const walk = { fromBytes: C.FromBytes, piece: C.Piece, ray: C.Ray, toward: C.Toward, to: C.To, over: C.Over };
  return {
    name: 'continuations',
    params: C.FromBytes,
    locals: C.Over + 1 - C.FromBytes,
    body: code(
      code(get(C.From), i32(2), Op.I32Shl, tee(C.FromBytes), load(), set(C.Piece)),
      // The slides: every empty square until one that ends the slide; those it may not stop on skipped.
      eachRay(
        rays,
        walk,
        slide(
          walk,
          code(get(C.To), load(FLAGS), tee(C.Flags), get(C.NoStop), Op.I32And, Op.I32Eqz),
          tryStep,
          code(get(C.Flags), get(C.Block), Op.I32And),
        ),
      ),
      // The jumps, for a piece that may jump.
      code(rule(CaptureSlot.Jumps), get(C.Piece), i32(TYPE_MASK), Op.I32And, i32(0), Op.I32Ne, Op.I32And),
      ifThen(
        eachRay(
          rays,
          walk,
          block(
            jumpLanding(walk, rule(CaptureSlot.JumpOverOwn)),
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
