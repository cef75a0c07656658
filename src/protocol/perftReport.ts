// Perft reports as text: the count split by whole turns (`hnefi perft --divide`; the engine server
// writes each turn's line as it arrives from the search thread) and the closing total and speed.

import { perftByTurn, type Position } from '../engine/index.js';
import { makeTurn } from '../notation/index.js';

export interface TurnCountText {
  turn: string;
  nodes: number;
}

/** Each legal turn's leaf count `depth` turns deep (depth >= 1); `pos` is left as it was. */
export function perftByTurnText(pos: Position, depth: number, full = false): TurnCountText[] {
  const counts: TurnCountText[] = [];
  perftByTurn(pos, depth, { full }, ({ turn, nodes }) => counts.push({ turn: makeTurn(pos, turn), nodes }));
  return counts;
}

/** Leaves per second, for reports (`ms` unrounded, so that fast runs are not overstated or divided by 0). */
export function perSecond(count: number, ms: number): number {
  return Math.round((count * 1000) / Math.max(ms, 0.001));
}

/** The closing lines of a perft report, the same from the engine server and from `hnefi perft`. */
export function perftTotalLines(total: number, ms: number): string[] {
  return [`Nodes searched: ${total}`, `Time: ${Math.round(ms)} ms, ${perSecond(total, ms)} leaves/s`];
}
