// The rules OpenTafl has beyond RULES.md, as rule-set data: relaxed shield walls, the middleweight king,
// speed limits, attacker forts, and a throne or corners on any squares. Each position shows the
// difference the rule makes (the same positions, as rules strings, give the same results in OpenTafl).
import { describe, expect, it } from 'vitest';
import { type Position, type RuleSet, VARIANTS } from '../../src/engine/index.js';
import { at, BASE7, outcome, play, refusal, setup, turnNames } from './helpers.js';

/** The steps of the piece on `square`, as `from-to` names. */
function stepsOf(pos: Position, square: string): string[] {
  return turnNames(pos)
    .filter((name) => name.startsWith(square))
    .map((name) => name.replace(/^([a-s]\d+)-?([a-s]\d+)$/, '$1-$2'))
    .sort();
}

describe('relaxed shield wall (OpenTafl swf:n)', () => {
  const STRICT: RuleSet = { ...VARIANTS.copenhagen, name: 'test-wall' };
  const RELAXED: RuleSet = { ...STRICT, shieldWallAnyStep: true };
  const WALL = { c1: 't', d1: 'T', e1: 'T', f1: 't', d2: 't', e5: 't', f6: 'K', k6: 'T' };

  it('is taken by the step that fronts its last member, off the edge', () => {
    const pos = play(setup(RELAXED, WALL), 'e5-e2');
    expect([at(pos, 'd1'), at(pos, 'e1')]).toEqual(['.', '.']);
  });

  it('is taken only by a step landing on its end under the strict rule', () => {
    const pos = play(setup(STRICT, WALL), 'e5-e2');
    expect([at(pos, 'd1'), at(pos, 'e1')]).toEqual(['T', 'T']);
  });

  it('spares the king among its members', () => {
    const pos = play(setup(RELAXED, { ...WALL, e1: 'K', f6: '.' }), 'e5-e2');
    expect([at(pos, 'd1'), at(pos, 'e1')]).toEqual(['.', 'K']);
  });

  it('needs a friend in front of every member', () => {
    const pos = play(setup(RELAXED, { ...WALL, d2: '.', a5: 't' }), 'e5-e2');
    expect([at(pos, 'd1'), at(pos, 'e1')]).toEqual(['T', 'T']);
  });
});

describe('middleweight king (OpenTafl ks:m)', () => {
  const MIDDLE: RuleSet = { ...BASE7, king: 'middleweight' };

  it('is taken on the edge by three attackers', () => {
    const pos = play(setup(MIDDLE, { c1: 't', e1: 't', f2: 't', d1: 'K', a4: 'T' }), 'f2-d2');
    expect(outcome(pos)).toEqual({ winner: 0, reason: 'king-captured' });
  });

  it('where a strong king is not', () => {
    const pos = play(setup(BASE7, { c1: 't', e1: 't', f2: 't', d1: 'K', a4: 'T' }), 'f2-d2');
    expect(at(pos, 'd1')).toBe('K');
    expect(outcome(pos)).toBeUndefined();
  });

  it('needs all four sides away from the edge', () => {
    const pos = play(setup(MIDDLE, { b5: 't', d5: 't', c6: 't', f4: 't', c5: 'K', a2: 'T' }), 'f4-c4');
    expect(outcome(pos)).toEqual({ winner: 0, reason: 'king-captured' });
    const three = play(setup(MIDDLE, { b5: 't', d5: 't', f4: 't', c5: 'K', a2: 'T' }), 'f4-c4');
    expect(at(three, 'c5')).toBe('K');
  });
});

describe('speed limits (OpenTafl spd)', () => {
  it('let the king of Magpie move one square', () => {
    const rules: RuleSet = { ...BASE7, speedLimits: { K: 1 } };
    const pos = setup(rules, { d4: 'K', a6: 't', c2: 'T' }, 'd');
    expect(stepsOf(pos, 'd4')).toEqual(['d4-c4', 'd4-d3', 'd4-d5', 'd4-e4']);
    expect(stepsOf(pos, 'c2')).toHaveLength(12);
    expect(stepsOf(setup(BASE7, { d4: 'K', a6: 't', c2: 'T' }, 'd'), 'd4')).toHaveLength(12);
    expect(refusal(pos, 'd4-d6')).toMatch(/slides at most 1 square in one step/);
  });

  it('count the squares passed over, the throne included', () => {
    const rules: RuleSet = { ...BASE7, speedLimits: { t: 2 } };
    const pos = setup(rules, { d6: 't', g2: 'K', b2: 'T' });
    // d5, then d4 (the throne, passed but not stopped on) is the second square: d3 is out of reach.
    expect(stepsOf(pos, 'd6').filter((name) => name[3] === 'd')).toEqual(['d6-d5', 'd6-d7']);
  });
});

describe('attacker forts (OpenTafl afor, Foteviken Tablut)', () => {
  // Foteviken's forts: the attackers' start squares; nobody enters them from outside, everyone passes them.
  const FORTS: RuleSet = {
    ...VARIANTS.tablut,
    name: 'test-forts',
    king: 'strong',
    forts: {
      squares: ['a4', 'a5', 'a6', 'b5', 'd1', 'e1', 'f1', 'e2', 'i4', 'i5', 'i6', 'h5', 'd9', 'e9', 'f9', 'e8'],
      pass: 'tcnTCNK',
      stop: 'tcnTCNK',
      reenter: '',
      hostile: 'K',
    },
  };

  it('let a piece on a fort move within the forts, and nobody else in', () => {
    const pos = setup(FORTS, { a4: 't', e4: 'T', c7: 'K', i9: 't' });
    expect(stepsOf(pos, 'a4')).toEqual(['a4-a1', 'a4-a2', 'a4-a3', 'a4-a5', 'a4-a6', 'a4-a7', 'a4-a8', 'a4-a9', 'a4-b4', 'a4-c4', 'a4-d4']);
    play(pos, 'a4-a2');
    // The defender stops short of the empty fort a4; the attacker that left may not go back.
    expect(refusal(pos, 'e4-a4')).toMatch(/may not stop on the fort on a4/);
    expect(stepsOf(pos, 'e4').filter((name) => name.endsWith('4'))).toEqual(['e4-b4', 'e4-c4', 'e4-d4', 'e4-f4', 'e4-g4', 'e4-h4']);
    play(pos, 'e4-e3');
    // a4 and e2 are forts.
    expect(stepsOf(pos, 'a2')).toEqual(['a2-a1', 'a2-a3', 'a2-b2', 'a2-c2', 'a2-d2']);
  });

  it('are passed by nobody from outside either', () => {
    const pos = setup(FORTS, { c5: 'T', c7: 'K', i9: 't' }, 'd');
    // b5 and h5 are forts, e5 the throne.
    expect(stepsOf(pos, 'c5').filter((name) => name.endsWith('5'))).toEqual(['c5-d5', 'c5-f5', 'c5-g5']);
  });

  it('take part in captures only as the rules say', () => {
    const hostile: RuleSet = { ...FORTS, forts: { ...(FORTS.forts as NonNullable<RuleSet['forts']>), hostile: 'tT' } };
    // b6 lies between c6 and the fort a6.
    const pos = play(setup(hostile, { b6: 'T', c8: 't', g7: 'K', i9: 't' }), 'c8-c6');
    expect(at(pos, 'b6')).toBe('.');
    const spared = play(setup(FORTS, { b6: 'T', c8: 't', g7: 'K', i9: 't' }), 'c8-c6');
    expect(at(spared, 'b6')).toBe('T');
  });
});

describe('a throne and corners on any squares (OpenTafl cen: and cor: lists)', () => {
  const OFF_CENTRE: RuleSet = { ...BASE7, throneSquare: 'b2' };

  it('the throne: nobody but the king stops on it, others pass it', () => {
    const pos = setup(OFF_CENTRE, { b5: 't', f6: 'K', g4: 'T' });
    expect(stepsOf(pos, 'b5').filter((name) => name[3] === 'b')).toEqual(['b5-b1', 'b5-b3', 'b5-b4', 'b5-b6', 'b5-b7']);
    // The centre is an ordinary square now.
    const centre = setup(OFF_CENTRE, { d6: 't', f6: 'K', g4: 'T' });
    expect(stepsOf(centre, 'd6')).toContain('d6-d4');
  });

  it('the empty throne is hostile where it stands', () => {
    const pos = play(setup(OFF_CENTRE, { c2: 't', f2: 'T', f6: 'K', g5: 't' }, 'd'), 'f2-d2');
    expect(at(pos, 'c2')).toBe('.');
    const centre = play(setup(BASE7, { c2: 't', f2: 'T', f6: 'K', g5: 't' }, 'd'), 'f2-d2');
    expect(at(centre, 'c2')).toBe('t');
  });

  it('the corners: the king escapes on any of them and passes them', () => {
    const rules: RuleSet = { ...BASE7, cornerSquares: ['a1', 'a2', 'b1', 'b2', 'g7'] };
    const pos = setup(rules, { a5: 'K', g5: 't', e3: 'T' }, 'd');
    expect(stepsOf(pos, 'a5').filter((name) => name[3] === 'a')).toEqual(['a5-a1', 'a5-a2', 'a5-a3', 'a5-a4', 'a5-a6', 'a5-a7']);
    expect(outcome(play(pos, 'a5-a2'))).toEqual({ winner: 1, reason: 'escape' });
    // A man next to a corner square is taken against it.
    const taken = play(setup(rules, { c2: 'T', e2: 't', f6: 'K' }), 'e2-d2');
    expect(at(taken, 'c2')).toBe('.');
    // So is a strong king, by three attackers and the corner square b2.
    const king = play(setup(rules, { a3: 't', b3: 'K', c3: 't', b5: 't', e5: 'T' }), 'b5-b4');
    expect(outcome(king)).toEqual({ winner: 0, reason: 'king-captured' });
  });
});
