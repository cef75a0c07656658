// The root's steps with what the iterations found for each, and the choices made from them: the order
// of the next iteration, the lines reported, a weakened (Skill Level) choice.

import { END_RUN, NO_WINNER, type Position } from '../engine/index.js';
import { INFINITE, isMateScore } from './score.js';

export interface RootMove {
  step: number;
  score: number;
  previousScore: number;
  /** Steps of the principal variation starting with `step`. */
  pv: number[];
  selDepth: number;
}

/** Stable sort of rootMoves[from..] by score, best first. */
export function sortFrom(rootMoves: RootMove[], from: number): void {
  const tail = rootMoves.slice(from).sort((a, b) => b.score - a.score);
  for (let i = 0; i < tail.length; i++) rootMoves[from + i] = tail[i];
}

/**
 * Skill Level: a plausible but weaker choice among the candidate lines (Stockfish's scheme): each
 * candidate gets a random bonus that grows with the weakness, and the best total wins. Always one of
 * the searched legal root steps.
 */
export function pickWeakened(rootMoves: RootMove[], candidates: number, skill: number): number[] {
  const weakness = 120 - 6 * skill;
  const top = rootMoves[0].score;
  const spread = Math.min(top - rootMoves[candidates - 1].score, 100);
  let best = 0;
  let bestValue = -Infinity;
  for (let i = 0; i < candidates; i++) {
    const score = rootMoves[i].score;
    if (score <= -INFINITE) continue;
    // A forced win is never thrown away, a forced loss never chosen over a way out.
    if (isMateScore(top) || isMateScore(score)) {
      if (score > bestValue) {
        bestValue = score;
        best = i;
      }
      continue;
    }
    const value = score + (weakness * (top - score) + spread * Math.floor(Math.random() * weakness)) / 128;
    if (value > bestValue) {
      bestValue = value;
      best = i;
    }
  }
  return rootMoves[best].pv;
}

/** Splits a principal variation of steps from `pos` into whole turns, as the protocol writes them. */
export function wholeTurns(pos: Position, pv: readonly number[]): number[][] {
  const turns: number[][] = [];
  let current: number[] = [];
  let made = 0;
  for (const step of pv) {
    if (pos.winner !== NO_WINNER) break;
    const side = pos.side;
    pos.makeStep(step);
    made++;
    current.push(step);
    if (pos.side !== side || pos.winner !== NO_WINNER) {
      turns.push(current);
      current = [];
    }
  }
  if (current.length > 0) turns.push(current);
  for (; made > 0; made--) pos.unmakeStep();
  for (const turn of turns) if (turn.length > 1 && turn[turn.length - 1] === END_RUN) turn.pop();
  return turns;
}
