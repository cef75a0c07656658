// The learned evaluation's network (NNUE-style) and its file format. One perspective, the
// defenders': the inputs are one-hot (piece kind x square, for the kinds the network knows) plus one
// for "defenders to move"; one hidden layer (the accumulator, Int16 sums) through a clipped ReLU or its
// square; a scalar output in centipawns from the defenders' view. Weights are integers: the input
// layer's Int16 at scale QA (so that the clip is at QA), the output layer's Int8 at scale QB with an
// Int32 bias at the output's scale (QA * QB, or QA * QA * QB for the squared activation).
// scripts/nnue-train.ts trains and writes it.
//
// A network may also be trained as a correction to the hand-written evaluation (`onHand`): the search
// then adds its output to the hand-written evaluation times a learned scale.
//
// File (little-endian): "HNNU", version (u8), family (u8: 0 corner, 1 berserk, 2 edge), board size
// (u8), piece kinds (u8: bit k set when kind k has inputs, see pieceKind), activation (u8: 0 clipped,
// 1 squared clipped), on hand (u8: 0 alone, 1 added to the hand-written evaluation), hidden width
// (u16), the hand evaluation's scale (u16, in 1/HAND_SCALE_ONE; 0 when alone); then the input weights
// (Int16, one run of `hidden` values per input: the kinds in increasing order, each square by square
// rank 1 first, then the side-to-move input), the hidden biases (Int16), the output weights (Int8),
// the output bias (Int32).

import { err, ok, type Position, type Result, type RuleSet } from '../../engine/index.js';
import { type Family, familyOf } from '../evaluation/weights.js';
import { QA, QB } from './scales.js';

export { OUTPUT_SCALE, QA, QB } from './scales.js';

export const NET_MAGIC = 'HNNU';
export const NET_VERSION = 2;
/** Piece kinds: pieceKind's values. */
export const PIECE_KINDS = 8;
export const MAX_HIDDEN = 1024;
/** The hand-written evaluation's scale in an on-hand network: this value is 1. */
export const HAND_SCALE_ONE = 1024;
const HEADER_BYTES = 14;
const FAMILIES: readonly Family[] = ['corner', 'berserk', 'edge'];

/** What the hidden units pass on: min(max(s, 0), QA), or its square (scaled back by QA in the output). */
export type Activation = 'clipped' | 'squared';
const ACTIVATIONS: readonly Activation[] = ['clipped', 'squared'];

export interface Network {
  family: Family;
  /** Board size (squares per side) the inputs are laid out for. */
  size: number;
  /** Bit k set when piece kind k (pieceKind) has inputs. */
  kinds: number;
  activation: Activation;
  hidden: number;
  /** The output is added to the hand-written evaluation (of the weights.ts it was trained with). */
  onHand: boolean;
  /** On hand, what the hand-written evaluation is multiplied by, in 1/HAND_SCALE_ONE. */
  handScale: number;
  /** inputCount(net) * hidden: input i's column at i * hidden. */
  inputWeights: Int16Array;
  hiddenBias: Int16Array;
  outputWeights: Int8Array;
  outputBias: number;
}

/** A piece code's kind: its type (man, king, knight, commander) times two plus its side. */
export const pieceKind = (piece: number): number => ((piece >> 2) << 1) | ((piece & 3) - 1);

const bitCount = (mask: number): number => {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
};

export const inputCount = (net: Pick<Network, 'kinds' | 'size'>): number => bitCount(net.kinds) * net.size * net.size + 1;

/** The input of a piece (its code, of a kind the network knows) on a square (rank * size + file). */
export function pieceInput(net: Pick<Network, 'kinds' | 'size'>, piece: number, square: number): number {
  const kind = pieceKind(piece);
  return bitCount(net.kinds & ((1 << kind) - 1)) * net.size * net.size + square;
}

/** The input that is on when the defenders are to move (the last). */
export const sideInput = (net: Pick<Network, 'kinds' | 'size'>): number => inputCount(net) - 1;

/** The output layer's sum per centipawn times OUTPUT_SCALE: the scale of the output bias. */
export const outputDivisor = (activation: Activation): number => (activation === 'squared' ? QA * QA * QB : QA * QB);

/** Whether `net` evaluates positions of `rules` (same variant family, same board size). */
export function netFits(net: Network, rules: RuleSet): boolean {
  return net.family === familyOf(rules) && net.size === rules.size;
}

/** Whether `net` fits the rules of `pos` and has inputs for every piece on its board (tafl promotes nobody: nor will any position after it). */
export function netCovers(net: Network, pos: Position): boolean {
  if (!netFits(net, pos.rules)) return false;
  for (let side = 0; side < 2; side++) {
    const list = pos.pieceList[side];
    for (let i = 0; i < pos.pieceCount[side]; i++) if ((net.kinds & (1 << pieceKind(pos.board[list[i]]))) === 0) return false;
  }
  return true;
}

export function describeNetwork(net: Network): string {
  const onHand = net.onHand ? `, added to the hand-written evaluation times ${(net.handScale / HAND_SCALE_ONE).toFixed(2)}` : '';
  const activation = net.activation === 'squared' ? ' (squared)' : '';
  return `${net.family} family, ${net.size}x${net.size}, ${net.hidden} hidden units${activation}${onHand}`;
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
  const kinds = view.getUint8(7);
  if (kinds === 0) return err('bad-net', 'the network file has inputs for no piece kind');
  const activation = ACTIVATIONS[view.getUint8(8)];
  if (activation === undefined) return err('bad-net', `unknown activation ${view.getUint8(8)} in the network file`);
  const onHand = view.getUint8(9);
  if (onHand > 1) return err('bad-net', `unknown combination ${onHand} with the hand-written evaluation in the network file`);
  const hidden = view.getUint16(10, true);
  const handScale = onHand === 1 ? view.getUint16(12, true) : 0;
  if (hidden < 1 || hidden > MAX_HIDDEN) return err('bad-net', `hidden width ${hidden} in the network file is not in 1..${MAX_HIDDEN}`);
  const inputs = inputCount({ kinds, size });
  const expected = HEADER_BYTES + 2 * inputs * hidden + 2 * hidden + hidden + 4;
  if (bytes.length !== expected) {
    return err(
      'bad-net',
      `the network file has ${bytes.length} bytes, a ${size}x${size} network of ${hidden} hidden units for its piece kinds has ${expected}`,
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
  return ok({
    family,
    size,
    kinds,
    activation,
    hidden,
    onHand: onHand === 1,
    handScale,
    inputWeights,
    hiddenBias,
    outputWeights,
    outputBias,
  });
}

export function makeNetwork(net: Network): Uint8Array {
  const inputs = inputCount(net);
  const bytes = new Uint8Array(HEADER_BYTES + 2 * inputs * net.hidden + 3 * net.hidden + 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = NET_MAGIC.charCodeAt(i);
  view.setUint8(4, NET_VERSION);
  view.setUint8(5, FAMILIES.indexOf(net.family));
  view.setUint8(6, net.size);
  view.setUint8(7, net.kinds);
  view.setUint8(8, ACTIVATIONS.indexOf(net.activation));
  view.setUint8(9, net.onHand ? 1 : 0);
  view.setUint16(10, net.hidden, true);
  view.setUint16(12, net.onHand ? net.handScale : 0, true);
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
