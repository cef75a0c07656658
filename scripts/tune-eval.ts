// Texel-style tuning of the evaluation weights (src/search/evaluation/weights.ts) on recorded games.
//
//   (from the repository root) npx tsx scripts/tune-eval.ts --variant copenhagen [--games 3000] [--write]
//   npx tsx scripts/tune-eval.ts --variant berserk --write
//
// Replays the aagenielsen.dk records of the variant (aagenielsen-<variant>.jsonl in shared/data beside
// the checkout, or in the directory HNEFI_DATA names;
// berserk continuations reconstructed by src/engine/records.ts), takes the quiet positions (no
// capture for the side to move, no open escape line) of every game that has a winner, and fits the
// weights so that sigmoid(K * eval / 400) predicts the game's result (defenders 1, attackers 0), by
// gradient descent on the mean squared error. The attacker man stays at 100 (the scale); K is fitted
// first with the current weights. --write puts the fitted numbers into weights.ts for the variant's
// family; without it the script only prints them. Redo it after changing the features, then check
// the result in play with scripts/match-weights.ts before keeping it: a better fit to the records
// does not always play better (see the note in weights.ts).

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFENDERS, getVariant, NO_WINNER, playTurn } from '../src/engine/index.js';
import { parseGameRecord, recordedWinner, replayRecord } from '../src/notation/records.js';
import { CaptureGenerator } from '../src/search/ordering/captures.js';
import { Evaluator, kingOpenLines } from '../src/search/evaluation/evaluate.js';
import { missingRecords, recordsFile } from './dataDir.js';
import { F_ATTACKER_MEN, FEATURE_COUNT, FEATURE_NAMES, familyOf, WEIGHTS } from '../src/search/evaluation/weights.js';

interface Sample {
  features: Int32Array;
  result: number;
  /** Every fifth game is held out: fitted on the others, the error on these shows overfitting. */
  heldOut: boolean;
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const variant = argument('variant') ?? 'copenhagen';
const maxGames = Number(argument('games') ?? 100000);
const write = process.argv.includes('--write');
const skipTurns = 6;
/** Strength of the pull towards the starting weights, per centipawn of difference. */
const REGULARIZATION = 3e-7;

const rules = getVariant(variant);
if (!rules.ok) {
  console.error(rules.error.message);
  process.exit(1);
}
const family = familyOf(rules.value);
const missing = missingRecords(variant);
if (missing !== undefined) {
  console.error(`tune-eval: ${missing}`);
  process.exit(1);
}
const dataFile = recordsFile(variant);
const lines = readFileSync(dataFile, 'utf8').trim().split('\n').slice(0, maxGames);

const samples: Sample[] = [];
const steps = new Int32Array(4096);
let games = 0;
for (const line of lines) {
  const record = parseGameRecord(line);
  if (!record.ok) continue;
  const winner = recordedWinner(record.value);
  if (winner === undefined || winner === null) continue;
  const replay = replayRecord(rules.value, record.value);
  if (replay.turns.length <= skipTurns) continue;
  games++;
  const result = winner === DEFENDERS ? 1 : 0;
  // Replay the turns again from the start the replay used, sampling the quiet positions.
  const setup = replay.position.clone();
  while (setup.ply > 0) setup.unmakeStep();
  const pos = setup;
  const evaluator = new Evaluator(pos);
  const captures = new CaptureGenerator(pos.geo.cells);
  for (let turn = 0; turn < replay.turns.length && pos.winner === NO_WINNER; turn++) {
    if (turn >= skipTurns && captures.generate(pos, steps, 0) === 0 && kingOpenLines(pos, evaluator.escapeFlag) === 0) {
      const features = new Int32Array(FEATURE_COUNT);
      evaluator.computeFeatures(pos, features);
      samples.push({ features, result, heldOut: games % 5 === 0 });
    }
    playTurn(pos, replay.turns[turn]);
  }
}
console.log(`${variant} (${family}): ${games} games with a winner, ${samples.length} quiet positions`);

const weights = Float64Array.from(WEIGHTS[family]);
const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

function score(sample: Sample, w: Float64Array): number {
  let total = 0;
  for (let i = 0; i < FEATURE_COUNT; i++) total += sample.features[i] * w[i];
  return total;
}

function error(w: Float64Array, k: number, heldOut = false): number {
  let sum = 0;
  let count = 0;
  for (const sample of samples) {
    if (sample.heldOut !== heldOut) continue;
    const p = sigmoid((k * score(sample, w)) / 400);
    sum += (p - sample.result) ** 2;
    count++;
  }
  return sum / Math.max(1, count);
}

// K: a scan of the scale that links centipawns to winning chances.
let k = 1;
let bestError = Infinity;
for (let candidate = 0.05; candidate <= 3; candidate += 0.05) {
  const e = error(weights, candidate);
  if (e < bestError) {
    bestError = e;
    k = candidate;
  }
}
console.log(
  `K = ${k.toFixed(2)}, error with the current weights ${bestError.toFixed(5)} (held-out games ${error(weights, k, true).toFixed(5)})`,
);

// Gradient descent (Adam) on every weight but the attacker man's, with a little L2 pull towards the
// starting weights so that features the games hardly show keep sensible values.
const m = new Float64Array(FEATURE_COUNT);
const v = new Float64Array(FEATURE_COUNT);
const rate = 2;
for (let epoch = 1; epoch <= 400; epoch++) {
  const gradient = new Float64Array(FEATURE_COUNT);
  for (const sample of samples) {
    if (sample.heldOut) continue;
    const p = sigmoid((k * score(sample, weights)) / 400);
    const common = (2 * (p - sample.result) * p * (1 - p) * k) / 400;
    for (let i = 0; i < FEATURE_COUNT; i++) gradient[i] += common * sample.features[i];
  }
  for (let i = 0; i < FEATURE_COUNT; i++) gradient[i] += samples.length * REGULARIZATION * (weights[i] - WEIGHTS[family][i]);
  for (let i = 0; i < FEATURE_COUNT; i++) {
    if (i === F_ATTACKER_MEN) continue;
    const g = gradient[i] / samples.length;
    m[i] = 0.9 * m[i] + 0.1 * g;
    v[i] = 0.999 * v[i] + 0.001 * g * g;
    const mHat = m[i] / (1 - 0.9 ** epoch);
    const vHat = v[i] / (1 - 0.999 ** epoch);
    weights[i] -= (rate * mHat) / (Math.sqrt(vHat) + 1e-8);
  }
  if (epoch % 100 === 0)
    console.log(`epoch ${epoch}: error ${error(weights, k).toFixed(5)}, held-out games ${error(weights, k, true).toFixed(5)}`);
}

const fitted = Array.from(weights, (w) => Math.round(w));
for (let i = 0; i < FEATURE_COUNT; i++)
  console.log(`  ${FEATURE_NAMES[i].padEnd(18)} ${String(WEIGHTS[family][i]).padStart(5)} -> ${fitted[i]}`);
console.log(`${family}: [${fitted.join(', ')}],`);

if (write) {
  const file = resolve('src/search/evaluation/weights.ts');
  const text = readFileSync(file, 'utf8');
  const pattern = new RegExp(`(\\n  ${family}: )\\[[^\\]]*\\]`);
  if (!pattern.test(text)) {
    console.error(`weights.ts has no '${family}: [...]' line to replace`);
    process.exit(1);
  }
  writeFileSync(file, text.replace(pattern, `$1[${fitted.join(', ')}]`));
  console.log(`wrote the ${family} weights into src/search/evaluation/weights.ts`);
}
