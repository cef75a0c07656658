import { describe, expect, it } from 'vitest';
import { type Position } from '../../src/engine/index.js';
import { CaptureGenerator } from '../../src/search/ordering/captures.js';
import { Evaluator, kingOpenLines } from '../../src/search/evaluation/evaluate.js';
import { QuietHistory } from '../../src/search/ordering/history.js';
import { MAX_PLY, THREAT_PLIES } from '../../src/search/params.js';
import { PvTable } from '../../src/search/pvTable.js';
import { Quiescence } from '../../src/search/quiescence.js';
import { INFINITE } from '../../src/search/score.js';
import { StepPicker } from '../../src/search/ordering/stepPicker.js';
import { StepScorer } from '../../src/search/ordering/stepScorer.js';
import { TranspositionTable } from '../../src/search/tt.js';
import { loadTfen as load } from '../support/positions.js';

/** A quiescence search wired as the main search wires it, on its own table. */
function quiescence(pos: Position): { search: Quiescence; tt: TranspositionTable } {
  const evaluator = new Evaluator(pos);
  const scorer = new StepScorer(new QuietHistory());
  scorer.useWeights(evaluator.weights);
  scorer.prepare(pos, evaluator.escapeFlag);
  const stackBase = new Int32Array(MAX_PLY + 1);
  const pickers = Array.from({ length: MAX_PLY }, (_, ply) => new StepPicker(scorer, stackBase, ply + 1));
  const host = { aborted: false, visit: () => true, staticEval: () => evaluator.evaluate(pos) };
  const search = new Quiescence(host, scorer.steps, pickers, stackBase, new PvTable());
  const tt = new TranspositionTable(1);
  search.prepare(pos, evaluator.escapeFlag, new CaptureGenerator(pos.geo.cells), tt);
  return { search, tt };
}

describe('Quiescence', () => {
  // Copenhagen, attackers to move: the king on a6 has an open line down the a-file to the a1 corner
  // (a8 closes the other way); b3 and b2 can step onto the line to block it.
  const tfen = '11/11/11/t10/11/K10/11/11/1t9/1t9/11 a -';

  it('answers an open line in its first THREAT_PLIES plies and stores that result', () => {
    const pos = load('copenhagen', tfen);
    expect(kingOpenLines(pos, new Evaluator(pos).escapeFlag)).toBe(1);
    const { search, tt } = quiescence(pos);
    const answered = search.search(-INFINITE, INFINITE, 0, 0, 0, THREAT_PLIES - 1);
    expect(tt.probe(pos.hashLo, pos.hashHi)).toBe(true);
    expect(tt.hitDepth).toBe(0);
    // A block keeps the game going: no forced loss.
    expect(answered).toBeGreaterThan(-INFINITE / 2);
  });

  it('stands pat past THREAT_PLIES and stores nothing there, so that no node that answers the line reads it', () => {
    const pos = load('copenhagen', tfen);
    const { search, tt } = quiescence(pos);
    // With beta at the stand-pat, the stand-pat cuts off (a result any other node would store).
    const standPat = new Evaluator(pos).evaluate(pos);
    const unanswered = search.search(-INFINITE, standPat, 0, 0, 0, THREAT_PLIES);
    expect(unanswered).toBe(standPat);
    expect(tt.probe(pos.hashLo, pos.hashHi)).toBe(false);
    // The node searched again in its first plies answers the line rather than taking the stand-pat.
    const answered = search.search(-INFINITE, INFINITE, 0, 0, 0, 0);
    expect(answered).not.toBe(unanswered);
    expect(tt.probe(pos.hashLo, pos.hashHi)).toBe(true);
  });
});
