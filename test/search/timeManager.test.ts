import { describe, expect, it } from 'vitest';
import { ATTACKERS, DEFENDERS } from '../../src/engine/index.js';
import { timeBudget } from '../../src/search/timeManager.js';

describe('timeBudget', () => {
  it('reads the attackers clock from btime and the defenders clock from wtime', () => {
    const limits = { btime: 60_000, wtime: 1_000 };
    expect(timeBudget(limits, ATTACKERS, 0).optimum).toBeGreaterThan(timeBudget(limits, DEFENDERS, 0).optimum);
  });

  it('keeps the optimum below the maximum and both inside the clock less the overhead', () => {
    for (const clock of [50, 200, 1_000, 10_000, 300_000]) {
      for (const movestogo of [undefined, 1, 5, 40]) {
        const budget = timeBudget({ btime: clock, binc: 100, movestogo }, ATTACKERS, 30);
        expect(budget.optimum).toBeLessThanOrEqual(budget.maximum);
        expect(budget.maximum).toBeLessThanOrEqual(Math.max(1, clock - 30));
        expect(budget.optimum).toBeGreaterThan(0);
      }
    }
  });

  it('spends a fixed movetime less the overhead, and nothing limits an infinite search', () => {
    expect(timeBudget({ movetime: 500 }, DEFENDERS, 30)).toEqual({ optimum: 470, maximum: 470 });
    expect(timeBudget({ infinite: true, btime: 100 }, ATTACKERS, 30).maximum).toBe(Infinity);
    expect(timeBudget({ depth: 5 }, ATTACKERS, 30).maximum).toBe(Infinity);
  });
});
