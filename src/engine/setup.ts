// What a position is made from (Setup), a rule set's start position as one, the checks a setup must
// pass before it becomes a Position, and the result a loaded position shows (RULES.md section 8.9).

import { Reason } from './endReasons.js';
import { encircled, exitFortHolds } from './gameEnd.js';
import { defendersCannotEscape } from './noEscape.js';
import { toSquare, type Geometry } from './geometry.js';
import type { PositionView } from './positionView.js';
import { err, ok, type Result } from './result.js';
import type { RuleSet } from './rules.js';
import { ATTACKERS, DEFENDERS, EMPTY, KING, NO_SQUARE, pieceFromLetter, SQ_CORNER, SQ_EDGE, SQ_THRONE, type Side } from './types.js';

/** What a position is made from: the board (rank 1 first, file a first), side to move, berserker. */
export interface Setup {
  rules: RuleSet;
  /** size*size piece codes, index rank * size + file. */
  cells: Uint8Array;
  side: Side;
  /** file/rank index (rank * size + file) of the piece that may continue a berserk run, or -1. */
  berserker: number;
}

/** The rule set's start position (rules.start lists the ranks from the top). */
export function startSetup(rules: RuleSet): Setup {
  const size = rules.size;
  const cells = new Uint8Array(size * size);
  rules.start.forEach((row, top) => {
    for (let file = 0; file < size; file++) {
      // '.' (and any letter that is no piece) leaves the square empty.
      const piece = pieceFromLetter(row[file]);
      if (piece > EMPTY) cells[(size - 1 - top) * size + file] = piece;
    }
  });
  return { rules, cells, side: rules.firstSide, berserker: -1 };
}

/** The board has the rule set's number of squares (checked before anything is built from it). */
export function checkBoardSize(setup: Setup): Result<void> {
  const size = setup.rules.size;
  if (setup.cells.length !== size * size) return err('bad-setup', `the board has ${setup.cells.length} squares, expected ${size * size}`);
  return ok(undefined);
}

/** At most one king, no other piece on a corner or the throne, a berserker of the side to move. */
export function checkPieces(setup: Setup, geo: Geometry): Result<void> {
  const { rules, cells, side } = setup;
  const size = rules.size;
  let kings = 0;
  for (let rank = 0; rank < size; rank++) {
    for (let file = 0; file < size; file++) {
      const piece = cells[rank * size + file];
      if (piece === EMPTY) continue;
      const name = squareName(file, rank);
      const flags = geo.flags[toSquare(geo.stride, file, rank)];
      if (piece === KING) {
        kings++;
        if (kings > 1) return err('two-kings', `a second king on ${name}: a position has at most one king`);
      } else if ((flags & (SQ_CORNER | SQ_THRONE)) !== 0) {
        return err('restricted-square', `only the king may stand on ${name} (a ${flags & SQ_CORNER ? 'corner' : 'throne'})`);
      }
    }
  }
  if (setup.berserker >= 0) {
    const piece = cells[setup.berserker];
    if (!rules.berserk) return err('no-berserk', `the rules have no berserk runs, so there can be no berserker square`);
    if (piece === EMPTY || (piece & 3) !== side + 1) {
      const name = squareName(setup.berserker % size, Math.floor(setup.berserker / size));
      return err('bad-berserker', `the berserker square ${name} does not hold a piece of the side to move`);
    }
  }
  return ok(undefined);
}

const squareName = (file: number, rank: number): string => String.fromCharCode(97 + file) + (rank + 1);

/**
 * The result a loaded position shows without history (section 8.9), but for "no turn": its winner code
 * and reason, or undefined while the game goes on.
 */
export function loadedResult(pos: PositionView): { winner: number; reason: Reason } | undefined {
  if (pos.kingSq === NO_SQUARE) return { winner: ATTACKERS, reason: Reason.KingCaptured };
  const escapeFlag = pos.rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE;
  if ((pos.geo.flags[pos.kingSq] & escapeFlag) !== 0) return { winner: DEFENDERS, reason: Reason.Escape };
  if (pos.side === ATTACKERS && pos.rules.exitFort && exitFortHolds(pos)) return { winner: DEFENDERS, reason: Reason.Fort };
  if (pos.side === DEFENDERS && pos.rules.encirclement && encircled(pos)) return { winner: ATTACKERS, reason: Reason.Encirclement };
  if (pos.rules.cannotEscape === true && defendersCannotEscape(pos)) return { winner: ATTACKERS, reason: Reason.CannotEscape };
  return undefined;
}
