// The learned evaluation's float model for training (scripts/nnue-train.ts).
//
// The network of src/search/network/nnue.ts with Float32Array weights, its forward pass, hand-written
// backpropagation and Adam, and the quantisation into the integer network the engine loads. Seeded and
// deterministic.
//
// The hidden units pass on min(max(s, 0), 1), or its square (the 'squared' activation, SCReLU).
//
// Loss: (sigmoid(y) - target)^2 with y the output (defenders' view, in units of OUTPUT_SCALE cp) and
// target = lambda * sigmoid(search score / OUTPUT_SCALE) + (1 - lambda) * result (defenders 1, draw
// 1/2, attackers 0).

import { makeRandom } from '../src/engine/index.js';
import type { Family } from '../src/search/evaluation/weights.js';
import {
  type Activation,
  HAND_SCALE_ONE,
  inputCount,
  type Network,
  OUTPUT_SCALE,
  outputDivisor,
  pieceInput,
  pieceKind,
  QA,
  QB,
  sideInput,
} from '../src/search/network/nnue.js';

/** The output weights are Int8 at scale QB once quantised: training keeps them in range. */
const OUTPUT_LIMIT = 127 / QB;
const INPUT_LIMIT = 32767 / QA;
/** The hand-written evaluation's scale is a u16 in 1/HAND_SCALE_ONE, and not negative. */
const HAND_SCALE_LIMIT = 65535 / HAND_SCALE_ONE;
/** Inputs for every piece kind. */
export const ALL_KINDS = 255;

export interface Model {
  family: Family;
  size: number;
  /** The piece kinds with inputs (nnue.ts: Network.kinds). */
  kinds: number;
  activation: Activation;
  hidden: number;
  /** Trained as a correction to the hand-written evaluation (see Network.onHand). */
  onHand: boolean;
  inputWeights: Float32Array;
  hiddenBias: Float32Array;
  outputWeights: Float32Array;
  /** One value. */
  outputBias: Float32Array;
  /** One value: on hand, what the hand-written evaluation is multiplied by. */
  handScale: Float32Array;
}

export function makeModel(
  family: Family,
  size: number,
  hidden: number,
  seed: number,
  onHand = false,
  kinds = ALL_KINDS,
  activation: Activation = 'clipped',
): Model {
  const random = makeRandom(seed);
  const uniform = (limit: number): number => (2 * random() - 1) * limit;
  const model: Model = {
    family,
    size,
    kinds,
    activation,
    hidden,
    onHand,
    inputWeights: new Float32Array(inputCount({ kinds, size }) * hidden),
    hiddenBias: new Float32Array(hidden).fill(0.5),
    outputWeights: new Float32Array(hidden),
    outputBias: new Float32Array(1),
    handScale: new Float32Array([onHand ? 1 : 0]),
  };
  for (let i = 0; i < model.inputWeights.length; i++) model.inputWeights[i] = uniform(0.1);
  // A correction starts near nothing, the hand-written evaluation alone.
  for (let i = 0; i < hidden; i++) model.outputWeights[i] = uniform(onHand ? 0.05 : 0.5);
  return model;
}

/** The piece kinds on a board (size*size piece codes) as a mask (Network.kinds), added to `kinds`. */
export function boardKinds(cells: Uint8Array, kinds = 0): number {
  for (const piece of cells) if (piece !== 0) kinds |= 1 << pieceKind(piece);
  return kinds;
}

/** The active inputs of a board (size*size piece codes, rank 1 first) and side to move under `layout`, into `into`; their count. */
export function activeInputs(layout: Pick<Model, 'kinds' | 'size'>, cells: Uint8Array, side: number, into: Int32Array): number {
  let n = 0;
  for (let square = 0; square < cells.length; square++) if (cells[square] !== 0) into[n++] = pieceInput(layout, cells[square], square);
  if (side === 1) into[n++] = sideInput(layout);
  return n;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** The float model's output for the given inputs, in OUTPUT_SCALE units (defenders' view); hidden activations into `act`. */
export function forward(model: Model, inputs: Int32Array, count: number, pre: Float32Array, act: Float32Array): number {
  const hidden = model.hidden;
  const w = model.inputWeights;
  pre.set(model.hiddenBias);
  for (let k = 0; k < count; k++) {
    const column = inputs[k] * hidden;
    for (let h = 0; h < hidden; h++) pre[h] += w[column + h];
  }
  let y = model.outputBias[0];
  const squared = model.activation === 'squared';
  for (let h = 0; h < hidden; h++) {
    const clipped = pre[h] < 0 ? 0 : pre[h] > 1 ? 1 : pre[h];
    const a = squared ? clipped * clipped : clipped;
    act[h] = a;
    y += model.outputWeights[h] * a;
  }
  return y;
}

/** The float model's evaluation of a board in centipawns, defenders' view (without the hand-written one, when on hand). */
export function floatEvaluate(model: Model, cells: Uint8Array, side: number): number {
  const inputs = new Int32Array(cells.length + 1);
  const count = activeInputs(model, cells, side, inputs);
  return OUTPUT_SCALE * forward(model, inputs, count, new Float32Array(model.hidden), new Float32Array(model.hidden));
}

/** Adam's state and the gradients of one batch. */
export class Trainer {
  private readonly params: Float32Array[];
  /** The batch's gradients so far, by parameter: input weights, hidden biases, output weights, output bias, hand scale. */
  readonly grads: Float32Array[];
  private readonly m: Float32Array[];
  private readonly v: Float32Array[];
  private step = 0;
  private readonly pre: Float32Array;
  private readonly act: Float32Array;

  /** `learnHandScale` false: an on-hand model keeps the hand-written evaluation's scale it was made with. */
  constructor(
    private readonly model: Model,
    public learningRate: number,
    private readonly learnHandScale = true,
  ) {
    this.params = [model.inputWeights, model.hiddenBias, model.outputWeights, model.outputBias, model.handScale];
    this.grads = this.params.map((p) => new Float32Array(p.length));
    this.m = this.params.map((p) => new Float32Array(p.length));
    this.v = this.params.map((p) => new Float32Array(p.length));
    this.pre = new Float32Array(model.hidden);
    this.act = new Float32Array(model.hidden);
  }

  /** The squared error of one sample, its gradient added to the batch's. `offset`: the hand-written evaluation, when on hand. */
  accumulate(inputs: Int32Array, count: number, target: number, offset = 0): number {
    const { model, pre, act } = this;
    const hidden = model.hidden;
    const y = forward(model, inputs, count, pre, act) + model.handScale[0] * offset;
    const p = sigmoid(y);
    const dy = 2 * (p - target) * p * (1 - p);
    const [gInput, gBias, gOutput, gOutputBias, gHandScale] = this.grads;
    gOutputBias[0] += dy;
    if (model.onHand && this.learnHandScale) gHandScale[0] += dy * offset;
    const squared = model.activation === 'squared';
    for (let h = 0; h < hidden; h++) {
      gOutput[h] += dy * act[h];
      // The clip passes a gradient only inside 0..1 (squared: the square's slope, 2 * pre).
      const inside = pre[h] > 0 && pre[h] < 1;
      const dh = inside ? dy * model.outputWeights[h] * (squared ? 2 * pre[h] : 1) : 0;
      if (dh === 0) continue;
      gBias[h] += dh;
      for (let k = 0; k < count; k++) gInput[inputs[k] * hidden + h] += dh;
    }
    return (p - target) * (p - target);
  }

  /** One Adam step with the batch's mean gradient; clears the gradients. */
  apply(batchSize: number): void {
    this.step++;
    const b1 = 0.9;
    const b2 = 0.999;
    const lr = (this.learningRate * Math.sqrt(1 - b2 ** this.step)) / (1 - b1 ** this.step);
    for (let k = 0; k < this.params.length; k++) {
      const p = this.params[k];
      const g = this.grads[k];
      const m = this.m[k];
      const v = this.v[k];
      const limit = k === 2 ? OUTPUT_LIMIT : k === 4 ? HAND_SCALE_LIMIT : INPUT_LIMIT;
      const low = k === 4 ? 0 : -limit;
      for (let i = 0; i < p.length; i++) {
        const gi = g[i] / batchSize;
        m[i] = b1 * m[i] + (1 - b1) * gi;
        v[i] = b2 * v[i] + (1 - b2) * gi * gi;
        const next = p[i] - (lr * m[i]) / (Math.sqrt(v[i]) + 1e-8);
        p[i] = next > limit ? limit : next < low ? low : next;
      }
      g.fill(0);
    }
  }

  /** The squared error of one sample without learning from it. */
  loss(inputs: Int32Array, count: number, target: number, offset = 0): number {
    const p = sigmoid(forward(this.model, inputs, count, this.pre, this.act) + this.model.handScale[0] * offset);
    return (p - target) * (p - target);
  }
}

export const targetOf = (score: number, result: number, lambda: number): number =>
  lambda * sigmoid(score / OUTPUT_SCALE) + (1 - lambda) * (result / 2);

/** The integer network of the float model (rounded to the scales of src/search/network/nnue.ts). */
export function quantise(model: Model): Network {
  const clampTo = (x: number, limit: number): number => Math.max(-limit, Math.min(limit, Math.round(x)));
  return {
    family: model.family,
    size: model.size,
    kinds: model.kinds,
    activation: model.activation,
    hidden: model.hidden,
    onHand: model.onHand,
    handScale: model.onHand ? Math.round(model.handScale[0] * HAND_SCALE_ONE) : 0,
    inputWeights: Int16Array.from(model.inputWeights, (w) => clampTo(w * QA, 32767)),
    hiddenBias: Int16Array.from(model.hiddenBias, (b) => clampTo(b * QA, 32767)),
    outputWeights: Int8Array.from(model.outputWeights, (w) => clampTo(w * QB, 127)),
    outputBias: clampTo(model.outputBias[0] * outputDivisor(model.activation), 2 ** 31 - 1),
  };
}

/** The integer network's evaluation computed from scratch, as the engine must (centipawns, defenders' view; without the hand-written one). */
export function quantisedEvaluate(net: Network, cells: Uint8Array, side: number): number {
  const inputs = new Int32Array(cells.length + 1);
  const count = activeInputs(net, cells, side, inputs);
  let sum = net.outputBias;
  for (let h = 0; h < net.hidden; h++) {
    let s = net.hiddenBias[h];
    for (let k = 0; k < count; k++) s += net.inputWeights[inputs[k] * net.hidden + h];
    const a = Math.min(Math.max(s, 0), QA);
    sum += net.outputWeights[h] * (net.activation === 'squared' ? a * a : a);
  }
  return Math.round((sum * OUTPUT_SCALE) / outputDivisor(net.activation));
}

/**
 * The largest hidden sum in magnitude of the integer network on a board, with the side-to-move input
 * and without: the engine keeps the sums in 16 bits (Int16, wrapping), so this must stay within 32,767.
 */
export function largestSum(net: Network, cells: Uint8Array): number {
  const inputs = new Int32Array(cells.length);
  const count = activeInputs(net, cells, 0, inputs);
  const side = sideInput(net) * net.hidden;
  let largest = 0;
  for (let h = 0; h < net.hidden; h++) {
    let s = net.hiddenBias[h];
    for (let k = 0; k < count; k++) s += net.inputWeights[inputs[k] * net.hidden + h];
    largest = Math.max(largest, Math.abs(s), Math.abs(s + net.inputWeights[side + h]));
  }
  return largest;
}

/** The 8 symmetries of the square board as square maps (rank * size + file): the rules look the same under each. */
export function symmetries(size: number): Int32Array[] {
  const maps: Int32Array[] = [];
  const last = size - 1;
  for (let k = 0; k < 8; k++) {
    const map = new Int32Array(size * size);
    for (let rank = 0; rank < size; rank++) {
      for (let file = 0; file < size; file++) {
        let f = file;
        let r = rank;
        if (k & 1) f = last - f;
        if (k & 2) r = last - r;
        if (k & 4) [f, r] = [r, f];
        map[rank * size + file] = r * size + f;
      }
    }
    maps.push(map);
  }
  return maps;
}
