// Corner blockades: how many more attackers a corner needs before the king cannot reach it. Each
// corner is judged in the 4x4 box of squares nearest to it: the attackers in the box seal the corner
// when no path of other squares leads from the box's far sides to a square beside the corner (the
// diagonal of three next to the corner, the four-piece diagonal one square further out, and every
// shape between them). Such walls along a diagonal cannot be captured from inside, so they last.

import { toSquare } from '../../engine/index.js';

/** The side of the box judged at each corner, in squares. */
const BOX = 4;
/** Box squares other than the corner itself: bit b is (file, rank) from the corner with rank * BOX + file = b + 1. */
const BOX_SQUARES = BOX * BOX - 1;
/** Seal distances are counted up to this (a corner that needs more counts as this). */
const FAR = 3;

let sealDistances: Uint8Array | undefined;

/** Per mask of attackers in a box: the fewest attackers to add before the corner is sealed (0..FAR). Built on first use. */
export function sealDistanceTable(): Uint8Array {
  sealDistances ??= buildSealDistances();
  return sealDistances;
}

/** Bits of the 4x4 grid (bit rank * BOX + file, the corner bit 0) that are not on the first or last file. */
const NOT_FIRST_FILE = 0xeeee;
const NOT_LAST_FILE = 0x7777;
/** The far sides of the box: the last file and the last rank. */
const FAR_SIDES = 0xf888;
/** The corner's two neighbours. Attackers there do not count: the corner captures them. */
const CORNER_NEIGHBOURS = (1 << 1) | (1 << BOX);

function isSealed(mask: number): boolean {
  // Flood fill, as bit masks of the grid, from the far sides' squares that hold no attacker; the
  // corner itself is no path.
  const open = ~((mask << 1) & ~CORNER_NEIGHBOURS) & 0xfffe;
  let reached = FAR_SIDES & open;
  for (;;) {
    const grown =
      (reached | ((reached << 1) & NOT_FIRST_FILE) | ((reached >> 1) & NOT_LAST_FILE) | (reached << BOX) | (reached >> BOX)) & open;
    if (grown === reached) break;
    reached = grown;
  }
  return (reached & CORNER_NEIGHBOURS) === 0;
}

function buildSealDistances(): Uint8Array {
  const count = 1 << BOX_SQUARES;
  const distance = new Uint8Array(count);
  // Adding attackers only helps, so a mask's distance follows from the larger masks' (done first).
  const useless = CORNER_NEIGHBOURS >> 1;
  for (let mask = count - 1; mask >= 0; mask--) {
    if (isSealed(mask)) continue;
    let best = FAR;
    for (let b = 0; b < BOX_SQUARES && best > 1; b++) {
      const bit = 1 << b;
      if ((mask & bit) !== 0 || (useless & bit) !== 0) continue;
      const next = distance[mask | bit] + 1;
      if (next < best) best = next;
    }
    distance[mask] = best;
  }
  return distance;
}

/**
 * The padded squares of each corner's box in bit order (BOX_SQUARES per corner), or an empty array
 * when the king does not escape to corners.
 */
export function cornerBoxes(size: number, stride: number): Int32Array {
  if (size < BOX * 2 - 1) return new Int32Array(0);
  const boxes = new Int32Array(4 * BOX_SQUARES);
  const last = size - 1;
  const corners = [
    [0, 0, 1, 1],
    [last, 0, -1, 1],
    [0, last, 1, -1],
    [last, last, -1, -1],
  ];
  for (let c = 0; c < 4; c++) {
    const [file0, rank0, df, dr] = corners[c];
    for (let b = 0; b < BOX_SQUARES; b++) {
      const file = file0 + df * ((b + 1) % BOX);
      const rank = rank0 + dr * Math.floor((b + 1) / BOX);
      boxes[c * BOX_SQUARES + b] = toSquare(stride, file, rank);
    }
  }
  return boxes;
}

export const CORNER_BOX_SQUARES = BOX_SQUARES;
