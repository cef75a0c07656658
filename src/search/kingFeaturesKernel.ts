// evaluate.ts's kingFeatures' walks as a WebAssembly kernel over a searcher's arena (arena.ts): along
// the king's four rays (his open lines, routes and mobility, the pieces beside him), then, when he has
// neither an open line nor a route, the two slides that could bring him to a square that sees an
// escape square. openLine is written inline (kernels.ts's openLineInto): V8 does not inline one
// WebAssembly function into another (BENCHMARKS.md, wasm15's kingRays, which called it, lost).

import { ATTACKER_BIT, DEFENDER_BIT, Mem, SQ_EDGE } from '../engine/index.js';
import { KingWalk } from './evaluate.js';
import { openLineInto } from './kernels.js';
import { block, br, brIf, call, code, get, i32, ifThen, load, loop, Op, set, store, tee, type WasmFunction } from './wasmAssembler.js';
import { F_ESCAPE_SPEED, F_KING_ATTACKERS, F_KING_DEFENDERS, F_KING_MOBILITY, F_KING_OPEN_LINES, F_KING_ROUTES } from './weights.js';

const FLAGS = Mem.Flags * 4;

/** The kernel's parameters and locals. */
const enum K {
  King,
  /** The ray table: the four directions in bytes (dirs order), as arena.ts writes it for kingSlides. */
  Rays,
  EscapeFlag,
  Corners,
  // locals
  /**
   * The counts packed as KingWalk lays them out, each added in its field (none reaches the next): one
   * value, so that the walks keep it in a register (five counts were spilled at every square).
   */
  Walk,
  Slides,
  Ray,
  /** 1 or 3: the direction across the ray (Ray + Side). */
  Side,
  Toward,
  Across,
  To,
  Flags,
  Second,
  /** The inline openLine's walk and result. */
  LineSquare,
  LineOpen,
}

/** Pushes the ray table's direction of the ray in local Ray plus `offset` (mod 4). */
const direction = (offset: number): number[] =>
  code(get(K.Rays), get(K.Ray), offset === 0 ? [] : code(i32(offset), Op.I32Add, i32(3), Op.I32And), i32(2), Op.I32Shl, Op.I32Add, load());

const minus = (value: number[]): number[] => code(i32(0), value, Op.I32Sub);

/**
 * LineOpen set to 1 if a line from local `from` along Toward or against it runs open to an escape
 * square (`escapeFlag`; `cornerRules` as openLineInto takes it), else 0.
 */
const lineEitherWay = (from: number, escapeFlag: number[], cornerRules: number[] | null): number[] =>
  code(
    openLineInto(K.LineOpen, K.LineSquare, get(from), get(K.Toward), escapeFlag, cornerRules),
    code(get(K.LineOpen), Op.I32Eqz),
    ifThen(openLineInto(K.LineOpen, K.LineSquare, get(from), minus(get(K.Toward)), escapeFlag, cornerRules)),
  );

/** Pushes the ray table's direction number `ray` (mod 4). */
const rayDirection = (ray: number): number[] => code(get(K.Rays), load(4 * (ray & 3)));

/**
 * The walk along the king's ray number `ray`: his open lines, routes and mobility, the attackers and
 * defenders beside him. Written out for each ray: the loop over them kept its counter and the ray
 * table's offsets on the stack (BENCHMARKS.md, speed25).
 */
const walkRay = (ray: number): number[] =>
  code(
    code(rayDirection(ray), set(K.Toward), rayDirection(ray + 1), set(K.Across)),
    // A piece has one side bit at most (off-board squares none): counted without branches.
    code(get(K.King), get(K.Toward), Op.I32Add, load(), tee(K.To), i32(ATTACKER_BIT), Op.I32And, i32(KingWalk.Attackers), Op.I32Shl),
    code(get(K.To), i32(DEFENDER_BIT), Op.I32And, i32(KingWalk.Defenders - 1), Op.I32Shl, Op.I32Add),
    code(get(K.Walk), Op.I32Add, set(K.Walk)),
    code(get(K.King), set(K.To)),
    block(
      loop(
        code(get(K.To), get(K.Toward), Op.I32Add, tee(K.To), load()),
        brIf(1),
        code(get(K.Walk), i32(1 << KingWalk.Mobility), Op.I32Add, set(K.Walk)),
        code(get(K.To), load(FLAGS), tee(K.Flags), get(K.EscapeFlag), Op.I32And),
        // An open line (KingWalk's open lines are its lowest field).
        ifThen(get(K.Walk), i32(1), Op.I32Add, set(K.Walk), br(2)),
        // A route: a line across to an escape square (under corner rules only from an edge square).
        block(
          get(K.Corners),
          ifThen(get(K.Flags), i32(SQ_EDGE), Op.I32And, Op.I32Eqz, brIf(1)),
          openLineInto(K.LineOpen, K.LineSquare, get(K.To), get(K.Across), get(K.EscapeFlag), get(K.Corners)),
          code(get(K.LineOpen), Op.I32Eqz),
          ifThen(openLineInto(K.LineOpen, K.LineSquare, get(K.To), minus(get(K.Across)), get(K.EscapeFlag), get(K.Corners))),
          code(get(K.Walk), get(K.LineOpen), i32(KingWalk.Routes), Op.I32Shl, Op.I32Add, set(K.Walk)),
        ),
        br(0),
      ),
    ),
  );

/**
 * evaluate.ts's slidesToCorner and slidesToEdge, for one slide across (from the square in local To
 * along Across): under corner rules its end, if it stops on an edge square, under edge rules any square
 * on it, sees an escape square along the ray or against it. Then sets Slides to 3 and leaves through
 * `found` (the depth of the block to leave, counted from here). A walk of its own for each rule, so
 * that the corner rules' walk to the slide's end tests nothing but the squares (BENCHMARKS.md, speed25).
 */
const secondSlide = (found: number): number[] =>
  code(
    code(get(K.To), set(K.Second)),
    block(
      get(K.Corners),
      ifThen(
        block(
          loop(
            code(get(K.Second), get(K.Across), Op.I32Add, load()),
            brIf(1),
            code(get(K.Second), get(K.Across), Op.I32Add, set(K.Second)),
            br(0),
          ),
        ),
        // The slide's end: looked at if it moved and is on the edge.
        code(get(K.Second), get(K.To), Op.I32Eq),
        brIf(1),
        code(get(K.Second), load(FLAGS), i32(SQ_EDGE), Op.I32And, Op.I32Eqz),
        brIf(1),
        lineEitherWay(K.Second, get(K.EscapeFlag), i32(1)),
        get(K.LineOpen),
        ifThen(i32(3), set(K.Slides), br(found + 3)),
        br(1),
      ),
      // Edge rules: every square on the way.
      loop(
        code(get(K.Second), get(K.Across), Op.I32Add, tee(K.Second), load()),
        brIf(1),
        lineEitherWay(K.Second, get(K.EscapeFlag), i32(0)),
        get(K.LineOpen),
        ifThen(i32(3), set(K.Slides), br(found + 3)),
        br(0),
      ),
    ),
  );

/**
 * evaluate.ts's slidesToEscape (Slides 3 if two slides reach a square that sees an escape square, else
 * 4), after 1 for an open line and 2 for a route.
 */
const slidesToEscape = block(
  code(i32(1), set(K.Slides), get(K.Walk), i32(KingWalk.SmallMask), Op.I32And),
  brIf(0),
  code(i32(2), set(K.Slides), get(K.Walk), i32(KingWalk.LargeMask << KingWalk.Routes), Op.I32And),
  brIf(0),
  code(i32(4), set(K.Slides), i32(0), set(K.Ray)),
  loop(
    code(direction(0), set(K.Toward), get(K.King), set(K.To)),
    block(
      loop(
        code(get(K.To), get(K.Toward), Op.I32Add, tee(K.To), load()),
        brIf(1),
        code(i32(1), set(K.Side)),
        loop(
          code(get(K.Rays), get(K.Ray), get(K.Side), Op.I32Add, i32(3), Op.I32And, i32(2), Op.I32Shl, Op.I32Add, load(), set(K.Across)),
          // slidesToEscape's block is the fourth label out (the Side loop, the first slide's loop and block, the Ray loop).
          secondSlide(4),
          code(get(K.Side), i32(2), Op.I32Add, tee(K.Side), i32(4), Op.I32LtU),
          brIf(0),
        ),
        br(0),
      ),
    ),
    code(get(K.Ray), i32(1), Op.I32Add, tee(K.Ray), i32(4), Op.I32Ne),
    brIf(0),
  ),
);

/**
 * evaluate.ts's kingFeatures' walks for the king on `King` (bytes) of the position on the arena, packed
 * as KingWalk lays them out.
 */
export const kingFeaturesKernel: WasmFunction = {
  name: 'kingFeatures',
  params: K.Walk,
  locals: K.LineOpen + 1 - K.Walk,
  body: code(...[0, 1, 2, 3].map(walkRay), slidesToEscape, code(get(K.Walk), get(K.Slides), i32(KingWalk.Slides), Op.I32Shl, Op.I32Or)),
};

/**
 * The evaluation's last step with a king on the board (evaluate.ts): kingFeatures (the function number
 * `walks` of the module) with kingFeaturesKernel's parameters, its features written unpacked into the
 * features at `features` (bytes), then the weighted sum (number `sum`) of those and the weights at
 * `weights`, returned. One call from JavaScript instead of two, and no unpacking there (BENCHMARKS.md, speed26).
 */
export function kingEvaluationKernel(features: number, weights: number, walks: number, sum: number): WasmFunction {
  const field = (feature: number, shift: number, mask: number): number[] =>
    code(i32(features), get(K.Walk), i32(shift), Op.I32ShrU, i32(mask), Op.I32And, store(4 * feature));
  return {
    name: 'kingEvaluation',
    params: K.Walk,
    locals: 1,
    body: code(
      code(get(K.King), get(K.Rays), get(K.EscapeFlag), get(K.Corners), call(walks), set(K.Walk)),
      code(i32(features), i32(4), get(K.Walk), i32(KingWalk.Slides), Op.I32ShrU, Op.I32Sub, store(4 * F_ESCAPE_SPEED)),
      field(F_KING_OPEN_LINES, 0, KingWalk.SmallMask),
      field(F_KING_ROUTES, KingWalk.Routes, KingWalk.LargeMask),
      field(F_KING_MOBILITY, KingWalk.Mobility, KingWalk.LargeMask),
      code(i32(features), i32(0), get(K.Walk), i32(KingWalk.Attackers), Op.I32ShrU, i32(KingWalk.SmallMask), Op.I32And, Op.I32Sub),
      store(4 * F_KING_ATTACKERS),
      field(F_KING_DEFENDERS, KingWalk.Defenders, KingWalk.SmallMask),
      code(i32(features), i32(weights), call(sum)),
    ),
  };
}

/** kingOpenLinesKernel's parameters (kingFeaturesKernel's first four) and locals. */
const enum L {
  King,
  Rays,
  EscapeFlag,
  Corners,
  // locals
  Lines,
  Toward,
  Square,
}

/**
 * evaluate.ts's kingOpenLines for the king on `King` (bytes) of the position on the arena, with
 * kingFeaturesKernel's parameters: the lines along which he sees an escape square. Asked at every node
 * of the search; the JavaScript's loop checked the position's memory's bounds at every square. Under
 * corner rules only a line along an edge, from an edge square, can end at a corner (openLine's test).
 */
export const kingOpenLinesKernel: WasmFunction = {
  name: 'kingOpenLines',
  params: L.Lines,
  locals: L.Square + 1 - L.Lines,
  body: code(
    block(
      get(L.Corners),
      ifThen(code(get(L.King), load(FLAGS), i32(SQ_EDGE), Op.I32And, Op.I32Eqz), brIf(1)),
      ...[0, 1, 2, 3].map((ray) =>
        block(
          code(get(L.Rays), load(4 * ray), set(L.Toward), get(L.King), set(L.Square)),
          get(L.Corners),
          ifThen(code(get(L.King), get(L.Toward), Op.I32Add, load(FLAGS), i32(SQ_EDGE), Op.I32And, Op.I32Eqz), brIf(1)),
          loop(
            code(get(L.Square), get(L.Toward), Op.I32Add, tee(L.Square), load()),
            brIf(1),
            code(get(L.Square), load(FLAGS), get(L.EscapeFlag), Op.I32And),
            ifThen(code(get(L.Lines), i32(1), Op.I32Add, set(L.Lines)), br(2)),
            br(0),
          ),
        ),
      ),
    ),
    get(L.Lines),
  ),
};
