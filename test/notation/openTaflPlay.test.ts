// OpenTafl's rules as OpenTafl's code plays them, where they differ from RULES.md: the repetition
// codes, its commanders and its forced berserk runs. Positions are 11x11 unless said.
import { describe, expect, it } from 'vitest';
import { Position, type RuleSet } from '../../src/engine/index.js';
import { parseRulesString } from '../../src/notation/index.js';
import { at, outcome, play, refusal, setup, turnNames } from '../engine/helpers.js';

function rules(text: string): RuleSet {
  const parsed = parseRulesString(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const BRANDUB = 'dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
/** OpenTafl's Berserk board and rules, without its start position (the tests draw their own). */
const BERSERK = rules(
  'dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/',
);
// d7 to c7 and back for the attackers, d5 to c5 and back for the defenders: the start comes back
// after each four turns, and the defenders' eighth turn makes its third occurrence.
const SHUFFLE = ['d7c7', 'd5c5', 'c7d7', 'c5d5', 'd7c7', 'd5c5', 'c7d7', 'c5d5'];

describe('repetition codes as OpenTafl plays them', () => {
  it('tfr:w: the player whose turn makes the third occurrence loses', () => {
    const game = play(Position.start(rules(BRANDUB.replace('surf:n', 'surf:n tfr:w'))), ...SHUFFLE);
    expect(outcome(game)).toEqual({ winner: 0, reason: 'repetition' });
  });

  it('tfr:l: the player whose turn makes the third occurrence wins', () => {
    const game = play(Position.start(rules(BRANDUB.replace('surf:n', 'surf:n tfr:l'))), ...SHUFFLE);
    expect(outcome(game)).toEqual({ winner: 1, reason: 'repetition' });
  });
});

describe("OpenTafl's commanders", () => {
  it('two commanders take the king next to the throne, along a line off it (f7 between e7 and g7)', () => {
    const pos = play(setup(BERSERK, { d7: 'c', f7: 'K', g7: 'c', f3: 'T', a2: 't' }), 'd7e7');
    expect(outcome(pos)).toEqual({ winner: 0, reason: 'king-captured' });
  });

  it('a commander and a plain man do not take the king', () => {
    const pos = play(setup(BERSERK, { d8: 'c', f8: 'K', g8: 't', f3: 'T', a2: 't' }), 'd8e8');
    expect(at(pos, 'f8')).toBe('K');
  });

  it('while the attackers have a commander, the ring of four does not take the king; without one it does', () => {
    const ring = { d8: 't', f9: 't', g8: 't', f7: 't', f3: 'T' };
    expect(outcome(play(setup(BERSERK, { ...ring, f8: 'K', a2: 't' }), 'd8e8'))).toEqual({ winner: 0, reason: 'king-captured' });
    expect(at(play(setup(BERSERK, { ...ring, f8: 'K', a2: 'c' }), 'd8e8'), 'f8')).toBe('K');
  });

  it('a commander and a corner take the king on the edge', () => {
    const pos = play(setup(BERSERK, { b9: 'c', a10: 'K', f3: 'T', a2: 't' }), 'b9a9');
    expect(outcome(pos)).toEqual({ winner: 0, reason: 'king-captured' });
  });
});

describe("OpenTafl's forced berserk runs", () => {
  // a5 to d5 takes d6 (against d7); then d5 to e5 would take f5 (against g5).
  const board = { d7: 't', d6: 'T', a5: 't', f5: 'T', g5: 't', k2: 'K' };

  it('a run goes on while the piece can capture: it cannot stop, and any step of the piece goes on', () => {
    const pos = setup(BERSERK, board);
    const turns = turnNames(pos);
    expect(turns).not.toContain('a5d5');
    expect(turns).toContain('a5d5e5');
    // A step that captures nothing ends the run and the turn.
    expect(turns).toContain('a5d5d4');
    expect(refusal(pos, 'a5d5')).toMatch(/the berserk run must go on: the piece on d5 can still capture/);
  });

  it('a run whose piece has no capture left ends by itself', () => {
    const pos = play(setup(BERSERK, board), 'a5d5e5');
    expect([at(pos, 'd6'), at(pos, 'f5'), at(pos, 'e5')]).toEqual(['.', '.', 't']);
    expect(pos.side).toBe(1);
  });
});

describe("Linnaean capture (linc:y, OpenTafl's Tablut)", () => {
  const tablut = (linc: string) =>
    rules(
      `dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK ${linc} start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/`,
    );
  // The king on the throne e5, attackers on d5, f5 and e6, a defender on e4: a3 to e3 takes e4.
  const board = { e5: 'K', d5: 't', f5: 't', e6: 't', e4: 'T', a3: 't', h1: 'T' };

  it('an attacker two squares from the throne takes the defender between, the king enclosed on three sides', () => {
    expect(at(play(setup(tablut('linc:y'), board), 'a3e3'), 'e4')).toBe('.');
    expect(at(play(setup(tablut('linc:n'), board), 'a3e3'), 'e4')).toBe('T');
  });

  it('not with a side of the king open', () => {
    const { e6: _, ...open } = board;
    expect(at(play(setup(tablut('linc:y'), { ...open, a9: 't' }), 'a3e3'), 'e4')).toBe('T');
  });
});
