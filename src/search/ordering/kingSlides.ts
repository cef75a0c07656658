// The defenders' king's slides for the staged generation's first stage (stepScorer.ts), with the part
// of their ordering value that his lines and routes give, in one pass over his four rays. scoreStep
// looks at each landing square's four lines and four slides; along a ray, the lines and slides of all
// its squares run over the same empty squares, so those are read once per ray and only the lines and
// slides across the ray are looked at from each square. The values are scoreStep's.

import { EMPTY, KING, slideKey, SQ_CORNER, SQ_EDGE, type Position } from '../../engine/index.js';
import type { SearchArena } from '../kernels/arena.js';
import { openLine } from '../evaluation/evaluate.js';
import { KING_LINES_VALUE, ORDER_CAPTURE, ORDER_ESCAPE } from '../params.js';

/**
 * Per ray of the king (dirs order), at 3 * ray: its empty squares, and the first and last escape square
 * among them (1-based, 0: none). One array, read through a local: each read of a module's binding is
 * checked again in compiled code.
 */
const RAY_STATS = new Int32Array(12);

/**
 * scoreKingSlides for the king of `pos` (the step stack `steps`, `order` from `at`): by the kernel of
 * `arena` (which then holds `pos` and the step stack) where there is one, else in JavaScript (the two
 * agree: test/search/kernels.test.ts). Returns the new end.
 */
export function kingSlideSteps(
  arena: SearchArena | null,
  pos: Position,
  escapeFlag: number,
  ttStep: number,
  steps: Int32Array,
  order: Int32Array,
  at: number,
): number {
  const geo = pos.geo;
  const king = pos.kingSq;
  const key = slideKey(KING, geo.flags[king]);
  return arena !== null
    ? arena.kingSlides(king, escapeFlag, geo.noStop[key], geo.block[key], ttStep, at)
    : scoreKingSlides(pos.board, geo.flags, geo.dirs, king, escapeFlag, geo.noStop[key], geo.block[key], ttStep, steps, order, at);
}

/**
 * Writes the king's slides (as generatePieceSteps lists them, without `ttStep`) into `steps` from `n`,
 * each with its value in `order`: ORDER_ESCAPE onto an escape square, else KING_LINES_VALUE + the
 * number of his open lines from the landing square, else (corners) ORDER_CAPTURE + the number of his
 * routes from it, else 0. Returns the new end. Slides without a speed limit only.
 */
export function scoreKingSlides(
  board: Int32Array,
  flags: Uint8Array,
  dirs: Int32Array,
  king: number,
  escapeFlag: number,
  noStop: number,
  block: number,
  ttStep: number,
  steps: Int32Array,
  order: Int32Array,
  n: number,
): number {
  const rays = RAY_STATS;
  // The king's lines and routes are judged as scoreStep judges them: with his square empty.
  board[king] = EMPTY;
  for (let r = 0; r < 4; r++) {
    const d = dirs[r];
    let length = 0;
    let first = 0;
    let last = 0;
    for (let sq = king + d; board[sq] === EMPTY; sq += d) {
      length++;
      if ((flags[sq] & escapeFlag) !== 0) {
        if (first === 0) first = length;
        last = length;
      }
    }
    rays[3 * r] = length;
    rays[3 * r + 1] = first;
    rays[3 * r + 2] = last;
  }
  const corners = escapeFlag === SQ_CORNER;
  const kingOnEscape = (flags[king] & escapeFlag) !== 0;
  for (let r = 0; r < 4; r++) {
    const d = dirs[r];
    const across1 = dirs[(r + 1) & 3];
    const across2 = dirs[(r + 3) & 3];
    const opposite = (r + 2) & 3;
    const length = rays[3 * r];
    const first = rays[3 * r + 1];
    const last = rays[3 * r + 2];
    // Behind a landing square: the ray's squares before it, the king's, and the opposite ray's.
    const behindOpen = kingOnEscape || rays[3 * opposite + 1] !== 0;
    // Routes: the slides along the ray end at its last empty square ahead, and behind at the opposite ray's.
    let aheadRoute = -1;
    let behindRoute = -1;
    let to = king;
    for (let i = 1; i <= length; i++) {
      to += d;
      const f = flags[to];
      if ((f & noStop) !== 0) {
        if ((f & block) !== 0) break;
        continue;
      }
      const step = king | (to << 9);
      if (step === ttStep) continue;
      let value = 0;
      if ((f & escapeFlag) !== 0) {
        value = ORDER_ESCAPE;
      } else {
        let lines = 0;
        if (i < last && (!corners || ((f & SQ_EDGE) !== 0 && (flags[to + d] & SQ_EDGE) !== 0))) lines++;
        if ((behindOpen || (first !== 0 && first < i)) && (!corners || ((f & SQ_EDGE) !== 0 && (flags[to - d] & SQ_EDGE) !== 0))) lines++;
        // Under corner rules a line across runs along an edge: only from an edge square (openLine's first test).
        if (!corners || (f & SQ_EDGE) !== 0) {
          if (openLine(board, flags, to, across1, escapeFlag)) lines++;
          if (openLine(board, flags, to, across2, escapeFlag)) lines++;
        }
        if (lines > 0) {
          value = KING_LINES_VALUE + lines;
        } else if (corners) {
          if (behindRoute < 0) behindRoute = routeAcross(board, flags, king - rays[3 * opposite] * d, across1, across2);
          let routes = behindRoute + slideRoute(board, flags, to, across1, d) + slideRoute(board, flags, to, across2, d);
          if (i < length) {
            if (aheadRoute < 0) aheadRoute = routeAcross(board, flags, king + length * d, across1, across2);
            routes += aheadRoute;
          }
          if (routes > 0) value = ORDER_CAPTURE + routes;
        }
      }
      steps[n] = step;
      order[n++] = value;
    }
  }
  board[king] = KING;
  return n;
}

/** 1 if a line across (along `across1` or `across2`) runs open from `end` to a corner, else 0. */
function routeAcross(board: Int32Array, flags: Uint8Array, end: number, across1: number, across2: number): number {
  return openLine(board, flags, end, across1, SQ_CORNER) || openLine(board, flags, end, across2, SQ_CORNER) ? 1 : 0;
}

/** 1 if the king's slide from `from` along `d` ends on a square from which a line along `along` (either way) runs open to a corner, else 0. */
function slideRoute(board: Int32Array, flags: Uint8Array, from: number, d: number, along: number): number {
  let sq = from + d;
  if (board[sq] !== EMPTY) return 0;
  while (board[sq + d] === EMPTY) sq += d;
  // A line to a corner runs along an edge: only an edge square can see one (most slides stop elsewhere).
  return (flags[sq] & SQ_EDGE) === 0 ? 0 : routeAcross(board, flags, sq, along, -along);
}

/**
 * Corner rules: the squares a king on `from` reaches in one slide from which a line across runs open
 * to a corner (the evaluation's routes; the king's own square must be empty on `board`).
 */
export function kingRoutes(board: Int32Array, flags: Uint8Array, dirs: ArrayLike<number>, from: number): number {
  let routes = 0;
  for (let i = 0; i < 4; i++) {
    const d = dirs[i];
    let sq = from + d;
    if (board[sq] !== EMPTY) continue;
    // A line across runs along an edge only from the slide's last square: any square before it has
    // board squares on both sides along the slide, so it lies on no edge across the slide.
    while (board[sq + d] === EMPTY) sq += d;
    if (openLine(board, flags, sq, dirs[(i + 1) & 3], SQ_CORNER) || openLine(board, flags, sq, dirs[(i + 3) & 3], SQ_CORNER)) routes++;
  }
  return routes;
}
