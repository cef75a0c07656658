// The learned evaluation at full width: networks of 256 hidden units with random integer weights, both
// activations, evaluated by the arena's WebAssembly kernels and by the JavaScript reference, against
// the network's definition computed here from the board; networks the kernels cannot run; and the
// arena's one network region shared by two evaluators.

import { describe, expect, it } from 'vitest';
import { DEFENDERS, generateSteps, makeRandom, NO_WINNER, Position, type RuleSet, toSquare } from '../../src/engine/index.js';
import { familyOf } from '../../src/search/evaluation/weights.js';
import { rulesOf } from '../support/kernelPositions.js';
import { SearchArena } from '../../src/search/kernels/arena.js';
import { kernelsFit } from '../../src/search/kernels/networkKernel.js';
import { NnueEvaluator } from '../../src/search/network/accumulator.js';
import {
  type Activation,
  inputCount,
  type Network,
  netCovers,
  OUTPUT_SCALE,
  outputDivisor,
  pieceInput,
  pieceKind,
  QA,
  sideInput,
} from '../../src/search/network/nnue.js';

/** The piece kinds on the start board of `rules`. */
function kindsOf(rules: RuleSet): number {
  const pos = Position.start(rules);
  let kinds = 0;
  for (let side = 0; side < 2; side++)
    for (let i = 0; i < pos.pieceCount[side]; i++) kinds |= 1 << pieceKind(pos.board[pos.pieceList[side][i]]);
  return kinds;
}

/** Random weights that put hidden units below 0, inside the clip and above it. */
function randomNetwork(rules: RuleSet, hidden: number, activation: Activation, seed: number): Network {
  const random = makeRandom(seed);
  const uniform = (low: number, high: number): number => Math.floor(low + random() * (high - low + 1));
  const kinds = kindsOf(rules);
  const inputs = inputCount({ kinds, size: rules.size });
  return {
    family: familyOf(rules),
    size: rules.size,
    kinds,
    activation,
    hidden,
    onHand: false,
    handScale: 0,
    inputWeights: Int16Array.from({ length: inputs * hidden }, () => uniform(-60, 60)),
    hiddenBias: Int16Array.from({ length: hidden }, () => uniform(-100, 300)),
    outputWeights: Int8Array.from({ length: hidden }, () => uniform(-128, 127)),
    outputBias: uniform(-1e6, 1e6),
  };
}

/** The network's value of `pos` by its definition (nnue.ts), defenders' view. */
function definition(net: Network, pos: Position): number {
  const active: number[] = [];
  for (let rank = 0; rank < net.size; rank++)
    for (let file = 0; file < net.size; file++) {
      const piece = pos.board[toSquare(pos.geo.stride, file, rank)];
      if (piece !== 0) active.push(pieceInput(net, piece, rank * net.size + file));
    }
  if (pos.side === DEFENDERS) active.push(sideInput(net));
  let sum = net.outputBias;
  for (let h = 0; h < net.hidden; h++) {
    let s = net.hiddenBias[h];
    for (const input of active) s += net.inputWeights[input * net.hidden + h];
    const a = Math.min(Math.max(s, 0), QA);
    sum += net.outputWeights[h] * (net.activation === 'squared' ? a * a : a);
  }
  return Math.round((sum * OUTPUT_SCALE) / outputDivisor(net.activation));
}

const arena = SearchArena.create();
if (arena === null) throw new Error('no WebAssembly arena');

/** Random walks of `rules` with take-backs, the positions evaluated by `check`. */
function walk(rules: RuleSet, seed: number, count: number, check: (pos: Position) => void): void {
  const random = makeRandom(seed);
  const steps = new Int32Array(4096);
  let pos = Position.start(rules);
  for (let i = 0; i < count; i++) {
    const n = generateSteps(pos, steps, 0);
    if (n === 0 || pos.winner !== NO_WINNER || pos.ply > 120) {
      pos = Position.start(rules);
      continue;
    }
    if (pos.ply > 4 && random() < 0.1) pos.unmakeStep();
    else pos.makeStep(steps[Math.floor(random() * n)]);
    check(pos);
  }
}

describe.each([
  ['copenhagen', 'squared'],
  ['berserk', 'squared'],
  ['copenhagen', 'clipped'],
] as const)('a %s network of 256 hidden units, %s', (id, activation) => {
  const rules = rulesOf(id);
  const net = randomNetwork(rules, 256, activation, 5);

  it('is evaluated by the kernels and the reference as its definition says, step by step', () => {
    expect(kernelsFit(net)).toBe(true);
    const kernels = new NnueEvaluator(net, Position.start(rules));
    kernels.startSearch(arena);
    const reference = new NnueEvaluator(net, Position.start(rules));
    const values = new Set<number>();
    walk(rules, 3, 400, (pos) => {
      const value = definition(net, pos);
      const sign = pos.side === DEFENDERS ? 1 : -1;
      expect(sign * kernels.evaluate(pos)).toBe(value);
      expect(sign * reference.evaluate(pos)).toBe(value);
      values.add(value);
    });
    // Positions told apart: not a constant.
    expect(values.size).toBeGreaterThan(100);
  });
});

describe('networks the kernels cannot run, and a shared arena', () => {
  const rules = rulesOf('copenhagen');

  it('runs a network too wide for the region, or of a width not in eights, in JavaScript', () => {
    for (const net of [randomNetwork(rules, 1024, 'squared', 8), randomNetwork(rules, 12, 'clipped', 9)]) {
      expect(kernelsFit(net)).toBe(false);
      const evaluator = new NnueEvaluator(net, Position.start(rules));
      evaluator.startSearch(arena);
      walk(rules, 4, 60, (pos) => expect((pos.side === DEFENDERS ? 1 : -1) * evaluator.evaluate(pos)).toBe(definition(net, pos)));
    }
  });

  it('loads each evaluator network again when another searcher used the region since', () => {
    const nets = [randomNetwork(rules, 256, 'squared', 10), randomNetwork(rules, 64, 'clipped', 11)];
    const evaluators = nets.map((net) => new NnueEvaluator(net, Position.start(rules)));
    let round = 0;
    walk(rules, 5, 200, (pos) => {
      // Each "search" of a few positions starts by claiming the arena.
      const k = Math.floor(round++ / 7) % 2;
      if (round % 7 === 1) evaluators[k].startSearch(arena);
      expect((pos.side === DEFENDERS ? 1 : -1) * evaluators[k].evaluate(pos)).toBe(definition(nets[k], pos));
    });
  });

  it('covers the positions of the piece kinds it has inputs for', () => {
    const net = randomNetwork(rules, 16, 'clipped', 12);
    expect(netCovers(net, Position.start(rules))).toBe(true);
    const berserk = rulesOf('berserk');
    expect(netCovers({ ...net, family: 'berserk' }, Position.start(berserk))).toBe(false);
    expect(netCovers({ ...randomNetwork(berserk, 16, 'clipped', 13) }, Position.start(berserk))).toBe(true);
  });
});
