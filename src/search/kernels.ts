// The search's WebAssembly kernels: hot loops over a position's memory, which a searcher's arena
// (arena.ts) holds at address 0 (Position.memory, laid out by Mem), with its scratch arrays after it.
// Each kernel does exactly what its JavaScript twin does (named at each; test/search/kernels.test.ts
// compares them). Why: a walk over squares costs V8's compiled JavaScript 12 - 60 instructions a square
// (map, bounds and overflow checks), WebAssembly 3 - 4 (BENCHMARKS.md, wasm15). Addresses are in bytes.

import { KING, Mem, SIDE_MASK, SQ_CORNER, SQ_EDGE, SQ_RESTRICTED, TYPE_MASK } from '../engine/index.js';
import { KING_LINES_VALUE } from './kingSlides.js';
import { ORDER_CAPTURE, ORDER_ESCAPE, STEP_STACK } from './params.js';
import { block, br, brIf, code, get, i32, ifThen, load, loop, Op, set, store, tee, type WasmFunction } from './wasmAssembler.js';

const FLAGS = Mem.Flags * 4;

/** tacticalSlides' parameters and locals (see tacticalSlidesKernel). */
const enum T {
  Squares,
  Count,
  MyBit,
  StrideBytes,
  Jumps,
  JumpOverOwn,
  TtStep,
  Out,
  // locals
  End,
  /** Where the next step goes (bytes). */
  Next,
  Target,
  TargetBytes,
  Restricted,
  From,
  Piece,
  Over,
  Step,
}

/** The step from the square at the byte address on the stack to Target; then written at Next unless it is TtStep. */
const appendStep = code(i32(2), Op.I32ShrS, get(T.Target), i32(9), Op.I32Shl, Op.I32Or, tee(T.Step));
const writeStep = code(get(T.TtStep), Op.I32Ne, ifThen(get(T.Next), get(T.Step), store(), get(T.Next), i32(4), Op.I32Add, set(T.Next)));

/**
 * One direction of tacticalSlides (`toward` adds it to the byte address on the stack): the slide onto
 * Target from the first piece that way, then the jump onto it from two squares that way, as
 * captures.ts's stepsOnto tests them under plain slides; the king's steps left out.
 */
function slidesDirection(toward: number[]): number[] {
  return code(
    get(T.TargetBytes),
    set(T.From),
    loop(get(T.From), toward, tee(T.From), load(), tee(T.Piece), Op.I32Eqz, brIf(0)),
    block(
      code(get(T.Piece), i32(SIDE_MASK), Op.I32And, get(T.MyBit), Op.I32Ne),
      brIf(0),
      code(get(T.Piece), i32(KING), Op.I32Eq, get(T.Restricted), Op.I32Or),
      brIf(0),
      code(get(T.From), appendStep, writeStep),
    ),
    block(
      code(get(T.Jumps), Op.I32Eqz),
      brIf(0),
      // Over an ordinary piece (a man), our own only where the rules allow it.
      code(get(T.TargetBytes), toward, load(), tee(T.Over), i32(SIDE_MASK), Op.I32And, Op.I32Eqz),
      brIf(0),
      code(get(T.Over), i32(TYPE_MASK), Op.I32And),
      brIf(0),
      code(get(T.Over), i32(SIDE_MASK), Op.I32And, get(T.MyBit), Op.I32Eq, get(T.JumpOverOwn), Op.I32Eqz, Op.I32And),
      brIf(0),
      // The jumper: a piece of ours that is not a man, nor the king; the target not restricted.
      code(get(T.TargetBytes), toward, toward, load(), tee(T.Piece), i32(SIDE_MASK), Op.I32And, get(T.MyBit), Op.I32Ne),
      brIf(0),
      code(get(T.Piece), i32(TYPE_MASK), Op.I32And, Op.I32Eqz, get(T.Piece), i32(KING), Op.I32Eq, Op.I32Or, get(T.Restricted), Op.I32Or),
      brIf(0),
      code(get(T.TargetBytes), toward, toward, appendStep, writeStep),
    ),
  );
}

/**
 * generateTactical's steps onto its marked squares (stepScorer.ts): for each of the `Count` squares at
 * `Squares`, stepsOnto's slides and jumps onto it (rules with plain slides; `Jumps` and `JumpOverOwn`
 * the rules' flags as 0 or 1), the king's and `TtStep` left out, written from `Out`. Returns their number.
 */
const tacticalSlidesKernel: WasmFunction = {
  name: 'tacticalSlides',
  params: T.End,
  locals: T.Step + 1 - T.End,
  body: code(
    code(get(T.Squares), get(T.Count), i32(2), Op.I32Shl, Op.I32Add, set(T.End), get(T.Out), set(T.Next)),
    block(
      loop(
        code(get(T.Squares), get(T.End), Op.I32GeU),
        brIf(1),
        code(get(T.Squares), load(), tee(T.Target), i32(2), Op.I32Shl, tee(T.TargetBytes)),
        code(load(FLAGS), i32(SQ_RESTRICTED), Op.I32And, set(T.Restricted)),
        slidesDirection(code(get(T.StrideBytes), Op.I32Add)),
        slidesDirection(code(i32(4), Op.I32Add)),
        slidesDirection(code(get(T.StrideBytes), Op.I32Sub)),
        slidesDirection(code(i32(4), Op.I32Sub)),
        code(get(T.Squares), i32(4), Op.I32Add, set(T.Squares)),
        br(0),
      ),
    ),
    code(get(T.Next), get(T.Out), Op.I32Sub, i32(2), Op.I32ShrS),
  ),
};

// evaluate.ts's openLine, and kingSlides.ts's routeAcross and slideRoute, are written into kingSlides'
// code where it uses them: V8 does not inline one WebAssembly function into another (BENCHMARKS.md, wasm16).

/**
 * openLine written inline: sets local `result` to 1 if a king on `from` sees an escape square (`escapeFlag`)
 * along `toward` through empty squares only, else 0; walks with local `square`. `cornerRules` pushes
 * non-zero where escapeFlag is SQ_CORNER (null: it always is).
 */
export function openLineInto(
  result: number,
  square: number,
  from: number[],
  toward: number[],
  escapeFlag: number[],
  cornerRules: number[] | null,
): number[] {
  return code(
    code(i32(0), set(result), from, set(square)),
    block(
      // A corner ends only the lines along an edge: from an edge square, its neighbour on the edge.
      block(
        cornerRules === null ? [] : code(cornerRules, Op.I32Eqz, brIf(0)),
        code(get(square), load(FLAGS), get(square), toward, Op.I32Add, load(FLAGS), Op.I32And, i32(SQ_EDGE), Op.I32And),
        brIf(0),
        br(1),
      ),
      loop(
        code(get(square), toward, Op.I32Add, tee(square), load()),
        brIf(1),
        code(get(square), load(FLAGS), escapeFlag, Op.I32And),
        ifThen(i32(1), set(result), br(2)),
        br(0),
      ),
    ),
  );
}

/** kingSlides.ts's routeAcross written inline: `result` set to it for the end square in local `end`. */
function routeAcrossInto(result: number, square: number, end: number, across1: number[], across2: number[]): number[] {
  return code(
    openLineInto(result, square, get(end), across1, i32(SQ_CORNER), null),
    code(get(result), Op.I32Eqz),
    ifThen(openLineInto(result, square, get(end), across2, i32(SQ_CORNER), null)),
  );
}

/** kingSlides.ts's slideRoute written inline: `result` set to it; the slide's end walked in local `end`. */
function slideRouteInto(
  result: number,
  square: number,
  end: number,
  from: number[],
  toward: number[],
  along: number[],
  back: number[],
): number[] {
  return code(
    code(i32(0), set(result)),
    block(
      code(from, toward, Op.I32Add, tee(end), load()),
      brIf(0),
      loop(code(get(end), toward, Op.I32Add, load(), Op.I32Eqz), ifThen(get(end), toward, Op.I32Add, set(end), br(1))),
      code(get(end), load(FLAGS), i32(SQ_EDGE), Op.I32And, Op.I32Eqz),
      brIf(0),
      routeAcrossInto(result, square, end, along, back),
    ),
  );
}

/** kingSlides' parameters and locals (see kingSlidesKernel). */
const enum S {
  King,
  EscapeFlag,
  NoStop,
  Block,
  TtStep,
  Rays,
  Out,
  // locals
  Corners,
  KingOnEscape,
  Ray,
  Toward,
  Length,
  Count,
  First,
  Last,
  To,
  Flags,
  Across1,
  Across2,
  Opposite,
  BehindOpen,
  AheadRoute,
  BehindRoute,
  Step,
  Value,
  Lines,
  Next,
  /** The opposite of Toward. */
  Backward,
  /** The inline openLine's, routeAcross' and slideRoute's walk, result and end square. */
  LineSquare,
  LineOpen,
  RouteEnd,
}

/** The king's ray table at Rays (bytes): the four directions, then per ray its length, first and last escape square. */
const enum RayTable {
  Directions = 0,
  Length = 16,
  First = 32,
  Last = 48,
}

/** Pushes the ray table's entry `field` of the ray in local `ray` (0 - 3), plus `rayOffset` rays (mod 4). */
const rayEntry = (field: RayTable, ray: number, rayOffset = 0): number[] =>
  code(get(S.Rays), get(ray), i32(rayOffset), Op.I32Add, i32(3), Op.I32And, i32(2), Op.I32Shl, Op.I32Add, load(field));

/** The first pass: each ray's empty squares, and the first and last escape square among them (1-based, 0: none). */
const measureRays = code(
  i32(0),
  set(S.Ray),
  loop(
    code(rayEntry(RayTable.Directions, S.Ray), set(S.Toward), get(S.King), set(S.To)),
    code(i32(0), set(S.Count), i32(0), set(S.First), i32(0), set(S.Last)),
    block(
      loop(
        code(get(S.To), get(S.Toward), Op.I32Add, tee(S.To), load()),
        brIf(1),
        code(get(S.Count), i32(1), Op.I32Add, set(S.Count)),
        code(get(S.To), load(FLAGS), get(S.EscapeFlag), Op.I32And),
        ifThen(code(get(S.First), Op.I32Eqz), ifThen(get(S.Count), set(S.First)), get(S.Count), set(S.Last)),
        br(0),
      ),
    ),
    code(get(S.Rays), get(S.Ray), i32(2), Op.I32Shl, Op.I32Add, tee(S.Step)),
    code(get(S.Count), store(RayTable.Length), get(S.Step), get(S.First), store(RayTable.First)),
    code(get(S.Step), get(S.Last), store(RayTable.Last)),
    code(get(S.Ray), i32(1), Op.I32Add, tee(S.Ray), i32(4), Op.I32Ne),
    brIf(0),
  ),
);

/** Under corner rules, leaves the block around it unless the landing square and the square `square` pushes are on the edge. */
const alongEdge = (square: number[]) =>
  code(get(S.Corners), ifThen(get(S.Flags), square, load(FLAGS), Op.I32And, i32(SQ_EDGE), Op.I32And, Op.I32Eqz, brIf(1)));

/** A landing square's value when it is no escape square (scoreKingSlides' lines, else routes). */
const landingValue = code(
  i32(0),
  set(S.Lines),
  // Along the ray ahead: an escape square further on. (Branches, not boolean arithmetic: most tests end early.)
  block(
    code(get(S.Count), get(S.Last), Op.I32GeU, brIf(0)),
    alongEdge(code(get(S.To), get(S.Toward), Op.I32Add)),
    code(get(S.Lines), i32(1), Op.I32Add, set(S.Lines)),
  ),
  // Behind: the ray's squares before it, the king's, the opposite ray's.
  block(
    block(get(S.BehindOpen), brIf(0), get(S.First), Op.I32Eqz, brIf(1), get(S.First), get(S.Count), Op.I32GeU, brIf(1)),
    alongEdge(code(get(S.To), get(S.Toward), Op.I32Sub)),
    code(get(S.Lines), i32(1), Op.I32Add, set(S.Lines)),
  ),
  // Across (under corner rules only from an edge square).
  block(
    block(get(S.Corners), Op.I32Eqz, brIf(0), get(S.Flags), i32(SQ_EDGE), Op.I32And, Op.I32Eqz, brIf(1)),
    openLineInto(S.LineOpen, S.LineSquare, get(S.To), get(S.Across1), get(S.EscapeFlag), get(S.Corners)),
    code(get(S.Lines), get(S.LineOpen), Op.I32Add, set(S.Lines)),
    openLineInto(S.LineOpen, S.LineSquare, get(S.To), get(S.Across2), get(S.EscapeFlag), get(S.Corners)),
    code(get(S.Lines), get(S.LineOpen), Op.I32Add, set(S.Lines)),
  ),
  code(get(S.Lines)),
  ifThen(code(i32(KING_LINES_VALUE), get(S.Lines), Op.I32Add, set(S.Value)), br(1)),
  code(get(S.Corners), Op.I32Eqz),
  brIf(0),
  // Routes: behind (from the opposite ray's end), from each slide across, ahead (from the ray's end).
  code(get(S.BehindRoute), i32(0), Op.I32LtS),
  ifThen(
    code(get(S.King), rayEntry(RayTable.Length, S.Opposite), get(S.Toward), Op.I32Mul, Op.I32Sub, set(S.RouteEnd)),
    routeAcrossInto(S.BehindRoute, S.LineSquare, S.RouteEnd, get(S.Across1), get(S.Across2)),
  ),
  slideRouteInto(S.LineOpen, S.LineSquare, S.RouteEnd, get(S.To), get(S.Across1), get(S.Toward), get(S.Backward)),
  code(get(S.BehindRoute), get(S.LineOpen), Op.I32Add, set(S.Lines)),
  slideRouteInto(S.LineOpen, S.LineSquare, S.RouteEnd, get(S.To), get(S.Across2), get(S.Toward), get(S.Backward)),
  code(get(S.Lines), get(S.LineOpen), Op.I32Add, set(S.Lines)),
  code(get(S.Count), get(S.Length), Op.I32LtU),
  ifThen(
    code(get(S.AheadRoute), i32(0), Op.I32LtS),
    ifThen(
      code(get(S.King), get(S.Length), get(S.Toward), Op.I32Mul, Op.I32Add, set(S.RouteEnd)),
      routeAcrossInto(S.AheadRoute, S.LineSquare, S.RouteEnd, get(S.Across1), get(S.Across2)),
    ),
    code(get(S.Lines), get(S.AheadRoute), Op.I32Add, set(S.Lines)),
  ),
  code(get(S.Lines)),
  ifThen(i32(ORDER_CAPTURE), get(S.Lines), Op.I32Add, set(S.Value)),
);

/** The second pass over one ray (in local Ray): its landing squares written at Next, their values in the order array (STEP_STACK int32s further, arena.ts). */
const scoreRay = code(
  code(i32(0), rayEntry(RayTable.Directions, S.Ray), tee(S.Toward), Op.I32Sub, set(S.Backward)),
  code(rayEntry(RayTable.Directions, S.Ray, 1), set(S.Across1), rayEntry(RayTable.Directions, S.Ray, 3), set(S.Across2)),
  code(get(S.Ray), i32(2), Op.I32Add, i32(3), Op.I32And, set(S.Opposite)),
  code(rayEntry(RayTable.Length, S.Ray), set(S.Length), rayEntry(RayTable.First, S.Ray), set(S.First)),
  code(rayEntry(RayTable.Last, S.Ray), set(S.Last)),
  code(get(S.KingOnEscape), rayEntry(RayTable.First, S.Opposite), Op.I32Or, i32(0), Op.I32Ne, set(S.BehindOpen)),
  code(i32(-1), set(S.AheadRoute), i32(-1), set(S.BehindRoute), get(S.King), set(S.To), i32(0), set(S.Count)),
  block(
    loop(
      code(get(S.Count), get(S.Length), Op.I32GeU),
      brIf(1),
      code(get(S.Count), i32(1), Op.I32Add, set(S.Count), get(S.To), get(S.Toward), Op.I32Add, tee(S.To)),
      code(load(FLAGS), tee(S.Flags), get(S.NoStop), Op.I32And),
      ifThen(code(get(S.Flags), get(S.Block), Op.I32And), brIf(2), br(1)),
      code(get(S.King), i32(2), Op.I32ShrU, get(S.To), i32(2), Op.I32ShrU, i32(9), Op.I32Shl, Op.I32Or, tee(S.Step)),
      code(get(S.TtStep), Op.I32Eq),
      brIf(0),
      code(i32(ORDER_ESCAPE), set(S.Value)),
      block(code(get(S.Flags), get(S.EscapeFlag), Op.I32And), brIf(0), code(i32(0), set(S.Value)), block(landingValue)),
      code(get(S.Next), get(S.Step), store(), get(S.Next), get(S.Value), store(4 * STEP_STACK)),
      code(get(S.Next), i32(4), Op.I32Add, set(S.Next)),
      br(0),
    ),
  ),
);

/**
 * kingSlides.ts's scoreKingSlides over the arena: the king on `King` (bytes), `Rays` the ray table
 * (its directions filled in), the steps written from `Out` on the step stack, their values beside them; returns their number.
 */
const kingSlidesKernel: WasmFunction = {
  name: 'kingSlides',
  params: S.Corners,
  locals: S.RouteEnd + 1 - S.Corners,
  body: code(
    code(get(S.EscapeFlag), i32(SQ_CORNER), Op.I32Eq, set(S.Corners), get(S.Out), set(S.Next)),
    // The king's lines and routes are judged as scoreStep judges them: with his square empty.
    code(get(S.King), i32(0), store()),
    measureRays,
    code(get(S.King), load(FLAGS), get(S.EscapeFlag), Op.I32And, set(S.KingOnEscape)),
    code(i32(0), set(S.Ray)),
    loop(scoreRay, code(get(S.Ray), i32(1), Op.I32Add, tee(S.Ray), i32(4), Op.I32Ne), brIf(0)),
    code(get(S.King), i32(KING), store()),
    code(get(S.Next), get(S.Out), Op.I32Sub, i32(2), Op.I32ShrS),
  ),
};

/** The kernels' exports, as JavaScript sees them. */
export interface Kernels {
  kingSlides(king: number, escapeFlag: number, noStop: number, block: number, ttStep: number, rays: number, out: number): number;
  tacticalSlides(
    squares: number,
    count: number,
    myBit: number,
    strideBytes: number,
    jumps: number,
    jumpOverOwn: number,
    ttStep: number,
    out: number,
  ): number;
}

/** The kernels, in the order of their exports. */
export const KERNEL_FUNCTIONS: readonly WasmFunction[] = [tacticalSlidesKernel, kingSlidesKernel];
