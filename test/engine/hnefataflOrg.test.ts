// hnefatafl.org's rules (its rules page, section 8 "Added Rule", and its board.rs): Copenhagen, except
// that no defenders' turn may recreate an earlier position, while the attackers may repeat.
import { describe, expect, it } from 'vitest';
import { legalTurns, Perft, Position, VARIANTS } from '../../src/engine/index.js';
import { parseTurn, playMoves } from '../../src/notation/index.js';

const after = (variant: string, moves: string[]): Position => {
  const pos = Position.start(VARIANTS[variant]);
  const played = playMoves(pos, moves);
  if (!played.ok) throw new Error(played.error.message);
  return pos;
};

describe('hnefatafl.org rules', () => {
  it('the defenders may not bring back an earlier position; in Copenhagen they may', () => {
    const moves = ['a4b4', 'f4h4', 'b4a4'];
    const org = after('hnefatafl-org', moves);
    const back = parseTurn(org, 'h4f4');
    expect(back.ok || back.error.message).toBe("move 'h4f4': forbidden: the defenders may not repeat an earlier position");
    expect(parseTurn(org, 'h4g4').ok).toBe(true);
    const copenhagen = after('copenhagen', moves);
    expect(parseTurn(copenhagen, 'h4f4').ok).toBe(true);
    expect(legalTurns(copenhagen).length - legalTurns(org).length).toBe(1);
  });

  it('the attackers may bring back an earlier position', () => {
    const org = after('hnefatafl-org', ['a4b4', 'f4h4', 'b4c4', 'h4f4']);
    // The position after a4b4 (the attacker on b4, the defender on f4, the defenders to move) comes back.
    expect(parseTurn(org, 'c4b4').ok).toBe(true);
  });

  it('perft counts the forbidden turns out, bulk and full alike', () => {
    for (const full of [false, true]) {
      expect(new Perft(after('copenhagen', ['a4b4', 'f4h4']), { full }).count(2)).toBe(6807);
      expect(new Perft(after('hnefatafl-org', ['a4b4', 'f4h4']), { full }).count(2)).toBe(6806);
    }
  });
});
