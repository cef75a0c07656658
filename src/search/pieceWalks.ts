// A piece's walks as WebAssembly, over the locals of the kernel that writes them: its four directions,
// its slide and its jump's landing square, as generatePieceSteps orders them. Shared by the kernels
// that walk a piece's steps (continuationKernel.ts, quietStepsKernel.ts); each decides what a step does.

import { TYPE_MASK } from '../engine/index.js';
import { block, br, brIf, code, get, i32, ifThen, load, loop, Op, set, tee } from './wasmAssembler.js';

/** The indices of the kernel's locals that a walk reads and writes. */
export interface WalkLocals {
  /** The piece's square (bytes). */
  fromBytes: number;
  /** The piece. */
  piece: number;
  /** The direction's offset into the ray table (bytes). */
  ray: number;
  /** The direction (bytes). */
  toward: number;
  /** The square the walk has reached (bytes). */
  to: number;
  /** The square a jump passes over (its content). */
  over: number;
}

/** Runs `body` for each of the four directions of the ray table at `rays` (bytes), in local `toward`. */
export function eachRay(rays: number, walk: WalkLocals, ...body: number[][]): number[] {
  return code(
    code(i32(0), set(walk.ray)),
    loop(
      code(get(walk.ray), load(rays), set(walk.toward)),
      ...body,
      code(get(walk.ray), i32(4), Op.I32Add, tee(walk.ray), i32(16), Op.I32Ne),
      brIf(0),
    ),
  );
}

/**
 * The slide along `toward`: every empty square `to` until one that ends it. `stops` leaves non-zero
 * where the piece may stop on `to`, where `onStop` runs; `ends` leaves non-zero where the slide goes no
 * further than `to`.
 */
export function slide(walk: WalkLocals, stops: number[], onStop: number[], ends: number[]): number[] {
  return code(
    code(get(walk.fromBytes), set(walk.to)),
    block(
      loop(
        code(get(walk.to), get(walk.toward), Op.I32Add, tee(walk.to), load()),
        brIf(1),
        stops,
        ifThen(onStop, br(1)),
        ends,
        brIf(1),
        br(0),
      ),
    ),
  );
}

/**
 * Leaves the enclosing block unless the piece can jump along `toward` (generateJumps): over a man (an
 * enemy; its own too where `overOwn` leaves 1) onto an empty square, then in local `to`.
 */
export function jumpLanding(walk: WalkLocals, overOwn: number[]): number[] {
  return code(
    code(get(walk.fromBytes), get(walk.toward), Op.I32Add, load(), tee(walk.over), i32(TYPE_MASK), Op.I32And),
    brIf(0),
    code(get(walk.over), i32(3), i32(3), get(walk.piece), i32(3), Op.I32And, Op.I32Sub, overOwn, Op.Select),
    code(Op.I32And, Op.I32Eqz),
    brIf(0),
    code(get(walk.fromBytes), get(walk.toward), Op.I32Add, get(walk.toward), Op.I32Add, tee(walk.to), load()),
    brIf(0),
  );
}
