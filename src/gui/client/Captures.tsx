// The pieces each side has lost since the game's start: one small piece per kind with its count.

import { ATTACKER_BIT, DEFENDER_BIT, EMPTY, SIDE_MASK, type Position } from '../../engine/index.js';
import { Piece } from './Board.js';
import { SIDE_NAMES } from './format.js';

function counts(pos: Position): Map<number, number> {
  const pieces = new Map<number, number>();
  for (const piece of pos.board) if (piece !== EMPTY && (piece & SIDE_MASK) !== 0) pieces.set(piece, (pieces.get(piece) ?? 0) + 1);
  return pieces;
}

export function Captures({ start, now }: { start: Position; now: Position }) {
  const before = counts(start);
  const after = counts(now);
  const lost: [number, number][] = [];
  for (const [piece, n] of [...before.entries()].sort((a, b) => a[0] - b[0])) {
    const gone = n - (after.get(piece) ?? 0);
    if (gone > 0) lost.push([piece, gone]);
  }
  if (lost.length === 0) return null;
  return (
    <div class="captures" data-testid="captures">
      {[ATTACKER_BIT, DEFENDER_BIT].map((side) => {
        const own = lost.filter(([piece]) => (piece & SIDE_MASK) === side);
        return (
          own.length > 0 && (
            <span key={side} class="captured-side">
              <span class="muted">{SIDE_NAMES[side === ATTACKER_BIT ? 0 : 1]} lost</span>
              {own.map(([piece, n]) => (
                <span key={piece} class="captured-kind">
                  <svg viewBox="-5 -5 10 10" class="captured-piece" aria-hidden="true">
                    <Piece piece={piece} x={0} y={0} />
                  </svg>
                  ×{n}
                </span>
              ))}
            </span>
          )
        );
      })}
    </div>
  );
}
