// Setting up a position by hand: pick a piece (or the eraser) and click squares; choose the side to
// move. A placement the rules forbid (a second king, a man on the throne) is refused with their reason.

import { useState } from 'preact/hooks';
import { ATTACKERS, EMPTY, Position, pieceFromLetter, type Side } from '../../engine/index.js';
import { Board, Piece } from './Board.js';

const PALETTE: [letter: string, name: string][] = [
  ['t', 'attacker'],
  ['n', 'attacker knight'],
  ['c', 'attacker commander'],
  ['T', 'defender'],
  ['K', 'king'],
  ['N', 'defender knight'],
  ['C', 'defender commander'],
];

export function PositionEditor({ from, onDone, onCancel }: { from: Position; onDone: (pos: Position) => void; onCancel: () => void }) {
  const size = from.geo.size;
  const [pos, setPos] = useState(from);
  const [brush, setBrush] = useState(pieceFromLetter('t'));
  const [refusal, setRefusal] = useState('');

  const cellsOf = (p: Position): Uint8Array => {
    const cells = new Uint8Array(size * size);
    for (let rank = 0; rank < size; rank++) {
      for (let file = 0; file < size; file++) cells[rank * size + file] = p.board[(rank + 1) * p.geo.stride + file + 1];
    }
    return cells;
  };
  const rebuild = (cells: Uint8Array, side: Side): void => {
    const next = Position.fromSetup({ rules: from.rules, cells, side, berserker: -1 });
    if (next.ok) {
      setPos(next.value);
      setRefusal('');
    } else {
      setRefusal(next.error.message);
    }
  };
  const press = (sq: number): void => {
    const cells = cellsOf(pos);
    const index = (Math.floor(sq / pos.geo.stride) - 1) * size + (sq % pos.geo.stride) - 1;
    cells[index] = cells[index] === brush ? EMPTY : brush;
    rebuild(cells, pos.side);
  };

  return (
    <div class="view editor" data-testid="editor">
      <div class="board-area">
        <Board pos={pos} onPress={press} label="position editor" />
      </div>
      <div class="panel">
        <div class="palette">
          {PALETTE.map(([letter, name]) => {
            const piece = pieceFromLetter(letter);
            return (
              <button
                key={letter}
                class={brush === piece ? 'active' : ''}
                onClick={() => setBrush(piece)}
                title={letter}
                data-brush={letter}
              >
                <svg viewBox="-5 -5 10 10" width="22" height="22">
                  <Piece piece={piece} x={0} y={0} />
                </svg>
                {name}
              </button>
            );
          })}
          <button class={brush === EMPTY ? 'active' : ''} onClick={() => setBrush(EMPTY)} data-brush="empty">
            erase
          </button>
        </div>
        <label>
          To move{' '}
          <select value={pos.side} onChange={(e) => rebuild(cellsOf(pos), Number(e.currentTarget.value) as Side)}>
            <option value={ATTACKERS}>attackers</option>
            <option value={1}>defenders</option>
          </select>
        </label>
        <div class="buttons">
          <button onClick={() => rebuild(new Uint8Array(size * size), pos.side)}>Clear</button>
          <button onClick={() => setPos(Position.start(from.rules))}>Start position</button>
          <button class="primary" onClick={() => onDone(pos)} data-testid="editor-done">
            Done
          </button>
          <button onClick={onCancel}>Cancel</button>
        </div>
        {refusal !== '' && (
          <div class="refusal" data-testid="editor-refusal">
            {refusal}
          </div>
        )}
        <p class="muted">Pick a piece, then click squares to place it; click a square holding that piece to empty it.</p>
      </div>
    </div>
  );
}
