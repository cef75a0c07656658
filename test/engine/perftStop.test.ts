// Perft by turn and its stop flag: a count another thread stops winds down at once, reports only the
// turns counted whole, and leaves the position as it was.

import { describe, expect, it } from 'vitest';
import { makeTfen } from '../../src/notation/index.js';
import { legalTurns, Perft, perftByTurn, Position, VARIANTS } from '../../src/engine/index.js';

describe('perft by turn', () => {
  it('reports every legal turn with the counts of Perft, and returns true', () => {
    const pos = Position.start(VARIANTS.brandubh);
    const counts: number[] = [];
    expect(perftByTurn(pos, 3, {}, ({ nodes }) => counts.push(nodes))).toBe(true);
    expect(counts).toHaveLength(legalTurns(pos).length);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(new Perft(pos).count(3));
  });

  for (const full of [false, true]) {
    it(`a set stop flag ends even a count of days at once${full ? ' (full)' : ''}; the position is unchanged`, () => {
      const pos = Position.start(VARIANTS.copenhagen);
      const before = makeTfen(pos);
      const stop = new Int32Array([1]);
      const reported: number[] = [];
      const start = performance.now();
      expect(perftByTurn(pos, 12, { full, stop }, ({ nodes }) => reported.push(nodes))).toBe(false);
      expect(performance.now() - start).toBeLessThan(5000);
      expect(reported).toEqual([]);
      expect(makeTfen(pos)).toBe(before);
    });
  }

  it('a flag set between turns keeps the turns counted whole', () => {
    const pos = Position.start(VARIANTS.brandubh);
    const stop = new Int32Array(1);
    const reported: number[] = [];
    const complete = perftByTurn(pos, 4, { stop }, ({ nodes }) => {
      reported.push(nodes);
      if (reported.length === 3) stop[0] = 1;
    });
    expect(complete).toBe(false);
    expect(reported).toHaveLength(3);
    const whole: number[] = [];
    perftByTurn(pos, 4, {}, ({ nodes }) => whole.push(nodes));
    expect(reported).toEqual(whole.slice(0, 3));
  });
});
