// Step generation (RULES.md section 2, 5, 8.8, 8.10): slides, jumps, berserk continuations and the
// `forbidden` repetition filter, plus bulk counting for perft. Hot code: no allocation, no closures.

import { captureBuffer } from './captureBuffer.js';
import { enemyNextTo, findCaptures, mayCapture } from './capture.js';
import { slideKey } from './geometry.js';
import { Mem } from './layout.js';
import type { PositionView } from './positionView.js';
import { DEFENDERS, EMPTY, END_RUN, KING, NO_SQUARE, NO_WINNER, SIDE_MASK, SQ_CORNER, SQ_RESTRICTED, TYPE_MASK } from './types.js';

/** Does the piece on `from` capture anything landing on `to`? (The board is left as it was.) */
export function stepCaptures(pos: PositionView, from: number, to: number): boolean {
  const kernel = pos.captureKernel;
  if (kernel !== null) return kernel(from, to, 1) > 0;
  const board = pos.board;
  const piece = board[from];
  // The piece stands on `to` as after the step: the king's ring of four counts that square.
  board[from] = EMPTY;
  board[to] = piece;
  const found = findCaptures(pos, from, to, piece, captureBuffer);
  board[to] = EMPTY;
  board[from] = piece;
  return found > 0;
}

/**
 * A quick, conservative test before the step: false when it surely captures nothing (see mayCapture;
 * the piece still standing on `from` can only make the test say yes more often).
 */
export function stepMayCapture(pos: PositionView, step: number): boolean {
  const m = pos.memory;
  const to = step >>> 9;
  const piece = m[Mem.Board + (step & 511)];
  const stride = pos.geo.stride;
  return (
    (enemyNextTo(m, to, (piece & SIDE_MASK) ^ SIDE_MASK, stride) && mayCapture(m, to, piece, stride, pos.rules.shieldWall)) ||
    pos.geo.anyStepCaptures
  );
}

/**
 * Writes the legal steps of the side to move into `out` from `offset` and returns their number.
 * Mid-run (a berserker is set) these are the berserker's capturing steps, its corner steps if it is
 * the king, and END_RUN. A finished game has none.
 */
export function generateSteps(pos: PositionView, out: Int32Array, offset: number): number {
  if (pos.winner !== NO_WINNER) return 0;
  if (pos.berserker !== NO_SQUARE) return generateContinuations(pos, out, offset);
  const m = pos.memory;
  const list = Mem.Lists + pos.side * Mem.Region;
  const count = pos.pieceCount[pos.side];
  // An int32 (compiled code otherwise keeps the count tagged, checking and retagging it at every step).
  let n = offset | 0;
  for (let i = 0; i < count; i++) n = generatePieceSteps(pos, m[list + i], out, n);
  const repetition = pos.rules.repetition;
  if (repetition === 'forbidden' || repetition === 'defenders-forbidden') n = offset + removeForbidden(pos, out, offset, n - offset);
  return n - offset;
}

/** Writes the steps of the piece on `from` into `out` from `n` (no `forbidden` filter); returns the new end. */
export function generatePieceSteps(pos: PositionView, from: number, out: Int32Array, n: number): number {
  // An int32 from here on (see generateSteps).
  n |= 0;
  const m = pos.memory;
  const geo = pos.geo;
  const dirs = geo.dirs;
  const piece = m[Mem.Board + from];
  // The square flags this piece may not stop on, and those that end its slide (geometry.ts).
  const key = slideKey(piece, m[Mem.Flags + from]);
  const noStop = geo.noStop[key];
  const block = geo.block[key];
  if (geo.speedLimited && geo.speed[piece] > 0) {
    n = generateLimitedSlides(pos, from, geo.speed[piece], noStop, block, out, n);
  } else {
    for (let i = 0; i < 4; i++) {
      const d = dirs[i];
      let to = from + d;
      // The board indexed without Mem.Board (0), as in makeStep; sums wrapped to int32, which TurboFan
      // adds without overflow checks (squares and step counts are small).
      while (m[to] === EMPTY) {
        const f = m[(Mem.Flags + to) | 0];
        if ((f & noStop) === 0) {
          out[n] = from | (to << 9);
          n = (n + 1) | 0;
        } else if ((f & block) !== 0) break;
        to = (to + d) | 0;
      }
    }
  }
  if (pos.rules.jumps && (piece & TYPE_MASK) !== 0) n = generateJumps(pos, from, piece, out, n);
  return n;
}

/** Slides of at most `limit` squares (OpenTafl's speed limits). */
function generateLimitedSlides(
  pos: PositionView,
  from: number,
  limit: number,
  noStop: number,
  block: number,
  out: Int32Array,
  n: number,
): number {
  const board = pos.board;
  const flags = pos.geo.flags;
  const dirs = pos.geo.dirs;
  for (let i = 0; i < 4; i++) {
    const d = dirs[i];
    let to = from + d;
    for (let distance = 1; distance <= limit && board[to] === EMPTY; distance++, to += d) {
      const f = flags[to];
      if ((f & noStop) === 0) out[n++] = from | (to << 9);
      else if ((f & block) !== 0) break;
    }
  }
  return n;
}

/** The square flags the king may not stop on, standing on `from`. */
export function kingNoStop(pos: PositionView, from: number = pos.kingSq): number {
  return pos.geo.noStop[slideKey(KING, pos.geo.flags[from])];
}

/** Writes the jumps of `piece` on `from` into `out` from `n` (rules with jumps); returns the new end. */
export function generateJumps(pos: PositionView, from: number, piece: number, out: Int32Array, n: number): number {
  const board = pos.board;
  const flags = pos.geo.flags;
  const dirs = pos.geo.dirs;
  const myBit = piece & SIDE_MASK;
  const jumpable = pos.rules.jumpOverOwn ? SIDE_MASK : myBit ^ SIDE_MASK;
  for (let i = 0; i < 4; i++) {
    const mid = from + dirs[i];
    const over = board[mid];
    if ((over & jumpable) === 0 || (over & TYPE_MASK) !== 0) continue;
    const to = mid + dirs[i];
    if (board[to] !== EMPTY) continue;
    if (piece === KING) {
      if (((flags[from] | flags[to]) & SQ_RESTRICTED) !== 0 && (flags[to] & kingNoStop(pos, from)) === 0) out[n++] = from | (to << 9);
    } else if ((flags[to] & SQ_RESTRICTED) === 0) {
      out[n++] = from | (to << 9);
    }
  }
  return n;
}

function generateContinuations(pos: PositionView, out: Int32Array, offset: number): number {
  const from = pos.berserker;
  const kernel = pos.continuationKernel;
  if (kernel !== null && !pos.rules.berserkForced) {
    const key = slideKey(pos.board[from], pos.geo.flags[from]);
    const count = kernel(from, pos.geo.noStop[key], pos.geo.block[key], 0);
    const found = pos.continuationsFound;
    for (let i = 0; i < count; i++) out[offset + i] = found[i];
    out[offset + count] = END_RUN;
    return count + 1;
  }
  const end = generatePieceSteps(pos, from, out, offset);
  // OpenTafl's runs: any step of the piece, and no stopping.
  if (pos.rules.berserkForced) return end - offset;
  const isKing = pos.board[from] === KING;
  let n = offset;
  for (let i = offset; i < end; i++) {
    const step = out[i];
    const to = step >>> 9;
    if ((isKing && (pos.geo.flags[to] & SQ_CORNER) !== 0) || stepCaptures(pos, from, to)) out[n++] = step;
  }
  out[n++] = END_RUN;
  return n - offset;
}

/**
 * Is `step` (any integer: a hash table's step may belong to another position) one that generateSteps
 * would give here? Between turns only (no run open), and without the `forbidden` filter (see
 * forbiddenFilterActive).
 */
export function isPieceStep(pos: PositionView, step: number): boolean {
  const board = pos.board;
  const from = step & 511;
  const to = step >>> 9;
  if (from >= board.length || to >= board.length || board[to] !== EMPTY) return false;
  const piece = board[from];
  if ((piece & SIDE_MASK) !== pos.side + 1) return false;
  const scratch = pos.continuationScratch;
  const end = generatePieceSteps(pos, from, scratch, 0);
  for (let i = 0; i < end; i++) if (scratch[i] === step) return true;
  return false;
}

/**
 * May the `forbidden` repetition rule remove a step here? Only where some position since the last
 * capture has already occurred twice (see removeForbidden).
 */
export function forbiddenFilterActive(pos: PositionView): boolean {
  const repetition = pos.rules.repetition;
  const last = pos.historyLength - 2;
  if (repetition === 'defenders-forbidden') return pos.side === DEFENDERS && last >= pos.irreversible;
  if (repetition !== 'forbidden') return false;
  for (let i = last; i >= pos.irreversible; i -= 2) if (pos.historyCount[i] >= 2) return true;
  return false;
}

/**
 * May the piece on `sq` continue its berserk run: a capturing step, or (RULES.md's runs) the king's
 * corner step?
 */
export function hasContinuation(pos: PositionView, sq: number): boolean {
  const kernel = pos.continuationKernel;
  if (kernel !== null) {
    const key = slideKey(pos.board[sq], pos.geo.flags[sq]);
    return kernel(sq, pos.geo.noStop[key], pos.geo.block[key], 1) !== 0;
  }
  const scratch = pos.continuationScratch;
  const end = generatePieceSteps(pos, sq, scratch, 0);
  const kingToCorner = pos.board[sq] === KING && !pos.rules.berserkForced;
  for (let i = 0; i < end; i++) {
    const to = scratch[i] >>> 9;
    if ((kingToCorner && (pos.geo.flags[to] & SQ_CORNER) !== 0) || stepCaptures(pos, sq, to)) return true;
  }
  return false;
}

/**
 * `forbidden` repetition: drops the steps that end the turn in a third occurrence, that is on a
 * position whose latest occurrence (two, four... turn ends back, since the last capture) was already
 * its second; `defenders-forbidden`: the defenders' steps that end the turn in any earlier position. Only a turn without captures can repeat a position, so a step is tested for captures
 * only when its capture-free result would repeat.
 */
function removeForbidden(pos: PositionView, out: Int32Array, offset: number, count: number): number {
  if (!forbiddenFilterActive(pos)) return count;
  const last = pos.historyLength - 2;
  const before = pos.rules.repetition === 'defenders-forbidden' ? 1 : 2;
  const z = pos.zobrist;
  const cells = pos.geo.cells;
  const board = pos.board;
  let n = offset;
  for (let i = offset; i < offset + count; i++) {
    const step = out[i];
    const from = step & 511;
    const to = step >>> 9;
    const piece = board[from];
    const lo = pos.hashLo ^ z.sideLo ^ z.pieceLo[piece * cells + from] ^ z.pieceLo[piece * cells + to];
    const hi = pos.hashHi ^ z.sideHi ^ z.pieceHi[piece * cells + from] ^ z.pieceHi[piece * cells + to];
    let third = false;
    for (let j = last; j >= pos.irreversible && !third; j -= 2) {
      third = pos.historyCount[j] >= before && pos.historyLo[j] === lo && pos.historyHi[j] === hi;
    }
    if (!third || stepCaptures(pos, from, to)) out[n++] = step;
  }
  return n - offset;
}

/** Sets `rows` and `columns` to the occupancy bit masks of every rank and file (a bit per square). */
export function occupancyMasks(pos: PositionView, rows: Int32Array, columns: Int32Array): void {
  const { fileIndex, rankIndex } = pos.geo;
  rows.fill(0);
  columns.fill(0);
  for (let side = 0; side < 2; side++) {
    const pieces = pos.pieceList[side];
    for (let i = pos.pieceCount[side] - 1; i >= 0; i--) {
      const sq = pieces[i];
      rows[rankIndex[sq]] |= 1 << fileIndex[sq];
      columns[fileIndex[sq]] |= 1 << rankIndex[sq];
    }
  }
}

/**
 * The number of legal turns, counted without making them (perft's last ply). Exact only for rules
 * where every generated step is one whole turn: no berserk runs and no `forbidden` repetition.
 * Each piece's reach along its rank and file comes from the occupancy bit masks `rows` and `cols`
 * (occupancyMasks, kept up to date by the caller); a non-king then loses the restricted squares inside its reach.
 */
export function countTurnsBulk(pos: PositionView, rows: Int32Array, cols: Int32Array): number {
  if (pos.winner !== NO_WINNER) return 0;
  if (!pos.geo.plainSlides) return countTurnsByScanning(pos);
  const { fileIndex, rankIndex, size } = pos.geo;
  const last = size - 1;
  const corners = pos.rules.hasCorners;
  const centre = pos.geo.throne >= 0 ? last >> 1 : -1;
  const board = pos.board;
  const list = pos.pieceList[pos.side];
  let total = 0;
  for (let i = pos.pieceCount[pos.side] - 1; i >= 0; i--) {
    const sq = list[i];
    const file = fileIndex[sq];
    const rank = rankIndex[sq];
    const row = rows[rank];
    const col = cols[file];
    const up = col >>> (rank + 1);
    const right = row >>> (file + 1);
    const below = col & ((1 << rank) - 1);
    const before = row & ((1 << file) - 1);
    const upReach = up === 0 ? last - rank : 31 - Math.clz32(up & -up);
    const rightReach = right === 0 ? last - file : 31 - Math.clz32(right & -right);
    const downReach = below === 0 ? rank : rank - 32 + Math.clz32(below);
    const leftReach = before === 0 ? file : file - 32 + Math.clz32(before);
    total += upReach + rightReach + downReach + leftReach;
    if (board[sq] === KING) continue;
    // Corners at the ends of edge lines; the throne in the middle of the centre lines.
    if (corners) {
      if (rank === 0 || rank === last) total -= (leftReach === file ? 1 : 0) + (rightReach === last - file ? 1 : 0);
      if (file === 0 || file === last) total -= (downReach === rank ? 1 : 0) + (upReach === last - rank ? 1 : 0);
    }
    if (rank === centre && (file < centre ? file + rightReach >= centre : file - leftReach <= centre)) total--;
    if (file === centre && (rank < centre ? rank + upReach >= centre : rank - downReach <= centre)) total--;
  }
  return total;
}

/** countTurnsBulk by walking every line (for rules with other squares or movement than plainSlides). */
function countTurnsByScanning(pos: PositionView): number {
  const board = pos.board;
  const flags = pos.geo.flags;
  const dirs = pos.geo.dirs;
  const list = pos.pieceList[pos.side];
  const count = pos.pieceCount[pos.side];
  let total = 0;
  for (let i = 0; i < count; i++) {
    const from = list[i];
    const piece = board[from];
    const key = slideKey(piece, flags[from]);
    const noStop = pos.geo.noStop[key];
    const block = pos.geo.block[key];
    const limit = pos.geo.speed[piece] > 0 ? pos.geo.speed[piece] : pos.geo.size;
    for (let j = 0; j < 4; j++) {
      const d = dirs[j];
      let to = from + d;
      for (let distance = 1; distance <= limit && board[to] === EMPTY; distance++, to += d) {
        const f = flags[to];
        if ((f & noStop) === 0) total++;
        else if ((f & block) !== 0) break;
      }
    }
  }
  return total;
}
