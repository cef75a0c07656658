// Writing search results as text: a principal variation's whole turns in compact notation, each
// written in the position it is played from.

import { playTurn, type Position } from '../engine/index.js';
import { makeTurn } from '../notation/index.js';

/** The compact texts of consecutive turns from `pos`, which is left exactly as it was. */
export function makeTurnList(pos: Position, turns: readonly (readonly number[])[]): string[] {
  const texts: string[] = [];
  const startPly = pos.ply;
  for (const turn of turns) {
    texts.push(makeTurn(pos, turn));
    playTurn(pos, turn);
  }
  while (pos.ply > startPly) pos.unmakeStep();
  return texts;
}
