// The steps that capture, tried with findCaptures (captures.ts): the quiescence search's capturing steps
// and Berserk's continuations, one call from JavaScript a node (or a capture) instead of one a step.

import { CaptureSlot } from '../arenaLayout';
import { CAPTURE_STEPS, CAPTURES, flagsAt, KING, pieceAt } from './board';
import { findCaptures } from './captures';
import { pieceSteps, stepsOntoSquares } from './steps';

/**
 * The quiescence search's capturing steps (search/captures.ts: CaptureGenerator's stepsOnto for each
 * capture square, capturesOnly) under plain slides: onto each of the `count` squares at `squares`
 * (bytes), by the side of side bit `myBit` (`jumps`, `jumpOverOwn` the rules' flags as 0 or 1;
 * `kingNoStop` the flags of squares the king may not stop on), written at `out` (bytes). Returns their number.
 */
export function captureSteps(
  squares: i32,
  count: i32,
  strideBytes: i32,
  myBit: i32,
  jumps: i32,
  jumpOverOwn: i32,
  kingNoStop: i32,
  out: i32,
): i32 {
  return stepsOntoSquares(squares, count, strideBytes, myBit, jumps, jumpOverOwn, true, kingNoStop, -1, true, out);
}

/**
 * The engine's berserk continuations (movegen.ts: generateContinuations, hasContinuation) for rules
 * without speed limits: the steps of the piece on square `from` (pieceSteps'; `noStop` and `block` its
 * slide flags) that continue a run: the king's onto a corner where runs are not forced (KingCorner),
 * and those findCaptures finds capturing. Written at CAPTURE_STEPS; returns their number, or 1 at the
 * first with `firstOnly` 1.
 */
export function continuations(from: i32, noStop: i32, block: i32, firstOnly: i32): i32 {
  const fromAt = from << 2;
  const kingCorner = pieceAt(fromAt) === KING ? load<i32>(CAPTURES + 4 * CaptureSlot.KingCorner) : 0;
  const end = pieceSteps(
    fromAt,
    noStop,
    block,
    load<i32>(CAPTURES + 4 * CaptureSlot.Jumps),
    load<i32>(CAPTURES + 4 * CaptureSlot.JumpOverOwn),
    CAPTURE_STEPS,
  );
  let next = CAPTURE_STEPS;
  for (let at = CAPTURE_STEPS; at < end; at += 4) {
    const step = load<i32>(at);
    const to = step >>> 9;
    if ((flagsAt(to << 2) & kingCorner) === 0 && findCaptures(from, to, 1) === 0) continue;
    store<i32>(next, step);
    next += 4;
    if (firstOnly !== 0) break;
  }
  return (next - CAPTURE_STEPS) >> 2;
}
