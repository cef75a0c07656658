// hnefatafl.org's "the defenders cannot escape" adjudication (RULES.md, hnefatafl-org), judged after
// every turn as that server judges it: the attackers win when the king is trapped on an edge, or when
// every corner is closed off from the defenders and the edges leave them too little room. Flood fills
// use the position's scratch stamps, so nothing is allocated.

import type { PositionView } from './positionView.js';
import { ATTACKER_BIT, ATTACKERS, DEFENDER_BIT, DEFENDERS, EMPTY, SQ_CORNER, SQ_EDGE, SQ_OFF } from './types.js';

/** Whether the attackers win by the adjudication (the king on the board, the game going on). */
export function defendersCannotEscape(pos: PositionView): boolean {
  const attackers = pos.pieceCount[ATTACKERS];
  if (attackers === 0) return false;
  // The king is a defender in pieceCount; the server counts the men.
  const defenders = pos.pieceCount[DEFENDERS] - 1;
  if ((pos.geo.flags[pos.kingSq] & SQ_EDGE) !== 0 && kingTrapped(pos, defenders, attackers)) return true;
  const listed = cornersClosedOff(pos);
  if (listed < 0) return false;
  if (defenders < 4 && attackers >= 13) return true;
  return edgesNearlyClosed(pos, listed, defenders < 6 ? 3 : 2);
}

const isAttacker = (pos: PositionView, sq: number): boolean => (pos.board[sq] & ATTACKER_BIT) !== 0;

/**
 * The king on an edge, not beside a corner, with attackers (or a corner, which counts as one
 * more attacker) on the two squares each side of him along the edge. With more than five attackers
 * so counted, the two squares inward from him must hold attackers too; then he is trapped if fewer
 * than two defenders are left, or if more than seven attackers are counted and the two squares inward
 * from a square beside him hold attackers.
 */
function kingTrapped(pos: PositionView, defenders: number, attackers: number): boolean {
  const k = pos.kingSq;
  const { flags, stride, dirs } = pos.geo;
  // The direction into the board (its outward neighbour is off the board), and along the edge.
  let inward = 0;
  for (let i = 0; i < 4; i++) if ((flags[k - dirs[i]] & SQ_OFF) !== 0) inward = dirs[i];
  const along = inward === stride || inward === -stride ? 1 : stride;
  if (((flags[k + along] | flags[k - along]) & SQ_CORNER) !== 0) return false;
  let counted = attackers;
  for (let d = -2; d <= 2; d++) {
    if (d === 0) continue;
    const sq = k + d * along;
    if ((flags[sq] & SQ_CORNER) !== 0) counted++;
    else if (!isAttacker(pos, sq)) return false;
  }
  if (counted > 5 && !(isAttacker(pos, k + inward) && isAttacker(pos, k + 2 * inward))) return false;
  if (defenders < 2) return true;
  if (counted <= 7) return false;
  for (let side = -along; side <= along; side += 2 * along) {
    if (isAttacker(pos, k + side + inward) && isAttacker(pos, k + side + 2 * inward)) return true;
  }
  return false;
}

/**
 * Every corner is closed off: from neither of its two neighbours (passed if empty or an attacker) do
 * empty squares lead to a defender or the king. A defender on a corner's neighbour does not count,
 * and two attackers on each edge line from a corner close it whatever lies behind them. Returns how
 * many empty edge squares of the closed regions it listed in pos.wallList, or -1 if a corner is open.
 * The last path found from a corner to a defender is kept: while it stays open (in a search, nine times
 * in ten) it answers at once.
 */
function cornersClosedOff(pos: PositionView): number {
  if (cornerPathOpen(pos)) return -1;
  const size = pos.geo.size;
  const stride = pos.geo.stride;
  const a1 = stride + 1;
  let listed = cornerClosedOff(pos, a1, 0);
  if (listed >= 0) listed = cornerClosedOff(pos, a1 + size - 1, listed);
  if (listed >= 0) listed = cornerClosedOff(pos, a1 + (size - 1) * stride, listed);
  if (listed >= 0) listed = cornerClosedOff(pos, a1 + (size - 1) * (stride + 1), listed);
  return listed;
}

function cornerPathOpen(pos: PositionView): boolean {
  const length = pos.cornerPathLength;
  if (length === 0) return false;
  const { board, cornerPath } = pos;
  if ((board[cornerPath[0]] & DEFENDER_BIT) !== 0 || (board[cornerPath[length - 1]] & DEFENDER_BIT) === 0) return false;
  for (let i = 1; i < length - 1; i++) if (board[cornerPath[i]] !== EMPTY) return false;
  return true;
}

/** One corner, listing its region's empty edge squares in pos.wallList from `listed` on: the new count, or -1 if open. */
function cornerClosedOff(pos: PositionView, corner: number, listed: number): number {
  const { board, stamp, stack, parent, wallList } = pos;
  const { flags, dirs } = pos.geo;
  const r = pos.nextStamp();
  stamp[corner] = r;
  let lines = 0;
  for (let i = 0; i < 4; i++) {
    const n = corner + dirs[i];
    if ((flags[n] & SQ_OFF) !== 0) continue;
    stamp[n] = r;
    if (isAttacker(pos, n) && isAttacker(pos, n + dirs[i])) lines++;
  }
  if (lines === 2) return listed;
  // Breadth-first over the stack from the passable neighbours, so that the path kept is a short one.
  let size = 0;
  for (let i = 0; i < 4; i++) {
    const n = corner + dirs[i];
    const v = board[n];
    if ((flags[n] & SQ_OFF) !== 0 || (v & DEFENDER_BIT) !== 0) continue;
    if (v === EMPTY) wallList[listed++] = n;
    parent[n] = -1;
    stack[size++] = n;
  }
  const roots = size;
  for (let next = 0; next < size; next++) {
    const sq = stack[next];
    if (next >= roots && (flags[sq] & SQ_EDGE) !== 0) wallList[listed++] = sq;
    for (let i = 0; i < 4; i++) {
      const t = sq + dirs[i];
      if (stamp[t] === r || (flags[t] & SQ_OFF) !== 0) continue;
      stamp[t] = r;
      const v = board[t];
      parent[t] = sq;
      if (v === EMPTY) stack[size++] = t;
      else if ((v & DEFENDER_BIT) !== 0) {
        keepCornerPath(pos, t);
        return -1;
      }
    }
  }
  return listed;
}

/** Keeps the path from a corner's neighbour to the defender on `found` (following parent links), neighbour first. */
function keepCornerPath(pos: PositionView, found: number): void {
  const { cornerPath, parent } = pos;
  let length = 0;
  for (let sq = found; sq !== -1; sq = parent[sq]) cornerPath[length++] = sq;
  // Reversed in place (a subarray would allocate on every flood fill).
  for (let i = 0, j = length - 1; i < j; i++, j--) {
    const sq = cornerPath[i];
    cornerPath[i] = cornerPath[j];
    cornerPath[j] = sq;
  }
  pos.cornerPathLength = length;
}

/**
 * Along each edge, the squares that are neither attackers nor in a closed corner region (the `listed`
 * squares of pos.wallList, and the corners) form at most one run, of at most `most` squares.
 */
function edgesNearlyClosed(pos: PositionView, listed: number, most: number): boolean {
  const { stamp, wallList, board } = pos;
  const { flags, size, stride } = pos.geo;
  const closed = pos.nextStamp();
  for (let i = 0; i < listed; i++) stamp[wallList[i]] = closed;
  const a1 = stride + 1;
  // Each edge from one corner (its first square) to the other, in `along` steps.
  for (let edge = 0; edge < 4; edge++) {
    const from = edge === 0 || edge === 2 ? a1 : edge === 1 ? a1 + size - 1 : a1 + (size - 1) * stride;
    const along = edge < 2 ? stride : 1;
    let runs = 0;
    let open = 0;
    let inRun = false;
    for (let k = 0, sq = from; k < size; k++, sq += along) {
      const isOpen = (board[sq] & ATTACKER_BIT) === 0 && stamp[sq] !== closed && (flags[sq] & SQ_CORNER) === 0;
      if (isOpen) {
        if (!inRun) runs++;
        open++;
        if (runs > 1 || open > most) return false;
      }
      inRun = isOpen;
    }
  }
  return true;
}
