// Late-move reductions: how many turns less a late quiet step is first searched with. The base grows
// with the logarithms of the depth and of the step's place in the order, and is adjusted by the node's
// kind, whether its side's evaluation is improving and the step's history.

import { HISTORY_REDUCTION_DIVISOR } from './params.js';

const MAX_REDUCTION_DEPTH = 64;
const MAX_REDUCTION_MOVE = 256;

/** Base reduction by depth (turns) and move number, as turns. */
const TABLE = (() => {
  const table = new Uint8Array(MAX_REDUCTION_DEPTH * MAX_REDUCTION_MOVE);
  for (let depth = 1; depth < MAX_REDUCTION_DEPTH; depth++)
    for (let move = 1; move < MAX_REDUCTION_MOVE; move++)
      table[depth * MAX_REDUCTION_MOVE + move] = Math.floor(0.75 + (Math.log(depth) * Math.log(move)) / 2.5);
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
