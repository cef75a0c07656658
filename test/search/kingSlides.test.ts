import { describe, expect, it } from 'vitest';
import {
  DEFENDERS,
  forbiddenFilterActive,
  generatePieceSteps,
  generateSteps,
  getVariant,
  makeRandom,
  NO_SQUARE,
  NO_WINNER,
  Position,
  SQ_CORNER,
  SQ_EDGE,
  VARIANT_IDS,
} from '../../src/engine/index.js';
import { Evaluator } from '../../src/search/evaluation/evaluate.js';
import { QuietHistory } from '../../src/search/ordering/history.js';
import { KING_LINES_VALUE } from '../../src/search/params.js';
import { ORDER_CAPTURE } from '../../src/search/params.js';
import { StepScorer } from '../../src/search/ordering/stepScorer.js';

describe('the king steps of the staged generation', () => {
  it('get the values scoreStep gives them one by one, in random games of every variant', () => {
    const steps = new Int32Array(4096);
    const squares = new Int32Array(512);
    let checked = 0;
    let withLines = 0;
    let withRoutes = 0;
    for (const id of VARIANT_IDS) {
      const rules = getVariant(id);
      if (!rules.ok) throw new Error(rules.error.message);
      const next = makeRandom(id.length * 104729);
      const pos = Position.start(rules.value);
      const history = new QuietHistory();
      history.fitBoard(pos.geo.cells);
      const scorer = new StepScorer(history);
      scorer.useWeights(new Evaluator(pos).weights);
      scorer.prepare(pos, pos.rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE);
      for (let ply = 0; ply < 160 && pos.winner === NO_WINNER; ply++) {
        const n = generateSteps(pos, steps, 0);
        if (n === 0) break;
        const king = pos.kingSq;
        if (pos.side === DEFENDERS && king !== NO_SQUARE && pos.berserker === NO_SQUARE && !forbiddenFilterActive(pos)) {
          const kingSteps = Array.from(steps.subarray(n, generatePieceSteps(pos, king, steps, n)));
          // One of his steps as the hash step (left out), two as the ply's killers.
          const ttStep = kingSteps.length > 2 ? kingSteps[Math.floor(next() * kingSteps.length)] : -1;
          history.killers[2] = kingSteps[0] ?? 0;
          history.killers[3] = kingSteps[kingSteps.length - 1] ?? 0;
          const end = scorer.generateTactical(0, ttStep, 1, squares);
          const staged = new Map<number, number>();
          for (let i = 0; i < end; i++) if ((scorer.steps[i] & 511) === king) staged.set(scorer.steps[i], scorer.order[i]);
          expect(
            [...staged.keys()].sort((a, b) => a - b),
            `${id} ply ${ply}`,
          ).toEqual(kingSteps.filter((s) => s !== ttStep).sort((a, b) => a - b));
          // scoreSteps scores each king step with scoreStep.
          scorer.steps.set(kingSteps, 0);
          scorer.scoreSteps(0, kingSteps.length, -1, 1, true);
          for (let i = 0; i < kingSteps.length; i++) {
            if (kingSteps[i] === ttStep) continue;
            const value = scorer.order[i];
            expect(staged.get(kingSteps[i]), `${id} ply ${ply} step ${kingSteps[i]}`).toBe(value);
            if (value > KING_LINES_VALUE && value < KING_LINES_VALUE + 5) withLines++;
            if (value > ORDER_CAPTURE && value <= ORDER_CAPTURE + 16) withRoutes++;
            checked++;
          }
        }
        pos.makeStep(steps[Math.floor(next() * n)]);
      }
    }
    expect(checked).toBeGreaterThan(2000);
    expect(withLines).toBeGreaterThan(200);
    expect(withRoutes).toBeGreaterThan(200);
  });
});
