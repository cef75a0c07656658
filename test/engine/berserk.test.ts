// Berserk rules (RULES.md sections 2, 4, 5, 8.8): jumps, commanders, chains. Boards are 7x7 (throne
// d4, corners) unless said.
import { describe, expect, it } from 'vitest';
import { END_RUN, generateSteps, stepCaptures, stepFrom, stepTo, VARIANTS } from '../../src/engine/index.js';
import { makeTurn, parseTurn } from '../../src/notation/index.js';
import { at, BERSERK7, outcome, play, refusal, setup, turnNames } from './helpers.js';

const BERSERK_COPENHAGEN7 = { ...VARIANTS['berserk-copenhagen'], size: 7 };
const KING_CAPTURED = { winner: 0, reason: 'king-captured' };

describe('jumps', () => {
  it('a knight jumping over an enemy man captures it', () => {
    const pos = play(setup(BERSERK7, { b2: 'N', b3: 't', f6: 'K', g5: 't' }, 'd'), 'b2b4');
    expect([at(pos, 'b2'), at(pos, 'b3'), at(pos, 'b4')]).toEqual(['.', '.', 'N']);
  });

  it('a commander jumps over an enemy man without capturing it', () => {
    const pos = play(setup(BERSERK7, { b2: 'c', b3: 'T', f6: 'K' }), 'b2b4');
    expect([at(pos, 'b3'), at(pos, 'b4')]).toEqual(['T', 'c']);
  });

  it('nobody jumps over a king, a knight or a commander', () => {
    expect(turnNames(setup(BERSERK7, { b2: 'c', b3: 'K' }))).not.toContain('b2b4');
    expect(turnNames(setup(BERSERK7, { b2: 'c', b3: 'N', f6: 'K' }))).not.toContain('b2b4');
    expect(turnNames(setup(BERSERK7, { b2: 'N', b3: 'c', f6: 'K' }, 'd'))).not.toContain('b2b4');
  });

  it('men never jump, and non-kings never land on the throne', () => {
    expect(turnNames(setup(BERSERK7, { b2: 't', b3: 'T', f6: 'K' }))).not.toContain('b2b4');
    expect(turnNames(setup(BERSERK7, { d6: 'c', d5: 'T', b6: 'K' }))).not.toContain('d6d4');
  });

  it('the king jumps only off the throne, onto it or into a corner', () => {
    expect(turnNames(setup(BERSERK7, { b5: 'K', b4: 't' }, 'd'))).not.toContain('b5b3');
    expect(turnNames(setup(BERSERK7, { d6: 'K', d5: 't' }, 'd'))).toContain('d6d4');
    expect(turnNames(setup(BERSERK7, { d4: 'K', d5: 't' }, 'd'))).toContain('d4d6');
    expect(outcome(play(setup(BERSERK7, { a3: 'K', a2: 't', f6: 't' }, 'd'), 'a3a1'))).toEqual({ winner: 1, reason: 'escape' });
  });

  it('the king jumping off the throne captures against it: f6 over f5 to f4 takes f5 (11x11)', () => {
    const pos = play(setup(VARIANTS.berserk, { f6: 'K', f5: 't', a4: 't' }, 'd'), 'f6f4');
    expect([at(pos, 'f6'), at(pos, 'f5'), at(pos, 'f4')]).toEqual(['.', '.', 'K']);
  });

  it('jumpOverOwn: jumps over a friendly man, which is never captured', () => {
    expect(turnNames(setup(BERSERK7, { b2: 'N', b3: 'T', f6: 'K' }, 'd'))).not.toContain('b2b4');
    const pos = play(setup(BERSERK_COPENHAGEN7, { b2: 'N', b3: 'T', f6: 'K', g5: 't' }, 'd'), 'b2b4');
    expect([at(pos, 'b3'), at(pos, 'b4')]).toEqual(['T', 'N']);
  });
});

describe('commanders and the king', () => {
  it('a commander landing next to the king captures him with another commander beyond', () => {
    expect(outcome(play(setup(BERSERK7, { b5: 'K', b6: 'c', b1: 'c' }), 'b1b4'))).toEqual(KING_CAPTURED);
  });

  it('... or with a corner beyond', () => {
    expect(outcome(play(setup(BERSERK7, { a2: 'K', a6: 'c' }), 'a6a3'))).toEqual(KING_CAPTURED);
  });

  it('a man beyond, or a man landing, is not enough', () => {
    expect(outcome(play(setup(BERSERK7, { b5: 'K', b6: 't', b1: 'c' }), 'b1b4'))).toBeUndefined();
    expect(outcome(play(setup(BERSERK7, { b5: 'K', b6: 'c', b1: 't' }), 'b1b4'))).toBeUndefined();
  });

  it('not on or next to the throne', () => {
    expect(outcome(play(setup(BERSERK7, { d5: 'K', c5: 'c', g5: 'c' }), 'g5e5'))).toBeUndefined();
  });

  it('commanders count as attackers in the four-side ring', () => {
    expect(outcome(play(setup(BERSERK7, { b3: 'K', a3: 't', b4: 'c', b2: 't', c7: 't' }), 'c7c3'))).toEqual(KING_CAPTURED);
  });
});

describe('berserk chains', () => {
  // Defenders: the knight jumps e2 over e3 to e4 (capturing), and may go on to e6, taking f6 against g6.
  const CHAIN = { e2: 'N', e3: 't', f6: 't', g6: 'T', b6: 'K', c7: 't' };

  it('after a capturing step the same player goes on, with capturing steps or END_RUN only', () => {
    const pos = setup(BERSERK7, CHAIN, 'd');
    const first = parseTurn(pos, 'e2e4');
    if (!first.ok) throw new Error(first.error.message);
    pos.makeStep(first.value[0]);
    expect(pos.side).toBe(1);
    expect(at(pos, 'e3')).toBe('.');
    const steps = new Int32Array(256);
    const n = generateSteps(pos, steps, 0);
    const list = Array.from(steps.subarray(0, n));
    expect(list).toContain(END_RUN);
    for (const step of list) if (step !== END_RUN) expect(stepCaptures(pos, stepFrom(step), stepTo(step))).toBe(true);
    expect(list.filter((step) => step !== END_RUN).map((step) => makeTurn(pos, [step]))).toEqual(['e4e6']);
  });

  it('continuing is optional: stopping after the first step ends the turn', () => {
    const pos = play(setup(BERSERK7, CHAIN, 'd'), 'e2e4');
    expect(pos.side).toBe(0);
    expect(at(pos, 'f6')).toBe('t');
    const chained = play(setup(BERSERK7, CHAIN, 'd'), 'e2e4e6');
    expect([at(chained, 'f6'), at(chained, 'e6'), chained.side]).toEqual(['.', 'N', 0]);
  });

  it('a step that captures nothing cannot continue a run', () => {
    expect(refusal(setup(BERSERK7, CHAIN, 'd'), 'e2e4e5')).toMatch(/continues only with a step that captures/);
  });

  it('a step that captures nothing ends the turn at once', () => {
    const pos = play(setup(BERSERK7, CHAIN, 'd'), 'e2e1');
    expect([pos.side, pos.berserker]).toEqual([0, -1]);
  });

  it("the king's step into a corner may end a run (and wins)", () => {
    const pos = setup(BERSERK7, { d1: 'K', b2: 't', b3: 'T', f6: 't' }, 'd');
    expect(turnNames(pos)).toContain('d1b1a1');
    expect(outcome(play(pos, 'd1b1a1'))).toEqual({ winner: 1, reason: 'escape' });
  });

  it('the game ends mid-run when the king is captured', () => {
    const pos = setup(BERSERK7, { f6: 'c', c5: 'T', c4: 't', b5: 'K', b4: 'c', g2: 'T' });
    expect(turnNames(pos)).toEqual(expect.arrayContaining(['f6c6', 'f6c6b6']));
    play(pos, 'f6c6b6');
    expect(outcome(pos)).toEqual(KING_CAPTURED);
    expect([pos.berserker, turnNames(pos).length]).toEqual([-1, 0]);
  });

  it('a continuation that captures the king by completing the ring of four goes on the run', () => {
    // d7d3 takes c3 (against b3); then d3d2 closes the ring round the king on e2 (d2 e3 f2 e1).
    const pos = setup(BERSERK7, { d7: 't', c3: 'T', b3: 't', e2: 'K', e3: 't', f2: 't', e1: 't', g6: 'T' });
    expect(turnNames(pos)).toContain('d7d3d2');
    play(pos, 'd7d3d2');
    expect(outcome(pos)).toEqual(KING_CAPTURED);
  });

  it('a run ends by itself when the piece has no capturing step left', () => {
    const pos = setup(BERSERK7, CHAIN, 'd');
    const chain = parseTurn(pos, 'e2e4e6');
    if (!chain.ok) throw new Error(chain.error.message);
    for (const step of chain.value) pos.makeStep(step);
    expect([pos.berserker, pos.side]).toEqual([-1, 0]);
  });
});
