// Whole turns: a turn is the list of steps of one piece, a berserk chain being several. Listing and
// playing them; their notation is in src/notation/moves.ts. Not hot code: plain arrays are fine here.

import { generateSteps } from './movegen.js';
import type { Position } from './position.js';
import { END_RUN, NO_SQUARE, type Outcome } from './types.js';

/** Enough for the steps of any position on a 19x19 board. */
const stepBuffer = new Int32Array(1 << 14);

/** The legal steps of `pos` as a plain array. */
export function legalSteps(pos: Position): number[] {
  const n = generateSteps(pos, stepBuffer, 0);
  return Array.from(stepBuffer.subarray(0, n));
}

/**
 * Every legal whole turn, as its steps. Each berserk chain prefix is a turn of its own (stopping
 * there); a run already open in `pos` may also be ended at once: the turn [END_RUN], `0000`.
 * Under forced runs (OpenTafl's) only chains whose run has ended are turns.
 */
export function legalTurns(pos: Position): number[][] {
  const turns: number[][] = [];
  collectTurns(pos, [], turns);
  return turns;
}

function collectTurns(pos: Position, prefix: number[], turns: number[][]): void {
  for (const step of legalSteps(pos)) {
    if (step === END_RUN) {
      // Stopping a run opened by `prefix` is the turn `prefix` itself, already listed.
      if (prefix.length === 0) turns.push([END_RUN]);
      continue;
    }
    const chain = [...prefix, step];
    pos.makeStep(step);
    const runOpen = pos.berserker !== NO_SQUARE;
    if (!runOpen || !pos.rules.berserkForced) turns.push(chain);
    if (runOpen) collectTurns(pos, chain, turns);
    pos.unmakeStep();
  }
}

/** Does the side to move have a legal turn? (False also when the game is over.) */
export function hasLegalTurn(pos: Position): boolean {
  return generateSteps(pos, stepBuffer, 0) > 0;
}

/** The result of the game in `pos`, or undefined while it goes on. */
export function gameOutcome(pos: Position): Outcome | undefined {
  return pos.outcome(hasLegalTurn);
}

/** Makes the steps of a legal turn and, if its berserk run is still open after them, ends the run. */
export function playTurn(pos: Position, steps: readonly number[]): void {
  for (const step of steps) pos.makeStep(step);
  if (pos.berserker !== NO_SQUARE && steps.length > 0) pos.makeStep(END_RUN);
}
