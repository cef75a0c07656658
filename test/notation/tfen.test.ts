// tfen (PROTOCOL.md "Moves and positions"): round trips and every error.
import { describe, expect, it } from 'vitest';
import { Position, VARIANTS, VARIANT_IDS } from '../../src/engine/index.js';
import { makeTfen, parseTfen } from '../../src/notation/index.js';

const COPENHAGEN_TFEN = '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3 a -';

function error(text: string, rules = VARIANTS.copenhagen): string {
  const result = parseTfen(rules, text);
  if (result.ok) throw new Error(`expected '${text}' to be refused`);
  return result.error.message;
}

describe('tfen', () => {
  it('writes the Copenhagen start as PROTOCOL.md shows it', () => {
    expect(makeTfen(Position.start(VARIANTS.copenhagen))).toBe(COPENHAGEN_TFEN);
  });

  it('round-trips every start position, hash included', () => {
    for (const id of VARIANT_IDS) {
      const start = Position.start(VARIANTS[id]);
      const text = makeTfen(start);
      const parsed = parseTfen(VARIANTS[id], text);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) continue;
      expect(makeTfen(parsed.value)).toBe(text);
      expect([parsed.value.hashLo, parsed.value.hashHi]).toEqual([start.hashLo, start.hashHi]);
    }
  });

  it('reads two-digit runs of empty squares (19x19)', () => {
    const text = makeTfen(Position.start(VARIANTS['alea-evangelii']));
    expect(text.split(' ')[0].split('/')[1]).toBe('19');
  });

  it('reads the side to move and a berserker square, and writes them back', () => {
    const text = '7/7/7/3K3/7/1T1N3/1t5 d d2';
    const parsed = parseTfen({ ...VARIANTS.berserk, size: 7 }, text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.side).toBe(1);
    expect(makeTfen(parsed.value)).toBe(text);
  });

  it('takes the berserker field as optional', () => {
    const parsed = parseTfen(VARIANTS.copenhagen, COPENHAGEN_TFEN.replace(' -', ''));
    expect(parsed.ok && makeTfen(parsed.value)).toBe(COPENHAGEN_TFEN);
  });

  it('a tfen without a king is a game the attackers have won', () => {
    const parsed = parseTfen(VARIANTS.copenhagen, '11/11/11/11/11/4t6/11/11/11/11/11 d -');
    expect(parsed.ok && parsed.value.winner).toBe(0);
  });

  it('names the wrong number of ranks', () => {
    expect(error('11/11/11 a -')).toMatch(/3 ranks.*needs 11/);
  });

  it('names a rank of the wrong length and how long it is', () => {
    expect(error(COPENHAGEN_TFEN.replace('3ttttt3 a', '3ttttt2 a'))).toMatch(/rank 1 .*10 squares long, expected 11/);
    expect(error(COPENHAGEN_TFEN.replace('5t5/11/t4', '5t5/12/t4'))).toMatch(/rank 9 .*12 squares long/);
  });

  it('names an unknown letter and its square', () => {
    expect(error(COPENHAGEN_TFEN.replace('t4T4t/t3', 't4X4t/t3'))).toMatch(/unknown piece letter 'X' at f8/);
  });

  it('refuses digit runs of three digits or zero', () => {
    expect(error(COPENHAGEN_TFEN.replace('/11/t4', '/011/t4'))).toMatch(/'011'/);
    expect(error(COPENHAGEN_TFEN.replace('/11/t4', '/0t10/t4'))).toMatch(/'0'/);
  });

  it('refuses two kings, naming the second', () => {
    expect(error(COPENHAGEN_TFEN.replace('t3TTT3t/tt1', 't3TKT3t/tt1'))).toMatch(/second king on f7/);
  });

  it('refuses a piece other than the king on a restricted square', () => {
    expect(error('T10/11/11/11/11/5K5/11/11/11/11/11 a -')).toMatch(/only the king may stand on a11/);
  });

  it('names a bad side to move', () => {
    expect(error(COPENHAGEN_TFEN.replace(' a -', ' w -'))).toMatch(/side to move 'w'/);
  });

  it('names a bad berserker square', () => {
    expect(error(COPENHAGEN_TFEN.replace(' a -', ' a z3'), VARIANTS.berserk)).toMatch(/berserker.*'z3'/);
    expect(error(COPENHAGEN_TFEN.replace(' a -', ' a c6'), VARIANTS.berserk)).toMatch(/berserker square c6 is empty/);
    expect(error(COPENHAGEN_TFEN.replace(' a -', ' a f6'), VARIANTS.berserk)).toMatch(/side to move/);
    expect(error(COPENHAGEN_TFEN.replace(' a -', ' a d1'))).toMatch(/no berserk/);
  });

  it('names missing fields and extra text', () => {
    expect(error('')).toMatch(/needs a board and a side/);
    expect(error('11/11')).toMatch(/needs a board and a side/);
    expect(error(`${COPENHAGEN_TFEN} moves`)).toMatch(/extra text.*'moves'/);
  });
});

describe('results a loaded position shows (RULES.md 8.9)', () => {
  const BASE7 = { ...VARIANTS.brandubh, king: 'strong' as const };

  it('the king on an escape square: the defenders have won', () => {
    const parsed = parseTfen(BASE7, 'K6/7/7/7/7/7/1t5 a -');
    expect(parsed.ok && [parsed.value.winner, parsed.value.reason]).toEqual([1, 0]);
  });

  it('an exit fort with the attackers to move: the defenders have won', () => {
    const fort = { ...BASE7, exitFort: true };
    const parsed = parseTfen(fort, '1t5/7/7/7/2TT3/2T1T2/2TKT2 a -');
    expect(parsed.ok && parsed.value.winner).toBe(1);
    const notYet = parseTfen(fort, '1t5/7/7/7/2TT3/2T1T2/2TKT2 d -');
    expect(notYet.ok && notYet.value.winner).toBe(-1);
  });

  it('encirclement with the defenders to move: the attackers have won', () => {
    const ring = { ...BASE7, encirclement: true };
    const parsed = parseTfen(ring, '7/3t3/2tTt2/2tKt2/3t3/7/7 d -');
    expect(parsed.ok && parsed.value.winner).toBe(0);
    const notYet = parseTfen(ring, '7/3t3/2tTt2/2tKt2/3t3/7/7 a -');
    expect(notYet.ok && notYet.value.winner).toBe(-1);
  });
});
