// Score scale: centipawn-like evaluations, and forced wins as MATE minus the number of turn ends
// from the root to the end of the game (so shorter wins score higher).

import { DRAW, type Position } from '../engine/index.js';

export const INFINITE = 32000;
export const MATE = 31000;
/** Scores beyond this are forced wins or losses (allows 1000 turns of distance). */
export const MATE_BOUND = MATE - 1000;

export const isMateScore = (score: number): boolean => score > MATE_BOUND || score < -MATE_BOUND;

/**
 * A root score as `mate n`: n is the number of the side to move's own turns to the win (negative when
 * it loses). A win at the end of turn end t (t odd: our own turn) is our ((t + 1) / 2)-th turn; a loss
 * at turn end t (t even) comes after t / 2 of our turns.
 */
export function mateInTurns(score: number): number {
  if (score > 0) return (MATE - score + 1) >> 1;
  return -((MATE + score + 1) >> 1);
}

/** TT scores of forced results are stored relative to the node, not the root. */
export function scoreToTT(score: number, turnPly: number): number {
  if (score > MATE_BOUND) return score + turnPly;
  if (score < -MATE_BOUND) return score - turnPly;
  return score;
}

export function scoreFromTT(score: number, turnPly: number): number {
  if (score > MATE_BOUND) return score - turnPly;
  if (score < -MATE_BOUND) return score + turnPly;
  return score;
}

/** The score of a finished game at `pos` for its side to move, `turnPly` turn ends from the root. */
export function terminalScore(pos: Position, turnPly: number): number {
  const winner = pos.winner;
  if (winner === DRAW) return 0;
  return winner === pos.side ? MATE - turnPly : -(MATE - turnPly);
}
