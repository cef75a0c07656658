// The search's WebAssembly kernels: hot loops over a position's memory, which a searcher's arena
// (arena.ts) holds at address 0 (Position.memory, laid out by Mem), with its scratch arrays after it.
// Each kernel does exactly what its JavaScript twin does (named at each; test/search/kernels.test.ts
// compares them). Why: a walk over squares costs V8's compiled JavaScript 12 - 60 instructions a square
// (map, bounds and overflow checks), WebAssembly 3 - 4 (BENCHMARKS.md, wasm15). Addresses are in bytes.

import { ATTACKERS, DEFENDERS, KING, Mem, SIDE_MASK, SQ_CORNER, SQ_FORT, SQ_RESTRICTED, SQ_THRONE, TYPE_MASK } from '../engine/index.js';
import { block, br, brIf, code, get, i32, load, loop, Op, set, store, tee, type WasmFunction } from './wasmAssembler.js';

const FLAGS = Mem.Flags * 4;

// captureSquares' rules, for captures.ts's function and its kernel.
/** The piece codes of the attackers (side bit 1, each type), as bits: shifted left once more, the defenders'. */
const OWN_CODES = (1 << 0) | (1 << 4) | (1 << 8) | (1 << 12);
/** Hostile squares beyond an enemy when empty: corners, forts and the throne. */
const HOSTILE_EMPTY = SQ_CORNER | SQ_FORT | SQ_THRONE;

/** The piece codes that are anvils for `side` to move, as bits: its own pieces, the king only if armed. */
export function anvilCodes(side: number, kingArmed: boolean): number {
  return side === ATTACKERS ? OWN_CODES << 1 : (OWN_CODES << 2) & (kingArmed ? -1 : ~(1 << KING));
}

/** Hostile squares beyond an enemy when occupied: corners and forts; the throne too, to the defenders' enemies. */
export function hostileWhenOccupied(side: number): number {
  return side === DEFENDERS ? SQ_CORNER | SQ_FORT | SQ_THRONE : SQ_CORNER | SQ_FORT;
}

/** captureSquares' parameters and locals (see captureSquaresKernel). */
const enum C {
  Enemies,
  EnemyCount,
  King,
  StrideBytes,
  Anvils,
  HostileOccupied,
  WallFlag,
  Stamp,
  Mark,
  Squares,
  Count,
  Listed,
  // locals
  End,
  Victim,
  Always,
  WallEdge,
  Landing,
  Beyond,
  BeyondPiece,
}

/**
 * One direction of captureSquares' loop: the landing square at `Victim + toward` (bytes), the square
 * beyond the victim at `Victim - toward`. Lists the landing square when it is empty, not yet stamped,
 * and a piece landing there may capture (the tests of captures.ts's captureSquares, in its order).
 */
function captureDirection(toward: number[], away: number[]): number[] {
  return block(
    get(C.Victim),
    toward,
    tee(C.Landing),
    load(),
    brIf(0),
    code(get(C.Stamp), get(C.Landing), Op.I32Add, load(), get(C.Mark), Op.I32Eq),
    brIf(0),
    block(
      get(C.Always),
      brIf(0),
      code(get(C.Victim), away, tee(C.Beyond), load(), set(C.BeyondPiece)),
      code(get(C.Anvils), get(C.BeyondPiece), Op.I32ShrU, i32(1), Op.I32And),
      brIf(0),
      // The beyond square's flags & (empty ? hostile when empty : hostile when occupied).
      code(get(C.Beyond), load(FLAGS), i32(HOSTILE_EMPTY), get(C.HostileOccupied), get(C.BeyondPiece), Op.I32Eqz, Op.Select),
      Op.I32And,
      brIf(0),
      code(get(C.Landing), load(FLAGS), get(C.WallEdge), Op.I32And),
      brIf(0),
      br(1),
    ),
    code(get(C.Stamp), get(C.Landing), Op.I32Add, get(C.Mark), store()),
    code(get(C.Listed), get(C.Landing), Op.I32Add, get(C.Mark), store()),
    code(get(C.Squares), get(C.Count), i32(2), Op.I32Shl, Op.I32Add, get(C.Landing), i32(2), Op.I32ShrS, store()),
    code(get(C.Count), i32(1), Op.I32Add, set(C.Count)),
  );
}

/**
 * captures.ts's captureSquares over the arena: the enemies' list at `Enemies` (EnemyCount long), the
 * board at 0 and its flags at Mem.Flags; `Anvils` and `HostileOccupied` as captureSquares computes
 * them, `WallFlag` SQ_EDGE under the shield wall rule (else 0); the arrays `Stamp`, `Squares` and
 * `Listed` at their addresses. Returns the new count.
 */
const captureSquaresKernel: WasmFunction = {
  name: 'captureSquares',
  params: C.End,
  locals: C.BeyondPiece + 1 - C.End,
  body: code(
    code(get(C.Enemies), get(C.EnemyCount), i32(2), Op.I32Shl, Op.I32Add, set(C.End)),
    block(
      loop(
        code(get(C.Enemies), get(C.End), Op.I32GeU),
        brIf(1),
        code(get(C.Enemies), load(), tee(C.Victim), get(C.King), Op.I32Eq, set(C.Always)),
        code(get(C.Victim), i32(2), Op.I32Shl, set(C.Victim)),
        // Shield walls: a victim on the edge is taken from edge squares beside him (WallEdge = SQ_EDGE or 0).
        code(get(C.Victim), load(FLAGS), get(C.WallFlag), Op.I32And, set(C.WallEdge)),
        // The four directions of geometry.ts's dirs: stride, 1, -stride, -1.
        captureDirection(code(get(C.StrideBytes), Op.I32Add), code(get(C.StrideBytes), Op.I32Sub)),
        captureDirection(code(i32(4), Op.I32Add), code(i32(4), Op.I32Sub)),
        captureDirection(code(get(C.StrideBytes), Op.I32Sub), code(get(C.StrideBytes), Op.I32Add)),
        captureDirection(code(i32(4), Op.I32Sub), code(i32(4), Op.I32Add)),
        code(get(C.Enemies), i32(4), Op.I32Add, set(C.Enemies)),
        br(0),
      ),
    ),
    get(C.Count),
  ),
};

/** tacticalSlides' parameters and locals (see tacticalSlidesKernel). */
const enum T {
  Squares,
  Count,
  MyBit,
  StrideBytes,
  Jumps,
  JumpOverOwn,
  Out,
  // locals
  End,
  N,
  Target,
  TargetBytes,
  Restricted,
  From,
  Piece,
  Over,
  Step,
}

/** The step from the square at the byte address on the stack to Target; then written at Out + N, N counted. */
const appendStep = code(i32(2), Op.I32ShrS, get(T.Target), i32(9), Op.I32Shl, Op.I32Or, set(T.Step));
const writeStep = code(get(T.Out), get(T.N), i32(2), Op.I32Shl, Op.I32Add, get(T.Step), store(), get(T.N), i32(1), Op.I32Add, set(T.N));

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
 * the rules' flags as 0 or 1), the king's left out, written from `Out`. Returns their number.
 */
const tacticalSlidesKernel: WasmFunction = {
  name: 'tacticalSlides',
  params: T.End,
  locals: T.Step + 1 - T.End,
  body: code(
    code(get(T.Squares), get(T.Count), i32(2), Op.I32Shl, Op.I32Add, set(T.End)),
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
    get(T.N),
  ),
};

/** The kernels' exports, as JavaScript sees them. */
export interface Kernels {
  captureSquares(
    enemies: number,
    enemyCount: number,
    king: number,
    strideBytes: number,
    anvils: number,
    hostileOccupied: number,
    wallFlag: number,
    stamp: number,
    mark: number,
    squares: number,
    count: number,
    listed: number,
  ): number;
  tacticalSlides(
    squares: number,
    count: number,
    myBit: number,
    strideBytes: number,
    jumps: number,
    jumpOverOwn: number,
    out: number,
  ): number;
}

/** The kernels, in the order of their exports. */
export const KERNEL_FUNCTIONS: readonly WasmFunction[] = [captureSquaresKernel, tacticalSlidesKernel];
