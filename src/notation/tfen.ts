// tfen: a position as text (PROTOCOL.md "Moves and positions"):
// `<board> <side> [<berserker>]`, board ranks from the top joined by `/`, one- or two-digit runs of
// empty squares, OpenTafl piece letters; side `a` or `d`; berserker a square or `-`.

import { fileOf, makeGeometry, makeSquare, parseSquare, rankOf, toSquare } from '../engine/geometry.js';
import { Position } from '../engine/position.js';
import type { RuleSet } from '../engine/rules.js';
import { ATTACKERS, DEFENDERS, EMPTY, NO_SQUARE, pieceFromLetter, pieceLetter, type Side } from '../engine/types.js';
import { err, type Result } from '../engine/result.js';

export function parseTfen(rules: RuleSet, text: string): Result<Position> {
  const fields = text.trim().split(/\s+/);
  if (fields.length < 2 || fields[0] === '') {
    return err('bad-tfen', `tfen '${text.trim()}' needs a board and a side to move ('a' or 'd')`);
  }
  if (fields.length > 3) return err('bad-tfen', `tfen has extra text after the berserker field: '${fields.slice(3).join(' ')}'`);
  const [boardText, sideText, berserkerText = '-'] = fields;
  const size = rules.size;
  const ranks = boardText.split('/');
  if (ranks.length !== size) {
    return err('bad-tfen-ranks', `tfen board has ${ranks.length} ranks, the ${size}x${size} board needs ${size}`);
  }
  const cells = new Uint8Array(size * size);
  for (let top = 0; top < size; top++) {
    const rankNumber = size - top;
    const rankText = ranks[top];
    const rank = rankNumber - 1;
    let file = 0;
    let i = 0;
    while (i < rankText.length) {
      const ch = rankText[i];
      if (ch >= '0' && ch <= '9') {
        let j = i;
        while (j < rankText.length && rankText[j] >= '0' && rankText[j] <= '9') j++;
        const run = rankText.slice(i, j);
        if (run.length > 2 || Number(run) === 0) {
          return err('bad-tfen-rank', `tfen rank ${rankNumber} ('${rankText}'): '${run}' is not a count of empty squares (1..${size})`);
        }
        file += Number(run);
        i = j;
        continue;
      }
      const piece = pieceFromLetter(ch);
      if (piece < 0) {
        const where = file < size ? `${String.fromCharCode(97 + file)}${rankNumber}` : `past the end of rank ${rankNumber}`;
        return err(
          'bad-tfen-piece',
          `tfen rank ${rankNumber} ('${rankText}'): unknown piece letter '${ch}' at ${where} (letters: t c n T K N C)`,
        );
      }
      if (file < size) cells[rank * size + file] = piece;
      file++;
      i++;
    }
    if (file !== size) {
      return err('bad-tfen-rank', `tfen rank ${rankNumber} ('${rankText}') is ${file} squares long, expected ${size}`);
    }
  }
  let side: Side;
  if (sideText === 'a') side = ATTACKERS;
  else if (sideText === 'd') side = DEFENDERS;
  else return err('bad-tfen-side', `tfen side to move '${sideText}' must be 'a' (attackers) or 'd' (defenders)`);

  let berserker = -1;
  if (berserkerText !== '-') {
    const geo = makeGeometry(rules);
    const square = parseSquare(geo, berserkerText);
    if (!square.ok) return err('bad-tfen-berserker', `tfen berserker: ${square.error.message} (or '-' for none)`);
    const file = fileOf(geo.stride, square.value);
    const rank = rankOf(geo.stride, square.value);
    if (cells[rank * size + file] === EMPTY) {
      return err('bad-tfen-berserker', `tfen berserker square ${berserkerText} is empty`);
    }
    berserker = rank * size + file;
  }
  return Position.fromSetup({ rules, cells, side, berserker });
}

/** One rank of the board as tfen and OpenTafl position records write it: letters and empty counts. */
export function makeRankText(pos: Position, rank: number): string {
  const { size, stride } = pos.geo;
  let text = '';
  let empty = 0;
  for (let file = 0; file < size; file++) {
    const piece = pos.board[toSquare(stride, file, rank)];
    if (piece === EMPTY) {
      empty++;
      continue;
    }
    if (empty > 0) text += String(empty);
    empty = 0;
    text += pieceLetter(piece);
  }
  return empty > 0 ? text + String(empty) : text;
}

export function makeTfen(pos: Position): string {
  const ranks: string[] = [];
  for (let rank = pos.geo.size - 1; rank >= 0; rank--) ranks.push(makeRankText(pos, rank));
  const berserker = pos.berserker === NO_SQUARE ? '-' : makeSquare(pos.geo, pos.berserker);
  return `${ranks.join('/')} ${pos.side === ATTACKERS ? 'a' : 'd'} ${berserker}`;
}
