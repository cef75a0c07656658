// The squares a compact turn visits on a position, for drawing it as an arrow.

import { type Position, stepFrom, stepTo } from '../../engine/index.js';
import { parseTurn } from '../../notation/index.js';

/** The squares of `move` on `pos`, first step's start first; undefined if it is not a legal turn there. */
export function turnSquares(pos: Position, move: string): number[] | undefined {
  const steps = parseTurn(pos, move);
  if (!steps.ok || steps.value.length === 0 || steps.value[0] === 0) return undefined;
  return [stepFrom(steps.value[0]), ...steps.value.map(stepTo)];
}
