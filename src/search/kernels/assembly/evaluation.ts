// The evaluation's kernels over the arena (evaluate.ts, attackerTerms.ts): the weighted sum of the
// features, the king's walks unpacked into them, and the scan over the attackers. The features are in
// the EvalTerms slot, the weights EVAL_WEIGHTS int32s after them (both zero past FEATURE_COUNT).

import { Mem } from '../../../engine/layout';
import { AttackerSlot, AttackerSum, EVAL_WEIGHTS, KingWalk } from '../arenaLayout';
import {
  F_ESCAPE_SPEED,
  F_KING_ATTACKERS,
  F_KING_DEFENDERS,
  F_KING_MOBILITY,
  F_KING_OPEN_LINES,
  F_KING_ROUTES,
  FEATURE_COUNT,
} from '../../evaluation/features';
import { ATTACKER_BIT, ATTACKER_SCAN, EVAL_TERMS, pieceAt, TYPE_MASK } from './board';
import { kingFeatures } from './king';

const FEATURES = EVAL_TERMS;
const WEIGHTS = EVAL_TERMS + 4 * EVAL_WEIGHTS;

/** evaluate.ts's weighted sum: the features times the weights, summed as int32s (wrapping as Math.imul and `| 0` do). */
export function weightedSum(): i32 {
  let sum = 0;
  for (let at = 0; at < 4 * FEATURE_COUNT; at += 4) sum += load<i32>(FEATURES + at) * load<i32>(WEIGHTS + at);
  return sum;
}

function setFeature(feature: i32, value: i32): void {
  store<i32>(FEATURES + 4 * feature, value);
}

/**
 * The evaluation's last step with a king on the board (evaluate.ts): his walks (kingFeatures, the king
 * on `kingAt`) written into the features, then the weighted sum of them all.
 */
export function kingEvaluation(kingAt: i32, escapeFlag: i32, corners: i32): i32 {
  const walks = kingFeatures(kingAt, escapeFlag, corners);
  setFeature(F_ESCAPE_SPEED, 4 - (walks >>> KingWalk.Slides));
  setFeature(F_KING_OPEN_LINES, walks & KingWalk.SmallMask);
  setFeature(F_KING_ROUTES, (walks >>> KingWalk.Routes) & KingWalk.LargeMask);
  setFeature(F_KING_MOBILITY, (walks >>> KingWalk.Mobility) & KingWalk.LargeMask);
  setFeature(F_KING_ATTACKERS, -((walks >>> KingWalk.Attackers) & KingWalk.SmallMask));
  setFeature(F_KING_DEFENDERS, (walks >>> KingWalk.Defenders) & KingWalk.SmallMask);
  return weightedSum();
}

/**
 * attackerTerms.ts's scan over the attackers' list of the position (`count` of them; the diagonals
 * `upRight` and `upLeft` in bytes) with its tables in the AttackerScan slots: writes the sums there
 * (AttackerSum; knights and commanders counted always: the caller drops them where not wanted).
 */
export function attackerScan(count: i32, upRight: i32, upLeft: i32): void {
  let chain = 0;
  let guards = 0;
  let specials = 0;
  let boxesLow = 0;
  let boxesHigh = 0;
  for (let k = 0; k < count; k++) {
    const at = load<i32>(4 * Mem.Lists + (k << 2)) << 2;
    if ((pieceAt(at) & TYPE_MASK) !== 0) specials++;
    guards += load<i32>(ATTACKER_SCAN + at, 4 * AttackerSlot.CornerGuard);
    chain += (pieceAt(at + upRight) & ATTACKER_BIT) + (pieceAt(at + upLeft) & ATTACKER_BIT);
    boxesLow |= load<i32>(ATTACKER_SCAN + at, 4 * AttackerSlot.BoxBitsLow);
    boxesHigh |= load<i32>(ATTACKER_SCAN + at, 4 * AttackerSlot.BoxBitsHigh);
  }
  const sums = ATTACKER_SCAN + 4 * AttackerSlot.Sums;
  store<i32>(sums, chain, 4 * AttackerSum.Chain);
  store<i32>(sums, guards, 4 * AttackerSum.Guards);
  store<i32>(sums, specials, 4 * AttackerSum.Specials);
  store<i32>(sums, boxesLow, 4 * AttackerSum.BoxesLow);
  store<i32>(sums, boxesHigh, 4 * AttackerSum.BoxesHigh);
}
