// The learned evaluation's network (NNUE-style) and its file format. One perspective, the
// defenders': the inputs are one-hot (piece kind x square) plus one for "defenders to move"; one
// hidden layer of clipped ReLU; a scalar output in centipawns from the defenders' view. Weights
// are integers: the input layer's Int16 at scale QA (so that the clip is at QA), the output
// layer's Int8 at scale QB with an Int32 bias at QA * QB. scripts/nnue-train.ts trains and writes it.
//
// A network may also be trained as a correction to the hand-written evaluation (`onHand`): the search
// then adds its output to the hand-written evaluation times a learned scale.
//
// File (little-endian): "HNNU", version (u8), family (u8: 0 corner, 1 berserk, 2 edge), board size
// (u8), on hand (u8: 0 alone, 1 added to the hand-written evaluation), hidden width (u16), the hand
// evaluation's scale (u16, in 1/HAND_SCALE_ONE; 0 when alone); then the input weights (Int16, one run of `hidden`
// values per input), the hidden biases (Int16), the output weights (Int8), the output bias (Int32).

import { err, ok, type Result, type RuleSet } from '../../engine/index.js';
import { type Family, familyOf } from '../evaluation/weights.js';

export const NET_MAGIC = 'HNNU';
export const NET_VERSION = 1;
/** Activation scale of the input layer: a hidden unit is clipped to 0..QA. */
export const QA = 255;
/** Scale of the output weights. */
export const QB = 64;
/** Centipawns per unit of the network's float output (the trainer's sigmoid(output) is the score). */
export const OUTPUT_SCALE = 400;
/** Piece kinds: ((code >> 2) << 1) | ((code & 3) - 1), the type and side of a piece code. */
export const PIECE_KINDS = 8;
export const MAX_HIDDEN = 1024;
/** The hand-written evaluation's scale in an on-hand network: this value is 1. */
export const HAND_SCALE_ONE = 1024;
const HEADER_BYTES = 12;
const FAMILIES: readonly Family[] = ['corner', 'berserk', 'edge'];

export interface Network {
  family: Family;
  /** Board size (squares per side) the inputs are laid out for. */
  size: number;
  hidden: number;
  /** The output is added to the hand-written evaluation (of the weights.ts it was trained with). */
  onHand: boolean;
  /** On hand, what the hand-written evaluation is multiplied by, in 1/HAND_SCALE_ONE. */
  handScale: number;
  /** inputCount(size) * hidden: input i's column at i * hidden. */
  inputWeights: Int16Array;
  hiddenBias: Int16Array;
  outputWeights: Int8Array;
  outputBias: number;
}

export const inputCount = (size: number): number => PIECE_KINDS * size * size + 1;

/** The input of a piece (its code) on a square (rank * size + file). */
export const pieceInput = (piece: number, square: number, size: number): number =>
  (((piece >> 2) << 1) | ((piece & 3) - 1)) * size * size + square;

/** The input that is on when the defenders are to move. */
export const sideInput = (size: number): number => PIECE_KINDS * size * size;

/** Whether `net` evaluates positions of `rules` (same variant family, same board size). */
export function netFits(net: Network, rules: RuleSet): boolean {
  return net.family === familyOf(rules) && net.size === rules.size;
}

export function describeNetwork(net: Network): string {
  const onHand = net.onHand ? `, added to the hand-written evaluation times ${(net.handScale / HAND_SCALE_ONE).toFixed(2)}` : '';
  return `${net.family} family, ${net.size}x${net.size}, ${net.hidden} hidden units${onHand}`;
}

export function parseNetwork(bytes: Uint8Array): Result<Network> {
  if (bytes.length < HEADER_BYTES || String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]) !== NET_MAGIC) {
    return err('bad-net', `not a Hnefi network file (it does not start with ${NET_MAGIC})`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint8(4);
  if (version !== NET_VERSION) return err('bad-net', `network file version ${version}, this Hnefi reads version ${NET_VERSION}`);
  const family = FAMILIES[view.getUint8(5)];
  if (family === undefined) return err('bad-net', `unknown variant family ${view.getUint8(5)} in the network file`);
  const size = view.getUint8(6);
  if (size < 5 || size > 19) return err('bad-net', `board size ${size} in the network file is not one Hnefi plays (5..19)`);
  const onHand = view.getUint8(7);
  if (onHand > 1) return err('bad-net', `unknown combination ${onHand} with the hand-written evaluation in the network file`);
  const hidden = view.getUint16(8, true);
  const handScale = onHand === 1 ? view.getUint16(10, true) : 0;
  if (hidden < 1 || hidden > MAX_HIDDEN) return err('bad-net', `hidden width ${hidden} in the network file is not in 1..${MAX_HIDDEN}`);
  const inputs = inputCount(size);
  const expected = HEADER_BYTES + 2 * inputs * hidden + 2 * hidden + hidden + 4;
  if (bytes.length !== expected) {
    return err(
      'bad-net',
      `the network file has ${bytes.length} bytes, a ${size}x${size} network of ${hidden} hidden units has ${expected}`,
    );
  }
  const inputWeights = new Int16Array(inputs * hidden);
  let at = HEADER_BYTES;
  for (let i = 0; i < inputWeights.length; i++, at += 2) inputWeights[i] = view.getInt16(at, true);
  const hiddenBias = new Int16Array(hidden);
  for (let i = 0; i < hidden; i++, at += 2) hiddenBias[i] = view.getInt16(at, true);
  const outputWeights = new Int8Array(hidden);
  for (let i = 0; i < hidden; i++, at++) outputWeights[i] = view.getInt8(at);
  const outputBias = view.getInt32(at, true);
  return ok({ family, size, hidden, onHand: onHand === 1, handScale, inputWeights, hiddenBias, outputWeights, outputBias });
}

export function makeNetwork(net: Network): Uint8Array {
  const inputs = inputCount(net.size);
  const bytes = new Uint8Array(HEADER_BYTES + 2 * inputs * net.hidden + 3 * net.hidden + 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = NET_MAGIC.charCodeAt(i);
  view.setUint8(4, NET_VERSION);
  view.setUint8(5, FAMILIES.indexOf(net.family));
  view.setUint8(6, net.size);
  view.setUint8(7, net.onHand ? 1 : 0);
  view.setUint16(8, net.hidden, true);
  view.setUint16(10, net.onHand ? net.handScale : 0, true);
  let at = HEADER_BYTES;
  for (const w of net.inputWeights) {
    view.setInt16(at, w, true);
    at += 2;
  }
  for (const b of net.hiddenBias) {
    view.setInt16(at, b, true);
    at += 2;
  }
  for (const w of net.outputWeights) view.setInt8(at++, w);
  view.setInt32(at, net.outputBias, true);
  return bytes;
}
