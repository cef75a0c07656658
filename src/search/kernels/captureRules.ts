// The constants of a rule set that the kernels' findCaptures (kernels/captures.ts) reads from the arena's
// Captures slot, and which rule sets it covers.

import {
  ATT_COMMANDER,
  ATTACKER_BIT,
  ATTACKERS,
  DEFENDER_BIT,
  DEFENDERS,
  KING,
  type Position,
  type RuleSet,
  SQ_CORNER,
  SQ_EDGE,
  SQ_FORT,
  SQ_THRONE,
} from '../../engine/index.js';
import { CaptureSlot, KingRule } from './arenaLayout.js';

/** Far enough below 0 that no square is its neighbour. */
const NO_THRONE = -(1 << 20);

const KING_RULES: Record<RuleSet['king'], KingRule> = {
  strong: KingRule.Strong,
  weak: KingRule.Weak,
  mixed: KingRule.Mixed,
  middleweight: KingRule.Middleweight,
};

function fortHostile(rules: RuleSet, victimBit: number): boolean {
  return rules.forts !== undefined && rules.forts.hostile.includes(victimBit === ATTACKER_BIT ? 't' : 'T');
}

/**
 * Writes the constants of `pos`'s rules into `slot` (the Captures slot, CaptureSlot.Found int32s); false
 * where the kernel does not cover them: OpenTafl's relaxed shield walls, and a ring of four that does
 * not take the king while the attackers have a commander, when they have one (the kernel does not count them).
 */
export function captureRules(pos: Position, slot: Int32Array): boolean {
  const rules = pos.rules;
  const geo = pos.geo;
  let commander = false;
  for (let i = 0; i < pos.pieceCount[ATTACKERS]; i++) commander ||= pos.board[pos.pieceList[ATTACKERS][i]] === ATT_COMMANDER;
  if (geo.anyStepCaptures || (!rules.ringWithCommanders && commander)) return false;
  slot[CaptureSlot.StrideBytes] = 4 * geo.stride;
  slot[CaptureSlot.UnarmedKing] = rules.kingArmed ? 0 : KING;
  for (const side of [ATTACKERS, DEFENDERS]) {
    const victimBit = (side + 1) ^ 3;
    const victimIsAttacker = victimBit === ATTACKER_BIT;
    const fort = fortHostile(rules, victimBit) ? SQ_FORT : 0;
    const emptyThrone = victimIsAttacker ? rules.emptyThroneHostileToAttackers : rules.emptyThroneHostileToDefenders;
    slot[CaptureSlot.HostileEmpty + side] = SQ_CORNER | fort | (emptyThrone ? SQ_THRONE : 0);
    slot[CaptureSlot.HostileOccupied + side] = SQ_CORNER | fort | (victimIsAttacker && rules.throneHostileToAttackers ? SQ_THRONE : 0);
  }
  slot[CaptureSlot.Throne] = geo.throne >= 0 ? 4 * geo.throne : NO_THRONE;
  slot[CaptureSlot.King] = KING_RULES[rules.king];
  slot[CaptureSlot.CommandersCaptureKing] = rules.commandersCaptureKing ? 1 : 0;
  slot[CaptureSlot.CommandersNextToThrone] = rules.commandersNextToThrone ? 1 : 0;
  const corner = rules.cornersHostileToKing ? SQ_CORNER : 0;
  const fort = fortHostile(rules, DEFENDER_BIT) ? SQ_FORT : 0;
  slot[CaptureSlot.CornerHostileToKing] = corner;
  slot[CaptureSlot.KingHostileEmpty] = corner | fort | (rules.emptyThroneHostileToKing ? SQ_THRONE : 0);
  slot[CaptureSlot.KingHostileOccupied] = corner | fort;
  slot[CaptureSlot.WallFlag] = rules.shieldWall ? SQ_EDGE : 0;
  slot[CaptureSlot.Linnaean] = rules.linnaeanCapture ? 1 : 0;
  const stride = 4 * geo.stride;
  slot.set([-stride, stride, -4, stride, -stride, -4, -4, 4, -stride, 4, -4, -stride], CaptureSlot.WallTable);
  slot[CaptureSlot.Jumps] = rules.jumps ? 1 : 0;
  slot[CaptureSlot.JumpOverOwn] = rules.jumpOverOwn ? 1 : 0;
  slot[CaptureSlot.KingCorner] = rules.berserkForced ? 0 : SQ_CORNER;
  return true;
}

/** Hostile squares beyond an enemy when occupied, for captureSquares: corners and forts; the throne too, to the defenders' enemies. */
export function hostileWhenOccupied(side: number): number {
  return side === DEFENDERS ? SQ_CORNER | SQ_FORT | SQ_THRONE : SQ_CORNER | SQ_FORT;
}

/** The piece codes of the attackers (side bit 1, each type), as bits: shifted left once more, the defenders'. */
const OWN_CODES = (1 << 0) | (1 << 4) | (1 << 8) | (1 << 12);

/** The piece codes that are anvils for `side` to move, as bits: its own pieces, the king only if armed. */
export function anvilCodes(side: number, kingArmed: boolean): number {
  return side === ATTACKERS ? OWN_CODES << 1 : (OWN_CODES << 2) & (kingArmed ? -1 : ~(1 << KING));
}
