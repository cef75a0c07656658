import { describe, expect, it } from 'vitest';
import { parseInfoLine } from '../../src/client/engineInfo.js';

describe('parseInfoLine', () => {
  it('reads depth, MultiPV index, score, speed and the line', () => {
    expect(
      parseInfoLine('info depth 7 seldepth 12 multipv 2 score cp -35 nodes 170000 nps 83000 hashfull 4 time 2048 pv h1i1 h6h7 e11e10'),
    ).toEqual({
      depth: 7,
      seldepth: 12,
      multipv: 2,
      score: { kind: 'cp', value: -35 },
      nodes: 170000,
      nps: 83000,
      hashfull: 4,
      time: 2048,
      pv: ['h1i1', 'h6h7', 'e11e10'],
    });
  });

  it('keeps a bound and a win in N', () => {
    expect(parseInfoLine('info depth 3 score mate 2 lowerbound pv d1d5d7')).toEqual({
      depth: 3,
      score: { kind: 'mate', value: 2 },
      bound: 'lowerbound',
      pv: ['d1d5d7'],
    });
  });

  it('skips unknown tokens and takes info strings whole', () => {
    expect(parseInfoLine('info currmove d1d4 depth 2 wdl 1 2 3')).toEqual({ depth: 2 });
    expect(parseInfoLine('info string rules brandubh (7x7)')).toEqual({ string: 'rules brandubh (7x7)' });
    expect(parseInfoLine('bestmove d1d4')).toBeUndefined();
  });
});
