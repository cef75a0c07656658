// The king's walks over the arena: his slides with their ordering values for the staged generation
// (kingSlides.ts's scoreKingSlides), the evaluation's walks along his rays (evaluate.ts's kingFeatures),
// and his open lines at every node (evaluate.ts's kingOpenLines). Squares and directions in bytes.

import { KingWalk } from '../arenaLayout';
import { KING_LINES_VALUE, ORDER_CAPTURE, ORDER_ESCAPE, STEP_STACK } from '../../params';
import {
  ATTACKER_BIT,
  DEFENDER_BIT,
  direction,
  EMPTY,
  flagsAt,
  KING,
  pieceAt,
  SQ_CORNER,
  SQ_EDGE,
  KING_RAYS,
  setPiece,
  stepOf,
} from './board';

/** Per ray of the king (after the four directions in the KingRays slot): its empty squares, and the first and last escape square among them (1-based, 0: none). */
const RAY_STATS = KING_RAYS + 16;

/** evaluate.ts's openLine: does a king on `fromAt` see an escape square (`escapeFlag`) along `d`, through empty squares only? */
export function openLine(fromAt: i32, d: i32, escapeFlag: i32): bool {
  // A corner ends only the lines along an edge: from an edge square, its neighbour on the edge.
  if (escapeFlag === SQ_CORNER && (flagsAt(fromAt) & flagsAt(fromAt + d) & SQ_EDGE) === 0) return false;
  for (let toAt = fromAt + d; pieceAt(toAt) === EMPTY; toAt += d) if ((flagsAt(toAt) & escapeFlag) !== 0) return true;
  return false;
}

/** kingSlides.ts's routeAcross: 1 if a line across (along `across` either way) runs open from `endAt` to a corner, else 0. */
function routeAcross(endAt: i32, across: i32): i32 {
  return openLine(endAt, across, SQ_CORNER) || openLine(endAt, -across, SQ_CORNER) ? 1 : 0;
}

/** kingSlides.ts's slideRoute: 1 if the king's slide from `fromAt` along `d` ends on a square that sees a corner along `along` either way. */
function slideRoute(fromAt: i32, d: i32, along: i32): i32 {
  let endAt = fromAt + d;
  if (pieceAt(endAt) !== EMPTY) return 0;
  while (pieceAt(endAt + d) === EMPTY) endAt += d;
  return (flagsAt(endAt) & SQ_EDGE) === 0 ? 0 : routeAcross(endAt, along);
}

/**
 * kingSlides.ts's scoreKingSlides for the king on `kingAt`: his slides (`noStop`, `block` his slide
 * flags), but `ttStep`, written from `out` (bytes) on the step stack, each with its ordering value
 * beside it (STEP_STACK int32s further); returns their number.
 */
export function kingSlides(kingAt: i32, escapeFlag: i32, noStop: i32, block: i32, ttStep: i32, out: i32): i32 {
  // The king's lines and routes are judged as scoreStep judges them: with his square empty.
  setPiece(kingAt, EMPTY);
  for (let ray = 0; ray < 4; ray++) {
    const d = direction(ray);
    let length = 0;
    let first = 0;
    let last = 0;
    for (let toAt = kingAt + d; pieceAt(toAt) === EMPTY; toAt += d) {
      length++;
      if ((flagsAt(toAt) & escapeFlag) !== 0) {
        if (first === 0) first = length;
        last = length;
      }
    }
    store<i32>(RAY_STATS + ray * 12, length);
    store<i32>(RAY_STATS + ray * 12, first, 4);
    store<i32>(RAY_STATS + ray * 12, last, 8);
  }
  const corners = escapeFlag === SQ_CORNER;
  const kingOnEscape = (flagsAt(kingAt) & escapeFlag) !== 0;
  let next = out;
  for (let ray = 0; ray < 4; ray++) {
    const d = direction(ray);
    const across1 = direction(ray + 1);
    const across2 = direction(ray + 3);
    const opposite = (ray + 2) & 3;
    const length = load<i32>(RAY_STATS + ray * 12);
    const first = load<i32>(RAY_STATS + ray * 12, 4);
    const last = load<i32>(RAY_STATS + ray * 12, 8);
    // Behind a landing square: the ray's squares before it, the king's, and the opposite ray's.
    const behindOpen = kingOnEscape || load<i32>(RAY_STATS + opposite * 12, 4) !== 0;
    // Routes: the slides along the ray end at its last empty square ahead, and behind at the opposite ray's.
    let aheadRoute = -1;
    let behindRoute = -1;
    let toAt = kingAt;
    for (let i = 1; i <= length; i++) {
      toAt += d;
      const flags = flagsAt(toAt);
      if ((flags & noStop) !== 0) {
        if ((flags & block) !== 0) break;
        continue;
      }
      const step = stepOf(kingAt, toAt);
      if (step === ttStep) continue;
      let value = 0;
      if ((flags & escapeFlag) !== 0) {
        value = ORDER_ESCAPE;
      } else {
        let lines = 0;
        if (i < last && (!corners || ((flags & SQ_EDGE) !== 0 && (flagsAt(toAt + d) & SQ_EDGE) !== 0))) lines++;
        if ((behindOpen || (first !== 0 && first < i)) && (!corners || ((flags & SQ_EDGE) !== 0 && (flagsAt(toAt - d) & SQ_EDGE) !== 0)))
          lines++;
        // Under corner rules a line across runs along an edge: only from an edge square.
        if (!corners || (flags & SQ_EDGE) !== 0) {
          if (openLine(toAt, across1, escapeFlag)) lines++;
          if (openLine(toAt, across2, escapeFlag)) lines++;
        }
        if (lines > 0) {
          value = KING_LINES_VALUE + lines;
        } else if (corners) {
          if (behindRoute < 0) behindRoute = routeAcross(kingAt - load<i32>(RAY_STATS + opposite * 12) * d, across1);
          let routes = behindRoute + slideRoute(toAt, across1, d) + slideRoute(toAt, across2, d);
          if (i < length) {
            if (aheadRoute < 0) aheadRoute = routeAcross(kingAt + length * d, across1);
            routes += aheadRoute;
          }
          if (routes > 0) value = ORDER_CAPTURE + routes;
        }
      }
      store<i32>(next, step);
      store<i32>(next, value, 4 * STEP_STACK);
      next += 4;
    }
  }
  setPiece(kingAt, KING);
  return (next - out) >> 2;
}

/**
 * evaluate.ts's kingFeatures' walks for the king on `kingAt`, packed as KingWalk lays them out: along
 * his four rays his open lines, routes (lines across to an escape square; under corner rules only from
 * an edge square) and mobility, the attackers and defenders beside him; then the slides to a square
 * that sees an escape square (1 with an open line, 2 with a route, else slidesToEscape's 3 or 4).
 */
export function kingFeatures(kingAt: i32, escapeFlag: i32, corners: i32): i32 {
  // The counts packed as KingWalk lays them out, each added in its field (none reaches the next): one
  // value for the compiler to hold (five counts were spilled at every square); the rays written out.
  let walk = walkRay(kingAt, direction(0), direction(1), escapeFlag, corners, 0);
  walk = walkRay(kingAt, direction(1), direction(2), escapeFlag, corners, walk);
  walk = walkRay(kingAt, direction(2), direction(3), escapeFlag, corners, walk);
  walk = walkRay(kingAt, direction(3), direction(0), escapeFlag, corners, walk);
  const slides =
    (walk & KingWalk.SmallMask) !== 0
      ? 1
      : ((walk >>> KingWalk.Routes) & KingWalk.LargeMask) !== 0
        ? 2
        : corners !== 0
          ? slidesToCorner(kingAt)
          : slidesToEdge(kingAt);
  return walk | (slides << KingWalk.Slides);
}

/**
 * kingFeatures along the king's ray `d` (`across` the direction across it), added to `walk`: the piece
 * beside him, then each empty square (mobility) until an escape square (an open line), each with a line
 * across it to an escape square (a route; under corner rules only from an edge square).
 */
function walkRay(kingAt: i32, d: i32, across: i32, escapeFlag: i32, corners: i32, walk: i32): i32 {
  // A piece has one side bit at most (off-board squares none): counted without branches.
  const beside = pieceAt(kingAt + d);
  walk += ((beside & ATTACKER_BIT) << KingWalk.Attackers) + ((beside & DEFENDER_BIT) << (KingWalk.Defenders - 1));
  for (let toAt = kingAt + d; pieceAt(toAt) === EMPTY; toAt += d) {
    walk += 1 << KingWalk.Mobility;
    const flags = flagsAt(toAt);
    if ((flags & escapeFlag) !== 0) return walk + 1;
    if ((corners === 0 || (flags & SQ_EDGE) !== 0) && (openLine(toAt, across, escapeFlag) || openLine(toAt, -across, escapeFlag)))
      walk += 1 << KingWalk.Routes;
  }
  return walk;
}

/** evaluate.ts's slidesToCorner: 3 if a second slide stops on an edge square that sees a corner, else 4. */
function slidesToCorner(kingAt: i32): i32 {
  for (let ray = 0; ray < 4; ray++) {
    const d = direction(ray);
    for (let firstAt = kingAt + d; pieceAt(firstAt) === EMPTY; firstAt += d) {
      for (let side = (ray + 1) & 1; side < 4; side += 2) {
        const e = direction(side);
        let lastAt = firstAt;
        while (pieceAt(lastAt + e) === EMPTY) lastAt += e;
        if (lastAt === firstAt || (flagsAt(lastAt) & SQ_EDGE) === 0) continue;
        const along = direction(side + 1);
        if (openLine(lastAt, along, SQ_CORNER) || openLine(lastAt, -along, SQ_CORNER)) return 3;
      }
    }
  }
  return 4;
}

/** evaluate.ts's slidesToEdge: 3 if a square two slides out sees the edge along the first slide's line, else 4. */
function slidesToEdge(kingAt: i32): i32 {
  for (let ray = 0; ray < 4; ray++) {
    const d = direction(ray);
    for (let firstAt = kingAt + d; pieceAt(firstAt) === EMPTY; firstAt += d) {
      for (let side = (ray + 1) & 1; side < 4; side += 2) {
        const e = direction(side);
        for (let secondAt = firstAt + e; pieceAt(secondAt) === EMPTY; secondAt += e) {
          if (openLine(secondAt, d, SQ_EDGE) || openLine(secondAt, -d, SQ_EDGE)) return 3;
        }
      }
    }
  }
  return 4;
}

/** evaluate.ts's kingOpenLines for the king on `kingAt`: the lines along which he sees an escape square. */
export function kingOpenLines(kingAt: i32, escapeFlag: i32, corners: i32): i32 {
  // A line to a corner runs along an edge, from an edge square to an edge square.
  if (corners !== 0 && (flagsAt(kingAt) & SQ_EDGE) === 0) return 0;
  let lines = 0;
  for (let ray = 0; ray < 4; ray++) {
    const d = direction(ray);
    if (corners !== 0 && (flagsAt(kingAt + d) & SQ_EDGE) === 0) continue;
    for (let toAt = kingAt + d; pieceAt(toAt) === EMPTY; toAt += d) {
      if ((flagsAt(toAt) & escapeFlag) !== 0) {
        lines++;
        break;
      }
    }
  }
  return lines;
}
