// The board as text for people (`d`, `hnefi play`): files and ranks labelled, empty throne and corners
// shown (`+`), empty forts too (`#`), and the squares of the last move marked.

import { EMPTY, pieceLetter, SQ_FORT, SQ_RESTRICTED, toSquare, type Position } from '../engine/index.js';

/** Draws `pos`; squares in `marked` (padded squares, e.g. the last move's) are shown in brackets. */
export function drawBoard(pos: Position, marked: ReadonlySet<number> = new Set()): string[] {
  const { size, stride, flags } = pos.geo;
  const files = Array.from({ length: size }, (_, file) => ` ${String.fromCharCode(97 + file)} `).join('');
  const lines = [`    ${files}`];
  for (let rank = size - 1; rank >= 0; rank--) {
    let row = '';
    for (let file = 0; file < size; file++) {
      const sq = toSquare(stride, file, rank);
      const piece = pos.board[sq];
      const symbol =
        piece !== EMPTY ? pieceLetter(piece) : (flags[sq] & SQ_RESTRICTED) !== 0 ? '+' : (flags[sq] & SQ_FORT) !== 0 ? '#' : '.';
      row += marked.has(sq) ? `[${symbol}]` : ` ${symbol} `;
    }
    const label = String(rank + 1).padStart(2);
    lines.push(` ${label} ${row} ${label}`);
  }
  lines.push(`    ${files}`);
  return lines;
}
