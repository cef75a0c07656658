// Board geometry: a padded mailbox (one border square on every side, so slides and captures stop
// at the border without bounds checks), square flags, the rule set's movement tables and square names.

import type { PieceLetter, RuleSet } from './rules.js';
import { err, ok, type Result } from './result.js';
import { KING, pieceFromLetter, SQ_CORNER, SQ_EDGE, SQ_FORT, SQ_KINDS, SQ_OFF, SQ_THRONE } from './types.js';

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
  /**
   * Movement per piece and the kind of square it starts from, at slideKey(piece, flags of its square):
   * the square flags it may not stop on, and those that end its slide (a subset of them).
   */
  noStop: Uint8Array;
  block: Uint8Array;
  /** Per piece code: the most squares it slides in one step, 0 for no limit. */
  speed: Uint8Array;
  speedLimited: boolean;
  /**
   * The usual squares and movement: the four corners (or none), the throne in the centre (or none),
   * only the king stopping on them and everyone passing the throne, no forts, no speed limits
   * (perft's bulk count assumes them).
   */
  plainSlides: boolean;
  /** A step may capture far from where it lands (OpenTafl's relaxed shield walls): quick tests must say yes. */
  anyStepCaptures: boolean;
}

/** Index into Geometry.noStop / block of a piece standing on a square with flags `flags`. */
export const slideKey = (piece: number, flags: number): number => piece | ((flags & SQ_KINDS) << 4);
const SLIDE_KEYS = slideKey(15, SQ_KINDS) + 1;
const PIECE_LETTERS: readonly PieceLetter[] = ['t', 'c', 'n', 'T', 'C', 'N', 'K'];

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
    const boardCorner = (file === 0 || file === size - 1) && (rank === 0 || rank === size - 1);
    if (rules.hasCorners && !rules.cornerSquares && boardCorner) flags[sq] |= SQ_CORNER;
  }
  if (rules.hasCorners) for (const name of rules.cornerSquares ?? []) flags[squareOfName(stride, name)] |= SQ_CORNER;
  for (const name of rules.forts?.squares ?? []) flags[squareOfName(stride, name)] |= SQ_FORT;
  const centre = (size - 1) / 2;
  let throne = Number.isInteger(centre) && rules.hasThrone ? toSquare(stride, centre, centre) : -1;
  if (rules.hasThrone && rules.throneSquare !== undefined) throne = squareOfName(stride, rules.throneSquare);
  if (throne >= 0) flags[throne] |= SQ_THRONE;
  const fileIndex = new Uint8Array(cells).fill(255);
  const rankIndex = new Uint8Array(cells).fill(255);
  for (let sq = 0; sq < cells; sq++) {
    if ((flags[sq] & SQ_OFF) !== 0) continue;
    fileIndex[sq] = fileOf(stride, sq);
    rankIndex[sq] = rankOf(stride, sq);
  }
  const speed = new Uint8Array(16);
  for (const letter of PIECE_LETTERS) speed[pieceFromLetter(letter)] = Math.max(0, rules.speedLimits?.[letter] ?? 0);
  const { noStop, block } = slideTables(rules);
  const standardCorners = !rules.cornerSquares;
  const centredThrone = rules.throneSquare === undefined || throne === toSquare(stride, centre, centre);
  const plainSlides =
    standardCorners &&
    centredThrone &&
    !rules.throneKingOnly &&
    !rules.throneImpassable &&
    rules.kingStopsOnThrone &&
    rules.kingPassesCorners !== false &&
    !rules.forts &&
    !speed.some((limit) => limit > 0);
  return {
    size,
    stride,
    cells,
    flags,
    dirs: Int32Array.from([stride, 1, -stride, -1]),
    throne,
    fileIndex,
    rankIndex,
    noStop,
    block,
    speed,
    speedLimited: speed.some((limit) => limit > 0),
    plainSlides,
    anyStepCaptures: rules.shieldWall && rules.shieldWallAnyStep === true,
  };
}

/**
 * Where each piece may stop and what ends its slides, by the kind of square it starts from: only the
 * king stops on a corner or the throne; the rules say who passes the throne and corners, and who
 * passes, stops on and enters forts (a piece already on a fort may always move within the forts'
 * squares as far as `pass` and `stop` allow).
 */
function slideTables(rules: RuleSet): { noStop: Uint8Array; block: Uint8Array } {
  const noStop = new Uint8Array(SLIDE_KEYS);
  const block = new Uint8Array(SLIDE_KEYS);
  const forts = rules.forts;
  for (const letter of PIECE_LETTERS) {
    const piece = pieceFromLetter(letter);
    for (const start of [0, SQ_THRONE, SQ_CORNER, SQ_FORT]) {
      let stopMask: number;
      let blockMask: number;
      if (piece === KING) {
        stopMask = rules.kingStopsOnThrone ? 0 : SQ_THRONE;
        blockMask = rules.kingPassesCorners === false ? SQ_CORNER : 0;
      } else {
        stopMask = SQ_THRONE | SQ_CORNER;
        blockMask = SQ_CORNER | (rules.throneKingOnly ? SQ_THRONE : 0);
      }
      if (rules.throneImpassable) blockMask |= SQ_THRONE;
      if (forts) {
        const enters = forts.reenter.includes(letter) || start === SQ_FORT;
        if (!enters || !forts.pass.includes(letter)) blockMask |= SQ_FORT;
        else if (!forts.stop.includes(letter)) stopMask |= SQ_FORT;
      }
      noStop[slideKey(piece, start)] = stopMask | blockMask;
      block[slideKey(piece, start)] = blockMask;
    }
  }
  return { noStop, block };
}

/** The padded square of a name such as `b2` (the rules string parser has checked it). */
function squareOfName(stride: number, name: string): number {
  return toSquare(stride, name.charCodeAt(0) - 97, Number(name.slice(1)) - 1);
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
