// The engine's findCaptures (engine/capture.ts) as a WebAssembly kernel over a searcher's arena: the
// captures of each step the search makes (Position.makeStep) or tries (stepCaptures), the same squares
// in the same order. The position lies at address 0 (Position.memory, laid out by Mem); the rules'
// constants and the squares found lie in an arena slot whose address is written into the code. Rule
// sets it does not cover keep the JavaScript (captureRules decides, once a search).
// test/search/captureKernel.test.ts compares it with findCaptures.

import {
  ATT_COMMANDER,
  ATTACKER_BIT,
  ATTACKERS,
  DEFENDER_BIT,
  DEFENDERS,
  KING,
  Mem,
  OFF_BOARD,
  SQ_CORNER,
  SQ_EDGE,
  SQ_FORT,
  SQ_OFF,
  SQ_THRONE,
  TYPE_KNIGHT,
  TYPE_MASK,
  type Position,
  type RuleSet,
} from '../engine/index.js';
import { block, br, brIf, call, code, get, i32, ifThen, load, loop, Op, set, store, tee, type WasmFunction } from './wasmAssembler.js';

const FLAGS = Mem.Flags * 4;

/** The int32s of the kernel's slot: the rules' constants (captureRules writes them), then the squares found. */
export const enum CaptureSlot {
  StrideBytes,
  /** KING where the king captures nothing (and is no anvil), else 0. */
  UnarmedKing,
  /**
   * Pairs, the attackers' then the defenders' (the mover's): the flags of squares hostile to its victims
   * when empty, and when occupied.
   */
  HostileEmpty = 2,
  HostileOccupied = 4,
  /** The throne's address (bytes), or NO_THRONE. */
  Throne = 6,
  /** A KingRule. */
  King,
  CommandersCaptureKing,
  CommandersNextToThrone,
  /** SQ_CORNER where corners are hostile to the king, else 0. */
  CornerHostileToKing,
  /** The flags of squares that close a side of the king when empty, and when occupied. */
  KingHostileEmpty,
  KingHostileOccupied,
  /** SQ_EDGE under shield walls, else 0. */
  WallFlag,
  Linnaean,
  /**
   * For each edge (rank 1, the last rank, file a, the last file, as findShieldWalls takes them): the step
   * off the board beyond it, the step inwards, and the first way along it (the second is the opposite):
   * twelve int32s, so the next index is written out.
   */
  WallTable,
  /** The berserk continuations' kernel (continuationKernel.ts): 1 where pieces jump, 1 where they jump over their own, */
  Jumps = 27,
  JumpOverOwn,
  /** SQ_CORNER where the king's corner steps continue a run (runs not forced), else 0. */
  KingCorner,
  /** The squares captured, from here on. */
  Found = 32,
}

const enum KingRule {
  Strong,
  Weak,
  Mixed,
  Middleweight,
}

/** Far enough below 0 that no square is its neighbour. */
const NO_THRONE = -(1 << 20);

function fortHostile(rules: RuleSet, victimBit: number): boolean {
  return rules.forts !== undefined && rules.forts.hostile.includes(victimBit === ATTACKER_BIT ? 't' : 'T');
}

/**
 * Writes the constants of `pos`'s rules into `slot` (the kernel's, CaptureSlot.Found int32s); false
 * where the kernel does not cover them: OpenTafl's relaxed shield walls, and a ring of four that does
 * not take the king while the attackers have a commander, when they have one (the kernel does not count them).
 */
export function captureRules(pos: Position, slot: Int32Array): boolean {
  const rules = pos.rules;
  const geo = pos.geo;
  let commander = false;
  for (let i = 0; i < pos.pieceCount[ATTACKERS]; i++) commander ||= pos.board[pos.pieceList[ATTACKERS][i]] === ATT_COMMANDER;
  if (geo.anyStepCaptures || (!rules.ringWithCommanders && commander)) return false;
  slot[CaptureSlot.StrideBytes] = 4 * geo.stride;
  slot[CaptureSlot.UnarmedKing] = rules.kingArmed ? 0 : KING;
  for (const side of [ATTACKERS, DEFENDERS]) {
    const myBit = side + 1;
    const victimBit = myBit ^ 3;
    const victimIsAttacker = victimBit === ATTACKER_BIT;
    const fort = fortHostile(rules, victimBit) ? SQ_FORT : 0;
    const emptyThrone = victimIsAttacker ? rules.emptyThroneHostileToAttackers : rules.emptyThroneHostileToDefenders;
    slot[CaptureSlot.HostileEmpty + side] = SQ_CORNER | fort | (emptyThrone ? SQ_THRONE : 0);
    slot[CaptureSlot.HostileOccupied + side] = SQ_CORNER | fort | (victimIsAttacker && rules.throneHostileToAttackers ? SQ_THRONE : 0);
  }
  slot[CaptureSlot.Throne] = geo.throne >= 0 ? 4 * geo.throne : NO_THRONE;
  const kingRules: Record<RuleSet['king'], KingRule> = {
    strong: KingRule.Strong,
    weak: KingRule.Weak,
    mixed: KingRule.Mixed,
    middleweight: KingRule.Middleweight,
  };
  slot[CaptureSlot.King] = kingRules[rules.king];
  slot[CaptureSlot.CommandersCaptureKing] = rules.commandersCaptureKing ? 1 : 0;
  slot[CaptureSlot.CommandersNextToThrone] = rules.commandersNextToThrone ? 1 : 0;
  const corner = rules.cornersHostileToKing ? SQ_CORNER : 0;
  const fort = fortHostile(rules, DEFENDER_BIT) ? SQ_FORT : 0;
  slot[CaptureSlot.CornerHostileToKing] = corner;
  slot[CaptureSlot.KingHostileEmpty] = corner | fort | (rules.emptyThroneHostileToKing ? SQ_THRONE : 0);
  slot[CaptureSlot.KingHostileOccupied] = corner | fort;
  slot[CaptureSlot.WallFlag] = rules.shieldWall ? SQ_EDGE : 0;
  slot[CaptureSlot.Linnaean] = rules.linnaeanCapture ? 1 : 0;
  const stride = 4 * geo.stride;
  slot.set([-stride, stride, -4, stride, -stride, -4, -4, 4, -stride, 4, -4, -stride], CaptureSlot.WallTable);
  slot[CaptureSlot.Jumps] = rules.jumps ? 1 : 0;
  slot[CaptureSlot.JumpOverOwn] = rules.jumpOverOwn ? 1 : 0;
  slot[CaptureSlot.KingCorner] = rules.berserkForced ? 0 : SQ_CORNER;
  return true;
}

/** kingCaptured's parameters and locals. */
const enum K {
  Square,
  Toward,
  Piece,
  Stride,
  // locals
  Near,
  Beyond,
  Mode,
  Run,
  Anvil,
}

/** findCaptures' parameters and locals. */
const enum F {
  From,
  To,
  Tried,
  // locals
  Piece,
  MyBit,
  EnemyBit,
  N,
  Stride,
  HostileEmpty,
  HostileOccupied,
  Victim,
  Beyond,
  Anvil,
  Square,
  Run,
  Length,
  Edge,
  Inward,
  Along,
}

/** The module's functions: findCaptures (exported for the searcher), then kingCaptured, which it calls. */
const KING_CAPTURED = 1;

/** A direction (bytes) as code that adds it to the value on the stack, and as code that pushes it. */
interface Direction {
  add: number[];
  value: number[];
}

/** The four directions of geometry.ts's dirs (stride, 1, -stride, -1), the stride (bytes) in local `stride`. */
function directions(stride: number): Direction[] {
  return [
    { add: code(get(stride), Op.I32Add), value: get(stride) },
    { add: code(i32(4), Op.I32Add), value: i32(4) },
    { add: code(get(stride), Op.I32Sub), value: code(i32(0), get(stride), Op.I32Sub) },
    { add: code(i32(4), Op.I32Sub), value: i32(-4) },
  ];
}

/** The flags of the square at local `square` & (the occupant in local `occupant` empty ? `ifEmpty` : `ifOccupied`). */
function hostile(square: number, occupant: number, ifEmpty: number[], ifOccupied: number[]): number[] {
  return code(get(square), load(FLAGS), ifEmpty, ifOccupied, get(occupant), Op.I32Eqz, Op.Select, Op.I32And);
}

/**
 * capture.ts's kingCaptured: is the king on `Square` taken, the attacker `Piece` come from the other side
 * (`Square` less `Toward`)? Not zero when he is. A function of its own, called only when a king is the
 * victim, keeps findCaptures' code small (a module under 4 KB).
 */
function kingCapturedCode(slot: number): number[] {
  const rule = (index: CaptureSlot): number[] => code(i32(0), load(slot + 4 * index));
  return code(
    // Near the throne: on it or beside it.
    code(get(K.Square), load(FLAGS), i32(SQ_THRONE), Op.I32And),
    code(get(K.Square), rule(CaptureSlot.Throne), Op.I32Sub, tee(K.Run), i32(4), Op.I32Eq, Op.I32Or),
    code(get(K.Run), i32(-4), Op.I32Eq, Op.I32Or, get(K.Run), get(K.Stride), Op.I32Eq, Op.I32Or),
    code(get(K.Run), i32(0), get(K.Stride), Op.I32Sub, Op.I32Eq, Op.I32Or, set(K.Near)),
    code(get(K.Square), get(K.Toward), Op.I32Add, set(K.Beyond)),
    // Two commanders (or a commander and a hostile corner) take him off the throne.
    block(
      code(rule(CaptureSlot.CommandersCaptureKing), Op.I32Eqz, get(K.Piece), i32(ATT_COMMANDER), Op.I32Ne, Op.I32Or),
      brIf(0),
      code(get(K.Square), load(FLAGS), get(K.Beyond), load(FLAGS), Op.I32Or, i32(SQ_THRONE), Op.I32And, Op.I32Eqz),
      code(get(K.Near), Op.I32Eqz, rule(CaptureSlot.CommandersNextToThrone), Op.Select),
      code(Op.I32Eqz, brIf(0)),
      code(get(K.Beyond), load(), i32(ATT_COMMANDER), Op.I32Eq),
      code(get(K.Beyond), load(FLAGS), rule(CaptureSlot.CornerHostileToKing), Op.I32And, Op.I32Or),
      ifThen(i32(1), Op.Return),
    ),
    // Weak (mixed away from the throne): an attacker or a hostile square beyond him.
    code(rule(CaptureSlot.King), tee(K.Mode), i32(KingRule.Weak), Op.I32Eq),
    code(get(K.Mode), i32(KingRule.Mixed), Op.I32Eq, get(K.Near), Op.I32Eqz, Op.I32And, Op.I32Or),
    ifThen(
      code(get(K.Beyond), load(), tee(K.Anvil), i32(ATTACKER_BIT), Op.I32And),
      hostile(K.Beyond, K.Anvil, rule(CaptureSlot.KingHostileEmpty), rule(CaptureSlot.KingHostileOccupied)),
      code(Op.I32Or, Op.Return),
    ),
    // Strong: every side closed (middleweight: the board's border closes one too).
    ...directions(K.Stride).map((side) =>
      code(
        code(get(K.Square), side.add, tee(K.Run), load(), tee(K.Anvil), i32(ATTACKER_BIT), Op.I32And),
        code(get(K.Anvil), i32(OFF_BOARD), Op.I32Eq, get(K.Mode), i32(KingRule.Middleweight), Op.I32Eq, Op.I32And, Op.I32Or),
        hostile(K.Run, K.Anvil, rule(CaptureSlot.KingHostileEmpty), rule(CaptureSlot.KingHostileOccupied)),
        code(Op.I32Or, Op.I32Eqz),
        ifThen(i32(0), Op.Return),
      ),
    ),
    i32(1),
  );
}

/** findCaptures' code, its slot at `slot` (bytes). */
function findCapturesCode(slot: number): number[] {
  const rule = (index: CaptureSlot): number[] => code(i32(0), load(slot + 4 * index));
  /** Appends the square at the byte address `square` pushes to the squares found. */
  const append = (square: number[]): number[] =>
    code(
      get(F.N),
      i32(2),
      Op.I32Shl,
      square,
      i32(2),
      Op.I32ShrS,
      store(slot + 4 * CaptureSlot.Found),
      get(F.N),
      i32(1),
      Op.I32Add,
      set(F.N),
    );
  const dirs = directions(F.Stride);

  /** capture.ts's takes() toward one neighbour of the landing square (in local Square), appended if taken. */
  const takes = (toward: Direction): number[] =>
    block(
      block(
        code(get(F.To), toward.add, tee(F.Square), load(), tee(F.Victim), get(F.EnemyBit), Op.I32And, Op.I32Eqz),
        brIf(1),
        code(get(F.Victim), i32(KING), Op.I32Eq),
        ifThen(
          code(get(F.MyBit), i32(ATTACKER_BIT), Op.I32Ne),
          brIf(2),
          code(get(F.Square), toward.value, get(F.Piece), get(F.Stride), call(KING_CAPTURED)),
          brIf(1),
          br(2),
        ),
        // An anvil: a piece of the mover's side, but an unarmed king.
        code(get(F.Square), toward.add, tee(F.Beyond), load(), tee(F.Anvil), get(F.MyBit), Op.I32And),
        ifThen(get(F.Anvil), rule(CaptureSlot.UnarmedKing), Op.I32Ne, brIf(1)),
        hostile(F.Beyond, F.Anvil, get(F.HostileEmpty), get(F.HostileOccupied)),
        brIf(0),
        br(1),
      ),
      append(get(F.Square)),
    );

  /** The knight's jump takes the jumped enemy. */
  const knightJump = block(
    code(get(F.Piece), i32(TYPE_MASK), Op.I32And, i32(TYPE_KNIGHT), Op.I32Ne),
    brIf(0),
    code(get(F.To), get(F.From), Op.I32Sub, tee(F.Run), i32(8), Op.I32Eq, get(F.Run), i32(-8), Op.I32Eq, Op.I32Or),
    code(get(F.Run), get(F.Stride), i32(1), Op.I32Shl, Op.I32Eq, Op.I32Or),
    code(get(F.Run), i32(0), get(F.Stride), i32(1), Op.I32Shl, Op.I32Sub, Op.I32Eq, Op.I32Or, Op.I32Eqz),
    brIf(0),
    code(get(F.From), get(F.To), Op.I32Add, i32(1), Op.I32ShrS, tee(F.Square), load(), get(F.EnemyBit), Op.I32And, Op.I32Eqz),
    brIf(0),
    append(get(F.Square)),
  );

  /**
   * capture.ts's wallRun: along the edge by local Along from the landing square, local Inward off it.
   * A member without a friend in front ends it at once: such a run takes nothing (most runs end so).
   */
  const inward = code(get(F.Inward), Op.I32Add);
  const along = code(get(F.Along), Op.I32Add);
  const wallRun = block(
    code(get(F.To), along, set(F.Square), i32(0), set(F.Length)),
    block(
      loop(
        code(get(F.Square), load(), get(F.EnemyBit), Op.I32And, Op.I32Eqz),
        brIf(1),
        code(get(F.Square), inward, load(), get(F.MyBit), Op.I32And, Op.I32Eqz),
        brIf(2),
        code(get(F.Square), along, set(F.Square), get(F.Length), i32(1), Op.I32Add, set(F.Length)),
        br(0),
      ),
    ),
    code(get(F.Length), i32(2), Op.I32LtS),
    brIf(0),
    code(get(F.Square), load(), get(F.MyBit), Op.I32And, get(F.Square), load(FLAGS), i32(SQ_CORNER), Op.I32And, Op.I32Or, Op.I32Eqz),
    brIf(0),
    code(get(F.To), along, set(F.Run)),
    block(
      loop(
        code(get(F.Run), get(F.Square), Op.I32Eq),
        brIf(1),
        code(get(F.Run), load(), i32(KING), Op.I32Ne),
        ifThen(append(get(F.Run))),
        code(get(F.Run), along, set(F.Run)),
        br(0),
      ),
    ),
  );

  /** capture.ts's findShieldWalls: for each edge of the wall table the landing square lies on, its two runs. */
  const shieldWalls = block(
    code(get(F.To), load(FLAGS), rule(CaptureSlot.WallFlag), Op.I32And, Op.I32Eqz),
    brIf(0),
    code(i32(0), set(F.Edge)),
    loop(
      block(
        code(get(F.To), get(F.Edge), load(slot + 4 * CaptureSlot.WallTable), Op.I32Add, load(FLAGS), i32(SQ_OFF), Op.I32And, Op.I32Eqz),
        brIf(0),
        code(get(F.Edge), load(slot + 4 * (CaptureSlot.WallTable + 1)), set(F.Inward)),
        code(get(F.Edge), load(slot + 4 * (CaptureSlot.WallTable + 2)), set(F.Along)),
        wallRun,
        code(i32(0), get(F.Along), Op.I32Sub, set(F.Along)),
        wallRun,
      ),
      code(get(F.Edge), i32(12), Op.I32Add, tee(F.Edge), i32(48), Op.I32Ne),
      brIf(0),
    ),
  );

  /** capture.ts's findLinnaean (the throne in local Square). */
  const linnaean = block(
    code(rule(CaptureSlot.Linnaean), Op.I32Eqz, get(F.MyBit), i32(ATTACKER_BIT), Op.I32Ne, Op.I32Or),
    brIf(0),
    code(rule(CaptureSlot.Throne), tee(F.Square), i32(0), Op.I32LtS),
    brIf(0),
    code(get(F.Square), load(), i32(KING), Op.I32Ne),
    brIf(0),
    ...dirs.map((toward, i) =>
      block(
        code(get(F.To), get(F.Square), toward.add, toward.add, Op.I32Ne),
        brIf(0),
        code(get(F.Square), toward.add, load(), i32(DEFENDER_BIT), Op.I32And, Op.I32Eqz),
        brIf(1),
        ...dirs
          .filter((_, j) => j !== i)
          .map((other) => code(get(F.Square), other.add, load(), i32(ATTACKER_BIT), Op.I32And, Op.I32Eqz, brIf(1))),
        append(code(get(F.Square), toward.add)),
        br(1),
      ),
    ),
  );

  return code(
    code(get(F.From), i32(2), Op.I32Shl, set(F.From), get(F.To), i32(2), Op.I32Shl, set(F.To)),
    // Tried: the piece stands on `from`; it is moved to `to` for the tests, and back after them.
    code(get(F.From), get(F.To), get(F.Tried), Op.Select, load(), set(F.Piece)),
    code(get(F.Tried)),
    ifThen(get(F.From), i32(0), store(), get(F.To), get(F.Piece), store()),
    code(get(F.Piece), i32(3), Op.I32And, set(F.MyBit), i32(3), get(F.MyBit), Op.I32Sub, set(F.EnemyBit)),
    block(
      code(get(F.Piece), rule(CaptureSlot.UnarmedKing), Op.I32Eq),
      brIf(0),
      code(rule(CaptureSlot.StrideBytes), set(F.Stride)),
      // The mover's entries of the pairs: side bit 1 or 2, so one int32 before each pair.
      code(get(F.MyBit), i32(2), Op.I32Shl, tee(F.Anvil), load(slot + 4 * (CaptureSlot.HostileEmpty - 1)), set(F.HostileEmpty)),
      code(get(F.Anvil), load(slot + 4 * (CaptureSlot.HostileOccupied - 1)), set(F.HostileOccupied)),
      ...dirs.map(takes),
      knightJump,
      shieldWalls,
      linnaean,
    ),
    code(get(F.Tried)),
    ifThen(get(F.To), i32(0), store(), get(F.From), get(F.Piece), store()),
    get(F.N),
  );
}

/** The kernel's functions, its slot at `slot` (bytes): findCaptures(from, to, tried) as CaptureKernel, and kingCaptured. */
export function captureKernelFunctions(slot: number): WasmFunction[] {
  return [
    { name: 'findCaptures', params: F.Piece, locals: F.Along + 1 - F.Piece, body: findCapturesCode(slot) },
    { name: 'kingCaptured', params: K.Near, locals: K.Anvil + 1 - K.Near, body: kingCapturedCode(slot) },
  ];
}
