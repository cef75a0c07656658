// Perft split by whole turns (`perft n` in the protocol, `hnefi perft --divide`): each legal turn of
// the position with the leaves below it, as PROTOCOL.md asks (the engine's own Perft.divide splits by
// first step, which merges the berserk chains that begin with the same step).

import { legalTurns, Perft, playTurn, type Position } from '../engine/index.js';
import { makeTurn } from '../notation/index.js';

export interface TurnCount {
  turn: string;
  nodes: number;
}

/** Each legal turn's leaf count `depth` turns deep (depth >= 1); `pos` is left as it was. */
export function perftByTurn(pos: Position, depth: number, full = false): TurnCount[] {
  const perft = new Perft(pos, { full });
  const startPly = pos.ply;
  return legalTurns(pos).map((turn) => {
    const text = makeTurn(pos, turn);
    playTurn(pos, turn);
    const nodes = depth === 1 ? 1 : perft.count(depth - 1);
    while (pos.ply > startPly) pos.unmakeStep();
    return { turn: text, nodes };
  });
}

/** Leaves per second, for reports (`ms` unrounded, so that fast runs are not overstated or divided by 0). */
export function perSecond(count: number, ms: number): number {
  return Math.round((count * 1000) / Math.max(ms, 0.001));
}
