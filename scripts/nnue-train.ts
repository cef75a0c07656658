// Trains the learned evaluation on positions from scripts/nnue-data.ts or nnue-records.ts.
//
// Writes the quantised network (src/search/network/nnue.ts has the format) for
// `setoption name EvalFile value <file>`.
//
//   (from the repository root) nice -n 10 npx tsx scripts/nnue-train.ts --data runs/nnue/berserk-1.hnfd \
//     --out nets/berserk.nnue [--hidden 32] [--epochs 12] [--batch 1024] [--lr 0.001] [--lambda 0.75] [--seed 1]
//
// --activation squared: the hidden units pass on the square of their clipped value (SCReLU) rather than
// the value (clipped, the default); --lr-end L: the learning rate falls geometrically from --lr in the
// first epoch to L in the last (default: --lr throughout). The network has inputs for the piece kinds
// the positions have.
//
// --on-hand trains a correction to the hand-written evaluation instead (the search adds the two; the
// network then belongs with the weights.ts it was trained with); --hand-scale S keeps the hand-written
// evaluation's weight in the sum at S rather than learning it. --data takes several files
// separated by commas (same variant); --unique keeps only the first of the positions (board and side
// to move) that recur in them, as self-play from a book replays its lines. The last tenth of the positions
// (the last games written) is held out: its loss, printed after each epoch, shows over-fitting. Each
// epoch shows every position once under one of the board's 8 symmetries (chosen by the seed), as the
// rules look the same under all of them. Same data, flags and seed: the same network, byte for byte.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DEFENDERS, getVariant, makeRandom, Position, type Side } from '../src/engine/index.js';
import { Evaluator } from '../src/search/evaluation/evaluate.js';
import { describeNetwork, makeNetwork, OUTPUT_SCALE } from '../src/search/network/nnue.js';
import { familyOf } from '../src/search/evaluation/weights.js';
import { activeInputs, boardKinds, largestSum, makeModel, quantise, symmetries, targetOf, Trainer } from './nnueModel.js';
import { readSampleFile, type SampleFile } from './nnueSamples.js';

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

function fail(message: string): never {
  console.error(`nnue-train: ${message}`);
  process.exit(1);
}

function numberArgument(name: string, fallback: number, min: number, max: number): number {
  const text = argument(name, String(fallback));
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max) fail(`--${name} needs a number from ${min} to ${max}, got '${text}'`);
  return value;
}

const dataFiles = argument('data', '')
  .split(',')
  .filter((file) => file !== '');
if (dataFiles.length === 0) fail('--data names the positions file(s) written by scripts/nnue-data.ts');
const hidden = numberArgument('hidden', 32, 1, 1024);
const epochs = numberArgument('epochs', 12, 1, 1000);
const batch = numberArgument('batch', 1024, 1, 1 << 20);
const learningRate = numberArgument('lr', 0.001, 0, 1);
const lambda = numberArgument('lambda', 0.75, 0, 1);
const seed = numberArgument('seed', 1, 0, 2 ** 32 - 1);
const finalRate = numberArgument('lr-end', learningRate, 0, 1);
if (finalRate !== learningRate && (finalRate <= 0 || learningRate <= 0))
  fail('--lr and --lr-end must be above 0 for the rate to fall from one to the other');
const activation = argument('activation', 'clipped');
if (activation !== 'clipped' && activation !== 'squared') fail(`--activation is clipped or squared, got '${activation}'`);
const onHand = process.argv.includes('--on-hand');
const unique = process.argv.includes('--unique');
// On hand: a fixed scale of the hand-written evaluation instead of a learnt one (the learnt one comes
// out below 1, as a noisy predictor's slope does, which leaves the search more to the network).
const fixedHandScale = process.argv.includes('--hand-scale') ? numberArgument('hand-scale', 1, 0, 63) : undefined;

const files: SampleFile[] = dataFiles.map((path) => {
  const file = readSampleFile(path);
  if (!file.ok) fail(file.error.message);
  return file.value;
});
const { variant, size } = files[0];
for (const [i, file] of files.entries()) {
  if (file.variant !== variant || file.size !== size)
    fail(`${dataFiles[i]} holds ${file.variant} positions, ${dataFiles[0]} ${variant} ones`);
}
const rules = getVariant(variant);
if (!rules.ok) fail(`the positions are of variant '${variant}': ${rules.error.message}`);
const family = familyOf(rules.value);
const out = argument('out', `nets/${family}.nnue`);

// Every position's board, side and target, in one list (repeats left out with --unique), and the piece
// kinds on the boards; the last tenth held out.
const squares = size * size;
const total = files.reduce((sum, file) => sum + file.count, 0);
const cells = new Uint8Array(total * squares);
const sides = new Uint8Array(total);
const targets = new Float32Array(total);
const seen = new Set<string>();
let count = 0;
let kinds = 0;
for (const file of files) {
  for (let i = 0; i < file.count; i++) {
    const board = file.cells.subarray(i * squares, (i + 1) * squares);
    if (unique) {
      const key = Buffer.from(board).toString('latin1') + String(file.side[i]);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    cells.set(board, count * squares);
    kinds = boardKinds(board, kinds);
    sides[count] = file.side[i];
    targets[count] = targetOf(file.score[i], file.result[i], lambda);
    count++;
  }
}
if (unique) console.log(`nnue-train: ${count} distinct positions of ${total}`);
const trainCount = Math.floor(count * 0.9);
if (trainCount < 1 || count - trainCount < 1) fail(`${count} positions are too few to train on`);
console.log(`nnue-train: ${variant} (${family} family), ${trainCount} training and ${count - trainCount} held-out positions`);

// The hand-written evaluation of every position (defenders' view, in OUTPUT_SCALE units): the
// yardstick, and what an on-hand network corrects. It looks the same under the board's symmetries.
const hand = new Float32Array(count);
const evaluator = new Evaluator(Position.start(rules.value));
for (let i = 0; i < count; i++) {
  const board = cells.subarray(i * squares, (i + 1) * squares);
  const pos = Position.fromSetup({ rules: rules.value, cells: board, side: sides[i] as Side, berserker: -1 });
  if (!pos.ok) fail(`position ${i} of the data: ${pos.error.message}`);
  const value = evaluator.evaluate(pos.value);
  hand[i] = (sides[i] === DEFENDERS ? value : -value) / OUTPUT_SCALE;
}
let handLoss = 0;
for (let i = trainCount; i < count; i++) handLoss += (1 / (1 + Math.exp(-hand[i])) - targets[i]) ** 2;
console.log(`the hand-written evaluation's held-out loss: ${(handLoss / (count - trainCount)).toFixed(5)}`);
const offset = (i: number): number => (onHand ? hand[i] : 0);

const model = makeModel(family, size, hidden, seed, onHand, kinds, activation);
if (fixedHandScale !== undefined) model.handScale[0] = fixedHandScale;
const trainer = new Trainer(model, learningRate, fixedHandScale === undefined);
const random = makeRandom(seed ^ 0x5eed);
const maps = symmetries(size);
const order = Int32Array.from({ length: trainCount }, (_, i) => i);
const board = new Uint8Array(squares);
const inputs = new Int32Array(squares + 1);

/** The inputs of position i under symmetry k. */
function inputsOf(i: number, k: number): number {
  const map = maps[k];
  const base = i * squares;
  for (let sq = 0; sq < squares; sq++) board[map[sq]] = cells[base + sq];
  return activeInputs(model, board, sides[i], inputs);
}

/** The learning rate of an epoch: from --lr down (or up) to --lr-end geometrically. */
function rateOf(epoch: number): number {
  if (epochs === 1 || finalRate === learningRate) return learningRate;
  return learningRate * (finalRate / learningRate) ** ((epoch - 1) / (epochs - 1));
}

for (let epoch = 1; epoch <= epochs; epoch++) {
  const started = Date.now();
  trainer.learningRate = rateOf(epoch);
  for (let i = trainCount - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  let trainLoss = 0;
  for (let start = 0; start < trainCount; start += batch) {
    const end = Math.min(trainCount, start + batch);
    for (let k = start; k < end; k++) {
      const i = order[k];
      trainLoss += trainer.accumulate(inputs, inputsOf(i, Math.floor(random() * 8)), targets[i], offset(i));
    }
    trainer.apply(end - start);
  }
  let heldOutLoss = 0;
  for (let i = trainCount; i < count; i++) heldOutLoss += trainer.loss(inputs, inputsOf(i, 0), targets[i], offset(i));
  console.log(
    `epoch ${epoch}: training loss ${(trainLoss / trainCount).toFixed(5)}, held-out loss ${(heldOutLoss / (count - trainCount)).toFixed(5)}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

const net = quantise(model);
// The engine's sums are 16 bits: checked on up to SUM_CHECKS positions, spread over the data.
const SUM_CHECKS = 20_000;
let largest = 0;
let checked = 0;
for (let i = 0; i < count; i += Math.ceil(count / SUM_CHECKS), checked++)
  largest = Math.max(largest, largestSum(net, cells.subarray(i * squares, (i + 1) * squares)));
if (largest > 32767)
  fail(`the network's hidden sums reach ${largest} on these positions, beyond the engine's 16 bits (32,767): train with a lower --lr`);
console.log(`the largest hidden sum on ${checked} of the positions: ${largest} (the engine's 16 bits hold 32,767)`);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, makeNetwork(net));
console.log(`nnue-train: wrote ${out} (${describeNetwork(net)})`);
