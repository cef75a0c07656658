// The pieces each side has lost since the game's start, drawn as small pieces.

import { EMPTY, SIDE_MASK, type Position } from '../../engine/index.js';
import { Piece } from './Board.js';

function counts(pos: Position): Map<number, number> {
  const pieces = new Map<number, number>();
  for (const piece of pos.board) if (piece !== EMPTY && (piece & SIDE_MASK) !== 0) pieces.set(piece, (pieces.get(piece) ?? 0) + 1);
  return pieces;
}

export function Captures({ start, now }: { start: Position; now: Position }) {
  const before = counts(start);
  const after = counts(now);
  const lost: number[] = [];
  for (const [piece, n] of [...before.entries()].sort((a, b) => a[0] - b[0])) {
    for (let i = after.get(piece) ?? 0; i < n; i++) lost.push(piece);
  }
  if (lost.length === 0) return null;
  return (
    <div class="captures" data-testid="captures" title="pieces captured so far">
      <span class="muted">Captured</span>
      <svg viewBox={`0 0 ${lost.length * 6 + 2} 8`} style={{ height: '18px', width: `${(lost.length * 6 + 2) * 2.25}px` }}>
        {lost.map((piece, i) => (
          <Piece key={i} piece={piece} x={4 + i * 6} y={4} />
        ))}
      </svg>
    </div>
  );
}
