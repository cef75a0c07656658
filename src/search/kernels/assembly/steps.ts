// The staged generation's steps over the arena (stepScorer.ts): its first stage's slides and jumps onto
// the squares where a step may be tactical (tacticalSlides), and its last stage's quiet steps
// (quietSteps), and the walks the capture kernels share (stepsOnto, pieceSteps). Written onto the step
// stack in place; V8's compiled slide loops cost some 20 instructions a square, these a few.

import { direction, EMPTY, flagsAt, KING, pieceAt, SIDE_MASK, SLIDE_TABLE, SQ_KINDS, SQ_RESTRICTED, stepOf, TYPE_MASK } from './board';
import { findCaptures } from './captures';

/**
 * generateTactical's steps onto its marked squares (stepScorer.ts): for each of the `count` squares at
 * `squares` (bytes), search/captures.ts's stepsOnto's slides and jumps onto it under plain slides (side
 * bit `myBit`; `jumps` and `jumpOverOwn` the rules' flags as 0 or 1), but the king's and `ttStep`,
 * written from `out` (bytes). Returns their number.
 */
export function tacticalSlides(
  squares: i32,
  count: i32,
  strideBytes: i32,
  myBit: i32,
  jumps: i32,
  jumpOverOwn: i32,
  ttStep: i32,
  out: i32,
): i32 {
  return stepsOntoSquares(squares, count, strideBytes, myBit, jumps, jumpOverOwn, false, 0, ttStep, false, out);
}

/**
 * stepsOnto from the four directions onto each of the `count` squares at `squares` (bytes), written
 * from `out` (bytes); returns their number. The flags are stepsOnto's.
 */
export function stepsOntoSquares(
  squares: i32,
  count: i32,
  strideBytes: i32,
  myBit: i32,
  jumps: i32,
  jumpOverOwn: i32,
  withKing: bool,
  kingNoStop: i32,
  ttStep: i32,
  capturesOnly: bool,
  out: i32,
): i32 {
  let next = out;
  for (let k = 0; k < count; k++) {
    const targetAt = load<i32>(squares + (k << 2)) << 2;
    // The four directions written out (dirs order): a loop over them cost a third more.
    next = stepsOnto(targetAt, strideBytes, myBit, jumps, jumpOverOwn, withKing, kingNoStop, ttStep, capturesOnly, next);
    next = stepsOnto(targetAt, 4, myBit, jumps, jumpOverOwn, withKing, kingNoStop, ttStep, capturesOnly, next);
    next = stepsOnto(targetAt, -strideBytes, myBit, jumps, jumpOverOwn, withKing, kingNoStop, ttStep, capturesOnly, next);
    next = stepsOnto(targetAt, -4, myBit, jumps, jumpOverOwn, withKing, kingNoStop, ttStep, capturesOnly, next);
  }
  return (next - out) >> 2;
}

/**
 * search/captures.ts's stepsOnto under plain slides, from direction `d`: the slide onto the empty
 * square `targetAt` from the first piece that way, then the jump from two squares that way, by a piece
 * of side bit `myBit` (the king's only `withKing`, onto squares whose flags miss `kingNoStop`), but
 * `ttStep`, each written at `next` (bytes) when legal and, with `capturesOnly`, when findCaptures
 * finds it captures. Returns where the next step goes. (Its callers give constants for the flags,
 * which the compiler folds where it writes this function into them.)
 */
export function stepsOnto(
  targetAt: i32,
  d: i32,
  myBit: i32,
  jumps: i32,
  jumpOverOwn: i32,
  withKing: bool,
  kingNoStop: i32,
  ttStep: i32,
  capturesOnly: bool,
  next: i32,
): i32 {
  const targetFlags = flagsAt(targetAt);
  const restricted = (targetFlags & SQ_RESTRICTED) !== 0;
  const kingMayStop = withKing && (targetFlags & kingNoStop) === 0;
  let fromAt = targetAt + d;
  while (pieceAt(fromAt) === EMPTY) fromAt += d;
  const piece = pieceAt(fromAt);
  // Plain slides: everyone passes the throne, only the king stops on restricted squares.
  if ((piece & SIDE_MASK) === myBit && (piece === KING ? kingMayStop : !restricted))
    next = append(fromAt, targetAt, ttStep, capturesOnly, next);
  if (jumps === 0) return next;
  // The jump: over a man (our own only where the rules allow it), by a piece of ours that is not a man.
  const over = pieceAt(targetAt + d);
  if ((over & SIDE_MASK) === 0 || (over & TYPE_MASK) !== 0 || ((over & SIDE_MASK) === myBit && jumpOverOwn === 0)) return next;
  const jumperAt = targetAt + 2 * d;
  const jumper = pieceAt(jumperAt);
  if ((jumper & SIDE_MASK) !== myBit || (jumper & TYPE_MASK) === 0) return next;
  // The king jumps from or onto a restricted square only, and onto one he may stop on.
  const allowed = jumper === KING ? kingMayStop && ((flagsAt(jumperAt) | targetFlags) & SQ_RESTRICTED) !== 0 : !restricted;
  return allowed ? append(jumperAt, targetAt, ttStep, capturesOnly, next) : next;
}

/** Writes the step from `fromAt` to `toAt` at `next` unless it is `ttStep` (with `capturesOnly`, if it captures); returns where the next one goes. */
function append(fromAt: i32, toAt: i32, ttStep: i32, capturesOnly: bool, next: i32): i32 {
  const step = stepOf(fromAt, toAt);
  if (step === ttStep || (capturesOnly && findCaptures(fromAt >> 2, toAt >> 2, 1) === 0)) return next;
  store<i32>(next, step);
  return next + 4;
}

/**
 * The engine's generatePieceSteps without speed limits: the slides of the piece on `fromAt` (`noStop`
 * and `block` its slide flags, geometry.ts), then its jumps (`jumps`, `jumpOverOwn` the rules' flags as
 * 0 or 1: over a man onto an empty square; the king from or onto a restricted square only, and onto one
 * he may stop on; the others onto no restricted square), in their order, written from `next` (bytes).
 * Returns where the next step goes.
 */
export function pieceSteps(fromAt: i32, noStop: i32, block: i32, jumps: i32, jumpOverOwn: i32, next: i32): i32 {
  const piece = pieceAt(fromAt);
  for (let ray = 0; ray < 4; ray++) {
    const d = direction(ray);
    for (let toAt = fromAt + d; pieceAt(toAt) === EMPTY; toAt += d) {
      const flags = flagsAt(toAt);
      if ((flags & noStop) === 0) {
        store<i32>(next, stepOf(fromAt, toAt));
        next += 4;
      } else if ((flags & block) !== 0) break;
    }
  }
  if (jumps === 0 || (piece & TYPE_MASK) === 0) return next;
  const overBits = jumpOverOwn !== 0 ? SIDE_MASK : (piece & SIDE_MASK) ^ SIDE_MASK;
  for (let ray = 0; ray < 4; ray++) {
    const d = direction(ray);
    const over = pieceAt(fromAt + d);
    if ((over & TYPE_MASK) !== 0 || (over & overBits) === 0) continue;
    const toAt = fromAt + 2 * d;
    if (pieceAt(toAt) !== EMPTY) continue;
    const flags = flagsAt(toAt);
    const allowed =
      piece === KING ? ((flagsAt(fromAt) | flags) & SQ_RESTRICTED) !== 0 && (flags & noStop) === 0 : (flags & SQ_RESTRICTED) === 0;
    if (!allowed) continue;
    store<i32>(next, stepOf(fromAt, toAt));
    next += 4;
  }
  return next;
}

/**
 * generateQuiets' steps (stepScorer.ts), between turns and without speed limits: for each of the
 * `count` pieces of the list at `list` (bytes) but the one on square `king`, pieceSteps', but those
 * onto a square `special` (bytes) marks with `mark`, `ttStep` and the killers, written from `out`
 * (bytes); returns their number.
 */
export function quietSteps(
  list: i32,
  count: i32,
  king: i32,
  special: i32,
  mark: i32,
  ttStep: i32,
  killer1: i32,
  killer2: i32,
  out: i32,
  jumps: i32,
  jumpOverOwn: i32,
): i32 {
  let next = out;
  for (let k = 0; k < count; k++) {
    const from = load<i32>(list + (k << 2));
    // The king's steps come with the first stage.
    if (from === king) continue;
    const fromAt = from << 2;
    const slideFlags = load<i32>(SLIDE_TABLE + ((pieceAt(fromAt) | ((flagsAt(fromAt) & SQ_KINDS) << 4)) << 2));
    const end = pieceSteps(fromAt, slideFlags & 255, slideFlags >>> 8, jumps, jumpOverOwn, next);
    for (let at = next; at < end; at += 4) {
      const step = load<i32>(at);
      if (load<i32>(special + ((step >>> 9) << 2)) === mark || step === ttStep || step === killer1 || step === killer2) continue;
      store<i32>(next, step);
      next += 4;
    }
  }
  return (next - out) >> 2;
}
