// Late-move reductions: how many turns less a late quiet step is first searched with. The base grows
// with the logarithms of the depth and of the step's place in the order, and is adjusted by the node's
// kind, whether its side's evaluation is improving and the step's history.

import { HISTORY_REDUCTION_DIVISOR } from './params.js';

const MAX_REDUCTION_DEPTH = 64;
const MAX_REDUCTION_MOVE = 256;

const baseReduction = (depth: number, move: number): number => Math.floor(0.75 + (Math.log(depth) * Math.log(move)) / 2.5);

/**
 * Base reduction by depth (turns) and move number, as turns. A row never falls as the move number
 * grows, so each run of equal values is found by bisection and filled at once: every thread's start-up
 * computes this table, and one formula call per entry cost about 30 M instructions.
 */
const TABLE = (() => {
  const table = new Uint8Array(MAX_REDUCTION_DEPTH * MAX_REDUCTION_MOVE);
  for (let depth = 1; depth < MAX_REDUCTION_DEPTH; depth++) {
    const row = depth * MAX_REDUCTION_MOVE;
    for (let move = 1; move < MAX_REDUCTION_MOVE; ) {
      const value = baseReduction(depth, move);
      let last = move;
      let beyond = MAX_REDUCTION_MOVE;
      while (beyond - last > 1) {
        const middle = (last + beyond) >> 1;
        if (baseReduction(depth, middle) === value) last = middle;
        else beyond = middle;
      }
      table.fill(value, row + move, row + last + 1);
      move = last + 1;
    }
  }
  return table;
})();

/**
 * The reduction (turns) of the `moveNumber`-th step (from 0), a quiet one ending the turn, of a node
 * `depth` turns from the horizon: less in a principal-variation node, more where the evaluation is not
 * improving, less or more (at most two turns) by the step's history. The reduced search is at least
 * one turn deep.
 */
export function lateReduction(depth: number, moveNumber: number, pvNode: boolean, improving: boolean, history: number): number {
  const d = depth < MAX_REDUCTION_DEPTH ? depth : MAX_REDUCTION_DEPTH - 1;
  const m = moveNumber < MAX_REDUCTION_MOVE ? moveNumber : MAX_REDUCTION_MOVE - 1;
  let reduction = TABLE[d * MAX_REDUCTION_MOVE + m];
  if (pvNode) reduction--;
  if (!improving) reduction++;
  const byHistory = Math.trunc(history / HISTORY_REDUCTION_DIVISOR);
  reduction -= byHistory > 2 ? 2 : byHistory < -2 ? -2 : byHistory;
  if (reduction > depth - 2) reduction = depth - 2;
  return reduction < 0 ? 0 : reduction;
}
