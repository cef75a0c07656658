// The engine's findCaptures (src/engine/capture.ts) over the arena, for the kernels that try steps with
// it (captureSteps.ts, steps.ts, ordering.ts) and for the engine itself: its
// Position takes findCaptures and continuations as its capture kernels (Position.useCaptureKernel), so
// that makeStep and stepCaptures need no call into JavaScript's rules. The rule set's constants are
// in the Captures slot (CaptureSlot; arena.ts's captureRules writes them, and says which rule sets the
// kernel does not cover); the squares found are written after them.

import { CaptureSlot, KingRule } from '../arenaLayout';
import {
  ATT_COMMANDER,
  ATTACKER_BIT,
  CAPTURES,
  DEFENDER_BIT,
  direction,
  EMPTY,
  flagsAt,
  KING,
  OFF_BOARD,
  pieceAt,
  SIDE_MASK,
  SQ_CORNER,
  SQ_OFF,
  SQ_THRONE,
  setPiece,
  TYPE_KNIGHT,
  TYPE_MASK,
} from './board';

const SLOT = CAPTURES;

/** The rule set's constant `index` (CaptureSlot). */
function rule(index: i32): i32 {
  return load<i32>(SLOT + (index << 2));
}

/** Appends the square at byte address `at` to the squares found, the `n`th; returns n + 1. */
function found(n: i32, at: i32): i32 {
  store<i32>(SLOT + ((CaptureSlot.Found + n) << 2), at >> 2);
  return n + 1;
}

/**
 * findCaptures: the squares captured by the piece stepping from square `from` to square `to`, written
 * from CaptureSlot.Found; returns how many. `tried` 0: the step is made; 1: the piece still stands on
 * `from`, and stands on `to` only during the tests (stepCaptures).
 */
export function findCaptures(from: i32, to: i32, tried: i32): i32 {
  const fromAt = from << 2;
  const toAt = to << 2;
  const piece = pieceAt(tried !== 0 ? fromAt : toAt);
  if (tried !== 0) {
    setPiece(fromAt, EMPTY);
    setPiece(toAt, piece);
  }
  const n = piece === rule(CaptureSlot.UnarmedKing) ? 0 : capturesOf(fromAt, toAt, piece);
  if (tried !== 0) {
    setPiece(toAt, EMPTY);
    setPiece(fromAt, piece);
  }
  return n;
}

function capturesOf(fromAt: i32, toAt: i32, piece: i32): i32 {
  const myBit = piece & SIDE_MASK;
  const stride = rule(CaptureSlot.StrideBytes);
  // The mover's entries of the pairs (side bit 1 or 2).
  const hostileEmpty = rule(CaptureSlot.HostileEmpty + myBit - 1);
  const hostileOccupied = rule(CaptureSlot.HostileOccupied + myBit - 1);
  let n = 0;
  n = custodial(toAt, stride, piece, stride, hostileEmpty, hostileOccupied, n);
  n = custodial(toAt, 4, piece, stride, hostileEmpty, hostileOccupied, n);
  n = custodial(toAt, -stride, piece, stride, hostileEmpty, hostileOccupied, n);
  n = custodial(toAt, -4, piece, stride, hostileEmpty, hostileOccupied, n);
  // The knight's jump takes the jumped enemy.
  if ((piece & TYPE_MASK) === TYPE_KNIGHT) {
    const delta = toAt - fromAt;
    if (delta === 8 || delta === -8 || delta === 2 * stride || delta === -2 * stride) {
      const jumpedAt = (fromAt + toAt) >> 1;
      if ((pieceAt(jumpedAt) & (myBit ^ SIDE_MASK)) !== 0) n = found(n, jumpedAt);
    }
  }
  if ((flagsAt(toAt) & rule(CaptureSlot.WallFlag)) !== 0) n = shieldWalls(toAt, myBit, n);
  if (rule(CaptureSlot.Linnaean) !== 0 && myBit === ATTACKER_BIT) n = linnaean(toAt, n);
  return n;
}

/** capture.ts's takes: the piece landed on `toAt` takes the enemy beside it along `d`? Appended if so. */
function custodial(toAt: i32, d: i32, piece: i32, stride: i32, hostileEmpty: i32, hostileOccupied: i32, n: i32): i32 {
  const myBit = piece & SIDE_MASK;
  const victimAt = toAt + d;
  const victim = pieceAt(victimAt);
  if ((victim & (myBit ^ SIDE_MASK)) === 0) return n;
  if (victim === KING) return myBit === ATTACKER_BIT && kingCaptured(victimAt, d, piece, stride) ? found(n, victimAt) : n;
  // An anvil: a piece of the mover's side, but an unarmed king; or a square hostile to the victim.
  const beyondAt = victimAt + d;
  const anvil = pieceAt(beyondAt);
  if ((anvil & myBit) !== 0 && anvil !== rule(CaptureSlot.UnarmedKing)) return found(n, victimAt);
  return (flagsAt(beyondAt) & (anvil === EMPTY ? hostileEmpty : hostileOccupied)) !== 0 ? found(n, victimAt) : n;
}

/** Does the square at `at`, holding `occupant` (no attacker), close a side of the king? */
function hostileToKing(at: i32, occupant: i32): bool {
  return (flagsAt(at) & rule(occupant === EMPTY ? CaptureSlot.KingHostileEmpty : CaptureSlot.KingHostileOccupied)) !== 0;
}

/** capture.ts's kingCaptured: the king at `kingAt` taken, the attacker `piece` come from the other side (kingAt less `d`)? */
function kingCaptured(kingAt: i32, d: i32, piece: i32, stride: i32): bool {
  const kingFlags = flagsAt(kingAt);
  const fromThrone = kingAt - rule(CaptureSlot.Throne);
  const nearThrone =
    (kingFlags & SQ_THRONE) !== 0 || fromThrone === 4 || fromThrone === -4 || fromThrone === stride || fromThrone === -stride;
  const beyondAt = kingAt + d;
  // Two commanders (or a commander and a hostile corner) take him off the throne.
  if (rule(CaptureSlot.CommandersCaptureKing) !== 0 && piece === ATT_COMMANDER) {
    const offThrone = rule(CaptureSlot.CommandersNextToThrone) !== 0 ? ((kingFlags | flagsAt(beyondAt)) & SQ_THRONE) === 0 : !nearThrone;
    if (offThrone && (pieceAt(beyondAt) === ATT_COMMANDER || (flagsAt(beyondAt) & rule(CaptureSlot.CornerHostileToKing)) !== 0))
      return true;
  }
  // Weak (mixed away from the throne): an attacker or a hostile square beyond him.
  const mode = rule(CaptureSlot.King);
  if (mode === KingRule.Weak || (mode === KingRule.Mixed && !nearThrone)) {
    const anvil = pieceAt(beyondAt);
    return (anvil & ATTACKER_BIT) !== 0 || hostileToKing(beyondAt, anvil);
  }
  // Strong: every side closed (middleweight: the board's border closes one too).
  for (let ray = 0; ray < 4; ray++) {
    const sideAt = kingAt + direction(ray);
    const occupant = pieceAt(sideAt);
    if ((occupant & ATTACKER_BIT) !== 0 || (occupant === OFF_BOARD && mode === KingRule.Middleweight)) continue;
    if (!hostileToKing(sideAt, occupant)) return false;
  }
  return true;
}

/** capture.ts's findShieldWalls: for each edge of the wall table the landing square lies on, its runs both ways. */
function shieldWalls(toAt: i32, myBit: i32, n: i32): i32 {
  for (let edge = 0; edge < 12; edge += 3) {
    const entry = CaptureSlot.WallTable + edge;
    if ((flagsAt(toAt + rule(entry)) & SQ_OFF) === 0) continue;
    const inward = rule(entry + 1);
    const along = rule(entry + 2);
    n = wallRun(toAt, inward, along, myBit, n);
    n = wallRun(toAt, inward, -along, myBit, n);
  }
  return n;
}

/**
 * capture.ts's wallRun: the run of two or more enemies from `toAt` along `along`, each with a friend in
 * front (`inward`), closed by a friend or a corner; its members but the king appended.
 */
function wallRun(toAt: i32, inward: i32, along: i32, myBit: i32, n: i32): i32 {
  const enemyBit = myBit ^ SIDE_MASK;
  let endAt = toAt + along;
  let length = 0;
  while ((pieceAt(endAt) & enemyBit) !== 0) {
    // A member without a friend in front: the run takes nothing (most runs end so).
    if ((pieceAt(endAt + inward) & myBit) === 0) return n;
    endAt += along;
    length++;
  }
  if (length < 2 || ((pieceAt(endAt) & myBit) === 0 && (flagsAt(endAt) & SQ_CORNER) === 0)) return n;
  for (let memberAt = toAt + along; memberAt !== endAt; memberAt += along) if (pieceAt(memberAt) !== KING) n = found(n, memberAt);
  return n;
}

/** capture.ts's findLinnaean: `toAt` two squares from the throne, the king on it, attackers on its other three sides. */
function linnaean(toAt: i32, n: i32): i32 {
  const throneAt = rule(CaptureSlot.Throne);
  if (throneAt < 0 || pieceAt(throneAt) !== KING) return n;
  for (let ray = 0; ray < 4; ray++) {
    const d = direction(ray);
    if (toAt !== throneAt + 2 * d) continue;
    if ((pieceAt(throneAt + d) & DEFENDER_BIT) === 0) return n;
    for (let other = 0; other < 4; other++) if (other !== ray && (pieceAt(throneAt + direction(other)) & ATTACKER_BIT) === 0) return n;
    return found(n, throneAt + d);
  }
  return n;
}
