// Shared test helpers: positions drawn as pictures (ranks top first, `.` empty), moves by notation.
import {
  gameOutcome,
  legalTurns,
  parseSquare,
  pieceLetter,
  playTurn,
  VARIANTS,
  type Outcome,
  type Position,
  type RuleSet,
} from '../../src/engine/index.js';
import { makeTurn, parseTfen, parseTurn } from '../../src/notation/index.js';

/** Brandubh's 7x7 board (throne d4, hostile corners) with a strong king and no extras: the base for rule tests. */
export const BASE7: RuleSet = { ...VARIANTS.brandubh, name: 'test', king: 'strong' };
export const BERSERK7: RuleSet = { ...VARIANTS.berserk, name: 'test-berserk', size: 7 };

/** A position from a picture, through parseTfen (so every test also exercises it). */
export function draw(rules: RuleSet, rows: string[], side: 'a' | 'd' = 'a', berserker = '-'): Position {
  const board = rows.map((row) => row.replace(/\.+/g, (run) => String(run.length))).join('/');
  const result = parseTfen(rules, `${board} ${side} ${berserker}`);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Plays whole turns given in any notation; throws with the parser's message on an illegal one. */
export function play(pos: Position, ...moves: string[]): Position {
  for (const move of moves) {
    const turn = parseTurn(pos, move);
    if (!turn.ok) throw new Error(turn.error.message);
    playTurn(pos, turn.value);
  }
  return pos;
}

/** The parser's error message for a move (fails the test if the move is legal). */
export function refusal(pos: Position, move: string): string {
  const turn = parseTurn(pos, move);
  if (turn.ok) throw new Error(`expected '${move}' to be refused`);
  return turn.error.message;
}

export function turnNames(pos: Position): string[] {
  return legalTurns(pos).map((turn) => makeTurn(pos, turn));
}

export function outcome(pos: Position): Outcome | undefined {
  return gameOutcome(pos);
}

/** The piece letter on a square, '.' when empty. */
export function at(pos: Position, square: string): string {
  const sq = parseSquare(pos.geo, square);
  if (!sq.ok) throw new Error(sq.error.message);
  return pieceLetter(pos.board[sq.value]);
}

/** A position from a list of pieces, `{ d4: 'K', c5: 't' }`, through parseTfen. */
export function setup(rules: RuleSet, pieces: Record<string, string>, side: 'a' | 'd' = 'a', berserker = '-'): Position {
  const size = rules.size;
  const rows = Array.from({ length: size }, () => Array<string>(size).fill('.'));
  for (const [square, letter] of Object.entries(pieces)) {
    const file = square.charCodeAt(0) - 97;
    const rank = Number(square.slice(1));
    rows[size - rank][file] = letter;
  }
  return draw(
    rules,
    rows.map((row) => row.join('')),
    side,
    berserker,
  );
}
