// Captures of one step (RULES.md sections 3, 4, 8.1-8.4), decided on the board as it stands just
// after the piece lands: custodial, hostile squares, the king's strength, commanders, shield walls
// and the knight's jump. Hot code: integers only, no allocation.

import { Mem } from './layout.js';
import type { PositionView } from './positionView.js';
import type { RuleSet } from './rules.js';
import {
  ATT_COMMANDER,
  ATTACKER_BIT,
  DEFENDER_BIT,
  EMPTY,
  KING,
  OFF_BOARD,
  SIDE_MASK,
  SQ_CORNER,
  SQ_EDGE,
  SQ_FORT,
  SQ_RESTRICTED,
  SQ_THRONE,
  TYPE_KNIGHT,
  TYPE_MASK,
} from './types.js';

/** Is an enemy (side bit `enemyBit`) next to `to`? Every capture of a piece landing there takes one. */
export function enemyNextTo(m: Int32Array, to: number, enemyBit: number, stride: number): boolean {
  // The board indexed without Mem.Board (0): fewer bytes of bytecode for V8's inlining budgets (makeStep).
  return ((m[to + 1] | m[to - 1] | m[to + stride] | m[to - stride]) & enemyBit) !== 0;
}

/**
 * A quick, conservative test on the board after a step that landed `piece` on `to` next to an enemy
 * (enemyNextTo): false when it surely captures nothing. A capture takes that enemy custodially with a
 * friend or a restricted square beyond it, the king by whatever surrounds him, and the rest only on an
 * edge next to an enemy with a friend in front (shield wall) or by the knight's jump (over that enemy).
 * At Copenhagen perft 4's leaves, 294,312 of the 17.2 M steps next to an enemy capture, and this test
 * lets through 3,616 others.
 */
export function mayCapture(m: Int32Array, to: number, piece: number, stride: number, shieldWall: boolean): boolean {
  const myBit = piece & SIDE_MASK;
  const enemyBit = myBit ^ SIDE_MASK;
  if ((piece & TYPE_MASK) === TYPE_KNIGHT) return true;
  return (
    flanked(m, to, 1, myBit, enemyBit) ||
    flanked(m, to, -1, myBit, enemyBit) ||
    flanked(m, to, stride, myBit, enemyBit) ||
    flanked(m, to, -stride, myBit, enemyBit) ||
    (shieldWall === true && (m[Mem.Flags + to] & SQ_EDGE) !== 0 && mayCloseWall(m, to, stride, myBit, enemyBit))
  );
}

/**
 * May a step onto the edge square `to` close a shield wall (findShieldWalls)? Its first member, next to
 * `to` along the edge, is an enemy with a friend in front. Most edge landings next to an enemy find none:
 * at Copenhagen perft 4's leaves, 3,616 of the 687,416 that capture nothing.
 */
function mayCloseWall(m: Int32Array, to: number, stride: number, myBit: number, enemyBit: number): boolean {
  return (
    fronted(m, to + 1, stride, myBit, enemyBit) ||
    fronted(m, to - 1, stride, myBit, enemyBit) ||
    fronted(m, to + stride, 1, myBit, enemyBit) ||
    fronted(m, to - stride, 1, myBit, enemyBit)
  );
}

/**
 * An enemy on `sq` with a friend on either side across `across` (the off-board one is never a friend).
 * The board indexed without Mem.Board (0), as in enemyNextTo.
 */
function fronted(m: Int32Array, sq: number, across: number, myBit: number, enemyBit: number): boolean {
  return (m[sq] & enemyBit) !== 0 && ((m[sq + across] | m[sq - across]) & myBit) !== 0;
}

/** An enemy on to + d with a friend, a restricted square or fort, or nothing needed (the king) beyond it. */
function flanked(m: Int32Array, to: number, d: number, myBit: number, enemyBit: number): boolean {
  const victim = m[Mem.Board + to + d];
  if ((victim & enemyBit) === 0) return false;
  return victim === KING || (m[Mem.Board + to + 2 * d] & myBit) !== 0 || (m[Mem.Flags + to + 2 * d] & (SQ_RESTRICTED | SQ_FORT)) !== 0;
}

/**
 * Writes the squares captured by `piece` landing on `to` (coming from `from`) into `out` and
 * returns how many. The board must show the step made: `from` empty, the piece on `to`.
 */
export function findCaptures(pos: PositionView, from: number, to: number, piece: number, out: Int32Array): number {
  const m = pos.memory;
  const myBit = piece & SIDE_MASK;
  const enemyBit = myBit ^ SIDE_MASK;
  let n = 0;
  if (piece === KING && pos.rules.kingArmed !== true) return 0;
  // The four directions of geo.dirs (stride, 1, -stride, -1) written out: in a loop V8 checks the
  // typed arrays again in every round (docs/history.md, "Speed: the rules core").
  const stride = pos.geo.stride;
  if (takes(pos, m, to + stride, stride, piece, myBit)) out[n++] = to + stride;
  if (takes(pos, m, to + 1, 1, piece, myBit)) out[n++] = to + 1;
  if (takes(pos, m, to - stride, -stride, piece, myBit)) out[n++] = to - stride;
  if (takes(pos, m, to - 1, -1, piece, myBit)) out[n++] = to - 1;

  // The knight's jump takes the jumped enemy (a jump over a friend never captures).
  if ((piece & TYPE_MASK) === TYPE_KNIGHT) {
    const delta = to - from;
    if (delta === 2 || delta === -2 || delta === 2 * pos.geo.stride || delta === -2 * pos.geo.stride) {
      const mid = (from + to) >> 1;
      if ((m[Mem.Board + mid] & enemyBit) !== 0) out[n++] = mid;
    }
  }

  // The rules' flags tested as strict booleans: compiled code otherwise tests them as values of any type.
  if (pos.rules.shieldWall === true) {
    if (pos.rules.shieldWallAnyStep === true) n = findAllShieldWalls(pos, myBit, out, n);
    else if ((m[Mem.Flags + to] & SQ_EDGE) !== 0) n = findShieldWalls(pos, to, myBit, out, n);
  }
  if (pos.rules.linnaeanCapture === true && myBit === ATTACKER_BIT) n = findLinnaean(pos, to, out, n);
  return n;
}

/** Does `piece` (side bit `myBit`), landed next to `nb` in direction `d`, take the piece on `nb`? */
function takes(pos: PositionView, m: Int32Array, nb: number, d: number, piece: number, myBit: number): boolean {
  const victim = m[Mem.Board + nb];
  const enemyBit = myBit ^ SIDE_MASK;
  if ((victim & enemyBit) === 0) return false;
  if (victim === KING) return myBit === ATTACKER_BIT && kingCaptured(pos, nb, d, piece);
  const beyond = nb + d;
  const anvil = m[Mem.Board + beyond];
  if ((anvil & myBit) !== 0 && (anvil !== KING || pos.rules.kingArmed === true)) return true;
  const f = m[Mem.Flags + beyond];
  return (
    (f & SQ_CORNER) !== 0 ||
    ((f & SQ_THRONE) !== 0 && throneHostile(pos.rules, enemyBit, anvil)) ||
    ((f & SQ_FORT) !== 0 && fortHostile(pos.rules, enemyBit))
  );
}

/** Linnaean capture: `to` two squares from the throne, the king on it, attackers on its other three sides. */
function findLinnaean(pos: PositionView, to: number, out: Int32Array, n: number): number {
  const throne = pos.geo.throne;
  const board = pos.board;
  if (throne < 0 || board[throne] !== KING) return n;
  const dirs = pos.geo.dirs;
  for (let i = 0; i < 4; i++) {
    if (to !== throne + 2 * dirs[i]) continue;
    const target = throne + dirs[i];
    if ((board[target] & DEFENDER_BIT) === 0) return n;
    for (let j = 0; j < 4; j++) if (j !== i && (board[throne + dirs[j]] & ATTACKER_BIT) === 0) return n;
    out[n++] = target;
    return n;
  }
  return n;
}

/** The king at `k`, an attacker `piece` having landed on the square before it in direction `d`. */
function kingCaptured(pos: PositionView, k: number, d: number, piece: number): boolean {
  const board = pos.board;
  const flags = pos.geo.flags;
  const rules = pos.rules;
  const nearThrone = (flags[k] & SQ_THRONE) !== 0 || (pos.geo.throne >= 0 && isNeighbour(pos, k, pos.geo.throne));
  const beyond = k + d;
  if (rules.commandersCaptureKing && piece === ATT_COMMANDER) {
    const offThrone = rules.commandersNextToThrone ? ((flags[k] | flags[beyond]) & SQ_THRONE) === 0 : !nearThrone;
    const hostileCorner = (flags[beyond] & SQ_CORNER) !== 0 && rules.cornersHostileToKing;
    if (offThrone && (board[beyond] === ATT_COMMANDER || hostileCorner)) return true;
  }
  if (rules.king === 'weak' || (rules.king === 'mixed' && !nearThrone)) {
    const anvil = board[beyond];
    return (anvil & ATTACKER_BIT) !== 0 || hostileToKing(rules, flags[beyond], anvil);
  }
  // Strong: attackers (or hostile squares) on all four sides; middleweight: on every side he has.
  const dirs = pos.geo.dirs;
  const offBoardCloses = rules.king === 'middleweight';
  for (let i = 0; i < 4; i++) {
    const s = k + dirs[i];
    const v = board[s];
    if ((v & ATTACKER_BIT) !== 0 || (v === OFF_BOARD && offBoardCloses)) continue;
    if (v !== OFF_BOARD && hostileToKing(rules, flags[s], v)) continue;
    return false;
  }
  return rules.ringWithCommanders || !attackersHaveCommander(pos);
}

/** Does a square with flags `f`, holding `occupant` (not an attacker), close a side of the king? */
function hostileToKing(rules: RuleSet, f: number, occupant: number): boolean {
  return (
    ((f & SQ_CORNER) !== 0 && rules.cornersHostileToKing) ||
    ((f & SQ_THRONE) !== 0 && occupant === EMPTY && rules.emptyThroneHostileToKing) ||
    ((f & SQ_FORT) !== 0 && fortHostile(rules, DEFENDER_BIT))
  );
}

/** Is a fort square (whoever stands on it) hostile to a victim of side bit `victimBit`? (OpenTafl: the king as a defender.) */
function fortHostile(rules: RuleSet, victimBit: number): boolean {
  const forts = rules.forts;
  return forts !== undefined && forts.hostile.includes(victimBit === ATTACKER_BIT ? 't' : 'T');
}

function attackersHaveCommander(pos: PositionView): boolean {
  const list = pos.pieceList[0];
  const board = pos.board;
  for (let i = pos.pieceCount[0] - 1; i >= 0; i--) if (board[list[i]] === ATT_COMMANDER) return true;
  return false;
}

/** Is the throne (empty, or holding the king: `anvil`) hostile to a victim of side bit `victimBit`? */
function throneHostile(rules: RuleSet, victimBit: number, anvil: number): boolean {
  if (anvil === EMPTY) return victimBit === ATTACKER_BIT ? rules.emptyThroneHostileToAttackers : rules.emptyThroneHostileToDefenders;
  return victimBit === ATTACKER_BIT && rules.throneHostileToAttackers;
}

function isNeighbour(pos: PositionView, a: number, b: number): boolean {
  const delta = a - b;
  return delta === 1 || delta === -1 || delta === pos.geo.stride || delta === -pos.geo.stride;
}

/**
 * Shield walls (section 3, 8.4): from the landing square on the edge, in each direction along the
 * edge, the maximal run of two or more enemies closed at the far end by a corner or a friend,
 * each member with a friend in front of it. Members other than the king are captured.
 */
function findShieldWalls(pos: PositionView, to: number, myBit: number, out: Int32Array, n: number): number {
  const geo = pos.geo;
  const stride = geo.stride;
  const last = geo.size - 1;
  const file = geo.fileIndex[to];
  const rank = geo.rankIndex[to];
  // The edges `to` lies on (the first rank, the last, file a, the last file), each way along them.
  if (rank === 0) n = wallRun(pos, to, stride, 1, myBit, out, wallRun(pos, to, stride, -1, myBit, out, n));
  if (rank === last) n = wallRun(pos, to, -stride, 1, myBit, out, wallRun(pos, to, -stride, -1, myBit, out, n));
  if (file === 0) n = wallRun(pos, to, 1, stride, myBit, out, wallRun(pos, to, 1, -stride, myBit, out, n));
  if (file === last) n = wallRun(pos, to, -1, stride, myBit, out, wallRun(pos, to, -1, -stride, myBit, out, n));
  return n;
}

/**
 * findShieldWalls along one edge one way (`a`, from `to`; `inward` off the edge): the run of two or
 * more enemies, each with a friend in front, closed by a friend or a corner; its members but the king
 * are written into `out` from `n`. Returns the new end.
 */
function wallRun(pos: PositionView, to: number, inward: number, a: number, myBit: number, out: Int32Array, n: number): number {
  const board = pos.board;
  const enemyBit = myBit ^ SIDE_MASK;
  let s = to + a;
  let length = 0;
  let fronted = true;
  while ((board[s] & enemyBit) !== 0) {
    if ((board[s + inward] & myBit) === 0) fronted = false;
    s += a;
    length++;
  }
  if (length < 2 || !fronted) return n;
  if ((board[s] & myBit) === 0 && (pos.geo.flags[s] & SQ_CORNER) === 0) return n;
  for (let m = to + a; m !== s; m += a) if (board[m] !== KING) out[n++] = m;
  return n;
}

/**
 * OpenTafl's relaxed shield walls: on every edge, each run of two or more enemies with a friend in
 * front of every member, closed at both ends by a friend or a corner, whatever step closed it.
 * Members other than the king are captured.
 */
function findAllShieldWalls(pos: PositionView, myBit: number, out: Int32Array, n: number): number {
  const board = pos.board;
  const flags = pos.geo.flags;
  const stride = pos.geo.stride;
  const size = pos.geo.size;
  const enemyBit = myBit ^ SIDE_MASK;
  const a1 = stride + 1;
  for (let edge = 0; edge < 4; edge++) {
    // Rank 1, the top rank, file a, the last file: the first square, the step along, the step inwards.
    const first = edge === 1 ? size * stride + 1 : edge === 3 ? a1 + size - 1 : a1;
    const along = edge < 2 ? 1 : stride;
    const inward = edge === 0 ? stride : edge === 1 ? -stride : edge === 2 ? 1 : -1;
    // The square after the last closer seen, or -1 while no run is open.
    let runStart = -1;
    let sq = first;
    for (let i = 0; i < size; i++, sq += along) {
      const v = board[sq];
      if ((v & myBit) !== 0 || (flags[sq] & SQ_CORNER) !== 0) {
        if (runStart >= 0 && sq - runStart >= 2 * along) {
          for (let m = runStart; m !== sq; m += along) if (board[m] !== KING) out[n++] = m;
        }
        runStart = sq + along;
      } else if ((v & enemyBit) === 0 || (board[sq + inward] & myBit) === 0) {
        runStart = -1;
      }
    }
  }
  return n;
}
