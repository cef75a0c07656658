import { describe, expect, it } from 'vitest';
import { lateReduction } from '../../src/search/reductions.js';

describe('lateReduction', () => {
  it('grows with the depth and the place in the order', () => {
    expect(lateReduction(3, 3, false, true, 0)).toBe(1);
    expect(lateReduction(8, 40, false, true, 0)).toBeGreaterThan(lateReduction(4, 40, false, true, 0));
    expect(lateReduction(8, 40, false, true, 0)).toBeGreaterThan(lateReduction(8, 4, false, true, 0));
  });

  it('reduces less in principal-variation nodes, where the evaluation improves and for good history', () => {
    const base = lateReduction(10, 30, false, true, 0);
    expect(lateReduction(10, 30, true, true, 0)).toBe(base - 1);
    expect(lateReduction(10, 30, false, false, 0)).toBe(base + 1);
    expect(lateReduction(10, 30, false, true, 1000)).toBe(base - 2);
    expect(lateReduction(10, 30, false, true, -1000)).toBe(base + 2);
  });

  it('always leaves a search of at least one turn, and never extends', () => {
    for (let depth = 3; depth < 70; depth++)
      for (const moveNumber of [3, 10, 100, 300]) {
        const worst = lateReduction(depth, moveNumber, false, false, -1e6);
        expect(worst).toBeLessThanOrEqual(depth - 2);
        expect(lateReduction(depth, moveNumber, true, true, 1e6)).toBeGreaterThanOrEqual(0);
      }
  });
});
