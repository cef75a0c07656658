// Capturing steps only (and the attackers' answers to an open escape line), for the quiescence
// search: found backwards from the empty squares next to an
// enemy piece (every capture lands next to its victim), then confirmed with stepCaptures. The same
// steps generateSteps would give, minus the non-captures; captures never repeat a position, so the
// `forbidden` repetition filter never removes one. Hot code: no allocation.

import {
  EMPTY,
  KING,
  kingNoStop,
  Mem,
  SIDE_MASK,
  SQ_CORNER,
  SQ_EDGE,
  SQ_FORT,
  SQ_RESTRICTED,
  SQ_THRONE,
  slideKey,
  stepCaptures,
  TYPE_MASK,
  type Position,
} from '../../engine/index.js';
import { scratchArray, type SearchArena } from '../kernels/arena.js';
import { ArenaSlot } from '../kernels/arenaLayout.js';
import { anvilCodes, hostileWhenOccupied } from '../kernels/captureRules.js';

export class CaptureGenerator {
  readonly cells: number;
  private readonly stamp: Int32Array;
  private stampCounter = 0;
  /** The capture squares of a node. */
  private readonly squares: Int32Array;

  /** With the searcher's arena, if it has one: its stamps and squares in it, for the kernel. */
  constructor(
    cells: number,
    private readonly arena: SearchArena | null = null,
  ) {
    this.cells = cells;
    this.stamp = scratchArray(arena, ArenaSlot.CaptureStamp, cells);
    this.squares = scratchArray(arena, ArenaSlot.CaptureSquares, cells);
  }

  /**
   * Writes the capturing steps of the side to move into `out` from `offset`; returns their number.
   * Only for positions without an open run (mid-run, generateSteps lists the continuations).
   */
  generate(pos: Position, out: Int32Array, offset: number): number {
    return this.captures(pos, out, offset, this.nextMark()) - offset;
  }

  /**
   * The attackers' answers to open escape lines (no run open): every step onto a square of an open
   * line of the king (blocks), and every capture. Any other step lets the king escape.
   */
  generateThreatAnswers(pos: Position, escapeFlag: number, out: Int32Array, offset: number): number {
    const mark = this.nextMark();
    const board = pos.board;
    const flags = pos.geo.flags;
    const dirs = pos.geo.dirs;
    const king = pos.kingSq;
    let n = offset;
    for (let j = 0; j < 4; j++) {
      const d = dirs[j];
      let sq = king + d;
      while (board[sq] === EMPTY && (flags[sq] & escapeFlag) === 0) sq += d;
      if (board[sq] !== EMPTY) continue;
      // An open line: the squares from the king to the escape square (which the attackers may fill
      // where escapes are edge squares).
      for (let target = king + d; ; target += d) {
        this.stamp[target] = mark;
        n = stepsOnto(pos, target, out, n, false);
        if (target === sq) break;
      }
    }
    return this.captures(pos, out, n, mark) - offset;
  }

  /**
   * Could the king be captured by the attackers' next step? True when every side of the king but one
   * is closed (an attacker, or a square hostile to him) and an attacker can step onto the open one;
   * for a weak king (or a mixed one away from the throne), when one side is closed and an attacker can
   * step onto the opposite one. (Commanders' own way of taking the king is not looked for.)
   */
  kingInDanger(pos: Position): boolean {
    const king = pos.kingSq;
    const board = pos.board;
    const flags = pos.geo.flags;
    const dirs = pos.geo.dirs;
    const rules = pos.rules;
    const throne = pos.geo.throne;
    const nearThrone =
      throne >= 0 &&
      (king === throne || king + dirs[0] === throne || king + dirs[1] === throne || king + dirs[2] === throne || king + dirs[3] === throne);
    const weak = rules.king === 'weak' || (rules.king === 'mixed' && !nearThrone);
    if (weak) {
      for (let j = 0; j < 4; j++) {
        const open = king + dirs[j];
        if (board[open] === EMPTY && this.closesKing(pos, king - dirs[j], true) && this.attackerReaches(pos, open)) return true;
      }
      return false;
    }
    let closed = 0;
    let open = -1;
    for (let j = 0; j < 4; j++) {
      const sq = king + dirs[j];
      if (this.closesKing(pos, sq, false)) closed++;
      else open = sq;
    }
    return closed === 3 && board[open] === EMPTY && (flags[open] & SQ_RESTRICTED) === 0 && this.attackerReaches(pos, open);
  }

  /** Does `sq` close a side of the king: an attacker, the empty throne, or (weak king) a hostile corner? */
  private closesKing(pos: Position, sq: number, weak: boolean): boolean {
    const piece = pos.board[sq];
    if ((piece & SIDE_MASK) === 1) return true;
    const f = pos.geo.flags[sq];
    if (piece === EMPTY && (f & SQ_THRONE) !== 0) return pos.rules.emptyThroneHostileToKing === true;
    return weak && (f & SQ_CORNER) !== 0 && pos.rules.cornersHostileToKing === true;
  }

  /** Can an attacker step (slide or jump) onto the empty, unrestricted square `target`? */
  private attackerReaches(pos: Position, target: number): boolean {
    const board = pos.board;
    const dirs = pos.geo.dirs;
    const rules = pos.rules;
    for (let j = 0; j < 4; j++) {
      const d = dirs[j];
      const from = slideBack(board, target, d);
      if ((board[from] & SIDE_MASK) === 1 && !(rules.throneKingOnly === true && throneBetween(pos.geo.throne, target, from, d)))
        return true;
      if (rules.jumps !== true) continue;
      const over = board[target + d];
      if ((over & SIDE_MASK) === 0 || (over & TYPE_MASK) !== 0) continue;
      if ((over & SIDE_MASK) === 1 && rules.jumpOverOwn !== true) continue;
      const jumper = board[target + d + d];
      if ((jumper & SIDE_MASK) === 1 && (jumper & TYPE_MASK) !== 0) return true;
    }
    return false;
  }

  private nextMark(): number {
    if (++this.stampCounter === 0x7fffffff) {
      this.stamp.fill(0);
      this.stampCounter = 1;
    }
    return this.stampCounter;
  }

  /** Appends the captures landing on squares not yet stamped with `mark`; returns the new end. */
  private captures(pos: Position, out: Int32Array, n: number, mark: number): number {
    const squares = this.squares;
    const count = findCaptureSquares(this.arena, pos, this.stamp, mark, squares, 0, this.stamp);
    // The kernel where the arena's findCaptures kernel covers the rules, and slides are plain.
    if (this.arena !== null && pos.captureKernel !== null && pos.geo.plainSlides === true)
      return this.arena.captureSteps(pos, squares, count, out, n);
    for (let k = 0; k < count; k++) n = stepsOnto(pos, squares[k], out, n, true);
    return n;
  }
}

/**
 * captureSquares by the searcher's kernel where there is an arena (which then holds `pos` and the three
 * arrays: arena.ts), else by the JavaScript below; the two agree (test/search/kernels.test.ts).
 */
export function findCaptureSquares(
  arena: SearchArena | null,
  pos: Position,
  stamp: Int32Array,
  mark: number,
  squares: Int32Array,
  count: number,
  listed: Int32Array,
): number {
  if (arena !== null) return arena.captureSquares(pos, stamp, mark, squares, count, listed);
  return captureSquares(pos, stamp, mark, squares, count, listed);
}

/**
 * Lists in `squares` from `count` the empty squares where a piece of the side to move may capture (an
 * enemy beside it that a piece landing there may take: against an anvil, a piece of ours or a hostile
 * square (a fort may be one) beyond the enemy, or by the shield wall's rules; the king by his own
 * rules), in the order of the enemies' list and of the directions, each once: squares stamped with
 * `mark` in `stamp` are left out, those listed are stamped (in `listed` too: a caller's own record of
 * them). Returns the new count. A quick test before stepCaptures decides. Each enemy's four
 * neighbours are read once: the square beyond the enemy from one landing square is the landing square
 * of the opposite direction. The four directions are written out: V8 compiles that faster than a loop
 * over them (BENCHMARKS.md).
 */
export function captureSquares(
  pos: Position,
  stamp: Int32Array,
  mark: number,
  squares: Int32Array,
  count: number,
  listed: Int32Array,
): number {
  const m = pos.memory;
  const dirs = pos.geo.dirs;
  // Strict booleans: the rules' fields are of no known type to the compiler, which then tests them generically.
  const shieldWall = pos.rules.shieldWall === true;
  const anvils = anvilCodes(pos.side, pos.rules.kingArmed === true);
  // Hostile squares beyond the enemy: corners and forts; the throne when empty, and to the defenders always.
  const hostileOccupied = hostileWhenOccupied(pos.side);
  const hostileEmpty = SQ_CORNER | SQ_FORT | SQ_THRONE;
  const enemies = Mem.Lists + (pos.side ^ 1) * Mem.Region;
  const enemyCount = pos.pieceCount[pos.side ^ 1];
  const king = pos.kingSq;
  const d0 = dirs[0];
  const d1 = dirs[1];
  const d2 = dirs[2];
  const d3 = dirs[3];
  // A precondition, and the two arrays' maps checked once before the loop (the compiled loop would
  // check them again after every branch that skipped them).
  const cells = pos.geo.cells;
  if (stamp.length < cells || squares.length < cells || listed.length < cells)
    throw new Error('captureSquares: arrays smaller than the board');
  for (let k = 0; k < enemyCount; k++) {
    const victim = m[enemies + k];
    const s0 = victim + d0;
    const s1 = victim + d1;
    const s2 = victim + d2;
    const s3 = victim + d3;
    const p0 = m[Mem.Board + s0];
    const p1 = m[Mem.Board + s1];
    const p2 = m[Mem.Board + s2];
    const p3 = m[Mem.Board + s3];
    if (p0 !== EMPTY && p1 !== EMPTY && p2 !== EMPTY && p3 !== EMPTY) continue;
    // Always: a king victim (his own rules decide; a position has one king at most), a shield wall's edge.
    const always = victim === king;
    const wall = shieldWall && (m[Mem.Flags + victim] & SQ_EDGE) !== 0;
    if (
      p0 === EMPTY &&
      stamp[s0] !== mark &&
      (always ||
        ((anvils >>> p2) & 1) !== 0 ||
        (m[Mem.Flags + s2] & (p2 === EMPTY ? hostileEmpty : hostileOccupied)) !== 0 ||
        (wall && (m[Mem.Flags + s0] & SQ_EDGE) !== 0))
    ) {
      stamp[s0] = mark;
      listed[s0] = mark;
      squares[count++] = s0;
    }
    if (
      p1 === EMPTY &&
      stamp[s1] !== mark &&
      (always ||
        ((anvils >>> p3) & 1) !== 0 ||
        (m[Mem.Flags + s3] & (p3 === EMPTY ? hostileEmpty : hostileOccupied)) !== 0 ||
        (wall && (m[Mem.Flags + s1] & SQ_EDGE) !== 0))
    ) {
      stamp[s1] = mark;
      listed[s1] = mark;
      squares[count++] = s1;
    }
    if (
      p2 === EMPTY &&
      stamp[s2] !== mark &&
      (always ||
        ((anvils >>> p0) & 1) !== 0 ||
        (m[Mem.Flags + s0] & (p0 === EMPTY ? hostileEmpty : hostileOccupied)) !== 0 ||
        (wall && (m[Mem.Flags + s2] & SQ_EDGE) !== 0))
    ) {
      stamp[s2] = mark;
      listed[s2] = mark;
      squares[count++] = s2;
    }
    if (
      p3 === EMPTY &&
      stamp[s3] !== mark &&
      (always ||
        ((anvils >>> p1) & 1) !== 0 ||
        (m[Mem.Flags + s1] & (p1 === EMPTY ? hostileEmpty : hostileOccupied)) !== 0 ||
        (wall && (m[Mem.Flags + s3] & SQ_EDGE) !== 0))
    ) {
      stamp[s3] = mark;
      listed[s3] = mark;
      squares[count++] = s3;
    }
  }
  return count;
}

/**
 * The staged generation's first stage (stepScorer.ts): the steps of the side to move onto the `count`
 * squares of `squares`, the king's and `ttStep` left out, written into `steps` from `at` in stepsOnto's
 * order; returns the new end. `slidesArena`, the searcher's arena under plain slides (else null), holds
 * `pos` and `steps`: its kernel writes them in place (the two agree: test/search/kernels.test.ts).
 */
export function tacticalStepsOnto(
  slidesArena: SearchArena | null,
  pos: Position,
  squares: Int32Array,
  count: number,
  ttStep: number,
  steps: Int32Array,
  at: number,
): number {
  if (slidesArena !== null) return slidesArena.tacticalSlides(pos, squares, count, ttStep, at);
  let n = at;
  for (let k = 0; k < count; k++) n = stepsOnto(pos, squares[k], steps, n, false);
  const king = pos.kingSq;
  let end = at;
  for (let i = at; i < n; i++) {
    const step = steps[i];
    if (step !== ttStep && (step & 511) !== king) steps[end++] = step;
  }
  return end;
}

/** Writes (from `n`) the steps of the side to move that land on the empty square `target` (only captures if `capturesOnly`); returns the new end. */
export function stepsOnto(pos: Position, target: number, out: Int32Array, n: number, capturesOnly: boolean): number {
  const board = pos.board;
  const flags = pos.geo.flags;
  const dirs = pos.geo.dirs;
  const rules = pos.rules;
  const myBit = pos.side + 1;
  const targetRestricted = (flags[target] & SQ_RESTRICTED) !== 0;
  for (let j = 0; j < 4; j++) {
    const d = dirs[j];
    const from = slideBack(board, target, d);
    const piece = board[from];
    if ((piece & SIDE_MASK) === myBit) {
      // Plain slides: everyone passes the throne (geometry.ts), only the king stops on restricted squares.
      const legal = !pos.geo.plainSlides
        ? slideAllowed(pos, from, target, -d)
        : piece === KING
          ? (flags[target] & kingNoStop(pos)) === 0
          : !targetRestricted;
      if (legal && (!capturesOnly || stepCaptures(pos, from, target))) out[n++] = from | (target << 9);
    }
    if (!rules.jumps) continue;
    // A jump onto the target from two squares away, over an ordinary piece.
    const over = board[target + d];
    if ((over & SIDE_MASK) === 0 || (over & TYPE_MASK) !== 0) continue;
    if ((over & SIDE_MASK) === myBit && !rules.jumpOverOwn) continue;
    const jumper = target + d + d;
    const jumperPiece = board[jumper];
    if ((jumperPiece & SIDE_MASK) !== myBit || (jumperPiece & TYPE_MASK) === 0) continue;
    const allowed =
      jumperPiece === KING
        ? ((flags[jumper] | flags[target]) & SQ_RESTRICTED) !== 0 && (flags[target] & kingNoStop(pos)) === 0
        : !targetRestricted;
    if (allowed && (!capturesOnly || stepCaptures(pos, jumper, target))) out[n++] = jumper | (target << 9);
  }
  return n;
}

/**
 * May the piece on `from` slide in direction `d` to `target` (the squares between empty), under rules
 * with more than plain slides: none of the squares on the way ends its slide, it may stop on
 * `target`, and the slide is within its speed limit.
 */
function slideAllowed(pos: Position, from: number, target: number, d: number): boolean {
  const geo = pos.geo;
  const flags = geo.flags;
  const piece = pos.board[from];
  const key = slideKey(piece, flags[from]);
  if ((flags[target] & geo.noStop[key]) !== 0) return false;
  const block = geo.block[key];
  let distance = 1;
  for (let sq = from + d; sq !== target; sq += d, distance++) if ((flags[sq] & block) !== 0) return false;
  return geo.speed[piece] === 0 || distance <= geo.speed[piece];
}

/** The first non-empty square from `target` in direction `d` (the piece that could slide onto `target` from there). */
function slideBack(board: Int32Array, target: number, d: number): number {
  let from = target + d;
  while (board[from] === EMPTY) from += d;
  return from;
}

/** Is the square `throne` (-1: none) strictly between `target` and `from`, which lie `d` apart along one line? */
function throneBetween(throne: number, target: number, from: number, d: number): boolean {
  if (throne < 0 || (throne - target) % d !== 0) return false;
  const along = (throne - target) / d;
  return along > 0 && along < (from - target) / d;
}
