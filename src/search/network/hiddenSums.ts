// Where the learned evaluation keeps its hidden layer's sums, one set per ply of the path (ring
// slots), and what it does with them: the operations the accumulator (accumulator.ts) asks for. Two
// keepers: the reference in JavaScript (referenceSums.ts) and the arena's WebAssembly kernels
// (kernels/networkKernel.ts), which must agree to the centipawn (test/search/nnue.test.ts).
// Columns are input indices (nnue.ts: pieceInput, sideInput); sums wrap at 16 bits.

/** Slots of sums, by ply modulo SUM_SLOTS: more than a search's deepest path plus the plies it replays. */
export const SUM_SLOTS = 256;
export const SLOT_MASK = SUM_SLOTS - 1;

export interface HiddenSums {
  /** The sums of `slot` are the hidden biases (an empty board). */
  reset(slot: number): void;
  add(slot: number, column: number): void;
  subtract(slot: number, column: number): void;
  copy(from: number, to: number): void;
  /** The sums of `to`: those of `from` less column `removed` plus column `added`. */
  move(from: number, to: number, removed: number, added: number): void;
  /** The output on the sums of `slot` (with the side-to-move input when the defenders move), centipawns from the defenders' view. */
  output(slot: number, defendersToMove: boolean): number;
  /** move(), then output() on `to`. */
  moveAndOutput(from: number, to: number, removed: number, added: number, defendersToMove: boolean): number;
}
