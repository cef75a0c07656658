// Evaluation weights, all in one place: one set per variant family. The evaluation is linear in
// these (score = features . weights), so scripts/tune-eval.ts can fit them to game outcomes and
// write the fitted numbers back here.

import type { RuleSet } from '../engine/index.js';

/** Feature indices; each feature is measured from the defenders' view (see evaluate.ts). */
export const F_ATTACKER_MEN = 0;
export const F_ATTACKER_SPECIALS = 1;
export const F_DEFENDER_MEN = 2;
export const F_DEFENDER_SPECIALS = 3;
export const F_KING_OPEN_LINES = 4;
export const F_KING_ROUTES = 5;
export const F_KING_MOBILITY = 6;
export const F_KING_ATTACKERS = 7;
export const F_KING_DEFENDERS = 8;
export const F_ESCAPE_DISTANCE = 9;
export const F_CORNER_GUARDS = 10;
export const F_ATTACKER_CHAIN = 11;
export const F_TEMPO = 12;
/** Constant 1: how far the variant favours the defenders, all else equal (it never changes a choice). */
export const F_BALANCE = 13;
/** 4 less the king's slides to an escape square on the board as it stands (1..4, 4 meaning 4 or more). */
export const F_ESCAPE_SPEED = 14;
export const FEATURE_COUNT = 15;

export const FEATURE_NAMES: readonly string[] = [
  'attackerMen', 'attackerSpecials', 'defenderMen', 'defenderSpecials', 'kingOpenLines', 'kingRoutes',
  'kingMobility', 'kingAttackers', 'kingDefenders', 'escapeDistance', 'cornerGuards', 'attackerChain', 'tempo', 'balance', 'escapeSpeed',
];

export type Family = 'corner' | 'berserk' | 'edge';

export function familyOf(rules: RuleSet): Family {
  if (rules.escape === 'edge') return 'edge';
  return rules.berserk ? 'berserk' : 'corner';
}

// Order as the F_* indices above.
export const WEIGHTS: Record<Family, readonly number[]> = {
  corner: [100, 140, 308, 220, 120, 62, 45, 9, 24, 5, 62, 132, -2, 17, 61],
  berserk: [100, 148, 311, 281, 120, 64, 79, 2, 28, -11, 127, 118, 19, 21, 71],
  edge: [100, 140, 150, 200, 150, 50, 6, 40, 5, 20, 0, 4, 15, 0, 40],
};
