// search/captures.ts's capture squares over the arena: the empty squares where a piece of the side to
// move may capture, a quick test before findCaptures decides. For the quiescence search's captures and
// the staged generation's first stage, at nearly every node.

import { EMPTY, flagsAt, LISTING, pieceAt, SQ_CORNER, SQ_EDGE, SQ_FORT, SQ_THRONE } from './board';

/** The listing's values while captureSquares runs, int32s at LISTING. */
const enum Listing {
  Stamp,
  Mark,
  Squares,
  Count,
  Listed,
  UnarmedKing,
  HostileOccupied,
}

/** Hostile squares beyond an enemy when empty: corners, forts and the throne. */
const HOSTILE_EMPTY = SQ_CORNER | SQ_FORT | SQ_THRONE;

/**
 * Lists in `squares` (bytes) from `count` the empty squares where a piece of side bit `myBit` may
 * capture: beside an enemy of the list at `enemies` (bytes; `enemyCount` of them), with beyond him an
 * anvil (a piece of the mover's side, but an unarmed king: `unarmedKing` KING, else 0) or a hostile
 * square (`hostileOccupied` the flags hostile when occupied; when empty, HOSTILE_EMPTY), or under shield
 * walls (`wallFlag` SQ_EDGE, else 0) an edge square beside an enemy on the edge; beside the king (on
 * `kingAt`), every empty square, his own rules deciding. In the order of the enemies' list and of the
 * directions, each once: squares stamped with `mark` in `stamp` (bytes) are left out, those listed are
 * stamped, in `listed` too (a caller's own record). Returns the new count.
 */
export function captureSquares(
  enemies: i32,
  enemyCount: i32,
  kingAt: i32,
  strideBytes: i32,
  myBit: i32,
  unarmedKing: i32,
  hostileOccupied: i32,
  wallFlag: i32,
  stamp: i32,
  mark: i32,
  squares: i32,
  count: i32,
  listed: i32,
): i32 {
  // Shaped for V8's compiled code, whose registers the loop's own values fill: the four directions
  // written out (a loop over them cost a third more), the listing's arrays, mark and count kept in
  // memory (list reads them), the king and the shield wall's edge victims with copies of their own.
  store<i32>(LISTING, stamp, 4 * Listing.Stamp);
  store<i32>(LISTING, mark, 4 * Listing.Mark);
  store<i32>(LISTING, squares, 4 * Listing.Squares);
  store<i32>(LISTING, count, 4 * Listing.Count);
  store<i32>(LISTING, listed, 4 * Listing.Listed);
  store<i32>(LISTING, unarmedKing, 4 * Listing.UnarmedKing);
  store<i32>(LISTING, hostileOccupied, 4 * Listing.HostileOccupied);
  for (let k = 0; k < enemyCount; k++) {
    const victimAt = load<i32>(enemies + (k << 2)) << 2;
    const up = victimAt + strideBytes;
    const right = victimAt + 4;
    const down = victimAt - strideBytes;
    const left = victimAt - 4;
    if (victimAt === kingAt) {
      // The king as the victim: his own rules decide, so every empty square beside him is listed.
      if (pieceAt(up) === EMPTY) list(up);
      if (pieceAt(right) === EMPTY) list(right);
      if (pieceAt(down) === EMPTY) list(down);
      if (pieceAt(left) === EMPTY) list(left);
    } else if ((flagsAt(victimAt) & wallFlag) === 0) {
      tryLanding(up, down, myBit, false);
      tryLanding(right, left, myBit, false);
      tryLanding(down, up, myBit, false);
      tryLanding(left, right, myBit, false);
    } else {
      // A victim on the edge under shield walls: also taken from the edge squares beside him.
      tryLanding(up, down, myBit, true);
      tryLanding(right, left, myBit, true);
      tryLanding(down, up, myBit, true);
      tryLanding(left, right, myBit, true);
    }
  }
  return load<i32>(LISTING, 4 * Listing.Count);
}

/**
 * Lists the empty square `landingAt` beside a victim if a piece landing there may take him: an anvil
 * beyond him (`beyondAt`), a hostile square there, or (`wall`) the landing square on the edge. Early
 * returns, not boolean expressions: the compiler turns those into selects, which test every
 * condition on the common path.
 */
function tryLanding(landingAt: i32, beyondAt: i32, myBit: i32, wall: bool): void {
  if (pieceAt(landingAt) !== EMPTY) return;
  const beyond = pieceAt(beyondAt);
  // The second tests read their values from memory: the compiler may not read memory before the
  // first test has passed, so it keeps the branches (the common path takes the first) instead of
  // computing every test into a select.
  if ((beyond & myBit) !== 0) {
    if (beyond !== load<i32>(LISTING, 4 * Listing.UnarmedKing)) return list(landingAt);
  }
  // Hostile when empty, or when occupied (a subset): most squares are neither, ruled out at once.
  const flags = flagsAt(beyondAt);
  if ((flags & HOSTILE_EMPTY) !== 0) {
    if ((flags & (beyond === EMPTY ? HOSTILE_EMPTY : load<i32>(LISTING, 4 * Listing.HostileOccupied))) !== 0) return list(landingAt);
  }
  if (wall) {
    if ((flagsAt(landingAt) & SQ_EDGE) !== 0) list(landingAt);
  }
}

/** Lists `landingAt` unless it is stamped with the mark, and stamps it (the listing's values in memory, at LISTING). */
function list(landingAt: i32): void {
  const mark = load<i32>(LISTING, 4 * Listing.Mark);
  const stampAt = load<i32>(LISTING, 4 * Listing.Stamp) + landingAt;
  if (load<i32>(stampAt) === mark) return;
  store<i32>(stampAt, mark);
  store<i32>(load<i32>(LISTING, 4 * Listing.Listed) + landingAt, mark);
  const count = load<i32>(LISTING, 4 * Listing.Count);
  store<i32>(load<i32>(LISTING, 4 * Listing.Squares) + (count << 2), landingAt >> 2);
  store<i32>(LISTING, count + 1, 4 * Listing.Count);
}
