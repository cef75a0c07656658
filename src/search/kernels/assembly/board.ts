// The position's memory as the kernels read it: the board and the squares' flags of Position.memory
// (Mem), which a searcher's arena holds at address 0. The kernels name a square by its byte address
// (4 x its index), so that a step along a direction is one addition; directions are in bytes too.
// The piece codes and flags are the engine's (src/engine/types.ts); test/search/kernels.test.ts checks
// that they agree.

import { Mem } from '../../../engine/layout';
import { ArenaSlot } from '../arenaLayout';

export const EMPTY = 0;
export const ATTACKER_BIT = 1;
export const DEFENDER_BIT = 2;
export const SIDE_MASK = 3;
export const TYPE_MASK = 12;
export const TYPE_KNIGHT = 8;
export const KING = 6;
export const ATT_COMMANDER = 13;
export const OFF_BOARD = 16;

export const SQ_THRONE = 1;
export const SQ_CORNER = 2;
export const SQ_RESTRICTED = 3;
export const SQ_EDGE = 4;
export const SQ_OFF = 8;
export const SQ_FORT = 16;
export const SQ_KINDS = 19;

// The byte addresses of the arena's scratch slots the kernels read and write (ArenaSlot).
/** The four directions in bytes, in geometry.ts's dirs order (up, right, down, left), as arena.ts writes them; then kingSlides' ray table. */
export const KING_RAYS = (Mem.Size + ArenaSlot.KingRays * Mem.Region) * 4;
/** findCaptures' rule constants and the squares it finds (CaptureSlot). */
export const CAPTURES = (Mem.Size + ArenaSlot.Captures * Mem.Region) * 4;
/** Where captureSteps' and continuations' steps go when not onto the step stack. */
export const CAPTURE_STEPS = (Mem.Size + ArenaSlot.CaptureSteps * Mem.Region) * 4;
/** The rules' slide flags by slideKey (noStop | block << 8). */
export const SLIDE_TABLE = (Mem.Size + ArenaSlot.SlideTable * Mem.Region) * 4;
/** The evaluation's features; its weights EVAL_WEIGHTS int32s further. */
export const EVAL_TERMS = (Mem.Size + ArenaSlot.EvalTerms * Mem.Region) * 4;
/** captureSquares' listing values while it runs. */
export const LISTING = (Mem.Size + ArenaSlot.CaptureSquaresState * Mem.Region) * 4;
/** attackerScan's tables and sums (AttackerSlot). */
export const ATTACKER_SCAN = (Mem.Size + ArenaSlot.AttackerScan * Mem.Region) * 4;

/** The piece on the square at byte address `at` (EMPTY, a piece code, or OFF_BOARD). */
export function pieceAt(at: i32): i32 {
  return load<i32>(at, Mem.Board * 4);
}

/** The flags of the square at byte address `at` (SQ_*). */
export function flagsAt(at: i32): i32 {
  return load<i32>(at, Mem.Flags * 4);
}

export function setPiece(at: i32, piece: i32): void {
  store<i32>(at, piece, Mem.Board * 4);
}

/** Direction number `ray` (0 - 3, dirs order; taken mod 4) in bytes. */
export function direction(ray: i32): i32 {
  return load<i32>(KING_RAYS + ((ray & 3) << 2));
}

/** The step from the square at byte address `fromAt` to the one at `toAt`, as the engine codes it (step.ts). */
export function stepOf(fromAt: i32, toAt: i32): i32 {
  return (fromAt >> 2) | ((toAt >> 2) << 9);
}
