// The steps of a game written as the online sites write them: `from-to` and `x` before each square the
// step captured (`d3-d2xe2`, aagenielsen.dk's and hnefatafl.org's records). The king is never listed:
// both sites leave him out.

import { makeSquare } from '../engine/geometry.js';
import type { Position } from '../engine/position.js';
import { stepFrom, stepTo } from '../engine/step.js';
import { EMPTY, END_RUN, KING, NO_SQUARE } from '../engine/types.js';

/** Plays a turn on `pos` and returns its steps as `from-to` with the squares they captured. */
export function playTurnAsSteps(pos: Position, steps: readonly number[]): string[] {
  const written: string[] = [];
  for (const step of steps) {
    if (step === END_RUN) {
      pos.makeStep(step);
      continue;
    }
    const before = pos.board.slice();
    const from = stepFrom(step);
    const to = stepTo(step);
    pos.makeStep(step);
    let text = `${makeSquare(pos.geo, from)}-${makeSquare(pos.geo, to)}`;
    for (let sq = 0; sq < before.length; sq++) {
      if (sq !== from && before[sq] !== EMPTY && before[sq] !== KING && pos.board[sq] === EMPTY) text += `x${makeSquare(pos.geo, sq)}`;
    }
    written.push(text);
  }
  if (pos.berserker !== NO_SQUARE && steps.length > 0) pos.makeStep(END_RUN);
  return written;
}
