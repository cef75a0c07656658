// TaflZero's FEN (its README, "FEN format"): `3aaaaa3/5a5/.../3aaaaa3 a`, the board rank by rank from
// the top as in a tfen, pieces `a` (attacker), `d` (defender), `k` (king), then the side to move `a` or
// `d`. It has no other pieces and no berserk field; the board size is the rules'.

import type { Position } from '../engine/position.js';
import { err, ok, type Result } from '../engine/result.js';
import type { RuleSet } from '../engine/rules.js';
import { makeTfen, parseTfen } from './tfen.js';

const TO_TFEN: Record<string, string> = { a: 't', d: 'T', k: 'K' };
const FROM_TFEN: Record<string, string> = { t: 'a', T: 'd', K: 'k' };

export function parseTaflZeroFen(rules: RuleSet, text: string): Result<Position> {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 2 || !/^[adk0-9/]+$/.test(fields[0]) || !/^[ad]$/.test(fields[1])) {
    return err('bad-taflzero-fen', `TaflZero FEN '${text.trim()}' must be a board of a, d, k and digits, then a or d for the side to move`);
  }
  const board = fields[0].replace(/[adk]/g, (letter) => TO_TFEN[letter]);
  const pos = parseTfen(rules, `${board} ${fields[1]}`);
  return pos.ok
    ? pos
    : err(pos.error.code, `TaflZero FEN: ${pos.error.message.replace(/\btfen /g, '').replace(/\(letters: [^)]*\)/, '(letters: a d k)')}`);
}

export function makeTaflZeroFen(pos: Position): Result<string> {
  const [board, side, berserker] = makeTfen(pos).split(' ');
  if (berserker !== undefined && berserker !== '-') return err('taflzero-fen', 'TaflZero FEN cannot hold a berserk run under way');
  const other = /[^tTK0-9/]/.exec(board);
  if (other) return err('taflzero-fen', `TaflZero FEN has no letter for the piece '${other[0]}' (only attackers, defenders and a king)`);
  return ok(`${board.replace(/[tTK]/g, (letter) => FROM_TFEN[letter])} ${side}`);
}
