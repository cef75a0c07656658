// Words and numbers as the page shows them: results, scores, clocks.

import type { EndReason, Side } from '../../engine/index.js';
import type { EngineLine } from '../shared/messages.js';
import type { Ending } from './gameLine.js';

export const SIDE_NAMES = ['Attackers', 'Defenders'] as const;

const REASONS: Record<string, string> = {
  escape: 'the king escaped',
  'king-captured': 'the king was captured',
  fort: 'the king built an exit fort',
  encirclement: 'the defenders are encircled',
  repetition: 'repetition',
  'no-moves': 'no legal turn left',
  'cannot-escape': 'the defenders cannot escape',
  'turn-limit': "the rules' turn limit",
  time: 'time',
  resign: 'resignation',
  crash: 'engine crash',
  hang: 'engine hang',
  garbage: 'engine garbage',
  'illegal-move': 'illegal move',
  'max-turns': 'turn limit',
  'draw-agreement': 'draw adjudication',
};

export function reasonText(reason: EndReason | string): string {
  return REASONS[reason] ?? reason;
}

export function resultText(winner: Side | null, reason: string): string {
  return winner === null ? `Draw: ${reasonText(reason)}` : `${SIDE_NAMES[winner]} win: ${reasonText(reason)}`;
}

/** How a game ended, with what happened when known: "Defenders win: time (two: no bestmove within 400 ms)". */
export function endingText(ending: Ending): string {
  return resultText(ending.winner, ending.reason) + (ending.detail !== undefined && ending.detail !== '' ? ` (${ending.detail})` : '');
}

/** A score from the side to move's view turned to the attackers' view. */
export function attackersScore(score: EngineLine['score'], sideToMove: Side): EngineLine['score'] {
  return score === undefined || sideToMove === 0 ? score : { kind: score.kind, value: -score.value };
}

/** A score from the side to move's view, as text: +0.35, #3 (wins in 3), #-2. */
export function scoreText(score: EngineLine['score']): string {
  if (score === undefined) return '';
  if (score.kind === 'mate') return `#${score.value}`;
  const pawns = score.value / 100;
  return `${pawns > 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

/** The score in centipawns from the attackers' view (wins as ±10000), for bars and graphs. */
export function attackersCp(score: EngineLine['score'], sideToMove: Side): number | undefined {
  if (score === undefined) return undefined;
  const cp = score.kind === 'mate' ? (score.value > 0 ? 10000 : -10000) : score.value;
  return sideToMove === 0 ? cp : -cp;
}

/** Attackers' winning chance for an eval bar, 0..1. */
export function barShare(cp: number): number {
  return 1 / (1 + Math.exp(-cp / 300));
}

export function clockText(ms: number): string {
  const clamped = Math.max(0, ms);
  const tenths = Math.floor(clamped / 100);
  const seconds = Math.floor(tenths / 10);
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return clamped < 10_000 ? `${m}:${String(s).padStart(2, '0')}.${tenths % 10}` : `${m}:${String(s).padStart(2, '0')}`;
}

export function numberText(n: number | undefined): string {
  if (n === undefined) return '';
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(0)}k`;
  return String(n);
}
