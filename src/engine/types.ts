// Basic vocabulary shared by the whole engine: sides, piece codes, square flags, step and result codes.
// This module imports nothing, so that the bundler (scripts/build.mjs, minifySyntax) writes its
// constants into the hot code as literals: constants of a module with imports stay variables, which V8
// loads and checks at every use.

export type Side = 0 | 1;
export const ATTACKERS: Side = 0;
export const DEFENDERS: Side = 1;
export const opposite = (side: Side): Side => (side ^ 1) as Side;
/** The sides' names, indexed by Side. */
export const SIDE_NAMES: readonly string[] = ['attackers', 'defenders'];

// A board cell is one byte. Bits 0-1: the side (1 attacker, 2 defender); bits 2-3: the piece type.
export const EMPTY = 0;
export const ATTACKER_BIT = 1;
export const DEFENDER_BIT = 2;
export const TYPE_MAN = 0;
export const TYPE_KING = 4;
export const TYPE_KNIGHT = 8;
export const TYPE_COMMANDER = 12;
export const TYPE_MASK = 12;
export const SIDE_MASK = 3;
/** The border around the playing area: no side bit, never empty. */
export const OFF_BOARD = 16;

export const ATT_MAN = ATTACKER_BIT | TYPE_MAN; // t
export const ATT_KNIGHT = ATTACKER_BIT | TYPE_KNIGHT; // n
export const ATT_COMMANDER = ATTACKER_BIT | TYPE_COMMANDER; // c
export const DEF_MAN = DEFENDER_BIT | TYPE_MAN; // T
export const KING = DEFENDER_BIT | TYPE_KING; // K
export const DEF_KNIGHT = DEFENDER_BIT | TYPE_KNIGHT; // N
export const DEF_COMMANDER = DEFENDER_BIT | TYPE_COMMANDER; // C

// Square flags (geometry.ts sets them per padded square).
export const SQ_THRONE = 1;
export const SQ_CORNER = 2;
export const SQ_RESTRICTED = SQ_THRONE | SQ_CORNER;
/** On the outermost rank or file of the playing area. */
export const SQ_EDGE = 4;
export const SQ_OFF = 8;
/** An attacker fortress (OpenTafl `afor`): who passes, stops and re-enters is the rule set's. */
export const SQ_FORT = 16;
/** The flags of a square's kind (throne, corner, fort): movement rules depend on them. */
export const SQ_KINDS = SQ_THRONE | SQ_CORNER | SQ_FORT;

/** The null square / the berserk "end the run" step. Square 0 is a border square, never a piece's. */
export const NO_SQUARE = -1;

/** The step that ends a berserk run without another step (`0000`). */
export const END_RUN = 0;
/** Outcome codes kept in the position: NO_WINNER, a Side, or DRAW. */
export const NO_WINNER = -1;
export const DRAW = 2;

/** The side bit of a side: 1 for attackers, 2 for defenders. */
export const sideBit = (side: Side): number => side + 1;

const PIECE_LETTERS: Record<string, number> = {
  t: ATT_MAN,
  n: ATT_KNIGHT,
  c: ATT_COMMANDER,
  T: DEF_MAN,
  K: KING,
  N: DEF_KNIGHT,
  C: DEF_COMMANDER,
};

/** The piece code of an OpenTafl piece letter, or -1. */
export function pieceFromLetter(letter: string): number {
  return Object.prototype.hasOwnProperty.call(PIECE_LETTERS, letter) ? PIECE_LETTERS[letter] : -1;
}

export function pieceLetter(piece: number): string {
  for (const [letter, code] of Object.entries(PIECE_LETTERS)) if (code === piece) return letter;
  return '.';
}

/** Why a game ended. */
export type EndReason = 'escape' | 'king-captured' | 'fort' | 'encirclement' | 'repetition' | 'no-moves' | 'cannot-escape' | 'turn-limit';

/** A finished game: the winner (null for a draw) and the reason. */
export interface Outcome {
  winner: Side | null;
  reason: EndReason;
}
