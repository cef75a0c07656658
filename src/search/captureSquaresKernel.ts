// captures.ts's captureSquares as a WebAssembly kernel over a searcher's arena (kernels.ts says why):
// the landing squares where the side to move may capture, for the quiescence search's captures and the
// staged generation's first stage, at nearly every node. In the module of the evaluation's kernels,
// which has room for its two copies of the directions (arena.ts). test/search/kernels.test.ts compares it
// with the JavaScript.

import { ATTACKERS, DEFENDERS, KING, Mem, SQ_CORNER, SQ_FORT, SQ_THRONE } from '../engine/index.js';
import { block, br, brIf, code, get, i32, ifThen, load, loop, Op, set, store, tee, type WasmFunction } from './wasmAssembler.js';

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
  MyBit,
  UnarmedKing,
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
  WallEdge,
  Landing,
  Beyond,
  BeyondPiece,
}

/** Lists the square at `Landing` unless it is stamped with Mark (then stamps it, in Listed too); in a block whose end skips it. */
const listLanding = code(
  code(get(C.Stamp), get(C.Landing), Op.I32Add, load(), get(C.Mark), Op.I32Eq),
  brIf(0),
  code(get(C.Stamp), get(C.Landing), Op.I32Add, get(C.Mark), store()),
  code(get(C.Listed), get(C.Landing), Op.I32Add, get(C.Mark), store()),
  code(get(C.Squares), get(C.Count), i32(2), Op.I32Shl, Op.I32Add, get(C.Landing), i32(2), Op.I32ShrS, store()),
  code(get(C.Count), i32(1), Op.I32Add, set(C.Count)),
);

/**
 * One direction of captureSquares' loop: the landing square at `Victim + toward` (bytes), the square
 * beyond the victim at `Victim + away`. Lists the landing square when it is empty, a piece landing
 * there may capture (the tests of captures.ts's captureSquares: an anvil is a piece of the mover's
 * side, but an unarmed king; under the shield wall rule (`wall`) also an edge square beside a victim
 * on the edge), and it is not yet stamped (tested last: few squares pass the others).
 */
function captureDirection(toward: number[], away: number[], wall: boolean): number[] {
  return block(
    code(get(C.Victim), toward, tee(C.Landing), load()),
    brIf(0),
    block(
      code(get(C.Victim), away, tee(C.Beyond), load(), tee(C.BeyondPiece), get(C.MyBit), Op.I32And),
      ifThen(get(C.BeyondPiece), get(C.UnarmedKing), Op.I32Ne, brIf(1)),
      // A hostile square beyond: its flags & (empty ? hostile when empty : hostile when occupied), the
      // latter a subset of the former, which rules out most squares at once.
      code(get(C.Beyond), load(FLAGS), i32(HOSTILE_EMPTY), Op.I32And),
      ifThen(
        code(get(C.Beyond), load(FLAGS), i32(HOSTILE_EMPTY), get(C.HostileOccupied), get(C.BeyondPiece), Op.I32Eqz, Op.Select),
        code(Op.I32And, brIf(1)),
      ),
      wall ? code(get(C.Landing), load(FLAGS), get(C.WallEdge), Op.I32And, brIf(0)) : [],
      br(1),
    ),
    listLanding,
  );
}

/** The king as the victim: his own rules decide, so each empty neighbour (`toward`) is listed. */
function kingDirection(toward: number[]): number[] {
  return block(code(get(C.Victim), toward, tee(C.Landing), load()), brIf(0), listLanding);
}

/** The four directions of geometry.ts's dirs (stride, 1, -stride, -1), as code adding each to the value on the stack. */
const SQUARE_DIRECTIONS = [
  code(get(C.StrideBytes), Op.I32Add),
  code(i32(4), Op.I32Add),
  code(get(C.StrideBytes), Op.I32Sub),
  code(i32(4), Op.I32Sub),
];

/**
 * captures.ts's captureSquares over the arena: the enemies' list at `Enemies` (EnemyCount long), the
 * board at 0 and its flags at Mem.Flags; `King` the king's square (bytes), `MyBit` the mover's side
 * bit, `UnarmedKing` KING where the king is no anvil (else 0), `HostileOccupied` as captureSquares
 * computes it, `WallFlag` SQ_EDGE under the shield wall rule (else 0); the arrays `Stamp`, `Squares`
 * and `Listed` at their addresses. Returns the new count. Shaped for V8's compiled code (BENCHMARKS.md,
 * speed21): the king and the shield wall's edge victims have copies of the directions of their own, an
 * anvil is told by the side bit, and the stamp is read last, so that the common path holds few values
 * (the compiler spilled them, and repeated a select in every direction).
 */
export const captureSquaresKernel: WasmFunction = {
  name: 'captureSquares',
  params: C.End,
  locals: C.BeyondPiece + 1 - C.End,
  body: code(
    code(get(C.Enemies), get(C.EnemyCount), i32(2), Op.I32Shl, Op.I32Add, set(C.End)),
    block(
      loop(
        code(get(C.Enemies), get(C.End), Op.I32GeU),
        brIf(1),
        code(get(C.Enemies), load(), i32(2), Op.I32Shl, set(C.Victim)),
        code(get(C.Enemies), i32(4), Op.I32Add, set(C.Enemies)),
        block(code(get(C.Victim), get(C.King), Op.I32Ne), brIf(0), ...SQUARE_DIRECTIONS.map(kingDirection), br(1)),
        // Shield walls: a victim on the edge is also taken from the edge squares beside him (WallEdge =
        // SQ_EDGE); other victims take the directions without that test.
        block(
          code(get(C.Victim), load(FLAGS), get(C.WallFlag), Op.I32And, tee(C.WallEdge)),
          brIf(0),
          ...SQUARE_DIRECTIONS.map((toward, j) => captureDirection(toward, SQUARE_DIRECTIONS[(j + 2) % 4], false)),
          br(1),
        ),
        ...SQUARE_DIRECTIONS.map((toward, j) => captureDirection(toward, SQUARE_DIRECTIONS[(j + 2) % 4], true)),
        br(0),
      ),
    ),
    get(C.Count),
  ),
};

/** The kernel's export, as JavaScript sees it. */
export interface CaptureSquaresKernel {
  captureSquares(
    enemies: number,
    enemyCount: number,
    king: number,
    strideBytes: number,
    myBit: number,
    unarmedKing: number,
    hostileOccupied: number,
    wallFlag: number,
    stamp: number,
    mark: number,
    squares: number,
    count: number,
    listed: number,
  ): number;
}
