// The lone king: once the defenders are down to a few men, the king is taken only by a ring (four
// attackers around him off the edge, a closed encirclement, or no move left). These measures give the
// attackers a way to see progress towards one: the squares the king can still get to.

import { ATTACKER_BIT, EMPTY, type Geometry, OFF_BOARD, SQ_CORNER, SQ_EDGE, type Position } from '../engine/index.js';

export class LoneKingMeasures {
  /** Edge squares of the king's region: the squares reached from him through squares free of attackers. */
  regionEdge = 0;
  /** Squares the king reaches in one or two slides. */
  reach = 0;
  /** Per padded square: the stamp of the last region fill that reached it. */
  private readonly inRegion: Uint32Array;
  private regionStamp = 0;
  /** Per padded square: the stamp of the last slide search that reached it. */
  private readonly reached: Uint32Array;
  private reachStamp = 0;
  private readonly queue: Int32Array;
  /** Per padded square: 1 beside a corner, where an attacker is no wall (the king takes him against the corner). */
  private readonly besideCorner: Uint8Array;

  constructor(geo: Geometry) {
    this.inRegion = new Uint32Array(geo.cells);
    this.reached = new Uint32Array(geo.cells);
    this.queue = new Int32Array(geo.cells);
    this.besideCorner = new Uint8Array(geo.cells);
    for (let sq = 0; sq < geo.cells; sq++) {
      if ((geo.flags[sq] & SQ_CORNER) === 0) continue;
      for (let i = 0; i < 4; i++) this.besideCorner[sq + geo.dirs[i]] = 1;
    }
  }

  /** Is `sq` in the king's region of the last measure? */
  regionHolds(sq: number): boolean {
    return this.inRegion[sq] === this.regionStamp;
  }

  /** Measures the king on `king` (defenders step aside, so only attackers and the board's end stop him). */
  measure(pos: Position, king: number): void {
    this.fillRegion(pos, king);
    this.countReach(pos, king);
  }

  private fillRegion(pos: Position, king: number): void {
    const board = pos.board;
    const flags = pos.geo.flags;
    const dirs = pos.geo.dirs;
    const reached = this.inRegion;
    const queue = this.queue;
    const besideCorner = this.besideCorner;
    if (++this.regionStamp === 0xffffffff) {
      reached.fill(0);
      this.regionStamp = 1;
    }
    const stamp = this.regionStamp;
    reached[king] = stamp;
    queue[0] = king;
    let tail = 1;
    let edge = (flags[king] & SQ_EDGE) !== 0 ? 1 : 0;
    for (let head = 0; head < tail; head++) {
      const sq = queue[head];
      for (let i = 0; i < 4; i++) {
        const next = sq + dirs[i];
        if (reached[next] === stamp || (board[next] & OFF_BOARD) !== 0) continue;
        if ((board[next] & ATTACKER_BIT) !== 0 && besideCorner[next] === 0) continue;
        reached[next] = stamp;
        queue[tail++] = next;
        if ((flags[next] & SQ_EDGE) !== 0) edge++;
      }
    }
    this.regionEdge = edge;
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
