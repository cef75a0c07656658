// search/captures.ts's capture squares over the arena: the empty squares where a piece of the side to
// move may capture, a quick test before findCaptures decides. For the quiescence search's captures and
// the staged generation's first stage, at nearly every node.

import { direction, EMPTY, flagsAt, pieceAt, SQ_CORNER, SQ_EDGE, SQ_FORT, SQ_THRONE } from './board';

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
  for (let k = 0; k < enemyCount; k++) {
    const victimAt = load<i32>(enemies + (k << 2)) << 2;
    const wall = flagsAt(victimAt) & wallFlag;
    for (let ray = 0; ray < 4; ray++) {
      const d = direction(ray);
      const landingAt = victimAt + d;
      if (pieceAt(landingAt) !== EMPTY) continue;
      // The king as the victim: his own rules decide, so every empty square beside him is listed.
      if (victimAt === kingAt || takes(victimAt - d, landingAt, myBit, unarmedKing, hostileOccupied, wall)) {
        if (load<i32>(stamp + landingAt) === mark) continue;
        store<i32>(stamp + landingAt, mark);
        store<i32>(listed + landingAt, mark);
        store<i32>(squares + (count << 2), landingAt >> 2);
        count++;
      }
    }
  }
  return count;
}

/** May a piece landing on `landingAt` take the victim beside it, `beyondAt` across him? */
function takes(beyondAt: i32, landingAt: i32, myBit: i32, unarmedKing: i32, hostileOccupied: i32, wall: i32): bool {
  const beyond = pieceAt(beyondAt);
  if ((beyond & myBit) !== 0 && beyond !== unarmedKing) return true;
  return (
    (flagsAt(beyondAt) & (beyond === EMPTY ? HOSTILE_EMPTY : hostileOccupied)) !== 0 || (wall !== 0 && (flagsAt(landingAt) & SQ_EDGE) !== 0)
  );
}
