// The hidden sums in JavaScript (HiddenSums): the reference for the WebAssembly kernels, and what a
// search runs where it has no arena or the network does not fit one. Plain loops over Int16Arrays,
// whose stores wrap at 16 bits as the kernels' additions do.

import { type HiddenSums, SUM_SLOTS } from './hiddenSums.js';
import { type Network, outputDivisor, QA, OUTPUT_SCALE, sideInput } from './nnue.js';

export class ReferenceSums implements HiddenSums {
  private readonly hidden: number;
  private readonly weights: Int16Array;
  private readonly bias: Int16Array;
  private readonly out: Int8Array;
  private readonly outputBias: number;
  private readonly squared: boolean;
  private readonly divisor: number;
  private readonly sideColumn: number;
  private readonly sums: Int16Array;
  private readonly activations: Int16Array;

  constructor(net: Network) {
    this.hidden = net.hidden;
    this.weights = net.inputWeights;
    this.bias = net.hiddenBias;
    this.out = net.outputWeights;
    this.outputBias = net.outputBias;
    this.squared = net.activation === 'squared';
    this.divisor = outputDivisor(net.activation);
    this.sideColumn = sideInput(net) * net.hidden;
    this.sums = new Int16Array(SUM_SLOTS * net.hidden);
    this.activations = new Int16Array(net.hidden);
  }

  reset(slot: number): void {
    this.sums.set(this.bias, slot * this.hidden);
  }

  add(slot: number, column: number): void {
    const { sums, weights, hidden } = this;
    const at = slot * hidden;
    const c = column * hidden;
    for (let h = 0; h < hidden; h++) sums[at + h] += weights[c + h];
  }

  subtract(slot: number, column: number): void {
    const { sums, weights, hidden } = this;
    const at = slot * hidden;
    const c = column * hidden;
    for (let h = 0; h < hidden; h++) sums[at + h] -= weights[c + h];
  }

  copy(from: number, to: number): void {
    const hidden = this.hidden;
    this.sums.copyWithin(to * hidden, from * hidden, (from + 1) * hidden);
  }

  move(from: number, to: number, removed: number, added: number): void {
    const { sums, weights, hidden } = this;
    const f = from * hidden;
    const t = to * hidden;
    const r = removed * hidden;
    const a = added * hidden;
    for (let h = 0; h < hidden; h++) sums[t + h] = sums[f + h] - weights[r + h] + weights[a + h];
  }

  output(slot: number, defendersToMove: boolean): number {
    const { sums, weights, hidden, activations } = this;
    const at = slot * hidden;
    // The side-to-move input added as the kernels add it: wrapping at 16 bits.
    activations.set(sums.subarray(at, at + hidden));
    if (defendersToMove) for (let h = 0; h < hidden; h++) activations[h] += weights[this.sideColumn + h];
    let sum = this.outputBias;
    for (let h = 0; h < hidden; h++) {
      const a = Math.min(Math.max(activations[h], 0), QA);
      sum += this.squared ? this.out[h] * a * a : this.out[h] * a;
    }
    return Math.round((sum * OUTPUT_SCALE) / this.divisor);
  }

  moveAndOutput(from: number, to: number, removed: number, added: number, defendersToMove: boolean): number {
    this.move(from, to, removed, added);
    return this.output(to, defendersToMove);
  }
}
