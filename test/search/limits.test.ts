import { describe, expect, it } from 'vitest';
import { ATTACKERS } from '../../src/engine/index.js';
import { SearchLimits } from '../../src/search/limits.js';
import { CHECK_INTERVAL } from '../../src/search/params.js';
import { MATE } from '../../src/search/score.js';

describe('SearchLimits', () => {
  it('stops at the stop flag at the next check, not before', () => {
    const limits = new SearchLimits();
    const stop = new Int32Array(1);
    limits.start({ infinite: true }, ATTACKERS, 30, stop);
    expect(limits.reached(1)).toBe(false);
    stop[0] = 1;
    expect(limits.reached(2)).toBe(false);
    expect(limits.reached(CHECK_INTERVAL)).toBe(true);
  });

  it('applies a node limit only once the first iteration has given a move', () => {
    const limits = new SearchLimits();
    limits.start({ nodes: 100 }, ATTACKERS, 30, new Int32Array(1));
    expect(limits.reached(150)).toBe(false);
    expect(limits.iterationEnds(1, 5, 0, 150)).toBe(true);
    expect(limits.reached(151)).toBe(true);
    limits.start({ nodes: 100 }, ATTACKERS, 30, new Int32Array(1));
    expect(limits.iterationEnds(1, 5, 0, 50)).toBe(false);
    expect(limits.reached(99)).toBe(false);
    expect(limits.reached(100)).toBe(true);
  });

  it('ends the iterations at a mate found or asked for, and at the clock', () => {
    const limits = new SearchLimits();
    limits.start({ mate: 2 }, ATTACKERS, 30, new Int32Array(1));
    expect(limits.iterationEnds(1, 5, 100, 10)).toBe(false);
    expect(limits.iterationEnds(2, 5, MATE - 3, 10)).toBe(true);
    limits.start({ depth: 10 }, ATTACKERS, 30, new Int32Array(1));
    // A win at the first turn end is proven by depth 3; a longer one needs more.
    expect(limits.iterationEnds(2, 5, MATE - 1, 10)).toBe(false);
    expect(limits.iterationEnds(3, 5, MATE - 1, 10)).toBe(true);
    const startTime = performance.timeOrigin + performance.now() - 10_000;
    limits.start({ movetime: 1_000, startTime }, ATTACKERS, 30, new Int32Array(1));
    expect(limits.elapsed()).toBeGreaterThanOrEqual(10_000);
    expect(limits.iterationEnds(1, 5, 0, 10)).toBe(true);
    expect(limits.reached(CHECK_INTERVAL)).toBe(true);
  });
});
