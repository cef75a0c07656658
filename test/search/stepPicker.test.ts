import { describe, expect, it } from 'vitest';
import { END_RUN, generateSteps, SQ_CORNER, SQ_EDGE, stepCaptures, type Position } from '../../src/engine/index.js';
import { benchPositions } from '../../src/search/bench.js';
import { Evaluator } from '../../src/search/evaluate.js';
import { QuietHistory } from '../../src/search/history.js';
import { NO_STEP, ORDER_KILLER, SELECTION_STEPS } from '../../src/search/params.js';
import { StepPicker, StepScorer } from '../../src/search/stepPicker.js';

interface Handed {
  step: number;
  value: number;
  quiet: boolean;
  moveNumber: number;
}

function setUp(pos: Position): { scorer: StepScorer; history: QuietHistory; picker: StepPicker; n: number } {
  const history = new QuietHistory();
  history.fitBoard(pos.geo.cells);
  const scorer = new StepScorer(history);
  const evaluator = new Evaluator(pos);
  scorer.useWeights(evaluator.weights);
  scorer.prepare(pos, pos.rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE);
  const n = generateSteps(pos, scorer.steps, 0);
  return { scorer, history, picker: new StepPicker(scorer), n };
}

function drain(picker: StepPicker): Handed[] {
  const handed: Handed[] = [];
  for (let step = picker.next(); step !== NO_STEP; step = picker.next()) {
    handed.push({ step, value: picker.value(), quiet: picker.quiet(), moveNumber: picker.moveNumber() });
  }
  return handed;
}

const sorted = (steps: number[]): number[] => [...steps].sort((a, b) => a - b);

describe('StepPicker', () => {
  const positions = benchPositions();

  it('hands out every step once: the hash step first, then tactical steps best first, then the quiet ones', () => {
    for (const pos of positions) {
      for (const depth of [1, 3]) {
        const { scorer, picker, n } = setUp(pos);
        const generated = Array.from(scorer.steps.subarray(0, n));
        const hashStep = generated[n >> 1];
        picker.start(0, n, hashStep, 0, depth, false);
        const handed = drain(picker);
        expect(sorted(handed.map((h) => h.step))).toEqual(sorted(generated));
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

  it('orders quiet steps by history, looked up one turn from the horizon only when they are reached', () => {
    for (const pos of positions.slice(0, 4)) {
      for (const depth of [1, 2]) {
        const { scorer, history, picker, n } = setUp(pos);
        picker.start(0, n, -1, 0, depth, false);
        const quiets = drain(picker)
          .filter((h) => h.quiet && h.step !== END_RUN)
          .map((h) => h.step);
        expect(quiets.length).toBeGreaterThan(2);
        // A killer makes sure a step comes before the quiet ones; the history learns of a cut-off by
        // the last quiet step after the node has started handing out its steps.
        const favourite = quiets[quiets.length - 1];
        history.killers[0] = quiets[0];
        generateSteps(pos, scorer.steps, 0);
        picker.start(0, n, -1, 0, depth, false);
        const first = picker.next();
        expect(first).not.toBe(NO_STEP);
        expect(picker.quiet()).toBe(false);
        history.rewardCutoff(pos.side, favourite, 5, 8, scorer.steps, scorer.order, 0, 0);
        const firstQuiet = drain(picker).find((h) => h.quiet && h.step !== END_RUN);
        if (depth === 1) {
          expect(firstQuiet).toEqual(expect.objectContaining({ step: favourite, value: 64 }));
        } else {
          expect(firstQuiet?.step).not.toBe(favourite);
        }
      }
    }
  });

  it('gives the killers of a ply before the other quiet steps', () => {
    const pos = positions[0];
    const { scorer, history, picker, n } = setUp(pos);
    picker.start(0, n, -1, 3, 2, false);
    const quiets = drain(picker)
      .filter((h) => h.quiet && h.step !== END_RUN)
      .map((h) => h.step);
    const killer = quiets[quiets.length - 1];
    history.killers[3 * 2] = killer;
    generateSteps(pos, scorer.steps, 0);
    picker.start(0, n, -1, 3, 2, false);
    const handed = drain(picker);
    const killerAt = handed.findIndex((h) => h.step === killer);
    expect(handed[killerAt].value).toBeGreaterThanOrEqual(ORDER_KILLER);
    expect(handed[killerAt].quiet).toBe(false);
    expect(handed.slice(0, killerAt).every((h) => h.value >= ORDER_KILLER)).toBe(true);
  });

  it('still hands out every step when the quiet ones after the first will be pruned', () => {
    for (const pos of positions) {
      const { scorer, picker, n } = setUp(pos);
      const generated = Array.from(scorer.steps.subarray(0, n));
      picker.start(0, n, -1, 0, 1, true);
      expect(sorted(drain(picker).map((h) => h.step))).toEqual(sorted(generated));
    }
  });

  it('hands out quiescence captures by victim value, best first', () => {
    for (const pos of positions) {
      const { picker, n } = setUp(pos);
      picker.startCaptures(0, n);
      const handed = drain(picker);
      expect(handed).toHaveLength(n);
      for (let i = 1; i < handed.length; i++) expect(handed[i].value).toBeLessThanOrEqual(handed[i - 1].value);
    }
  });
});
