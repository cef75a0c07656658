import { describe, expect, it } from 'vitest';
import { END_RUN, generateSteps, NO_SQUARE, NO_WINNER, SQ_CORNER, SQ_EDGE, stepCaptures, type Position } from '../../src/engine/index.js';
import { benchPositions } from '../../src/search/bench.js';
import { Evaluator } from '../../src/search/evaluation/evaluate.js';
import { QuietHistory } from '../../src/search/ordering/history.js';
import { parseTurn } from '../../src/notation/index.js';
import { NO_STEP, ORDER_CAPTURE, ORDER_KILLER, SELECTION_STEPS } from '../../src/search/params.js';
import { StepPicker } from '../../src/search/ordering/stepPicker.js';
import { StepScorer } from '../../src/search/ordering/stepScorer.js';
import { placePieces } from '../support/positions.js';

interface Handed {
  step: number;
  value: number;
  quiet: boolean;
  moveNumber: number;
}

/** The picker of ply 0 on a fresh stack; `generated`: the position's steps, as generateSteps gives them. */
function setUp(pos: Position): {
  scorer: StepScorer;
  history: QuietHistory;
  picker: StepPicker;
  generated: number[];
  stackBase: Int32Array;
} {
  const history = new QuietHistory();
  history.fitBoard(pos.geo.cells);
  const scorer = new StepScorer(history);
  const evaluator = new Evaluator(pos);
  scorer.useWeights(evaluator.weights);
  scorer.prepare(pos, pos.rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE);
  const buffer = new Int32Array(4096);
  const generated = Array.from(buffer.subarray(0, generateSteps(pos, buffer, 0)));
  const stackBase = new Int32Array(2);
  return { scorer, history, picker: new StepPicker(scorer, stackBase, 1), generated, stackBase };
}

function drain(picker: StepPicker): Handed[] {
  const handed: Handed[] = [];
  for (let step = picker.next(); step !== NO_STEP; step = picker.next()) {
    handed.push({ step, value: picker.value(), quiet: picker.quiet(), moveNumber: picker.moveNumber() });
  }
  return handed;
}

const sorted = (steps: number[]): number[] => [...steps].sort((a, b) => a - b);

/** The handed-out step of `pos` written `text` (its first step). */
function handedStep(pos: Position, handed: Handed[], text: string): Handed {
  const turn = parseTurn(pos, text);
  if (!turn.ok) throw new Error(turn.error.message);
  const found = handed.find((h) => h.step === turn.value[0]);
  if (!found) throw new Error(`${text} not handed out`);
  return found;
}

describe('StepPicker', () => {
  const positions = benchPositions();

  it('hands out every step once: the hash step first, then tactical steps best first, then the quiet ones', () => {
    for (const pos of positions) {
      for (const depth of [1, 3]) {
        const { picker, generated, stackBase } = setUp(pos);
        const hashStep = generated[generated.length >> 1];
        picker.start(0, hashStep, 0, depth, false);
        const handed = drain(picker);
        expect(picker.empty()).toBe(false);
        expect(sorted(handed.map((h) => h.step))).toEqual(sorted(generated));
        // The children write their steps after all of the node's.
        expect(stackBase[1]).toBe(generated.length);
        expect(handed[0].step).toBe(hashStep);
        handed.forEach((h, i) => expect(h.moveNumber).toBe(i));
        const bestFirst = handed.slice(1, SELECTION_STEPS);
        for (let i = 1; i < bestFirst.length; i++) expect(bestFirst[i].value).toBeLessThanOrEqual(bestFirst[i - 1].value);
        for (const h of handed.slice(1)) {
          const captures = h.step !== END_RUN && stepCaptures(pos, h.step & 511, h.step >>> 9);
          if (captures) expect(h.quiet, `capture ${h.step} is not quiet`).toBe(false);
        }
      }
    }
  });

  it('hands out no hash step that is not a step of the position, and every step the same', () => {
    for (const pos of positions) {
      const { picker, generated } = setUp(pos);
      // Another position's step: a square of the side to move's pieces to a square no slide reaches.
      for (const foreign of [-1, 0, (1 << 18) + 5, generated[0] + (1 << 9) * 200]) {
        picker.start(0, foreign, 0, 2, false);
        expect(sorted(drain(picker).map((h) => h.step))).toEqual(sorted(generated));
      }
    }
  });

  it('generates the quiet steps only when it reaches them', () => {
    for (const pos of positions) {
      const { picker, generated, stackBase } = setUp(pos);
      picker.start(0, -1, 0, 2, false);
      const first = picker.next();
      expect(first).not.toBe(NO_STEP);
      if (!picker.quiet()) expect(stackBase[1]).toBeLessThan(generated.length);
    }
  });

  it('orders quiet steps by the history of when they are reached', () => {
    for (const pos of positions.slice(0, 4)) {
      for (const depth of [1, 2]) {
        const { history, picker } = setUp(pos);
        picker.start(0, -1, 0, depth, false);
        const quiets = drain(picker)
          .filter((h) => h.quiet && h.step !== END_RUN)
          .map((h) => h.step);
        expect(quiets.length).toBeGreaterThan(2);
        // A killer makes sure a step comes before the quiet ones; the history learns of a cut-off by
        // the last quiet step after the node has started handing out its steps.
        const favourite = quiets[quiets.length - 1];
        history.killers[0] = quiets[0];
        picker.start(0, -1, 0, depth, false);
        const first = picker.next();
        expect(first).not.toBe(NO_STEP);
        expect(picker.quiet()).toBe(false);
        history.rewardCutoff(pos.side, favourite, 5, 8, new Int32Array(1), new Int32Array(1), 0, 0);
        const firstQuiet = drain(picker).find((h) => h.quiet && h.step !== END_RUN);
        expect(firstQuiet).toEqual(expect.objectContaining({ step: favourite, value: 64 }));
      }
    }
  });

  it('gives the killers of a ply before the other quiet steps, and no killer that is not a step here', () => {
    const pos = positions[0];
    const { history, picker, generated } = setUp(pos);
    picker.start(0, -1, 3, 2, false);
    const quiets = drain(picker)
      .filter((h) => h.quiet && h.step !== END_RUN)
      .map((h) => h.step);
    const killer = quiets[quiets.length - 1];
    history.killers[3 * 2] = killer;
    history.killers[3 * 2 + 1] = killer + (1 << 9) * 300;
    picker.start(0, -1, 3, 2, false);
    const handed = drain(picker);
    expect(sorted(handed.map((h) => h.step))).toEqual(sorted(generated));
    const killerAt = handed.findIndex((h) => h.step === killer);
    expect(handed[killerAt].value).toBeGreaterThanOrEqual(ORDER_KILLER);
    expect(handed[killerAt].quiet).toBe(false);
    expect(handed.slice(0, killerAt).every((h) => h.value >= ORDER_KILLER)).toBe(true);
  });

  it("keeps a node's killers apart from its children's", () => {
    const pos = positions[0].clone();
    const { scorer, history, generated } = setUp(pos);
    const stackBase = new Int32Array(3);
    const node = new StepPicker(scorer, stackBase, 1);
    const child = new StepPicker(scorer, stackBase, 2);
    history.killers[0] = generated[generated.length - 1];
    node.start(0, -1, 0, 2, false);
    const handed: number[] = [];
    for (let step = node.next(); step !== NO_STEP; step = node.next()) {
      handed.push(step);
      // The child's own stages run between the node's.
      pos.makeStep(step);
      child.start(stackBase[1], -1, 1, 2, false);
      while (child.next() !== NO_STEP);
      pos.unmakeStep();
    }
    expect(sorted(handed)).toEqual(sorted(generated));
  });

  it('hands out every step but the quiet ones, and one of those, when the quiet ones after the first will be pruned', () => {
    for (const pos of positions) {
      const { picker, generated } = setUp(pos);
      picker.start(0, generated[0], 0, 1, true);
      const handed = drain(picker);
      const tactical = handed.filter((h) => !h.quiet).map((h) => h.step);
      expect(handed.some((h) => h.quiet)).toBe(true);
      const full = setUp(pos);
      full.picker.start(0, generated[0], 0, 1, false);
      expect(sorted(tactical)).toEqual(
        sorted(
          drain(full.picker)
            .filter((h) => !h.quiet)
            .map((h) => h.step),
        ),
      );
    }
  });

  it('generates every step at once mid-run, and hands them all out', () => {
    // A Berserk game of pseudo-random steps, capturing where it can, until a capture leaves a run open.
    const pos = positions[1].clone();
    let seed = 7;
    let made = 0;
    for (; made < 400 && pos.berserker === NO_SQUARE && pos.winner === NO_WINNER; made++) {
      const steps = setUp(pos).generated;
      const capture = steps.find((s) => stepCaptures(pos, s & 511, s >>> 9));
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      pos.makeStep(capture ?? steps[seed % steps.length]);
    }
    const run = pos.berserker !== NO_SQUARE ? { pos, step: -1 } : undefined;
    expect(run).toBeDefined();
    const mid = setUp(run!.pos);
    mid.picker.start(0, -1, 0, 2, false);
    expect(mid.stackBase[1]).toBe(mid.generated.length);
    const handed = drain(mid.picker);
    expect(sorted(handed.map((h) => h.step))).toEqual(sorted(mid.generated));
    expect(handed.map((h) => h.step)).toContain(END_RUN);
  });

  it('hands out quiescence captures by victim value, best first', () => {
    for (const pos of positions) {
      const { scorer, picker } = setUp(pos);
      const n = generateSteps(pos, scorer.steps, 0);
      picker.startCaptures(0, n);
      const handed = drain(picker);
      expect(handed).toHaveLength(n);
      for (let i = 1; i < handed.length; i++) expect(handed[i].value).toBeLessThanOrEqual(handed[i - 1].value);
    }
  });
  it("hands out the king's steps that give him a route to a corner with the tactical steps, after the captures", () => {
    // d4-d6: from d6 he slides to a6, which sees a11 (a5 holds the file below). d4-d5: his slides from
    // d5 end on b5, j5, d8 and d4, none on an edge.
    const pos = placePieces('copenhagen', 'd', { d4: 'K', d9: 't', a5: 't', k5: 't', d3: 't', k3: 't', a2: 't', k7: 't' });
    const { picker } = setUp(pos);
    picker.start(0, -1, 0, 3, false);
    const handed = drain(picker);
    const step = (text: string): Handed => handedStep(pos, handed, text);
    const route = step('d4-d6');
    expect(route.quiet).toBe(false);
    expect(route.value).toBeGreaterThan(ORDER_CAPTURE);
    expect(route.value).toBeLessThan(ORDER_CAPTURE + 32);
    expect(step('d4-d5').quiet).toBe(true);
    expect(route.moveNumber).toBeLessThan(step('d4-d5').moveNumber);
  });
});

describe('StepPicker, the attackers', () => {
  it("hands out the steps that cut the king's route to a corner with the tactical steps, after the captures", () => {
    // The king on d6 slides to a6, whose run a7-a10 is open to a11 (a5 holds the file below): b2-b6
    // lands on his slide, d9-a9 on the run. b2-b5 and d9-c9 cut nothing; k6's runs are held by k5, k7.
    const pos = placePieces('copenhagen', 'a', { d6: 'K', d9: 't', a5: 't', k5: 't', d3: 't', k7: 't', b2: 't' });
    const { picker } = setUp(pos);
    picker.start(0, -1, 0, 3, false);
    const handed = drain(picker);
    const step = (text: string): Handed => handedStep(pos, handed, text);
    for (const block of ['b2-b6', 'd9-a9']) {
      const handedBlock = step(block);
      expect(handedBlock.quiet).toBe(false);
      expect(handedBlock.value).toBeGreaterThan(ORDER_CAPTURE);
      expect(handedBlock.value).toBeLessThan(ORDER_CAPTURE + 32);
    }
    expect(step('b2-b5').quiet).toBe(true);
    expect(step('d9-c9').quiet).toBe(true);
  });
});
