import { describe, expect, it } from 'vitest';
import { ATTACKERS, DEFENDERS } from '../../src/engine/index.js';
import { TURNS_HORIZON, timeBudget } from '../../src/search/timeManager.js';

/** Plays `turns` turns on the attackers' clock, each taking its optimum plus `latencyMs`: the optima and the clock after each turn. */
function playOnClock(clockMs: number, incrementMs: number, overheadMs: number, latencyMs: number, turns: number) {
  const optima: number[] = [];
  const clocks: number[] = [];
  let clock = clockMs;
  for (let turn = 0; turn < turns; turn++) {
    const budget = timeBudget({ btime: clock, binc: incrementMs }, ATTACKERS, overheadMs);
    expect(budget.maximum + latencyMs).toBeLessThan(clock);
    optima.push(budget.optimum);
    clock += incrementMs - budget.optimum - latencyMs;
    clocks.push(clock);
  }
  return { optima, clocks };
}

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

  it('shares the clock among the turns expected to remain, or the turns to go when given', () => {
    const perTurn = timeBudget({ btime: 60_000 }, ATTACKERS, 0).optimum;
    expect(perTurn).toBeGreaterThan((0.95 * 60_000) / TURNS_HORIZON);
    expect(perTurn).toBeLessThanOrEqual(60_000 / TURNS_HORIZON);
    const tenToGo = timeBudget({ btime: 60_000, movestogo: 10 }, ATTACKERS, 0).optimum;
    expect(tenToGo).toBeGreaterThan(0.9 * 6_000);
    expect(tenToGo).toBeLessThanOrEqual(6_000);
    expect(timeBudget({ btime: 60_000, movestogo: 1 }, ATTACKERS, 0).optimum).toBeGreaterThan(0.8 * 60_000);
  });

  it('adds nearly the whole increment while the clock is high', () => {
    const without = timeBudget({ wtime: 60_000 }, DEFENDERS, 30).optimum;
    const withIncrement = timeBudget({ wtime: 60_000, winc: 1_000 }, DEFENDERS, 30).optimum;
    expect(withIncrement - without).toBeGreaterThan(850);
    expect(withIncrement - without).toBeLessThanOrEqual(1_000);
  });

  it('spends about two thirds of a clock without increment in the first turns of the horizon, and lasts a long game', () => {
    // 150 own turns: a game that reaches 300 turns.
    const { clocks } = playOnClock(300_000, 0, 30, 30, 150);
    const spentShare = 1 - clocks[TURNS_HORIZON - 1] / 300_000;
    expect(spentShare).toBeGreaterThan(0.55);
    expect(spentShare).toBeLessThan(0.75);
    expect(Math.min(...clocks)).toBeGreaterThan(0);
  });

  it('plays a long game on its increments, the clock above a floor of increments and without a panic', () => {
    for (const [clock, increment] of [
      [1_000, 100],
      [10_000, 100],
      [60_000, 1_000],
    ]) {
      const { optima, clocks } = playOnClock(clock, increment, 30, 30, 300);
      expect(Math.min(...clocks)).toBeGreaterThan(2 * increment);
      // Late in the game each turn gets about its increment less the overhead, not a sliver of it.
      for (const optimum of optima.slice(200)) expect(optimum).toBeGreaterThan(0.9 * (increment - 30));
    }
  });
});
