// The turns, numbered by turn pairs, each with a mark for the pieces it captured (× or ×2); the
// current turn (or, without one, the last) is kept in view as the list grows or the game is stepped
// through. Clickable when `onSelect` is given.

import { useEffect, useRef } from 'preact/hooks';
import { SIDE_NAMES } from './format.js';
import type { GameLine } from './gameLine.js';

export function MoveList({ line, ply, onSelect }: { line: GameLine; ply?: number; onSelect?: (ply: number) => void }) {
  const texts = line.moveTexts();
  const list = useRef<HTMLOListElement>(null);
  const focus = ply ?? texts.length;
  useEffect(() => {
    const box = list.current;
    const move = box?.querySelector<HTMLElement>(`[data-ply="${Math.max(1, focus)}"]`);
    if (box === null || box === undefined) return;
    if (move === null || move === undefined) {
      box.scrollTop = 0;
      return;
    }
    // The list's own scrolling only: the page stays where it is.
    const top = move.offsetTop;
    const bottom = top + move.offsetHeight;
    if (top < box.scrollTop) box.scrollTop = top - 6;
    else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight + 6;
  }, [focus, texts.length, line]);
  const rows = [];
  for (let i = 0; i < texts.length; i += 2) {
    const cell = (k: number) => {
      if (k >= texts.length) return false;
      const captured = line.captured(k).length;
      return (
        <span
          class={`move${ply === k + 1 ? ' current' : ''}`}
          data-ply={k + 1}
          data-captures={captured === 0 ? undefined : captured === 1 ? '×' : `×${captured}`}
          title={captured === 0 ? undefined : `captures ${captured}`}
          onClick={onSelect ? () => onSelect(k + 1) : undefined}
        >
          {texts[k]}
        </span>
      );
    };
    rows.push(
      <li key={i}>
        <span class="number">{i / 2 + 1}.</span>
        {cell(i)}
        {cell(i + 1)}
      </li>,
    );
  }
  return (
    <ol class="moves" ref={list} data-testid="moves" data-first={SIDE_NAMES[line.start.side]}>
      {rows.length === 0 ? <li class="empty">no turns yet</li> : rows}
    </ol>
  );
}
