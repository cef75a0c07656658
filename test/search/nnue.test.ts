// The learned evaluation: the file format, the engine's integer inference against the trainer's
// float and integer computations, the incremental accumulator against a refresh, and the search with it.

import { describe, expect, it } from 'vitest';
import {
  DEFENDERS,
  END_RUN,
  generateSteps,
  getVariant,
  makeRandom,
  NO_SQUARE,
  NO_WINNER,
  Position,
  type RuleSet,
  toSquare,
} from '../../src/engine/index.js';
import { NnueEvaluator } from '../../src/search/network/accumulator.js';
import {
  type Activation,
  HAND_SCALE_ONE,
  inputCount,
  makeNetwork,
  type Network,
  parseNetwork,
  QA,
  QB,
} from '../../src/search/network/nnue.js';
import { Searcher } from '../../src/search/index.js';
import { SearchArena } from '../../src/search/kernels/arena.js';
import {
  ALL_KINDS,
  activeInputs,
  boardKinds,
  floatEvaluate,
  forward,
  largestSum,
  makeModel,
  type Model,
  quantise,
  quantisedEvaluate,
  targetOf,
  Trainer,
} from '../../scripts/nnueModel.js';

function variant(id: string): RuleSet {
  const rules = getVariant(id);
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
}

const berserk = variant('berserk');

function cellsOf(pos: Position): Uint8Array {
  const size = pos.rules.size;
  const cells = new Uint8Array(size * size);
  for (let rank = 0; rank < size; rank++)
    for (let file = 0; file < size; file++) cells[rank * size + file] = pos.board[toSquare(pos.geo.stride, file, rank)];
  return cells;
}

/** Positions of random games, berserk unless told (steps one at a time, so runs are open in some). */
function randomPositions(seed: number, count: number, rules = berserk): Position[] {
  const random = makeRandom(seed);
  const steps = new Int32Array(4096);
  const positions: Position[] = [];
  let pos = Position.start(rules);
  while (positions.length < count) {
    const n = generateSteps(pos, steps, 0);
    if (n === 0 || pos.winner !== NO_WINNER || pos.ply > 150) {
      pos = Position.start(rules);
      continue;
    }
    pos.makeStep(steps[Math.floor(random() * n)]);
    if (pos.winner === NO_WINNER) positions.push(pos.clone());
  }
  return positions;
}

/** A model trained a little on random positions with a made-up score, so its weights are not the initial ones. */
function trainedModel(
  hidden: number,
  activation: Activation = 'clipped',
  model = makeModel('berserk', 11, hidden, 7, false, ALL_KINDS, activation),
  rules = berserk,
): Model {
  const trainer = new Trainer(model, 0.01);
  const inputs = new Int32Array(122);
  for (const pos of randomPositions(3, 300, rules)) {
    const score = 100 * (pos.pieceCount[DEFENDERS] - pos.pieceCount[0] / 2);
    trainer.accumulate(inputs, activeInputs(model, cellsOf(pos), pos.side, inputs), targetOf(score, 1, 0.75));
    trainer.apply(1);
  }
  return model;
}

const arena = SearchArena.create();
if (arena === null) throw new Error('no WebAssembly arena');

/** An evaluator of `net` whose sums are kept by the arena's kernels, or in JavaScript (the reference). */
function evaluatorOf(net: Network, pos: Position, keeper: 'kernels' | 'reference'): NnueEvaluator {
  const evaluator = new NnueEvaluator(net, pos);
  if (keeper === 'kernels') evaluator.startSearch(arena);
  return evaluator;
}

/** The engine's evaluation from the defenders' view. */
const defendersView = (pos: Position, value: number): number => (pos.side === DEFENDERS ? value : -value);

/**
 * The engine's evaluations of `net` (the quantised `model`) on `positions`: the trainer's integer
 * computation exactly, its float model within the quantisation error, values spread wider than `spreadAbove`.
 */
function expectTrainersValues(
  model: Model,
  net: Network,
  positions: Position[],
  keeper: 'kernels' | 'reference',
  spreadAbove: number,
): void {
  const evaluator = evaluatorOf(net, positions[0], keeper);
  let spread = 0;
  for (const pos of positions) {
    const cells = cellsOf(pos);
    const engine = defendersView(pos, evaluator.evaluate(pos));
    expect(engine).toBe(quantisedEvaluate(net, cells, pos.side));
    const float = floatEvaluate(model, cells, pos.side);
    // Rounding: each output weight by up to 1/(2 QB), each input weight by up to 1/(2 QA), over
    // up to 32 hidden units and ~40 inputs, typically a few centipawns.
    expect(Math.abs(engine - float)).toBeLessThan(25);
    spread = Math.max(spread, Math.abs(float));
  }
  // The positions are told apart: the bound above is small against the values.
  expect(spread).toBeGreaterThan(spreadAbove);
}

describe('network file', () => {
  const net = quantise(trainedModel(16));

  it('reads back what it writes', () => {
    const back = parseNetwork(makeNetwork(net));
    expect(back.ok && back.value).toEqual(net);
    const onHand = { ...net, onHand: true, handScale: 700 };
    const backOnHand = parseNetwork(makeNetwork(onHand));
    expect(backOnHand.ok && backOnHand.value).toEqual(onHand);
  });

  it('refuses other files with the reason', () => {
    const bytes = makeNetwork(net);
    const bad = (b: Uint8Array): string => {
      const parsed = parseNetwork(b);
      return parsed.ok ? 'accepted' : parsed.error.message;
    };
    expect(bad(new TextEncoder().encode('{"name": "hnefi"}'))).toMatch(/not a Hnefi network file/);
    expect(bad(bytes.subarray(0, bytes.length - 1))).toMatch(
      /has \d+ bytes, a 11x11 network of 16 hidden units for its piece kinds has \d+/,
    );
    const version = bytes.slice();
    version[4] = 9;
    expect(bad(version)).toMatch(/version 9/);
    const family = bytes.slice();
    family[5] = 7;
    expect(bad(family)).toMatch(/unknown variant family 7/);
    const kinds = bytes.slice();
    kinds[7] = 0;
    expect(bad(kinds)).toMatch(/inputs for no piece kind/);
    const fewerKinds = bytes.slice();
    fewerKinds[7] = 3;
    expect(bad(fewerKinds)).toMatch(/has \d+ bytes, a 11x11 network of 16 hidden units for its piece kinds has \d+/);
    const activation = bytes.slice();
    activation[8] = 2;
    expect(bad(activation)).toMatch(/unknown activation 2/);
    const onHand = bytes.slice();
    onHand[9] = 2;
    expect(bad(onHand)).toMatch(/unknown combination 2 with the hand-written evaluation/);
    expect(inputCount({ kinds: 255, size: 11 })).toBe(8 * 121 + 1);
    expect(inputCount({ kinds: 0b1011, size: 11 })).toBe(3 * 121 + 1);
  });
});

describe("the trainer's check of the 16-bit sums", () => {
  it('finds the largest sum, with the side-to-move input and without', () => {
    const net = quantise(trainedModel(16));
    const start = Position.start(berserk);
    const pieces = start.pieceCount[0] + start.pieceCount[1];
    const heavy: Network = { ...net, hiddenBias: new Int16Array(16), inputWeights: new Int16Array(net.inputWeights.length).fill(1000) };
    expect(largestSum(heavy, cellsOf(start))).toBe((pieces + 1) * 1000);
    heavy.inputWeights.fill(-1000, (inputCount(net) - 1) * 16);
    expect(largestSum(heavy, cellsOf(start))).toBe(pieces * 1000);
    expect(largestSum(net, cellsOf(start))).toBeLessThan(32767);
  });
});

describe.each(['kernels', 'reference'] as const)('inference (sums kept by the %s)', (keeper) => {
  const model = trainedModel(32);
  const net = quantise(model);
  const positions = randomPositions(11, 200);

  it('equals the trainer integer computation and the float model within the quantisation error', () => {
    expectTrainersValues(model, net, positions, keeper, 150);
  });

  it('follows the steps to the sums of a refresh, through captures, berserk runs, take-backs and jumps', () => {
    const random = makeRandom(5);
    const steps = new Int32Array(4096);
    // One evaluator for two games played side by side, as a search's tree and a new search's root.
    const incremental = evaluatorOf(net, Position.start(berserk), keeper);
    const fresh = new NnueEvaluator(net, Position.start(berserk));
    let captures = 0;
    let runSteps = 0;
    let takeBacks = 0;
    let evaluations = 0;
    for (let round = 0; round < 3; round++) {
      const games = [Position.start(berserk), Position.start(berserk)];
      for (let turn = 0; turn < 400; turn++) {
        const pos = games[random() < 0.9 ? 0 : 1];
        if (pos.winner !== NO_WINNER || pos.ply >= 160) continue;
        // Now and then take back steps, as a search does: a few, or more than the evaluator replays.
        if (pos.ply > 12 && random() < 0.15) {
          const back = random() < 0.2 ? 12 : 1 + Math.floor(random() * 4);
          for (let i = 0; i < back; i++) pos.unmakeStep();
          takeBacks++;
        } else {
          const n = generateSteps(pos, steps, 0);
          if (n === 0) continue;
          const step = steps[Math.floor(random() * n)];
          if (pos.berserker !== NO_SQUARE && step !== END_RUN) runSteps++;
          pos.makeStep(step);
          captures += pos.lastCaptureCount();
        }
        // Not at every step, so that several steps are replayed at once.
        if (random() < 0.6) {
          expect(incremental.evaluate(pos)).toBe(fresh.refresh(pos));
          evaluations++;
        }
      }
    }
    expect(captures).toBeGreaterThan(10);
    expect(runSteps).toBeGreaterThan(3);
    expect(takeBacks).toBeGreaterThan(10);
    expect(evaluations).toBeGreaterThan(500);
  });

  it('fills in the plies below a refresh, through captures and berserk runs', () => {
    const random = makeRandom(7);
    const steps = new Int32Array(4096);
    const fresh = new NnueEvaluator(net, Position.start(berserk));
    let checked = 0;
    for (let game = 0; game < 4; game++) {
      const pos = Position.start(berserk);
      while (pos.winner === NO_WINNER && pos.ply < 160) {
        const n = generateSteps(pos, steps, 0);
        if (n === 0) break;
        pos.makeStep(steps[Math.floor(random() * n)]);
        if (pos.lastCaptureCount() === 0 || pos.ply < 4) continue;
        // A new evaluator refreshes here, then finds the sums of the plies below it from the steps.
        const evaluator = evaluatorOf(net, pos, keeper);
        expect(evaluator.evaluate(pos)).toBe(fresh.refresh(pos));
        const taken: number[] = [];
        for (let back = 0; back < 3; back++) {
          taken.push(pos.stepsMade()[pos.ply - 1]);
          pos.unmakeStep();
          expect(evaluator.evaluate(pos)).toBe(fresh.refresh(pos));
          checked++;
        }
        while (taken.length > 0) pos.makeStep(taken.pop() as number);
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('follows a position loaded mid-game and its copies', () => {
    const random = makeRandom(9);
    const steps = new Int32Array(4096);
    const positions = randomPositions(33, 40);
    const evaluator = evaluatorOf(net, positions[0], keeper);
    const fresh = new NnueEvaluator(net, positions[0]);
    for (const start of positions) {
      const pos = start.clone();
      for (let i = 0; i < 6 && pos.winner === NO_WINNER; i++) {
        const n = generateSteps(pos, steps, 0);
        if (n === 0) break;
        pos.makeStep(steps[Math.floor(random() * n)]);
        expect(evaluator.evaluate(pos)).toBe(fresh.refresh(pos));
      }
      expect(evaluator.evaluate(start)).toBe(fresh.refresh(start));
    }
  });
});

describe('a network trained with the squared activation', () => {
  const model = trainedModel(32, 'squared');
  const net = quantise(model);

  it('is evaluated as the trainer computes it, and as its float model within the quantisation error', () => {
    expect(net.activation).toBe('squared');
    expectTrainersValues(model, net, randomPositions(13, 200), 'kernels', 150);
  });
});

describe.each(['clipped', 'squared'] as const)('training with the %s activation', (activation) => {
  it("follows its loss's gradient, as finite differences measure it", () => {
    // A new model's hidden units are inside the clip; its output weights (zero) made up.
    const model = makeModel('berserk', 11, 8, 17, false, ALL_KINDS, activation);
    const random = makeRandom(17);
    for (let h = 0; h < 8; h++) model.outputWeights[h] = 2 * random() - 1;
    const trainer = new Trainer(model, 0);
    const inputs = new Int32Array(122);
    const pre = new Float32Array(8);
    const act = new Float32Array(8);
    const step = 1e-3;
    let checked = 0;
    for (const pos of randomPositions(19, 6)) {
      const count = activeInputs(model, cellsOf(pos), pos.side, inputs);
      const target = targetOf(300 * (pos.side === DEFENDERS ? 1 : -1), 2, 0.5);
      for (const g of trainer.grads) g.fill(0);
      trainer.accumulate(inputs, count, target);
      forward(model, inputs, count, pre, act);
      const [gInput, gBias, gOutput, gOutputBias] = trainer.grads;
      /** The loss's slope along parameter `index` of `values`, measured. */
      const measured = (values: Float32Array, index: number): number => {
        const kept = values[index];
        values[index] = kept + step;
        const up = trainer.loss(inputs, count, target);
        values[index] = kept - step;
        const down = trainer.loss(inputs, count, target);
        values[index] = kept;
        return (up - down) / (2 * step);
      };
      const near = (computed: number, slope: number): void => {
        expect(Math.abs(computed - slope)).toBeLessThan(1e-4 + 0.02 * Math.abs(slope));
        checked++;
      };
      near(gOutputBias[0], measured(model.outputBias, 0));
      for (let h = 0; h < 8; h++) {
        near(gOutput[h], measured(model.outputWeights, h));
        // Not where the clip's corner is within the step: there the slope measured is neither side's.
        if (Math.abs(pre[h]) < 2 * step || Math.abs(pre[h] - 1) < 2 * step) continue;
        near(gBias[h], measured(model.hiddenBias, h));
        for (let k = 0; k < count; k += 7) near(gInput[inputs[k] * 8 + h], measured(model.inputWeights, inputs[k] * 8 + h));
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});

describe('a model of the piece kinds on its positions', () => {
  const copenhagen = variant('copenhagen');
  const kinds = boardKinds(cellsOf(Position.start(copenhagen)));
  const model = trainedModel(16, 'clipped', makeModel('corner', 11, 16, 5, false, kinds), copenhagen);
  const net = quantise(model);

  it('has inputs for those kinds alone, saved with the network', () => {
    // Attackers' men, defenders' men, the king.
    expect(kinds).toBe(0b1011);
    expect(net.kinds).toBe(kinds);
    expect(net.inputWeights.length).toBe((3 * 121 + 1) * 16);
    const back = parseNetwork(makeNetwork(net));
    expect(back.ok && back.value).toEqual(net);
  });

  it('is evaluated by the engine as the trainer computes it', () => {
    expectTrainersValues(model, net, randomPositions(23, 200, copenhagen), 'kernels', 100);
  });
});

describe('search with a network', () => {
  const net: Network = quantise(trainedModel(16));
  const pos = randomPositions(21, 30)[29];

  it('searches with the network where it fits', () => {
    const run = (evalNet: Network | null): { best: number[] | null; score: number } => {
      let score = 0;
      const searcher = new Searcher({ hashMB: 4, evalNet });
      const { best } = searcher.search(pos, { depth: 2 }, new Int32Array(1), (info) => {
        score = info.score.value;
      });
      return { best, score };
    };
    const hand = run(null);
    const learned = run(net);
    expect(learned.best).not.toBeNull();
    expect(learned.score).not.toBe(hand.score);
  });

  it('adds a network trained on hand to the hand-written evaluation', () => {
    const run = (evalNet: Network | null): string => {
      const infos: string[] = [];
      const { best } = new Searcher({ hashMB: 4, evalNet }).search(pos, { depth: 3 }, new Int32Array(1), (info) =>
        infos.push(`${info.depth} ${info.score.value} ${info.nodes}`),
      );
      return `${infos.join(', ')}: ${best?.join(' ')}`;
    };
    // A correction of nothing: the very search of the hand-written evaluation.
    const nothing: Network = {
      ...net,
      onHand: true,
      handScale: HAND_SCALE_ONE,
      hiddenBias: new Int16Array(16),
      inputWeights: new Int16Array(net.inputWeights.length),
      outputBias: 0,
    };
    expect(run(nothing)).toBe(run(null));
    expect(run({ ...nothing, outputBias: QA * QB })).not.toBe(run(null));
    expect(run({ ...nothing, handScale: HAND_SCALE_ONE / 2 })).not.toBe(run(null));
  });

  it('uses the hand-written evaluation for rules the network does not fit', () => {
    const copenhagen = Position.start(variant('copenhagen'));
    const scores = [null, net].map((evalNet) => {
      let score = 0;
      new Searcher({ hashMB: 4, evalNet }).search(copenhagen, { depth: 2 }, new Int32Array(1), (info) => {
        score = info.score.value;
      });
      return score;
    });
    expect(scores[1]).toBe(scores[0]);
  });
});
