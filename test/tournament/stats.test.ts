// Reference values: fastchess's published tests (app/tests/elo_test.cpp, sprt_test.cpp), which follow
// fishtest's stat_util / LLRcalc. Counts there are Stats(wins, losses, draws) and
// Stats(LL, LD, WL, DD, WD, WW); values are given to two decimals.
import { describe, expect, it } from 'vitest';
import {
  erf,
  llrLogistic,
  llrNormalized,
  parseSprt,
  pentanomialElo,
  sprtBounds,
  sprtState,
  trinomialElo,
} from '../../src/tournament/stats.js';

const tri = (wins: number, losses: number, draws: number) => [losses, draws, wins];
const penta = (ll: number, ld: number, wl: number, dd: number, wd: number, ww: number) => [ll, ld, wl + dd, wd, ww];

describe('Elo estimates', () => {
  it('trinomial 76-89-123', () => {
    const e = trinomialElo({ wins: 76, losses: 89, draws: 123 })!;
    expect(e.nelo).toBeCloseTo(-20.76, 2);
    expect(e.neloError).toBeCloseTo(40.13, 2);
    expect(e.los * 100).toBeCloseTo(15.53, 2);
  });
  it('trinomial 136-96-111', () => {
    const e = trinomialElo({ wins: 136, losses: 96, draws: 111 })!;
    expect(e.elo).toBeCloseTo(40.7, 2);
    expect(e.error).toBeCloseTo(30.43, 2);
    expect(e.nelo).toBeCloseTo(49.77, 2);
    expect(e.neloError).toBeCloseTo(36.77, 2);
    expect(e.los * 100).toBeCloseTo(99.6, 2);
  });
  it('trinomial 34-356-0', () => {
    const e = trinomialElo({ wins: 34, losses: 356, draws: 0 })!;
    expect(e.nelo).toBeCloseTo(-508.44, 1);
    expect(e.neloError).toBeCloseTo(34.48, 2);
  });
  it('pentanomial 34,54,31,32,64,75', () => {
    const e = pentanomialElo({ ll: 34, ld: 54, wl: 31, dd: 32, wd: 64, ww: 75 })!;
    expect(e.elo).toBeCloseTo(55.58, 2);
    expect(e.error).toBeCloseTo(27.65, 2);
    expect(e.nelo).toBeCloseTo(57.94, 2);
    expect(e.neloError).toBeCloseTo(28.28, 2);
    expect(e.los * 100).toBeCloseTo(100, 2);
  });
  it('pentanomial 332,433,457,41,333,334', () => {
    const e = pentanomialElo({ ll: 332, ld: 433, wl: 457, dd: 41, wd: 333, ww: 334 })!;
    expect(e.elo).toBeCloseTo(-8.64, 2);
    expect(e.error).toBeCloseTo(10.33, 2);
    expect(e.nelo).toBeCloseTo(-9.17, 2);
    expect(e.neloError).toBeCloseTo(10.96, 2);
    expect(e.los * 100).toBeCloseTo(5.05, 2);
  });
  it('pentanomial 7895,8757,5485,200,568,9999', () => {
    const e = pentanomialElo({ ll: 7895, ld: 8757, wl: 5485, dd: 200, wd: 568, ww: 9999 })!;
    expect(e.elo).toBeCloseTo(-21.04, 2);
    expect(e.error).toBeCloseTo(2.95, 2);
    expect(e.nelo).toBeCloseTo(-19.01, 2);
    expect(e.neloError).toBeCloseTo(2.65, 2);
  });
  it('no games: no estimate', () => {
    expect(trinomialElo({ wins: 0, losses: 0, draws: 0 })).toBeUndefined();
    expect(pentanomialElo({ ll: 0, ld: 0, wl: 0, dd: 0, wd: 0, ww: 0 })).toBeUndefined();
  });
});

describe('SPRT log-likelihood ratio', () => {
  it('normalized, trinomial', () => {
    expect(llrNormalized(0, 2, tri(36433, 36027, 68692))).toBeCloseTo(0.92, 2);
    expect(llrNormalized(-1.75, 0.25, tri(10871, 10650, 20431))).toBeCloseTo(2.3, 2);
  });
  it('logistic, trinomial', () => {
    expect(llrLogistic(0.5, 2.5, tri(21404, 21184, 40708))).toBeCloseTo(-1.57, 2);
    expect(llrLogistic(0, 2, tri(57433, 57030, 106593))).toBeCloseTo(-2.59, 2);
  });
  it('normalized, pentanomial', () => {
    expect(llrNormalized(0, 2, penta(365, 16618, 36029, 200, 16974, 390))).toBeCloseTo(2.25, 2);
    expect(llrNormalized(-1.75, 0.25, penta(127, 4883, 10311, 401, 5150, 104))).toBeCloseTo(3.01, 2);
  });
  it('logistic, pentanomial', () => {
    expect(llrLogistic(0.5, 2.5, penta(223, 9863, 20279, 1000, 10037, 246))).toBeCloseTo(-3.07, 2);
    expect(llrLogistic(0, 2, penta(871, 26175, 55003, 980, 26678, 821))).toBeCloseTo(-4.98, 2);
  });
  it('bounds for alpha = beta = 0.05 are -+ln 19', () => {
    const { lower, upper } = sprtBounds(0.05, 0.05);
    expect(lower).toBeCloseTo(-2.944439, 6);
    expect(upper).toBeCloseTo(2.944439, 6);
  });
  it('decides H1 for a clear winner, H0 for a clear loser, continues at the start', () => {
    const config = parseSprt('elo0=0 elo1=5 alpha=0.05 beta=0.05');
    expect(config.ok).toBe(true);
    if (!config.ok) return;
    const none = { wins: 0, draws: 0, losses: 0 };
    const zeroPairs = { ll: 0, ld: 0, wl: 0, dd: 0, wd: 0, ww: 0 };
    expect(sprtState(config.value, none, zeroPairs).verdict).toBe('continue');
    const winning = { ll: 100, ld: 300, wl: 200, dd: 200, wd: 500, ww: 200 };
    expect(sprtState(config.value, none, winning).verdict).toBe('H1');
    const losing = { ll: 200, ld: 500, wl: 200, dd: 200, wd: 300, ww: 100 };
    expect(sprtState(config.value, none, losing).verdict).toBe('H0');
    const logistic = parseSprt('elo0=0 elo1=5 model=logistic stats=trinomial');
    expect(logistic.ok && sprtState(logistic.value, { wins: 700, draws: 600, losses: 500 }, zeroPairs).verdict).toBe('H1');
  });
  it('rejects bad --sprt text with the reason', () => {
    const bad = (text: string, part: string) => {
      const r = parseSprt(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toContain(part);
    };
    bad('elo0=5 elo1=0', 'below elo1');
    bad('alpha=2', 'alpha');
    bad('elo1=x', "elo1='x'");
    bad('model=bayes', 'model');
    bad('foo=1', "unknown key 'foo'");
    bad('elo0', 'key=value');
  });
});

describe('erf', () => {
  it('matches tabulated values', () => {
    expect(erf(0)).toBe(0);
    expect(erf(0.5)).toBeCloseTo(0.5204998778130465, 12);
    expect(erf(-1)).toBeCloseTo(-0.8427007929497149, 12);
    expect(erf(2.9)).toBeCloseTo(0.9999589021219005, 12);
    expect(erf(3.5)).toBeCloseTo(0.9999992569016276, 12);
  });
});
