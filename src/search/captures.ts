// Capturing steps only, for the quiescence search: found backwards from the empty squares next to an
// enemy piece (every capture lands next to its victim), then confirmed with stepCaptures. The same
// steps generateSteps would give, minus the non-captures; captures never repeat a position, so the
// `forbidden` repetition filter never removes one. Hot code: no allocation.

import {
  EMPTY, KING, SIDE_MASK, SQ_RESTRICTED, SQ_THRONE, stepCaptures, TYPE_MASK, type Position,
} from '../engine/index.js';

export class CaptureGenerator {
  readonly cells: number;
  private readonly stamp: Uint32Array;
  private stampCounter = 0;

  constructor(cells: number) {
    this.cells = cells;
    this.stamp = new Uint32Array(cells);
  }

  /**
   * Writes the capturing steps of the side to move into `out` from `offset`; returns their number.
   * Only for positions without an open run (mid-run, generateSteps lists the continuations).
   */
  generate(pos: Position, out: Int32Array, offset: number): number {
    if (++this.stampCounter === 0xffffffff) {
      this.stamp.fill(0);
      this.stampCounter = 1;
    }
    const mark = this.stampCounter;
    const stamp = this.stamp;
    const board = pos.board;
    const dirs = pos.geo.dirs;
    const enemies = pos.pieceList[pos.side ^ 1];
    const enemyCount = pos.pieceCount[pos.side ^ 1];
    let n = offset;
    for (let i = 0; i < enemyCount; i++) {
      const victim = enemies[i];
      for (let j = 0; j < 4; j++) {
        const target = victim + dirs[j];
        if (board[target] !== EMPTY || stamp[target] === mark) continue;
        stamp[target] = mark;
        n = this.stepsInto(pos, target, out, n);
      }
    }
    return n - offset;
  }

  /** The capturing steps of the side to move that land on the empty square `target`. */
  private stepsInto(pos: Position, target: number, out: Int32Array, n: number): number {
    const board = pos.board;
    const flags = pos.geo.flags;
    const dirs = pos.geo.dirs;
    const rules = pos.rules;
    const myBit = pos.side + 1;
    const targetRestricted = (flags[target] & SQ_RESTRICTED) !== 0;
    for (let j = 0; j < 4; j++) {
      const d = dirs[j];
      let from = target + d;
      let crossedThrone = false;
      while (board[from] === EMPTY) {
        if ((flags[from] & SQ_THRONE) !== 0) crossedThrone = true;
        from += d;
      }
      const piece = board[from];
      if ((piece & SIDE_MASK) === myBit) {
        const legal = piece === KING || (!targetRestricted && !(crossedThrone && rules.throneKingOnly));
        if (legal && stepCaptures(pos, from, target)) out[n++] = from | (target << 9);
      }
      if (!rules.jumps) continue;
      // A jump onto the target from two squares away, over an ordinary piece.
      const over = board[target + d];
      if ((over & SIDE_MASK) === 0 || (over & TYPE_MASK) !== 0) continue;
      if ((over & SIDE_MASK) === myBit && !rules.jumpOverOwn) continue;
      const jumper = target + d + d;
      const jumperPiece = board[jumper];
      if ((jumperPiece & SIDE_MASK) !== myBit || (jumperPiece & TYPE_MASK) === 0) continue;
      const allowed = jumperPiece === KING ? ((flags[jumper] | flags[target]) & SQ_RESTRICTED) !== 0 : !targetRestricted;
      if (allowed && stepCaptures(pos, jumper, target)) out[n++] = jumper | (target << 9);
    }
    return n;
  }
}
