// The principal variations of the nodes on the current path: row p holds the best line found so far
// from ply p (steps p..length[p]-1), built from the child's row when a step raises alpha.

import { MAX_PLY } from './params.js';

export class PvTable {
  private readonly table = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly length = new Int32Array(MAX_PLY);

  /** A node at `ply` starts with an empty line. */
  clear(ply: number): void {
    this.length[ply] = ply;
  }

  /** `step` is the best at `ply` so far: its line is the step and then the child's line. */
  update(ply: number, step: number): void {
    const pv = this.table;
    const row = ply * MAX_PLY;
    const childRow = row + MAX_PLY;
    pv[row + ply] = step;
    const childLength = this.length[ply + 1];
    for (let k = ply + 1; k < childLength; k++) pv[row + k] = pv[childRow + k];
    this.length[ply] = Math.max(childLength, ply + 1);
  }

  /** The line of the root step `step` just searched: the step and the line of the node after it. */
  rootLine(step: number): number[] {
    const line = [step];
    for (let k = 1; k < this.length[1]; k++) line.push(this.table[MAX_PLY + k]);
    return line;
  }
}
