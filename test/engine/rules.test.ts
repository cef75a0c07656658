// One hand-built position per rule of RULES.md sections 1-5 (except berserk, see berserk.test.ts),
// each failing if the rule is broken. Boards are 7x7 unless said: throne d4, corners a1 a7 g1 g7.
import { describe, expect, it } from 'vitest';
import { Perft, Position, VARIANTS } from '../../src/engine/index.js';
import { at, BASE7, outcome, play, refusal, setup, turnNames } from './helpers.js';

const ATTACKERS_WIN = { winner: 0, reason: 'king-captured' };

describe('custodial capture', () => {
  it('takes an enemy between the piece that lands and a friend', () => {
    const pos = play(setup(BASE7, { a5: 't', b5: 'T', c2: 't', f2: 'K' }), 'c2c5');
    expect(at(pos, 'b5')).toBe('.');
    expect(pos.pieceCount[1]).toBe(1);
  });

  it('lets a piece move in between two enemies safely', () => {
    const pos = play(setup(BASE7, { a5: 't', c5: 't', b2: 'T', f2: 'K' }, 'd'), 'b2b5');
    expect(at(pos, 'b5')).toBe('T');
  });

  it('takes several pieces with one move', () => {
    const pos = play(setup(BASE7, { b5: 't', c5: 'T', e5: 'T', f5: 't', d7: 't', f2: 'K' }), 'd7d5');
    expect([at(pos, 'c5'), at(pos, 'e5')]).toEqual(['.', '.']);
  });

  it('never captures on a diagonal', () => {
    const pos = play(setup(BASE7, { b5: 'T', a6: 't', c1: 't', f2: 'K' }), 'c1c4');
    expect(at(pos, 'b5')).toBe('T');
  });

  it('does not capture against the edge', () => {
    const pos = play(setup(BASE7, { a3: 'T', b2: 't', f2: 'K' }), 'b2b3');
    expect(at(pos, 'a3')).toBe('T');
  });
});

describe('hostile squares', () => {
  it('a corner is hostile to defenders and attackers', () => {
    expect(at(play(setup(BASE7, { b7: 'T', c1: 't', f2: 'K' }), 'c1c7'), 'b7')).toBe('.');
    expect(at(play(setup(BASE7, { a6: 't', c5: 'T', f2: 'K' }, 'd'), 'c5a5'), 'a6')).toBe('.');
  });

  it('the empty throne is hostile to defenders', () => {
    expect(at(play(setup(BASE7, { d5: 'T', g6: 't', f2: 'K' }), 'g6d6'), 'd5')).toBe('.');
  });

  it('the throne with the king on it is not hostile to defenders', () => {
    expect(at(play(setup(BASE7, { d5: 'T', d4: 'K', g6: 't' }), 'g6d6'), 'd5')).toBe('T');
  });

  it('the throne is hostile to attackers, empty or with the (unarmed) king on it', () => {
    expect(at(play(setup(BASE7, { d5: 't', g6: 'T', f2: 'K' }, 'd'), 'g6d6'), 'd5')).toBe('.');
    const unarmed = { ...BASE7, kingArmed: false };
    expect(at(play(setup(unarmed, { d5: 't', d4: 'K', g6: 'T' }, 'd'), 'g6d6'), 'd5')).toBe('.');
  });

  it('a throne hostile to nobody (OpenTafl cenh: cenhe:) takes part in no capture', () => {
    const neutral = {
      ...BASE7,
      throneHostileToAttackers: false,
      emptyThroneHostileToAttackers: false,
      emptyThroneHostileToDefenders: false,
      emptyThroneHostileToKing: false,
    };
    expect(at(play(setup(neutral, { d5: 'T', g6: 't', f2: 'K' }), 'g6d6'), 'd5')).toBe('T');
    expect(at(play(setup(neutral, { d5: 't', g6: 'T', f2: 'K' }, 'd'), 'g6d6'), 'd5')).toBe('t');
    expect(at(play(setup({ ...neutral, kingArmed: false }, { d5: 't', d4: 'K', g6: 'T' }, 'd'), 'g6d6'), 'd5')).toBe('t');
    // The empty throne closes no side of the king, strong or weak.
    expect(outcome(play(setup(neutral, { d5: 'K', c5: 't', e5: 't', a6: 't' }), 'a6d6'))).toBeUndefined();
    expect(outcome(play(setup({ ...neutral, king: 'weak' }, { d5: 'K', a6: 't' }), 'a6d6'))).toBeUndefined();
    // Each setting on its own.
    expect(at(play(setup({ ...neutral, emptyThroneHostileToDefenders: true }, { d5: 'T', g6: 't', f2: 'K' }), 'g6d6'), 'd5')).toBe('.');
    expect(at(play(setup({ ...neutral, emptyThroneHostileToAttackers: true }, { d5: 't', g6: 'T', f2: 'K' }, 'd'), 'g6d6'), 'd5')).toBe(
      '.',
    );
    expect(
      at(play(setup({ ...neutral, throneHostileToAttackers: true, kingArmed: false }, { d5: 't', d4: 'K', g6: 'T' }, 'd'), 'g6d6'), 'd5'),
    ).toBe('.');
    expect(outcome(play(setup({ ...neutral, emptyThroneHostileToKing: true }, { d5: 'K', c5: 't', e5: 't', a6: 't' }), 'a6d6'))).toEqual(
      ATTACKERS_WIN,
    );
  });

  it('tablut: the empty throne is hostile to all, the occupied one to attackers only', () => {
    const tablut = VARIANTS.tablut;
    expect(at(play(setup(tablut, { e6: 'T', a7: 't', b2: 'K' }), 'a7e7'), 'e6')).toBe('.');
    expect(at(play(setup(tablut, { e6: 'T', a7: 't', e5: 'K' }), 'a7e7'), 'e6')).toBe('T');
  });
});

describe('the armed and the unarmed king', () => {
  it('an armed king captures and is an anvil', () => {
    expect(at(play(setup(BASE7, { c5: 't', c6: 'T', c2: 'K' }, 'd'), 'c2c4'), 'c5')).toBe('.');
    expect(at(play(setup(BASE7, { e2: 't', f2: 'K', b2: 'T' }, 'd'), 'b2d2'), 'e2')).toBe('.');
  });

  it('an unarmed king neither captures nor is an anvil', () => {
    const unarmed = { ...BASE7, kingArmed: false };
    expect(at(play(setup(unarmed, { c5: 't', c6: 'T', c2: 'K' }, 'd'), 'c2c4'), 'c5')).toBe('t');
    expect(at(play(setup(unarmed, { e2: 't', f2: 'K', b2: 'T' }, 'd'), 'b2d2'), 'e2')).toBe('t');
  });
});

describe('capturing the king', () => {
  it('strong: four attackers capture him, the fourth landing', () => {
    const pos = play(setup(BASE7, { b3: 'K', a3: 't', b4: 't', b2: 't', c7: 't' }), 'c7c3');
    expect(outcome(pos)).toEqual(ATTACKERS_WIN);
    expect(at(pos, 'b3')).toBe('.');
  });

  it('strong: three attackers and a defender do not', () => {
    const pos = play(setup(BASE7, { b3: 'K', a3: 't', c3: 't', b2: 'T', b7: 't' }), 'b7b4');
    expect(outcome(pos)).toBeUndefined();
  });

  it('strong: three attackers and the empty throne do', () => {
    const pos = play(setup(BASE7, { d5: 'K', c5: 't', e5: 't', a6: 't' }), 'a6d6');
    expect(outcome(pos)).toEqual(ATTACKERS_WIN);
  });

  it('strong: a king on the edge cannot be captured', () => {
    const pos = play(setup(BASE7, { a4: 'K', a3: 't', a5: 't', b7: 't', g2: 'T' }), 'b7b4');
    expect(outcome(pos)).toBeUndefined();
    expect(at(pos, 'a4')).toBe('K');
  });

  it('weak: two attackers capture him like a man', () => {
    const weak = { ...BASE7, king: 'weak' as const };
    expect(outcome(play(setup(weak, { c3: 'K', b3: 't', g3: 't' }), 'g3d3'))).toEqual(ATTACKERS_WIN);
    expect(outcome(play(setup(weak, { a4: 'K', a3: 't', e5: 't' }), 'e5a5'))).toEqual(ATTACKERS_WIN);
  });

  it('weak: a corner is hostile to the king unless the variant says otherwise (Fetlar)', () => {
    const weak = { ...BASE7, king: 'weak' as const };
    expect(outcome(play(setup(weak, { b1: 'K', c5: 't' }), 'c5c1'))).toEqual(ATTACKERS_WIN);
    const fetlarCorners = { ...weak, cornersHostileToKing: false };
    expect(outcome(play(setup(fetlarCorners, { b1: 'K', c5: 't' }), 'c5c1'))).toBeUndefined();
    expect(VARIANTS.fetlar.cornersHostileToKing).toBe(false);
  });

  it('weak: the empty throne is hostile to the king', () => {
    const weak = { ...BASE7, king: 'weak' as const };
    expect(outcome(play(setup(weak, { d5: 'K', a6: 't' }), 'a6d6'))).toEqual(ATTACKERS_WIN);
  });

  it('mixed: strong on or next to the throne, weak elsewhere', () => {
    const mixed = VARIANTS.brandubh;
    expect(outcome(play(setup(mixed, { d5: 'K', c5: 't', e5: 't', a6: 't' }), 'a6d6'))).toEqual(ATTACKERS_WIN);
    expect(outcome(play(setup(mixed, { d5: 'K', c5: 't', g5: 't' }), 'g5e5'))).toBeUndefined();
    expect(outcome(play(setup(mixed, { b3: 'K', a3: 't', g3: 't' }), 'g3c3'))).toEqual(ATTACKERS_WIN);
  });

  it('only an attacker completes the ring', () => {
    const pos = play(setup(BASE7, { b3: 'K', a3: 't', b4: 't', b2: 't', c3: 't', g7: '.', f6: 'T' }, 'd'), 'f6f5');
    expect(outcome(pos)).toBeUndefined();
  });
});

describe('shield wall', () => {
  const WALL = { ...BASE7, shieldWall: true };

  it('takes a fronted row closed at both ends by the move onto an end', () => {
    const pos = play(setup(WALL, { c1: 'T', d1: 'T', c2: 't', d2: 't', b1: 't', e3: 't', d6: 'K' }), 'e3e1');
    expect([at(pos, 'c1'), at(pos, 'd1')]).toEqual(['.', '.']);
  });

  it('a corner closes one end', () => {
    const pos = play(setup(WALL, { b1: 'T', c1: 'T', b2: 't', c2: 't', d3: 't', d6: 'K' }), 'd3d1');
    expect([at(pos, 'b1'), at(pos, 'c1')]).toEqual(['.', '.']);
  });

  it('the king takes part in the row but is not taken', () => {
    const pos = play(setup(WALL, { c1: 'K', d1: 'T', c2: 't', d2: 't', b1: 't', e3: 't' }), 'e3e1');
    expect([at(pos, 'c1'), at(pos, 'd1')]).toEqual(['K', '.']);
    expect(outcome(pos)).toBeUndefined();
  });

  it('only the move landing on an end square captures', () => {
    const pos = play(setup(WALL, { c1: 'T', d1: 'T', c2: 't', b1: 't', e1: 't', d3: 't', d6: 'K' }), 'd3d2');
    expect([at(pos, 'c1'), at(pos, 'd1')]).toEqual(['T', 'T']);
  });

  it('every member needs an enemy in front', () => {
    const pos = play(setup(WALL, { c1: 'T', d1: 'T', c2: 't', b1: 't', e3: 't', d6: 'K' }), 'e3e1');
    expect([at(pos, 'c1'), at(pos, 'd1')]).toEqual(['T', 'T']);
  });

  it('the defenders take a row of attackers, the king closing an end', () => {
    const pos = play(setup(WALL, { c1: 't', d1: 't', c2: 'T', d2: 'T', b1: 'K', e3: 'T', g5: 't' }, 'd'), 'e3e1');
    expect([at(pos, 'c1'), at(pos, 'd1')]).toEqual(['.', '.']);
  });

  it('the end of the board never closes a row', () => {
    const noCorners = { ...WALL, hasCorners: false };
    const pos = play(setup(noCorners, { a1: 'T', b1: 'T', a2: 't', b2: 't', c3: 't', d6: 'K' }), 'c3c1');
    expect([at(pos, 'a1'), at(pos, 'b1')]).toEqual(['T', 'T']);
  });

  it('takes a wall and a custodial capture with the same move', () => {
    const pos = play(setup(WALL, { c1: 'T', d1: 'T', c2: 't', d2: 't', b1: 't', e2: 'T', e3: 't', f1: 't', d6: 'K' }), 'f1e1');
    expect([at(pos, 'c1'), at(pos, 'd1'), at(pos, 'e2')]).toEqual(['.', '.', '.']);
  });

  it('is off in variants without it', () => {
    const pos = play(setup(BASE7, { c1: 'T', d1: 'T', c2: 't', d2: 't', b1: 't', e3: 't', d6: 'K' }), 'e3e1');
    expect([at(pos, 'c1'), at(pos, 'd1')]).toEqual(['T', 'T']);
  });
});

describe('exit fort', () => {
  const FORT = { ...BASE7, exitFort: true, shieldWall: true };
  const fort = { d1: 'K', c1: 'T', e1: 'T', c2: 'T', g2: 'T', d3: 'T', c3: 'T', a6: 't', f7: 't' };

  it('the defenders win when their move completes an unbreakable fort on the edge', () => {
    const pos = play(setup(FORT, fort, 'd'), 'g2e2');
    expect(outcome(pos)).toEqual({ winner: 1, reason: 'fort' });
  });

  it('a wall piece that could be captured breaks the fort', () => {
    const { c3: _removed, ...broken } = fort;
    expect(outcome(play(setup(FORT, broken, 'd'), 'g2e2'))).toBeUndefined();
  });

  it('an attacker in the wall breaks the fort', () => {
    expect(outcome(play(setup(FORT, { ...fort, c3: '.', d3: 't', b7: 'T' } as Record<string, string>, 'd'), 'g2e2'))).toBeUndefined();
  });

  it('a king who cannot move has no fort', () => {
    expect(outcome(play(setup(FORT, { ...fort, d2: 'T' }, 'd'), 'g2e2'))).toBeUndefined();
  });

  it('is off in variants without it', () => {
    expect(outcome(play(setup(BASE7, fort, 'd'), 'g2e2'))).toBeUndefined();
  });
});

describe('encirclement', () => {
  const ENC = { ...BASE7, encirclement: true };
  const ring = { d4: 'K', d5: 'T', c4: 't', e4: 't', d3: 't', c5: 't', e5: 't', d7: 't' };

  it('the attackers win when their move closes a ring round every defender', () => {
    expect(outcome(play(setup(ENC, ring), 'd7d6'))).toEqual({ winner: 0, reason: 'encirclement' });
  });

  it('a gap to the edge is no encirclement', () => {
    const { e5: _gap, ...open } = ring;
    expect(outcome(play(setup(ENC, open), 'd7d6'))).toBeUndefined();
  });

  it('a king on the edge is never encircled', () => {
    const flat = { ...ENC, hasThrone: false };
    const ringed = { b4: 'K', c4: 'T', a4: 't', b5: 't', b3: 't', c5: 't', c3: 't', d5: 't', d3: 't', g4: 't' };
    expect(outcome(play(setup(flat, ringed), 'g4e4'))).toEqual({ winner: 0, reason: 'encirclement' });
    const onEdge = { a4: 'K', b4: 'T', a5: 't', a3: 't', b5: 't', b3: 't', c5: 't', c3: 't', g4: 't' };
    expect(outcome(play(setup(flat, onEdge), 'g4d4'))).toBeUndefined();
  });

  it('a defender outside the ring is no encirclement', () => {
    expect(outcome(play(setup(ENC, { ...ring, b2: 'T' }), 'd7d6'))).toBeUndefined();
  });

  it('is off in variants without it (the defenders are stuck, so they lose on their turn instead)', () => {
    expect(outcome(play(setup(BASE7, ring), 'd7d6'))).toEqual({ winner: 0, reason: 'no-moves' });
  });
});

describe('repetition', () => {
  // Attackers shuffle c7-c6, defenders f2-f3: the start position comes back every four turns.
  const shuffle = { c7: 't', f2: 'T', d4: 'K' };
  const ATTACKER_FIRST = ['c7c6', 'f2f3', 'c6c7', 'f3f2', 'c7c6', 'f2f3', 'c6c7', 'f3f2'];
  const DEFENDER_FIRST = ['f2f3', 'c7c6', 'f3f2', 'c6c7', 'f2f3', 'c7c6', 'f3f2', 'c6c7'];
  const rules = (repetition: 'ignore' | 'draw' | 'repeater-loses' | 'defenders-lose' | 'forbidden') => ({ ...BASE7, repetition });

  it('draw: the third occurrence draws, not the second', () => {
    const pos = play(setup(rules('draw'), shuffle), ...ATTACKER_FIRST.slice(0, 7));
    expect(outcome(pos)).toBeUndefined();
    play(pos, ATTACKER_FIRST[7]);
    expect(outcome(pos)).toEqual({ winner: null, reason: 'repetition' });
  });

  it('repeater-loses: the player whose turn makes the third occurrence loses', () => {
    expect(outcome(play(setup(rules('repeater-loses'), shuffle), ...ATTACKER_FIRST))).toEqual({ winner: 0, reason: 'repetition' });
    expect(outcome(play(setup(rules('repeater-loses'), shuffle, 'd'), ...DEFENDER_FIRST))).toEqual({ winner: 1, reason: 'repetition' });
  });

  it('defenders-lose: the attackers win whoever repeats', () => {
    expect(outcome(play(setup(rules('defenders-lose'), shuffle), ...ATTACKER_FIRST))).toEqual({ winner: 0, reason: 'repetition' });
    expect(outcome(play(setup(rules('defenders-lose'), shuffle, 'd'), ...DEFENDER_FIRST))).toEqual({ winner: 0, reason: 'repetition' });
  });

  it('ignore: nothing happens', () => {
    expect(outcome(play(setup(rules('ignore'), shuffle), ...ATTACKER_FIRST, ...ATTACKER_FIRST))).toBeUndefined();
  });

  it('forbidden: the turn that would make the third occurrence is illegal', () => {
    const pos = play(setup(rules('forbidden'), shuffle), ...ATTACKER_FIRST.slice(0, 7));
    expect(refusal(pos, 'f3f2')).toMatch(/forbidden: it would repeat a position for the third time/);
    expect(turnNames(pos)).not.toContain('f3f2');
    expect(turnNames(pos)).toContain('f3f4');
    expect(outcome(pos)).toBeUndefined();
  });

  it('forbidden: a player left with only that turn has no legal move and loses', () => {
    // The king is boxed in on g4; the man on a2 can only go to a3 and back.
    const boxed = { c7: 't', g4: 'K', g3: 't', g5: 't', f4: 't', a2: 'T', b2: 't', b3: 't', a4: 't' };
    const pos = play(setup(rules('forbidden'), boxed), 'c7c6', 'a2a3', 'c6c7', 'a3a2', 'c7c6', 'a2a3', 'c6c7');
    expect(turnNames(pos)).toEqual([]);
    expect(outcome(pos)).toEqual({ winner: 0, reason: 'no-moves' });
  });

  it('a capture wipes the history: positions before it cannot repeat', () => {
    const pos = play(setup(rules('draw'), { ...shuffle, a5: 't', b5: 'T', b1: 't' }), 'c7c6', 'f2f3', 'c6c7', 'f3f2', 'b1b4');
    expect(at(pos, 'b5')).toBe('T');
    play(pos, 'f2f3', 'c7c6', 'f3f2', 'c6c7', 'f2f3', 'c7c6', 'f3f2');
    expect(outcome(pos)).toBeUndefined();
  });
});

describe('the end of the game', () => {
  it('a player with no legal turn loses', () => {
    const pos = play(setup(BASE7, { c7: 't', g4: 'K', g3: 't', g5: 't', f4: 't' }), 'c7c6');
    expect(turnNames(pos)).toEqual([]);
    expect(outcome(pos)).toEqual({ winner: 0, reason: 'no-moves' });
  });

  it('corner escape: the king on a corner wins, on an edge square not', () => {
    expect(outcome(play(setup(BASE7, { b1: 'K', f7: 't' }, 'd'), 'b1a1'))).toEqual({ winner: 1, reason: 'escape' });
    expect(outcome(play(setup(BASE7, { c3: 'K', f7: 't' }, 'd'), 'c3c1'))).toBeUndefined();
  });

  it('edge escape: any edge square wins', () => {
    const edge = { ...BASE7, escape: 'edge' as const, hasCorners: false };
    expect(outcome(play(setup(edge, { c3: 'K', f7: 't' }, 'd'), 'c3c1'))).toEqual({ winner: 1, reason: 'escape' });
  });

  it('a finished game has no turns', () => {
    const pos = play(setup(BASE7, { b1: 'K', f7: 't' }, 'd'), 'b1a1');
    expect(turnNames(pos)).toEqual([]);
  });
});

describe('moving over the throne', () => {
  it("under OpenTafl's Tablut rules (cens: empty) the king passes the throne but never stops on it again", () => {
    const noReturn = { ...BASE7, kingStopsOnThrone: false };
    const pos = setup(noReturn, { d6: 'K', a6: 't' }, 'd');
    const kingSteps = turnNames(pos).filter((turn) => turn.startsWith('d6'));
    expect(kingSteps).not.toContain('d6d4');
    expect(kingSteps).toContain('d6d3');
    expect(refusal(pos, 'd6d4')).toContain('the king never returns to the throne (d4)');
    expect(turnNames(setup(BASE7, { d6: 'K', a6: 't' }, 'd'))).toContain('d6d4');
    // Bulk counting agrees with making every leaf under these rules.
    const start = Position.start({ ...VARIANTS.brandubh, kingStopsOnThrone: false });
    expect(new Perft(start).count(3)).toBe(new Perft(start, { full: true }).count(3));
  });

  it('any piece passes the empty throne but does not stop on it', () => {
    const pos = setup(BASE7, { d7: 't', f2: 'K' });
    expect(turnNames(pos)).toContain('d7d1');
    expect(turnNames(pos)).not.toContain('d7d4');
  });

  it('only the king passes it when the variant says so', () => {
    const pos = setup({ ...BASE7, throneKingOnly: true }, { d7: 't', b4: 'K' });
    expect(turnNames(pos)).not.toContain('d7d1');
    expect(turnNames(pos)).toContain('d7d5');
    const king = setup({ ...BASE7, throneKingOnly: true }, { d7: 't', b4: 'K' }, 'd');
    expect(turnNames(king)).toContain('b4f4');
  });

  it('the king on the throne blocks like any piece', () => {
    const pos = setup(BASE7, { d7: 't', d4: 'K' });
    expect(turnNames(pos)).toContain('d7d5');
    expect(turnNames(pos)).not.toContain('d7d3');
    expect(refusal(pos, 'd7d3')).toMatch(/blocked by the king on d4/);
  });

  it('the king may stop on the throne and on corners', () => {
    expect(turnNames(setup(BASE7, { d6: 'K', f7: 't' }, 'd'))).toContain('d6d4');
  });
});
