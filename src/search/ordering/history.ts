// What the search learns about quiet steps from its cut-offs: two killers per ply (quiet steps that
// cut off a sibling node) and a history score per side, from and to square. Both order the quiet
// steps of later nodes (stepPicker.ts).

import { END_RUN, type Side } from '../../engine/index.js';
import { HISTORY_MAX, MAX_PLY, ORDER_KILLER } from '../params.js';

export class QuietHistory {
  /** Per ply: the last two quiet steps that cut off there, newest first. */
  readonly killers = new Int32Array(MAX_PLY * 2);
  /** side * cells² + from * cells + to: sized to the board, to stay in cache. */
  table = new Int32Array(0);
  cells = 0;
  /** No cut-off has written the table since it was cleared (all zeros: age() has nothing to do). */
  private cleared = true;

  /** Sizes the table to a board of `cells` padded squares (cleared when the size changes). */
  fitBoard(cells: number): void {
    if (this.cells === cells) return;
    this.cells = cells;
    this.table = new Int32Array(2 * cells * cells);
    this.cleared = true;
  }

  clear(): void {
    this.table.fill(0);
    this.killers.fill(0);
    this.cleared = true;
  }

  /** At the start of a search: old history counts for less, and killers belong to other positions. */
  age(): void {
    const table = this.table;
    if (!this.cleared) for (let i = 0; i < table.length; i++) table[i] >>= 3;
    this.killers.fill(0);
  }

  /**
   * A quiet `step` of `side` cut off at `ply`: it becomes a killer and gains history; the quiet steps
   * tried before it at that node (steps[first..index), those ordered below the killers) lose some.
   */
  rewardCutoff(
    side: Side,
    step: number,
    ply: number,
    depth: number,
    steps: Int32Array,
    order: Int32Array,
    first: number,
    index: number,
  ): void {
    const killers = this.killers;
    const k = ply * 2;
    if (killers[k] !== step) {
      killers[k + 1] = killers[k];
      killers[k] = step;
    }
    const table = this.table;
    this.cleared = false;
    const bonus = depth * depth;
    const cells = this.cells;
    const base = side * cells * cells;
    const slot = base + (step & 511) * cells + (step >>> 9);
    const value = table[slot] + bonus;
    table[slot] = value > HISTORY_MAX ? HISTORY_MAX : value;
    for (let j = first; j < index; j++) {
      const tried = steps[j];
      if (order[j] >= ORDER_KILLER || tried === END_RUN) continue;
      const triedSlot = base + (tried & 511) * cells + (tried >>> 9);
      const lowered = table[triedSlot] - bonus;
      table[triedSlot] = lowered < -HISTORY_MAX ? -HISTORY_MAX : lowered;
    }
  }
}
