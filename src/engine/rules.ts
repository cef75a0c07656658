// The rule-set record: every variant is an instance of it (RULES.md section 6), nothing else differs.

import type { Side } from './types.js';

export type EscapeRule = 'corner' | 'edge';
/**
 * strong: attackers (or hostile squares) on all four sides; weak: two on a line; mixed: strong on or
 * next to the throne, else weak; middleweight (OpenTafl's Magpie): hostile on every side he has, so
 * three on an edge.
 */
export type KingStrength = 'strong' | 'weak' | 'mixed' | 'middleweight';
/** Piece letters, as in OpenTafl records: t c n attackers, T C N K defenders. */
export type PieceLetter = 't' | 'c' | 'n' | 'T' | 'C' | 'N' | 'K';
/** `defenders-forbidden`: no defenders' turn may recreate an earlier position (hnefatafl.org's rule). */
export type RepetitionRule =
  | 'ignore'
  | 'draw'
  | 'repeater-loses'
  | 'repeater-wins'
  | 'defenders-lose'
  | 'forbidden'
  | 'defenders-forbidden';

export interface RuleSet {
  /** Variant id (`UCI_Variant` value) or a custom name. */
  name: string;
  /** Board size, 5..19. */
  size: number;
  /** Start position, ranks from the top, one string per rank, `.` for empty squares. */
  start: readonly string[];
  firstSide: Side;
  escape: EscapeRule;
  king: KingStrength;
  /** The king captures and serves as an anvil. */
  kingArmed: boolean;
  /** Two attacker commanders (or a commander and a corner) capture the king away from the throne. */
  commandersCaptureKing: boolean;
  /**
   * Commanders also capture the king next to the throne, along a line that does not pass through it
   * (OpenTafl); RULES.md: not next to the throne at all.
   */
  commandersNextToThrone: boolean;
  /**
   * The ring of four takes the (strong) king also while the attackers have a commander (RULES.md).
   * OpenTafl: no, while a commander is left only commanders take him.
   */
  ringWithCommanders: boolean;
  hasThrone: boolean;
  hasCorners: boolean;
  /** The corner squares (`a1`, ...) when not the board's four corners (OpenTafl's Alea Evangelii, puzzles). */
  cornerSquares?: readonly string[];
  /** The throne's square when not the centre. */
  throneSquare?: string;
  /** Only the king, starting on the throne, is ever on it: nobody passes the empty throne (OpenTafl `cenre:`). */
  throneImpassable?: boolean;
  /** Corners the king may pass on his way (OpenTafl `corp`, default yes); others never pass them. */
  kingPassesCorners?: boolean;
  /** Attacker fortresses (OpenTafl `afor`, Foteviken Tablut): their squares and who may do what there. */
  forts?: FortRules;
  /** The most squares a piece may slide in one step (OpenTafl `spd`); absent: no limit. */
  speedLimits?: Readonly<Partial<Record<PieceLetter, number>>>;
  /** Corners are hostile to the king too (Fetlar: no). */
  cornersHostileToKing: boolean;
  /** Only the king may pass over the empty throne. */
  throneKingOnly: boolean;
  /** The king may stop on the empty throne again (RULES.md: yes; OpenTafl's Tablut, cens: empty, no). */
  kingStopsOnThrone: boolean;
  /**
   * Whom the throne takes part in capturing (RULES.md: the attackers always, and everyone while it
   * is empty). Other combinations come from OpenTafl rules strings (cenh, cenhe), e.g. its Brandub,
   * whose throne is hostile to nobody. The king on the throne is never hostile to defenders.
   */
  throneHostileToAttackers: boolean;
  emptyThroneHostileToAttackers: boolean;
  emptyThroneHostileToDefenders: boolean;
  /** The empty throne closes a side of the king (strong king) or is his anvil (weak king). */
  emptyThroneHostileToKing: boolean;
  shieldWall: boolean;
  /**
   * OpenTafl's relaxed shield wall (`swf:n`): after any step of a side, every wall of it closed along
   * an edge around enemies is taken, wherever the step landed. RULES.md: only the step landing on an
   * end square of the wall takes it.
   */
  shieldWallAnyStep?: boolean;
  /**
   * Linnaean capture (OpenTafl's Tablut): with the king on the throne and attackers on three of its
   * sides, an attacker landing two squares from the throne takes the defender on its fourth side.
   */
  linnaeanCapture: boolean;
  exitFort: boolean;
  encirclement: boolean;
  /**
   * hnefatafl.org's adjudication: after every turn the attackers win when the defenders can no longer
   * escape, as that server judges it (noEscape.ts). For the usual corners only.
   */
  cannotEscape?: boolean;
  /**
   * The game is drawn at the end of this turn, counted from the position it started from, unless that
   * turn ended it otherwise (hnefatafl.org: 134); absent or 0, no limit.
   */
  turnLimit?: number;
  repetition: RepetitionRule;
  /** King, knights and commanders may jump over an adjacent ordinary enemy (section 2). */
  jumps: boolean;
  /** The berserk rule: a capturing step may be followed by further capturing steps of the same piece. */
  berserk: boolean;
  /**
   * OpenTafl's berserk runs: after a capturing step, while the piece has a capturing step, it must
   * move again, with any of its steps (one that captures nothing ends the turn); no stopping early.
   * RULES.md: the run may stop after any capturing step and goes on only with capturing steps.
   */
  berserkForced: boolean;
  /** Jumps may also pass over an ordinary friendly piece. */
  jumpOverOwn: boolean;
}

/** Fortress squares and, per piece letter, who passes them, stops on them, re-enters them, and whom they take. */
export interface FortRules {
  squares: readonly string[];
  /** Pieces that may slide over a fort square. */
  pass: string;
  /** Pieces that may stop on one. */
  stop: string;
  /** Pieces that may enter one from outside the forts (others move there only from a fort square). */
  reenter: string;
  /** Pieces an empty fort square takes part in capturing (OpenTafl reads t for attackers, T for defenders and the king). */
  hostile: string;
}
