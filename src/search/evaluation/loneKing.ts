// The lone king: once the defenders are down to a few men, the king is taken only by a ring (four
// attackers around him off the edge, a closed encirclement, or no move left). These measures give the
// attackers a way to see progress towards one: the squares the king can still get to, the attackers
// near him (or near his men), and the squares his men can still get to.

import { EMPTY, type Geometry, type Position, SQ_CORNER, SQ_THRONE } from '../../engine/index.js';
import { LONE_HUNT_RADIUS } from './weights.js';

export class LoneKingMeasures {
  /** Edge squares of the king's region: the squares reached from him through squares free of attackers. */
  regionEdge = 0;
  /** The squares of the king's region. */
  regionSize = 0;
  /** Squares the king reaches in one or two slides. */
  reach = 0;
  /**
   * The usual values at the lone king's start, which the evaluation counts from: the terms join as
   * the defenders lose their third-last man, and must not change the score by much there, or the
   * attackers would shun that capture (and the defenders seek it). Four corners sealed by diagonals
   * of three shut 20 edge squares; a king in the middle of drawn lone-king games reaches about two
   * thirds of the board's squares within two slides (median 84 of 120 on 11x11), and his region holds
   * about four fifths of the board (median 99 of 121 in the recorded games' first lone-king positions).
   */
  readonly usualRegionEdge: number;
  readonly usualRegionSize: number;
  readonly usualReach: number;
  private readonly size: number;
  private readonly fileIndex: Uint8Array;
  private readonly rankIndex: Uint8Array;
  /** Per rank, a bit per file: the squares the region may grow through (no attacker that walls). */
  private readonly open: Int32Array;
  /** Per rank, a bit per file: the king's region of the last measure. */
  private readonly region: Int32Array;
  /** Per padded square: the stamp of the last slide search that reached it. */
  private readonly reached: Uint32Array;
  private reachStamp = 0;
  /** Per padded square: 1 beside a corner, where an attacker is no wall (the king takes him against the corner). */
  private readonly besideCorner: Uint8Array;

  constructor(geo: Geometry) {
    this.size = geo.size;
    this.usualRegionEdge = 4 * (geo.size - 1) - 20;
    this.usualReach = Math.floor((2 * geo.size * geo.size) / 3);
    this.usualRegionSize = Math.floor((4 * geo.size * geo.size) / 5);
    this.fileIndex = geo.fileIndex;
    this.rankIndex = geo.rankIndex;
    this.open = new Int32Array(geo.size);
    this.region = new Int32Array(geo.size);
    this.reached = new Uint32Array(geo.cells);
    this.besideCorner = new Uint8Array(geo.cells);
    for (let sq = 0; sq < geo.cells; sq++) {
      if ((geo.flags[sq] & SQ_CORNER) === 0) continue;
      for (let i = 0; i < 4; i++) this.besideCorner[sq + geo.dirs[i]] = 1;
    }
  }

  /** Is `sq` in the king's region of the last measure? */
  regionHolds(sq: number): boolean {
    return ((this.region[this.rankIndex[sq]] >>> this.fileIndex[sq]) & 1) !== 0;
  }

  /** Measures the king on `king` (defenders step aside, so only attackers and the board's end stop him). */
  measure(pos: Position, king: number): void {
    this.fillRegion(pos, king);
    this.countReach(pos, king);
  }

  /** The region as a bit mask per rank: grown along ranks and between neighbouring ranks until it stops. */
  private fillRegion(pos: Position, king: number): void {
    const size = this.size;
    const open = this.open;
    const region = this.region;
    open.fill((1 << size) - 1);
    region.fill(0);
    const attackers = pos.pieceList[0];
    const attackerCount = pos.pieceCount[0];
    for (let i = 0; i < attackerCount; i++) {
      const sq = attackers[i];
      if (this.besideCorner[sq] === 0) open[this.rankIndex[sq]] &= ~(1 << this.fileIndex[sq]);
    }
    region[this.rankIndex[king]] = 1 << this.fileIndex[king];
    const last = size - 1;
    for (let changed = true; changed; ) {
      changed = false;
      // Down the ranks, then up, so one sweep carries the region across many ranks.
      for (let step = 0; step < 2 * size; step++) {
        const rank = step < size ? step : 2 * size - 1 - step;
        const row = open[rank];
        const before = region[rank];
        let grown = (before | (rank > 0 ? region[rank - 1] : 0) | (rank < last ? region[rank + 1] : 0)) & row;
        for (;;) {
          const wider = (grown | (grown << 1) | (grown >>> 1)) & row;
          if (wider === grown) break;
          grown = wider;
        }
        if (grown !== before) {
          region[rank] = grown;
          changed = true;
        }
      }
    }
    let edge = bitCount(region[0]) + bitCount(region[last]);
    let squares = edge;
    const sides = 1 | (1 << last);
    for (let rank = 1; rank < last; rank++) {
      edge += bitCount(region[rank] & sides);
      squares += bitCount(region[rank]);
    }
    this.regionEdge = edge;
    this.regionSize = squares;
  }

  /** The king's squares one and two slides away, each counted once (through empty squares only). */
  private countReach(pos: Position, king: number): void {
    const board = pos.board;
    const dirs = pos.geo.dirs;
    const reached = this.reached;
    if (++this.reachStamp === 0xffffffff) {
      reached.fill(0);
      this.reachStamp = 1;
    }
    const stamp = this.reachStamp;
    reached[king] = stamp;
    let count = 0;
    for (let i = 0; i < 4; i++) {
      const d = dirs[i];
      for (let first = king + d; board[first] === EMPTY; first += d) {
        if (reached[first] !== stamp) {
          reached[first] = stamp;
          count++;
        }
        for (let j = (i + 1) & 1; j < 4; j += 2) {
          const e = dirs[j];
          for (let second = first + e; board[second] === EMPTY; second += e) {
            if (reached[second] === stamp) continue;
            reached[second] = stamp;
            count++;
          }
        }
      }
    }
    this.reach = count;
  }
}

/**
 * The attackers near the lone king on `king`, each counted by how near he stands to the nearest hunted
 * piece (LONE_HUNT_RADIUS less his steps): the king, and with `men` his men too, what is left to take
 * once he is caged.
 */
export function hunters(pos: Position, king: number, men: boolean): number {
  const fileIndex = pos.geo.fileIndex;
  const rankIndex = pos.geo.rankIndex;
  const attackers = pos.pieceList[0];
  const attackerCount = pos.pieceCount[0];
  const defenders = pos.pieceList[1];
  const hunted = men ? pos.pieceCount[1] : 0;
  const kingFile = fileIndex[king];
  const kingRank = rankIndex[king];
  let near = 0;
  for (let i = 0; i < attackerCount; i++) {
    const sq = attackers[i];
    const file = fileIndex[sq];
    const rank = rankIndex[sq];
    let steps = Math.min(LONE_HUNT_RADIUS, Math.abs(file - kingFile) + Math.abs(rank - kingRank));
    for (let j = 0; j < hunted; j++) {
      const to = defenders[j];
      steps = Math.min(steps, Math.abs(file - fileIndex[to]) + Math.abs(rank - rankIndex[to]));
    }
    near += LONE_HUNT_RADIUS - steps;
  }
  return near;
}

/** The squares the defenders' men (not the king) reach in one slide. */
export function menMobility(pos: Position): number {
  const board = pos.board;
  const dirs = pos.geo.dirs;
  const flags = pos.geo.flags;
  const defenders = pos.pieceList[1];
  let squares = 0;
  for (let i = 0; i < pos.pieceCount[1]; i++) {
    const from = defenders[i];
    if (from === pos.kingSq) continue;
    for (let j = 0; j < 4; j++) {
      const d = dirs[j];
      // Only the king stops on corners and the throne; a man passes the empty throne but cannot stop there.
      for (let to = from + d; board[to] === EMPTY; to += d) if ((flags[to] & (SQ_CORNER | SQ_THRONE)) === 0) squares++;
    }
  }
  return squares;
}

function bitCount(bits: number): number {
  let v = bits - ((bits >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
