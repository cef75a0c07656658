// Turns as notation (PROTOCOL.md "Moves and positions"): compact and OpenTafl input, 0000, move
// lists with runs sent step by step, and an error naming what is wrong for every kind of bad move.
import { describe, expect, it } from 'vitest';
import { END_RUN, legalTurns, Position, VARIANTS } from '../../src/engine/index.js';
import { makeTfen, makeTurn, parseTurn, playMoves } from '../../src/notation/index.js';
import { BASE7, BERSERK7, draw, play, refusal, turnNames } from './helpers.js';

// Defenders to move. The knight on e2 jumps e3 (capturing it) to e4, and may go on to e6, taking f6
// against the man on g6. The king sits on b6.
const CHAIN = ['.......', '.K...tT', '.......', '.......', '....t..', '....N..', '.......'];

describe('compact and OpenTafl notation', () => {
  it('reads and writes compact moves, two-digit ranks included', () => {
    const pos = Position.start(VARIANTS.copenhagen);
    const turn = parseTurn(pos, 'a4c4');
    expect(turn.ok && makeTurn(pos, turn.value)).toBe('a4c4');
    const tall = parseTurn(pos, 'd11d9');
    expect(tall.ok && makeTurn(pos, tall.value)).toBe('d11d9');
    expect(turnNames(pos)).toContain('k7i7');
  });

  it('reads OpenTafl steps: separators, captures, piece letters, info symbols', () => {
    const pos = draw(BERSERK7, CHAIN, 'd');
    for (const text of ['e2-e4', 'e2^e4', 'e2^e4xe3', 'Ne2^=e4xe3', 'e2^e4xte3+', 'e2-e4xe3|e4-e6xf6', 'e2^e4xe3|e4=e6xf6']) {
      const turn = parseTurn(pos, text);
      expect(turn.ok, text).toBe(true);
    }
    const chain = parseTurn(pos, 'e2-e4xe3|e4-e6xf6');
    expect(chain.ok && makeTurn(pos, chain.value)).toBe('e2e4e6');
  });

  it('checks the captures listed after x against what the step takes', () => {
    const pos = draw(BERSERK7, CHAIN, 'd');
    expect(refusal(pos, 'e2-e4xe5')).toMatch(/does not capture e5/);
    expect(refusal(pos, 'e2-e4xe3|e4-e6xg6')).toMatch(/step e4-e6xg6: it does not capture g6/);
  });

  it('names malformed text and squares off the board', () => {
    const pos = Position.start(VARIANTS.copenhagen);
    expect(refusal(pos, 'e7')).toMatch(/not a move/);
    expect(refusal(pos, 'hello')).toMatch(/not a move/);
    expect(refusal(pos, 'a4-')).toMatch(/not a step/);
    expect(refusal(pos, 'a4-c4xq')).toMatch(/'q' after 'x'/);
    expect(refusal(pos, 'a4l4')).toMatch(/l4' is off the 11x11 board/);
    expect(refusal(pos, 'a4a12')).toMatch(/a12' is off the 11x11 board/);
  });

  it('names an empty from-square and a piece of the wrong side', () => {
    const pos = Position.start(VARIANTS.copenhagen);
    expect(refusal(pos, 'c3c5')).toMatch(/no piece on c3/);
    expect(refusal(pos, 'f8f9')).toMatch(/f8 holds a defender man \(T\), but the attackers are to move/);
  });

  it('names a piece letter that does not match', () => {
    const pos = draw(BERSERK7, CHAIN, 'd');
    expect(refusal(pos, 'Ke2^e4')).toMatch(/e2 holds a defender knight \(N\), not 'K'/);
  });

  it('says why a step is not legal: line, occupied, blocked, restricted squares', () => {
    const pos = Position.start(VARIANTS.copenhagen);
    expect(refusal(pos, 'a4b5')).toMatch(/rank or a file/);
    expect(refusal(pos, 'a4a5')).toMatch(/a5 is occupied/);
    expect(refusal(pos, 'a6c6')).toMatch(/blocked by an attacker man \(t\) on b6/);
    expect(refusal(pos, 'd1a1')).toMatch(/only the king may stop on a corner/);
    const throne = draw(BASE7, ['...t...', '.......', '.......', '.......', '.......', '.......', '.K.....']);
    expect(refusal(throne, 'd7d4')).toMatch(/only the king may stop on the throne/);
    const kingOnly = draw({ ...BASE7, throneKingOnly: true }, [
      '...t...',
      '.......',
      '.......',
      '.......',
      '.......',
      '.......',
      '.K.....',
    ]);
    expect(refusal(kingOnly, 'd7d1')).toMatch(/only the king may pass the throne/);
  });

  it('says why a jump is not legal', () => {
    const pos = draw(BERSERK7, ['.......', '.......', '...K...', '.......', '..T....', '..N....', '.......'], 'd');
    expect(refusal(pos, 'c2c4')).toMatch(/jumps go over enemy pieces only/);
    const overCommander = draw(BERSERK7, ['.......', '.......', '.......', '...K...', '.......', '..c....', '..N....'], 'd');
    expect(refusal(overCommander, 'c1c3')).toMatch(/nobody may jump over a king, knight or commander/);
    const man = draw(BERSERK7, ['.......', '.......', '.......', '...K...', '.......', '..t....', '..T....'], 'd');
    expect(refusal(man, 'c1c3')).toMatch(/only the king, knights and commanders jump/);
    const king = draw(BERSERK7, ['.......', '.......', '.K.....', '.t.....', '.......', '.......', '.......'], 'd');
    expect(refusal(king, 'b5b3')).toMatch(/the king jumps only off the throne, onto the throne or into a corner/);
    const plain = draw(BASE7, ['.......', '.......', '.K.....', '.t.....', '.......', '.......', '.......'], 'd');
    expect(refusal(plain, 'b5b3')).toMatch(/no jumps/);
  });
});

describe('berserk chains as turns', () => {
  it('lists each chain prefix as a turn of its own', () => {
    const pos = draw(BERSERK7, CHAIN, 'd');
    const names = turnNames(pos);
    expect(names).toContain('e2e4');
    expect(names).toContain('e2e4e6');
    expect(names.filter((name) => name.startsWith('e2e4'))).toHaveLength(2);
  });

  it('plays a chain, or stops after its first step, and ends the turn either way', () => {
    const stopped = play(draw(BERSERK7, CHAIN, 'd'), 'e2e4');
    expect(stopped.side).toBe(0);
    expect(makeTfen(stopped)).toBe('7/1K3tT/7/4N2/7/7/7 a -');
    const chained = play(draw(BERSERK7, CHAIN, 'd'), 'e2e4e6');
    expect(makeTfen(chained)).toBe('7/1K2N1T/7/7/7/7/7 a -');
  });

  it('refuses a continuation that captures nothing, and steps after a turn that is over', () => {
    const pos = draw(BERSERK7, CHAIN, 'd');
    expect(refusal(pos, 'e2e4e5')).toMatch(/step e4e5: a berserk run continues only with a step that captures/);
    expect(refusal(pos, 'e2e1e2')).toMatch(/step e1e2: the turn ended with e2e1: it captured nothing/);
    expect(refusal(pos, 'e2e4e6e7')).toMatch(/step e6e7: the turn ended with e4e6: the piece has no capturing step to go on with/);
  });

  it('refuses a chain step by another piece', () => {
    const pos = draw(BERSERK7, CHAIN, 'd');
    expect(refusal(pos, 'e2-e4|b6-b5')).toMatch(/step b6-b5: a chain step by another piece \(the run goes on with the piece on e4\)/);
  });

  it('ends a run open in a loaded position with 0000, or continues it', () => {
    const pos = draw(BERSERK7, ['.......', '.K...tT', '.......', '....N..', '.......', '.......', '.......'], 'd', 'e4');
    expect(turnNames(pos).sort()).toEqual(['0000', 'e4e6']);
    expect(legalTurns(pos)).toContainEqual([END_RUN]);
    expect(refusal(pos, 'b6b5')).toMatch(/the berserk run of the piece on e4 is open: continue it from e4 or end it with 0000/);
    const stopped = play(pos.clone(), '0000');
    expect(stopped.side).toBe(0);
    expect(stopped.berserker).toBe(-1);
    expect(makeTfen(play(pos, 'e4e6'))).toBe('7/1K2N1T/7/7/7/7/7 a -');
  });

  it('refuses 0000 when no run is open', () => {
    expect(refusal(Position.start(VARIANTS.berserk), '0000')).toMatch(/no run is open/);
  });

  it('refuses moves once the game is over', () => {
    const pos = draw(BASE7, ['.......', '.......', '.......', '.......', '.......', '.......', '.K.....'], 'd');
    play(pos, 'b1a1');
    expect(refusal(pos, 'a1b1')).toMatch(/the game is over \(escape\)/);
  });
});

describe('move lists (playMoves)', () => {
  it('continues a run with a move from the square where the piece landed', () => {
    const split = draw(BERSERK7, CHAIN, 'd');
    const whole = draw(BERSERK7, CHAIN, 'd');
    const turns = playMoves(split, ['e2e4', 'e4e6']);
    expect(turns.ok && turns.value.map((turn) => makeTurn(split, turn))).toEqual(['e2e4e6']);
    play(whole, 'e2e4e6');
    expect(makeTfen(split)).toBe(makeTfen(whole));
    expect([split.hashLo, split.hashHi]).toEqual([whole.hashLo, whole.hashHi]);
  });

  it('closes an open run before the next turn and after the last move', () => {
    const pos = draw(BERSERK7, ['..t....', ...CHAIN.slice(1)], 'd');
    const turns = playMoves(pos, ['e2e4', 'c7d7']);
    expect(turns.ok && turns.value.map((turn) => makeTurn(pos, turn))).toEqual(['e2e4', 'c7d7']);
    const last = draw(BERSERK7, CHAIN, 'd');
    expect(playMoves(last, ['e2e4']).ok).toBe(true);
    expect(last.berserker).toBe(-1);
    expect(last.side).toBe(0);
  });

  it('names the bad move by its number and leaves the position as it was', () => {
    const pos = Position.start(VARIANTS.copenhagen);
    const before = makeTfen(pos);
    const hash = [pos.hashLo, pos.hashHi];
    const result = playMoves(pos, ['a4c4', 'f8f9', 'c4c5', 'a7a8']);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toBe("move 4 'a7a8': a7 holds an attacker man (t), but the defenders are to move");
    expect(makeTfen(pos)).toBe(before);
    expect([pos.hashLo, pos.hashHi]).toEqual(hash);
    expect(pos.ply).toBe(0);
  });
});
