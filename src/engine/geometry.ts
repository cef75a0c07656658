// Board geometry: a padded mailbox (one border square on every side, so slides and captures stop
// at the border without bounds checks), square flags and square names.

import type { RuleSet } from './rules.js';
import { err, ok, type Result } from './result.js';
import { SQ_CORNER, SQ_EDGE, SQ_OFF, SQ_THRONE } from './types.js';

export interface Geometry {
  size: number;
  stride: number;
  /** Number of padded squares. */
  cells: number;
  /** Per padded square: SQ_* flags. */
  flags: Uint8Array;
  /** Orthogonal steps: up, right, down, left. */
  dirs: Int32Array;
  throne: number;
  /** Per padded square: its file and rank index (0-based); 255 off the board. */
  fileIndex: Uint8Array;
  rankIndex: Uint8Array;
}

export function makeGeometry(rules: RuleSet): Geometry {
  const size = rules.size;
  const stride = size + 2;
  const cells = stride * stride;
  const flags = new Uint8Array(cells);
  for (let sq = 0; sq < cells; sq++) {
    const file = (sq % stride) - 1;
    const rank = Math.floor(sq / stride) - 1;
    if (file < 0 || rank < 0 || file >= size || rank >= size) {
      flags[sq] = SQ_OFF;
      continue;
    }
    if (file === 0 || rank === 0 || file === size - 1 || rank === size - 1) flags[sq] |= SQ_EDGE;
    if (rules.hasCorners && (file === 0 || file === size - 1) && (rank === 0 || rank === size - 1)) flags[sq] |= SQ_CORNER;
  }
  const centre = (size - 1) / 2;
  const throne = Number.isInteger(centre) && rules.hasThrone ? toSquare(stride, centre, centre) : -1;
  if (throne >= 0) flags[throne] |= SQ_THRONE;
  const fileIndex = new Uint8Array(cells).fill(255);
  const rankIndex = new Uint8Array(cells).fill(255);
  for (let sq = 0; sq < cells; sq++) {
    if ((flags[sq] & SQ_OFF) !== 0) continue;
    fileIndex[sq] = fileOf(stride, sq);
    rankIndex[sq] = rankOf(stride, sq);
  }
  return { size, stride, cells, flags, dirs: Int32Array.from([stride, 1, -stride, -1]), throne, fileIndex, rankIndex };
}

/** Padded square index of a file and rank, both counted from 0 (a1 is 0, 0). */
export function toSquare(stride: number, file: number, rank: number): number {
  return (rank + 1) * stride + file + 1;
}

export function fileOf(stride: number, sq: number): number {
  return (sq % stride) - 1;
}

export function rankOf(stride: number, sq: number): number {
  return Math.floor(sq / stride) - 1;
}

/** `a1`, `k11`, `s19`. */
export function makeSquare(geo: Geometry, sq: number): string {
  return String.fromCharCode(97 + fileOf(geo.stride, sq)) + String(rankOf(geo.stride, sq) + 1);
}

/** Parses a square name such as `e7` or `a10`; the error names the text and the board size. */
export function parseSquare(geo: Geometry, text: string): Result<number> {
  const m = /^([a-z])(\d{1,2})$/.exec(text);
  if (!m) return err('bad-square', `'${text}' is not a square (expected a file letter and a rank number, like e7)`);
  const file = m[1].charCodeAt(0) - 97;
  const rank = Number(m[2]) - 1;
  if (file >= geo.size || rank < 0 || rank >= geo.size || m[2].startsWith('0')) {
    const last = String.fromCharCode(96 + geo.size) + geo.size;
    return err('off-board', `square '${text}' is off the ${geo.size}x${geo.size} board (a1..${last})`);
  }
  return ok(toSquare(geo.stride, file, rank));
}
