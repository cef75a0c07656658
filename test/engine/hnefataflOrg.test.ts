// hnefatafl.org's rules (its rules page, section 8 "Added Rule", and its board.rs): Copenhagen, except
// that no defenders' turn may recreate an earlier position, while the attackers may repeat; the
// attackers win when the server judges that the defenders cannot escape; the 134th turn draws.
import { describe, expect, it } from 'vitest';
import { gameOutcome, legalTurns, makeRandom, Perft, playTurn, Position, VARIANTS, type RuleSet } from '../../src/engine/index.js';
import { makeTfen, parseTfen, parseTurn, playMoves } from '../../src/notation/index.js';

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

/**
 * The positions of the server's own tests of its adjudication (its src/tests.rs, can_not_escape_1 to
 * _8), attackers to move, with the attackers' move it plays there and its verdict after it. Where the
 * board as set up already holds the verdict (the server judges only after a turn; a position loaded
 * here is judged at once), or the server judges the board alone, the move is null.
 */
const SERVER_CASES: [board: string, move: string | null, cannotEscape: boolean][] = [
  // can_not_escape_1
  ['2t2t2t2/1t7t1/t9t/11/11/11/11/11/t9t/1t3T3t1/2t1TKT1t2', null, true],
  ['2t2t2t2/1t7t1/t9t/11/11/11/11/11/t9t/1t3TTT1t1/2t1TK2t2', null, false],
  ['2t5t2/1t7t1/t9t/11/11/11/11/11/t9t/1t7t1/2t2K2t2', null, false],
  ['2t5t2/1t7t1/t9t/11/11/11/11/11/t9t/1t2tTT2t1/2tT2KTt2', 'e2e1', true],
  // can_not_escape_2
  ['2ttt3t2/1t7t1/t9t/8TTT/7T1KT/t6TTTt/t9t/t9t/t9t/1t7t1/2tttt2t2', 'f1h1', false],
  ['2tttt2t2/1t7t1/t9t/8TTT/7T1KT/t6TTTt/t9t/t9t/t9t/1t7t1/2tttt2t2', null, true],
  ['2ttt3t2/1t7t1/t9t/9TT/8T1K/9TT/t9t/t9t/t9t/1t7t1/2tttt2t2', null, true],
  // can_not_escape_3
  ['2tttt2t2/1t7t1/t9t/8TTT/t6T1KT/t6TTTt/10t/t9t/t9t/1t7t1/2tttt2t2', 'f1h1', false],
  ['5t2t2/4t4t1/3t6t/2t5TTT/2t4T1KT/2t4TTTt/2t7t/2t7t/3t6t/4t4t1/4t3t2', 'e1f1', true],
  ['2tttt2t2/1t7t1/t9t/8TTT/t6T1KT/7TTTt/1t8t/1t8t/t9t/1t7t1/2tttt2t2', 'a7a6', false],
  // can_not_escape_4
  ['1ttKtt5/3t7/3t7/11/11/t9T/11/11/11/11/11', null, true],
  ['1tKtt6/2t8/2t8/11/11/t9T/11/11/11/11/11', null, true],
  ['6ttKt1/8t2/8t2/11/11/t9T/11/11/11/11/11', null, true],
  // can_not_escape_4_more
  ['1ttKtt5/3tt6/3tt6/11/11/t9T/10T/11/11/11/11', null, true],
  ['1tKtt6/1tt8/1tt8/11/11/t9T/10T/11/11/11/11', null, true],
  ['6ttKt1/7tt2/7tt2/11/11/t9T/10T/11/11/11/11', null, true],
  ['6ttKt1/8t2/7tt2/11/11/t9T/10T/11/11/11/11', 'a6a7', false],
  // can_not_escape_5
  ['11/t10/t10/Ktt8/t10/t9T/11/11/11/11/5t5', null, true],
  ['11/t10/Ktt8/t10/t10/10T/11/11/11/11/5t5', null, true],
  ['11/11/11/11/11/10T/t10/t10/Ktt8/t10/5t5', null, true],
  // can_not_escape_5_more
  ['11/11/11/11/11/t9T/t9T/Ktt8/ttt8/t10/5t5', null, true],
  ['11/11/11/11/11/10T/t9T/ttt8/Ktt8/t10/5t5', null, true],
  ['11/t10/Ktt8/ttt8/t10/10T/10T/11/11/11/5t5', null, true],
  ['11/t10/Ktt8/tt9/t10/10T/10T/11/11/11/5t5', 'f1g1', false],
  // can_not_escape_6
  ['6t4/10t/10t/8ttK/10t/10t/T10/11/11/11/11', null, true],
  ['6t4/10t/8ttK/10t/10t/T10/11/11/11/11/11', null, true],
  ['6t4/11/11/11/11/10T/10t/10t/8ttK/10t/11', null, true],
  // can_not_escape_6_more
  ['11/11/11/11/11/t9T/t9T/Ktt8/ttt8/t10/5t5', null, true],
  ['11/11/11/11/11/10T/t9T/ttt8/Ktt8/t10/5t5', null, true],
  ['11/t10/Ktt8/ttt8/t10/10T/10T/11/11/11/5t5', null, true],
  ['11/t10/Ktt8/tt9/t10/10T/10T/11/11/11/5t5', 'f1g1', false],
  // can_not_escape_7
  ['6t4/11/11/11/11/11/T10/11/3t7/3t7/1ttKtt5', null, true],
  ['6t4/11/11/11/11/11/T10/11/2t8/2t8/1tKtt6', null, true],
  ['6t4/11/11/11/11/10T/11/11/8t2/8t2/6ttKt1', null, true],
  // can_not_escape_7_more
  ['6t4/11/11/11/11/11/T10/T10/3tt6/3tt6/1ttKtt5', null, true],
  ['6t4/11/11/11/11/T10/T10/11/2tt7/2tt7/1tKtt6', null, true],
  ['6t4/11/11/11/11/10T/10T/11/7tt2/7tt2/6ttKt1', null, true],
  ['6t4/11/11/11/11/10T/10T/11/7tt2/8t2/6ttKt1', 'g11h11', false],
  // can_not_escape_8
  ['6t4/11/11/11/11/11/T10/t10/t10/Ktt8/11', 'g11h11', false],
  ['6t4/11/11/11/11/11/T10/11/9t1/9t1/7ttK1', 'g11h11', false],
  ['6t4/11/11/11/11/10T/11/11/9t1/9t1/7ttK1', 'g11h11', false],
];

const load = (rules: RuleSet, board: string): Position => {
  const pos = parseTfen(rules, `${board} a -`);
  if (!pos.ok) throw new Error(pos.error.message);
  return pos.value;
};

describe('hnefatafl.org: the defenders cannot escape', () => {
  it("agrees with the server's own tests", () => {
    for (const [board, move, cannotEscape] of SERVER_CASES) {
      const pos = load(VARIANTS['hnefatafl-org'], board);
      if (move !== null) {
        expect(gameOutcome(pos), board).toBeUndefined();
        const turn = parseTurn(pos, move);
        if (!turn.ok) throw new Error(turn.error.message);
        playTurn(pos, turn.value);
      }
      expect(gameOutcome(pos), `${board} ${move}`).toEqual(cannotEscape ? { winner: 0, reason: 'cannot-escape' } : undefined);
    }
  });

  it("is hnefatafl.org's alone: in Copenhagen those games go on", () => {
    for (const [board, , cannotEscape] of SERVER_CASES) {
      if (cannotEscape) expect(gameOutcome(load(VARIANTS.copenhagen, board))?.reason, board).not.toBe('cannot-escape');
    }
  });

  it("judges after the defenders' turns too", () => {
    // The king walks into a trap himself: d10 to d11, between b11, c11, e11 and f11, one defender left.
    const pos = load(VARIANTS['hnefatafl-org'], '1tt1tt5/3K7/11/11/11/t9T/11/11/11/11/11');
    playTurn(pos, parseTurnOrThrow(pos, 'a6a7'));
    expect(gameOutcome(pos)).toBeUndefined();
    playTurn(pos, parseTurnOrThrow(pos, 'd10d11'));
    expect(gameOutcome(pos)).toEqual({ winner: 0, reason: 'cannot-escape' });
  });
});

function parseTurnOrThrow(pos: Position, move: string): number[] {
  const turn = parseTurn(pos, move);
  if (!turn.ok) throw new Error(turn.error.message);
  return turn.value;
}

/** The position after `turns` seeded random turns, none of which ends the game. */
function quietGame(rules: RuleSet, turns: number, seed: number): Position {
  const pos = Position.start(rules);
  const random = makeRandom(seed);
  for (let t = 0; t < turns; t++) {
    const candidates = legalTurns(pos);
    for (let tries = 0; ; tries++) {
      if (tries === 1000) throw new Error(`turn ${t + 1}: every turn tried ends the game`);
      const turn = candidates[Math.floor(random() * candidates.length)];
      const next = pos.clone();
      playTurn(next, turn);
      if (gameOutcome(next) !== undefined) continue;
      playTurn(pos, turn);
      break;
    }
  }
  return pos;
}

describe('hnefatafl.org: the turn limit', () => {
  it('draws the game at the end of its 134th turn', () => {
    const pos = quietGame(VARIANTS['hnefatafl-org'], 133, 7);
    expect(gameOutcome(pos)).toBeUndefined();
    const turns = legalTurns(pos);
    expect(turns.length).toBeGreaterThan(0);
    for (const turn of turns) {
      const next = pos.clone();
      playTurn(next, turn);
      const outcome = gameOutcome(next);
      // Only a turn that ends the game otherwise (a capture of the king, a fort) escapes the draw.
      if (outcome?.reason !== 'king-captured' && outcome?.reason !== 'escape' && outcome?.reason !== 'fort')
        expect(outcome).toEqual({ winner: null, reason: 'turn-limit' });
    }
  });

  it('counts from the position the game started from, and Copenhagen has none', () => {
    const org = quietGame(VARIANTS['hnefatafl-org'], 133, 7);
    const reloaded = parseTfen(VARIANTS['hnefatafl-org'], makeTfen(org));
    if (!reloaded.ok) throw new Error(reloaded.error.message);
    playTurn(reloaded.value, legalTurns(reloaded.value)[0]);
    expect(gameOutcome(reloaded.value)?.reason).not.toBe('turn-limit');
    expect(gameOutcome(quietGame(VARIANTS.copenhagen, 140, 7))).toBeUndefined();
  });
});
