// Turn-end results that need a look at the whole board: the exit fort (RULES.md 4, 8.5) and
// encirclement (4, 8.6). Flood fills use the position's scratch stamps, so nothing is allocated.

import { slideKey } from './geometry.js';
import type { PositionView } from './positionView.js';
import { ATTACKER_BIT, DEFENDER_BIT, EMPTY, KING, SQ_CORNER, SQ_EDGE, SQ_OFF, SQ_RESTRICTED, TYPE_MASK } from './types.js';

/**
 * Marks R (the king's square and the empty squares he reaches) with stamp `r`, listing it in pos.stack;
 * returns |R|, or 0 as soon as an attacker is found next to R (then no fort: W holds only defenders).
 */
function floodKingRegion(pos: PositionView, r: number): number {
  const { board, stamp, stack } = pos;
  const dirs = pos.geo.dirs;
  let size = 1;
  stamp[pos.kingSq] = r;
  stack[0] = pos.kingSq;
  // Breadth-first over the list itself: stack[0..size) ends up holding all of R.
  for (let next = 0; next < size; next++) {
    const sq = stack[next];
    for (let i = 0; i < 4; i++) {
      const t = sq + dirs[i];
      const v = board[t];
      if (v === EMPTY) {
        if (stamp[t] !== r) {
          stamp[t] = r;
          stack[size++] = t;
        }
      } else if ((v & ATTACKER_BIT) !== 0) {
        return 0;
      }
    }
  }
  return size;
}

/** The king has a slide or a jump (any empty neighbour, or a jump the rules allow). */
function kingCanMove(pos: PositionView): boolean {
  const { board } = pos;
  const { dirs, flags } = pos.geo;
  const k = pos.kingSq;
  const key = slideKey(KING, flags[k]);
  const noStop = pos.geo.noStop[key];
  const block = pos.geo.block[key];
  for (let i = 0; i < 4; i++) {
    const mid = k + dirs[i];
    // A square he may not stop on he may still pass, unless it ends his slide.
    if (board[mid] === EMPTY && ((flags[mid] & noStop) === 0 || ((flags[mid] & block) === 0 && board[mid + dirs[i]] === EMPTY)))
      return true;
    if (!pos.rules.jumps) continue;
    const v = board[mid];
    const land = mid + dirs[i];
    const jumpable = (v & TYPE_MASK) === 0 && ((v & ATTACKER_BIT) !== 0 || (pos.rules.jumpOverOwn && (v & DEFENDER_BIT) !== 0));
    if (jumpable && board[land] === EMPTY && ((flags[k] | flags[land]) & SQ_RESTRICTED) !== 0 && (flags[land] & noStop) === 0) return true;
  }
  return false;
}

/** Exit fort, checked after a defenders' turn. */
export function exitFortHolds(pos: PositionView): boolean {
  const k = pos.kingSq;
  const { flags, dirs, stride } = pos.geo;
  if (k < 0 || (flags[k] & SQ_EDGE) === 0 || !kingCanMove(pos)) return false;
  const { board, stamp } = pos;
  const r = pos.nextStamp();
  const regionCount = floodKingRegion(pos, r);
  if (regionCount < 2) return false;
  const w = pos.nextStamp();
  // Collect W: pieces next to R. Each must be a defender.
  const wall = pos.wallList;
  let wallCount = 0;
  const stack = pos.stack;
  for (let i = 0; i < regionCount; i++) {
    const sq = stack[i];
    for (let j = 0; j < 4; j++) {
      const t = sq + dirs[j];
      const v = board[t];
      if ((flags[t] & SQ_OFF) !== 0 || stamp[t] === r || stamp[t] === w || v === EMPTY) continue;
      if ((v & DEFENDER_BIT) === 0) return false;
      stamp[t] = w;
      wall[wallCount++] = t;
    }
  }
  // Every wall piece is safe on both of its lines.
  for (let i = 0; i < wallCount; i++) {
    const sq = wall[i];
    for (let j = 0; j < 2; j++) {
      if (!safeNeighbour(pos, sq + dirs[j], r) && !safeNeighbour(pos, sq - dirs[j], r)) return false;
    }
  }
  if (!pos.rules.shieldWall) return true;
  // No run of two or more wall pieces along an edge may be open to a shield wall.
  for (let i = 0; i < wallCount; i++) {
    const sq = wall[i];
    if ((flags[sq] & SQ_EDGE) === 0) continue;
    for (let j = 0; j < 4; j++) {
      const inward = dirs[j];
      // This edge is the one whose outward neighbour is off the board.
      if ((flags[sq - inward] & SQ_OFF) === 0) continue;
      const along = inward === stride || inward === -stride ? 1 : stride;
      // Start only at the low end of a run.
      if (stamp[sq - along] === w && (flags[sq - along] & SQ_EDGE) !== 0) continue;
      let length = 0;
      let guarded = false;
      let s = sq;
      for (; stamp[s] === w && (flags[s] & SQ_EDGE) !== 0; s += along) {
        length++;
        const front = s + inward;
        if (stamp[front] === r || stamp[front] === w) guarded = true;
      }
      if (length < 2) continue;
      if (endGuards(pos, s, r, w) || endGuards(pos, sq - along, r, w)) guarded = true;
      if (!guarded) return false;
    }
  }
  return true;
}

function safeNeighbour(pos: PositionView, sq: number, r: number): boolean {
  const f = pos.geo.flags[sq];
  if ((f & SQ_OFF) !== 0) return true;
  if ((f & SQ_CORNER) !== 0) return false;
  return pos.stamp[sq] === r || (pos.board[sq] & DEFENDER_BIT) !== 0;
}

function endGuards(pos: PositionView, sq: number, r: number, w: number): boolean {
  const f = pos.geo.flags[sq];
  if ((f & SQ_OFF) !== 0) return true;
  if ((f & SQ_CORNER) !== 0) return false;
  return pos.stamp[sq] === r || pos.stamp[sq] === w;
}

/**
 * Encirclement, checked after an attackers' turn. The last open path from the king to the edge is
 * remembered: while no attacker stands on it and the king has not moved, it still proves there is
 * no encirclement, which spares the flood fill after almost every turn.
 */
export function encircled(pos: PositionView): boolean {
  const k = pos.kingSq;
  const { board, stamp, stack, escapePath, parent } = pos;
  const { flags, dirs } = pos.geo;
  if (k < 0 || (flags[k] & SQ_EDGE) !== 0) return false;
  const pathLength = pos.escapePathLength;
  if (pathLength > 0 && escapePath[0] === k) {
    let open = true;
    for (let i = 1; i < pathLength; i++) {
      if ((board[escapePath[i]] & ATTACKER_BIT) !== 0) {
        open = false;
        break;
      }
    }
    if (open) return false;
  }
  const r = pos.nextStamp();
  // Depth-first, so that an open line to the edge is found after a few squares.
  let top = 0;
  let defenders = 1;
  stamp[k] = r;
  stack[top++] = k;
  while (top > 0) {
    const sq = stack[--top];
    for (let i = 0; i < 4; i++) {
      const t = sq + dirs[i];
      const v = board[t];
      if (stamp[t] === r || (v & ATTACKER_BIT) !== 0 || (flags[t] & SQ_OFF) !== 0) continue;
      parent[t] = sq;
      if ((flags[t] & SQ_EDGE) !== 0) {
        rememberPath(pos, t);
        return false;
      }
      if (v !== EMPTY) defenders++;
      stamp[t] = r;
      stack[top++] = t;
    }
  }
  return defenders === pos.pieceCount[1];
}

/** Stores the path from the king to `edge` (following parent links) as pos.escapePath, king first. */
function rememberPath(pos: PositionView, edge: number): void {
  const { escapePath, parent } = pos;
  let length = 0;
  for (let sq = edge; sq !== pos.kingSq; sq = parent[sq]) escapePath[length++] = sq;
  escapePath[length++] = pos.kingSq;
  // Reversed in place (a subarray would allocate on every flood fill).
  for (let i = 0, j = length - 1; i < j; i++, j--) {
    const sq = escapePath[i];
    escapePath[i] = escapePath[j];
    escapePath[j] = sq;
  }
  pos.escapePathLength = length;
}
