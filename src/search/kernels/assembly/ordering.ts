// Move ordering over the arena's step stack (stepScorer.ts, stepPicker.ts): the ordering values of the
// staged generation's first stage, and the selection of the best step. The step stack's values lie
// STEP_STACK int32s after its steps.

import { KING_LINES_VALUE, ORDER_CAPTURE, ORDER_KILLER, QUIET_UNSCORED, STEP_STACK } from '../../params';
import { direction, pieceAt, TYPE_MASK } from './board';
import { findCaptures } from './captures';

const ORDER = 4 * STEP_STACK;

/**
 * stepScorer.ts's scoreStep value of each step from `start` to `end` (byte addresses on the step stack;
 * no END_RUN), written beside it: a capture (findCaptures confirms it where `captureStamp` (bytes)
 * marks its landing square with `captureMark`) by the best victim beside the landing square
 * (captureValue), then a block of an open line (`lineStamp` marked with `blockMark`, if not 0), of a
 * route (`routeStamp`, `routeMark`), the killers, else QUIET_UNSCORED. With `kingSteps` 1, the king's
 * slides valued by kingSlides: those of a value from KING_LINES_VALUE on kept, the others' captures
 * valued, and those of value 0 as above.
 */
export function tacticalOrder(
  start: i32,
  end: i32,
  captureStamp: i32,
  captureMark: i32,
  lineStamp: i32,
  blockMark: i32,
  routeStamp: i32,
  routeMark: i32,
  killer1: i32,
  killer2: i32,
  enemyBit: i32,
  kingSteps: i32,
): void {
  for (let at = start; at < end; at += 4) {
    const step = load<i32>(at);
    const toAt = (step >>> 9) << 2;
    // The king's steps: their values from kingSlides, 0 where the lines leave them undecided.
    let value = kingSteps !== 0 ? load<i32>(at, ORDER) : 0;
    if (value >= KING_LINES_VALUE) continue;
    if (load<i32>(captureStamp + toAt) === captureMark && findCaptures(step & 511, step >>> 9, 1) !== 0) {
      value = ORDER_CAPTURE + 32 + bestVictim(toAt, enemyBit);
    } else if (value === 0) {
      if (blockMark !== 0 && load<i32>(lineStamp + toAt) === blockMark) value = ORDER_CAPTURE + 96;
      else if (routeMark !== 0 && load<i32>(routeStamp + toAt) === routeMark) value = ORDER_CAPTURE + 16;
      else value = step === killer1 ? ORDER_KILLER + 1 : step === killer2 ? ORDER_KILLER : QUIET_UNSCORED;
    }
    store<i32>(at, value, ORDER);
  }
}

/** captureValue's victim: the best of the enemies beside `toAt` (men 1, the king 4, the others 2). */
function bestVictim(toAt: i32, enemyBit: i32): i32 {
  let best = 0;
  for (let ray = 0; ray < 4; ray++) {
    const piece = pieceAt(toAt + direction(ray));
    if ((piece & enemyBit) === 0) continue;
    const type = piece & TYPE_MASK;
    const value = type === 0 ? 1 : type === 4 ? 4 : 2;
    if (value > best) best = value;
  }
  return best;
}

/**
 * stepPicker.ts's pickBest over the steps from `start` to `end` (byte addresses on the step stack): the
 * first of the best-ordered steps swapped to `start`, with its value.
 */
export function pickBest(start: i32, end: i32): void {
  let best = start;
  let bestValue = load<i32>(start, ORDER);
  for (let at = start + 4; at < end; at += 4) {
    const value = load<i32>(at, ORDER);
    if (value > bestValue) {
      bestValue = value;
      best = at;
    }
  }
  if (best === start) return;
  const step = load<i32>(start);
  store<i32>(start, load<i32>(best));
  store<i32>(best, step);
  store<i32>(best, load<i32>(start, ORDER), ORDER);
  store<i32>(start, bestValue, ORDER);
}
