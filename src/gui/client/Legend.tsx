// What the board's pieces and marks mean, for the pieces of the position's rule set: the two sides,
// the king, knights and commanders where the variant has them, the restricted and escape squares,
// and the marks of the last turn.

import {
  ATTACKER_BIT,
  DEFENDER_BIT,
  EMPTY,
  KING,
  type Position,
  SIDE_MASK,
  TYPE_COMMANDER,
  TYPE_KNIGHT,
  TYPE_MAN,
  TYPE_MASK,
} from '../../engine/index.js';
import type { ComponentChild } from 'preact';
import { Piece } from './Board.js';

function Swatch({ piece }: { piece: number }) {
  return (
    <svg viewBox="-5 -5 10 10" class="legend-piece" aria-hidden="true">
      <Piece piece={piece} x={0} y={0} />
    </svg>
  );
}

function Square({ kind }: { kind: string }) {
  return (
    <svg viewBox="0 0 10 10" class="legend-piece" aria-hidden="true">
      <g>
        <rect class={`sq ${kind === 'visited' || kind === 'captured' ? 'light' : kind}`} width="10" height="10" />
        {(kind === 'throne' || kind === 'corner') && <path class="restricted-mark" d="M2 2L8 8M8 2L2 8" />}
        {kind === 'visited' && <rect class="visited" width="10" height="10" />}
        {kind === 'captured' && <path class="captured-mark" d="M2.5 2.5L7.5 7.5M7.5 2.5L2.5 7.5" />}
      </g>
    </svg>
  );
}

export function Legend({ start }: { start: Position }) {
  const kinds = new Set<number>();
  for (const piece of start.board) if (piece !== EMPTY && (piece & SIDE_MASK) !== 0) kinds.add(piece & TYPE_MASK);
  const rows: [ComponentChild, string][] = [
    [<Swatch key="a" piece={ATTACKER_BIT | TYPE_MAN} />, 'attackers (dark): they move first'],
    [<Swatch key="d" piece={DEFENDER_BIT | TYPE_MAN} />, 'defenders (light), around their king'],
    [<Swatch key="k" piece={KING} />, 'the king'],
  ];
  if (kinds.has(TYPE_KNIGHT)) rows.push([<Swatch key="n" piece={ATTACKER_BIT | TYPE_KNIGHT} />, 'knight (either side)']);
  if (kinds.has(TYPE_COMMANDER)) rows.push([<Swatch key="c" piece={ATTACKER_BIT | TYPE_COMMANDER} />, 'commander (either side)']);
  rows.push([<Square key="t" kind="throne" />, 'throne and corners: only the king may stop there']);
  if (start.rules.escape === 'edge') rows.push([<Square key="e" kind="escape" />, 'edge squares: the king escapes there']);
  rows.push([<Square key="v" kind="visited" />, 'squares of the last turn']);
  rows.push([<Square key="x" kind="captured" />, 'a piece it captured']);
  return (
    <details class="legend" data-testid="legend">
      <summary>Legend</summary>
      <ul>
        {rows.map(([mark, text]) => (
          <li key={text}>
            {mark} {text}
          </li>
        ))}
      </ul>
    </details>
  );
}
