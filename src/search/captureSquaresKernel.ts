// captures.ts's captureSquares as a WebAssembly kernel over a searcher's arena (kernels.ts says why):
// the landing squares where the side to move may capture, for the quiescence search's captures and the
// staged generation's first stage, at nearly every node. In the module of the evaluation's kernels,
// which has room for its three copies of the directions (arena.ts). test/search/kernels.test.ts compares it
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

/** The listing's values, which the kernel keeps in memory (captureSquaresKernel): int32s from its `state`. */
const enum State {
  Stamp,
  Mark,
  /** Where the next square listed goes (bytes). */
  Next,
  Listed,
  Size,
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
  BeyondPiece,
}

/**
 * A neighbour of the victim: at the address `base` pushes (Victim, or Victim plus or minus the stride)
 * plus `offset` bytes, so that the compiled code reads it with the offset in the instruction.
 */
interface Neighbour {
  base: number[];
  offset: number;
}

/** The neighbour's occupant, or its square's flags. */
const occupant = (square: Neighbour): number[] => code(square.base, load(square.offset));
const flagsOf = (square: Neighbour): number[] => code(square.base, load(FLAGS + square.offset));

/**
 * Lists `landing` unless it is stamped with the mark (then stamps it, in the listed array too); in a
 * block whose end skips it. The listing's values are read from the state at `state` (captureSquaresKernel).
 */
function listLanding(landing: Neighbour, state: number): number[] {
  const field = (index: State): number[] => code(i32(state), load(4 * index));
  // Stamp, Mark and Count, read at the start only, hold the stamp's address, the mark and the next place here.
  return code(
    code(landing.base, i32(landing.offset), Op.I32Add, tee(C.Landing)),
    code(field(State.Stamp), Op.I32Add, tee(C.Stamp), load(), field(State.Mark), tee(C.Mark), Op.I32Eq),
    brIf(0),
    code(get(C.Stamp), get(C.Mark), store()),
    code(field(State.Listed), get(C.Landing), Op.I32Add, get(C.Mark), store()),
    code(field(State.Next), tee(C.Count), get(C.Landing), i32(2), Op.I32ShrS, store()),
    code(i32(state), get(C.Count), i32(4), Op.I32Add, store(4 * State.Next)),
  );
}

/**
 * One direction of captureSquares' loop: the landing square `landing`, the square beyond the victim
 * `beyond` (the opposite neighbour). Lists the landing square when it is empty, a piece landing
 * there may capture (the tests of captures.ts's captureSquares: an anvil is a piece of the mover's
 * side, but an unarmed king; under the shield wall rule (`wall`) also an edge square beside a victim
 * on the edge), and it is not yet stamped (tested last: few squares pass the others).
 */
function captureDirection(landing: Neighbour, beyond: Neighbour, wall: boolean, state: number): number[] {
  return block(
    occupant(landing),
    brIf(0),
    block(
      code(occupant(beyond), tee(C.BeyondPiece), get(C.MyBit), Op.I32And),
      ifThen(get(C.BeyondPiece), get(C.UnarmedKing), Op.I32Ne, brIf(1)),
      // A hostile square beyond: its flags & (empty ? hostile when empty : hostile when occupied), the
      // latter a subset of the former, which rules out most squares at once.
      code(flagsOf(beyond), i32(HOSTILE_EMPTY), Op.I32And),
      ifThen(
        code(flagsOf(beyond), i32(HOSTILE_EMPTY), get(C.HostileOccupied), get(C.BeyondPiece), Op.I32Eqz, Op.Select),
        code(Op.I32And, brIf(1)),
      ),
      wall ? code(flagsOf(landing), get(C.WallEdge), Op.I32And, brIf(0)) : [],
      br(1),
    ),
    listLanding(landing, state),
  );
}

/** The king as the victim: his own rules decide, so each empty neighbour is listed. */
function kingDirection(landing: Neighbour, state: number): number[] {
  return block(occupant(landing), brIf(0), listLanding(landing, state));
}

/** The victim's four neighbours in geometry.ts's dirs order (stride, 1, -stride, -1); Victim is his square less one. */
const NEIGHBOURS: readonly Neighbour[] = [
  { base: code(get(C.Victim), get(C.StrideBytes), Op.I32Add), offset: 4 },
  { base: get(C.Victim), offset: 8 },
  { base: code(get(C.Victim), get(C.StrideBytes), Op.I32Sub), offset: 4 },
  { base: get(C.Victim), offset: 0 },
];

/**
 * captures.ts's captureSquares over the arena: the enemies' list at `Enemies` (EnemyCount long), the
 * board at 0 and its flags at Mem.Flags; `King` the king's square (bytes), `MyBit` the mover's side
 * bit, `UnarmedKing` KING where the king is no anvil (else 0), `HostileOccupied` as captureSquares
 * computes it, `WallFlag` SQ_EDGE under the shield wall rule (else 0); the arrays `Stamp`, `Squares`
 * and `Listed` at their addresses. Returns the new count. Shaped for V8's compiled code (BENCHMARKS.md,
 * speed21): the king and the shield wall's edge victims have copies of the directions of their own, an
 * anvil is told by the side bit, and the stamp is read last, so that the common path holds few values
 * (the compiler spilled them, and repeated a select in every direction); the listing's arrays, mark and
 * count are kept in memory at `state` (State.Size int32s) while it runs (BENCHMARKS.md, speed26).
 */
export function captureSquaresKernel(state: number): WasmFunction {
  const directions = (wall: boolean): number[][] =>
    NEIGHBOURS.map((landing, j) => captureDirection(landing, NEIGHBOURS[(j + 2) % 4], wall, state));
  return {
    name: 'captureSquares',
    params: C.End,
    locals: C.BeyondPiece + 1 - C.End,
    body: code(
      // The listing's values go to memory: held in registers, they left too few for the loop's own.
      code(i32(state), get(C.Stamp), store(4 * State.Stamp), i32(state), get(C.Mark), store(4 * State.Mark)),
      code(i32(state), get(C.Squares), get(C.Count), i32(2), Op.I32Shl, Op.I32Add, store(4 * State.Next)),
      code(i32(state), get(C.Listed), store(4 * State.Listed)),
      code(get(C.Enemies), get(C.EnemyCount), i32(2), Op.I32Shl, Op.I32Add, set(C.End)),
      code(get(C.King), i32(4), Op.I32Sub, set(C.King)),
      block(
        loop(
          code(get(C.Enemies), get(C.End), Op.I32GeU),
          brIf(1),
          code(get(C.Enemies), load(), i32(2), Op.I32Shl, i32(4), Op.I32Sub, set(C.Victim)),
          code(get(C.Enemies), i32(4), Op.I32Add, set(C.Enemies)),
          block(code(get(C.Victim), get(C.King), Op.I32Ne), brIf(0), ...NEIGHBOURS.map((landing) => kingDirection(landing, state)), br(1)),
          // Shield walls: a victim on the edge is also taken from the edge squares beside him (WallEdge =
          // SQ_EDGE); other victims take the directions without that test.
          block(code(get(C.Victim), load(FLAGS + 4), get(C.WallFlag), Op.I32And, tee(C.WallEdge)), brIf(0), ...directions(false), br(1)),
          ...directions(true),
          br(0),
        ),
      ),
      code(i32(state), load(4 * State.Next), get(C.Squares), Op.I32Sub, i32(2), Op.I32ShrS),
    ),
  };
}

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
