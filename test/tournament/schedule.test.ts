import { describe, expect, it } from 'vitest';
import { makePairings, makeSchedule } from '../../src/tournament/schedule.js';

describe('tournament schedule', () => {
  it('pairs every two engines in a round robin, the first with each other in a gauntlet', () => {
    expect(makePairings(3, 'round-robin')).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(makePairings(4, 'gauntlet')).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
  });

  it('plays each opening twice with sides swapped, all pairings advancing together', () => {
    const schedule = makeSchedule(makePairings(3, 'round-robin'), 4);
    expect(schedule).toHaveLength(12);
    expect(schedule.slice(0, 6).map((g) => [g.pairing, g.pair, g.attackers, g.defenders])).toEqual([
      [0, 0, 0, 1],
      [0, 0, 1, 0],
      [1, 0, 0, 2],
      [1, 0, 2, 0],
      [2, 0, 1, 2],
      [2, 0, 2, 1],
    ]);
    expect(new Set(schedule.map((g) => g.id)).size).toBe(12);
    expect(schedule[11]).toMatchObject({ id: 'p3-r2-g2', pair: 1, leg: 1 });
  });
});
