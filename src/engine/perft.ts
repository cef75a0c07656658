// Perft (RULES.md section 7): the leaves of the tree of legal turns, each berserk chain prefix a turn.

import { countTurnsBulk, generateSteps } from './movegen.js';
import { NO_SQUARE } from './geometry.js';
import type { Position } from './position.js';

/** Room for the steps of every level of the recursion: enough for 19x19 at any sensible depth. */
const STACK_SIZE = 1 << 20;

export interface PerftOptions {
  /** Make and unmake every leaf instead of counting the last ply. */
  full?: boolean;
}

export class Perft {
  private readonly steps = new Int32Array(STACK_SIZE);
  private readonly bulk: boolean;

  constructor(private readonly pos: Position, options: PerftOptions = {}) {
    const rules = pos.rules;
    this.bulk = !options.full && !rules.berserk && rules.repetition !== 'forbidden';
  }

  /** Leaves `depth` turns deep from the current position. */
  count(depth: number): number {
    this.pos.setOccupancyTracking(this.bulk);
    const leaves = this.node(depth, 0);
    this.pos.setOccupancyTracking(false);
    return leaves;
  }

  /** Each legal first step with the leaves below it (berserk runs: by first step of the chain). */
  divide(depth: number): { step: number; nodes: number }[] {
    const n = generateSteps(this.pos, this.steps, 0);
    const result: { step: number; nodes: number }[] = [];
    this.pos.setOccupancyTracking(this.bulk);
    for (let i = 0; i < n; i++) {
      const step = this.steps[i];
      this.pos.makeStep(step);
      result.push({ step, nodes: this.after(depth, n) });
      this.pos.unmakeStep();
    }
    this.pos.setOccupancyTracking(false);
    return result;
  }

  private node(depth: number, sp: number): number {
    const pos = this.pos;
    if (depth === 0) return 1;
    if (this.bulk && depth === 1 && pos.berserker === NO_SQUARE) return countTurnsBulk(pos);
    const n = generateSteps(pos, this.steps, sp);
    let total = 0;
    for (let i = sp; i < sp + n; i++) {
      pos.makeStep(this.steps[i]);
      total += this.after(depth, sp + n);
      pos.unmakeStep();
    }
    return total;
  }

  /** After a step: mid-run the turn goes on at the same depth; otherwise one turn is done. */
  private after(depth: number, sp: number): number {
    if (this.pos.berserker !== NO_SQUARE) return this.node(depth, sp);
    return depth === 1 ? 1 : this.node(depth - 1, sp);
  }
}
