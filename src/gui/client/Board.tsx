// The board as SVG: squares (throne, corners and edge escape squares marked), coordinates, pieces
// (men, king, knights, commanders of both sides, each drawn differently), the last turn's squares
// and captures, the selected piece and its targets, arrows, and a piece dragged under the pointer.
// Every square is a <rect data-square="e7">, so that clicks and tests find squares by name.

import { useMemo, useRef, useState } from 'preact/hooks';
import {
  ATTACKER_BIT,
  EMPTY,
  KING,
  makeSquare,
  SIDE_MASK,
  SQ_CORNER,
  SQ_EDGE,
  SQ_THRONE,
  toSquare,
  TYPE_COMMANDER,
  TYPE_KNIGHT,
  TYPE_MASK,
  type Position,
} from '../../engine/index.js';

const CELL = 10;

interface Drag {
  from: number;
  /** Where the pointer is, in board units. */
  x: number;
  y: number;
  /** Far enough from where it started to be a drag rather than a click. */
  moved: boolean;
}
const MARGIN = 7;
/** Each board's arrowhead marker needs an id of its own: a marker in a hidden board is not drawn. */
let boardsMade = 0;

export interface BoardProps {
  pos: Position;
  flipped?: boolean;
  /** Squares the last turn visited, first step's start first (a whole berserk chain). */
  visited?: number[];
  captured?: number[];
  selected?: number;
  targets?: number[];
  /** Chains of squares to draw as arrows (best moves). */
  arrows?: number[][];
  /** Without coordinates, for small boards. */
  bare?: boolean;
  onPress?: (sq: number) => void;
  onDrop?: (from: number, to: number) => void;
  label?: string;
}

export function Board(props: BoardProps) {
  const { pos, flipped = false, bare = false } = props;
  const size = pos.geo.size;
  const stride = pos.geo.stride;
  const svg = useRef<SVGSVGElement>(null);
  const markerId = useMemo(() => `arrowhead-${++boardsMade}`, []);
  // The drag lives in a ref as well as in the state: pointer events can come faster than the board
  // redraws, and each must see the drag as the one before left it.
  const [drag, setDragState] = useState<Drag | undefined>(undefined);
  const dragRef = useRef<Drag | undefined>(undefined);
  const setDrag = (next: Drag | undefined): void => {
    dragRef.current = next;
    setDragState(next);
  };

  const place = (sq: number): [number, number] => {
    const file = (sq % stride) - 1;
    const rank = Math.floor(sq / stride) - 1;
    return flipped ? [(size - 1 - file) * CELL, rank * CELL] : [file * CELL, (size - 1 - rank) * CELL];
  };
  const squareAt = (x: number, y: number): number | undefined => {
    const col = Math.floor(x / CELL);
    const row = Math.floor(y / CELL);
    if (col < 0 || row < 0 || col >= size || row >= size) return undefined;
    return flipped ? toSquare(stride, size - 1 - col, row) : toSquare(stride, col, size - 1 - row);
  };
  const pointer = (event: PointerEvent): [number, number] => {
    const matrix = svg.current!.getScreenCTM()!.inverse();
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix);
    return [point.x, point.y];
  };

  const grid = useMemo(() => {
    const cells = [];
    const edgeEscape = pos.rules.escape === 'edge';
    for (let rank = 0; rank < size; rank++) {
      for (let file = 0; file < size; file++) {
        const sq = toSquare(stride, file, rank);
        const flags = pos.geo.flags[sq];
        const [x, y] = place(sq);
        const kind =
          flags & SQ_THRONE
            ? 'throne'
            : flags & SQ_CORNER
              ? 'corner'
              : edgeEscape && flags & SQ_EDGE
                ? 'escape'
                : (file + rank) % 2
                  ? 'light'
                  : 'dark';
        cells.push(<rect key={sq} class={`sq ${kind}`} x={x} y={y} width={CELL} height={CELL} data-square={makeSquare(pos.geo, sq)} />);
        if (kind === 'throne' || kind === 'corner') {
          cells.push(
            <path key={`m${sq}`} class="restricted-mark" d={`M${x + 2} ${y + 2}L${x + 8} ${y + 8}M${x + 8} ${y + 2}L${x + 2} ${y + 8}`} />,
          );
        }
      }
    }
    const labels = [];
    if (!bare) {
      for (let i = 0; i < size; i++) {
        const file = flipped ? size - 1 - i : i;
        const rank = flipped ? i : size - 1 - i;
        labels.push(
          <text key={`f${i}`} class="coord" x={i * CELL + CELL / 2} y={size * CELL + 4.5}>
            {String.fromCharCode(97 + file)}
          </text>,
        );
        labels.push(
          <text key={`r${i}`} class="coord" x={-3.5} y={i * CELL + CELL / 2 + 1.2}>
            {rank + 1}
          </text>,
        );
      }
    }
    return [...cells, ...labels];
    // The grid depends on the rules and the orientation only.
  }, [pos.rules, flipped, bare]);

  const pieces = [];
  for (let sq = 0; sq < pos.board.length; sq++) {
    const piece = pos.board[sq];
    if (piece === EMPTY || (piece & SIDE_MASK) === 0 || (drag?.moved === true && drag.from === sq)) continue;
    const [x, y] = place(sq);
    pieces.push(<Piece key={sq} piece={piece} x={x + CELL / 2} y={y + CELL / 2} square={makeSquare(pos.geo, sq)} />);
  }
  const centre = (sq: number): [number, number] => {
    const [x, y] = place(sq);
    return [x + CELL / 2, y + CELL / 2];
  };

  const onPointerDown = (event: PointerEvent): void => {
    if (props.onPress === undefined) return;
    const [x, y] = pointer(event);
    const sq = squareAt(x, y);
    if (sq === undefined) return;
    props.onPress(sq);
    if (pos.board[sq] !== EMPTY) {
      (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
      setDrag({ from: sq, x, y, moved: false });
    }
  };
  const onPointerMove = (event: PointerEvent): void => {
    const drag = dragRef.current;
    if (drag === undefined) return;
    const [x, y] = pointer(event);
    const moved = drag.moved || Math.hypot(x - drag.x, y - drag.y) > CELL / 3;
    setDrag({ ...drag, x, y, moved });
  };
  const onPointerUp = (event: PointerEvent): void => {
    const drag = dragRef.current;
    if (drag === undefined) return;
    setDrag(undefined);
    if (!drag.moved) return;
    const [x, y] = pointer(event);
    const sq = squareAt(x, y);
    if (sq !== undefined && sq !== drag.from) props.onDrop?.(drag.from, sq);
  };

  const visited = props.visited ?? [];
  const view = bare
    ? `-1 -1 ${size * CELL + 2} ${size * CELL + 2}`
    : `${-MARGIN} -2 ${size * CELL + MARGIN + 2} ${size * CELL + MARGIN + 2}`;
  return (
    <svg
      ref={svg}
      class={`board${props.onPress ? ' interactive' : ''}`}
      viewBox={view}
      role="img"
      aria-label={props.label ?? 'tafl board'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(undefined)}
    >
      <defs>
        <marker id={markerId} viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse">
          <path d="M0 0L10 5L0 10z" class="arrowhead" />
        </marker>
      </defs>
      <rect class="frame" x={-0.6} y={-0.6} width={size * CELL + 1.2} height={size * CELL + 1.2} />
      {grid}
      {visited.map((sq, i) => {
        const [x, y] = place(sq);
        return <rect key={`v${i}`} class={i === 0 ? 'visited from' : 'visited'} x={x} y={y} width={CELL} height={CELL} />;
      })}
      {visited.length > 2 && <polyline class="chain" points={visited.map((sq) => centre(sq).join(',')).join(' ')} />}
      {props.selected !== undefined &&
        props.selected >= 0 &&
        (() => {
          const [x, y] = place(props.selected);
          return <rect class="selected" x={x + 0.4} y={y + 0.4} width={CELL - 0.8} height={CELL - 0.8} />;
        })()}
      {pieces}
      {(props.captured ?? []).map((sq) => {
        const [x, y] = centre(sq);
        return (
          <path
            key={`c${sq}`}
            class="captured-mark"
            d={`M${x - 2.5} ${y - 2.5}L${x + 2.5} ${y + 2.5}M${x + 2.5} ${y - 2.5}L${x - 2.5} ${y + 2.5}`}
          />
        );
      })}
      {(props.targets ?? []).map((sq) => {
        const [x, y] = centre(sq);
        return <circle key={`t${sq}`} class="target" cx={x} cy={y} r={1.6} data-target={makeSquare(pos.geo, sq)} />;
      })}
      {(props.arrows ?? []).map((chain, i) => (
        <polyline
          key={`a${i}`}
          class={i === 0 ? 'arrow best' : 'arrow'}
          points={chain.map((sq) => centre(sq).join(',')).join(' ')}
          marker-end={`url(#${markerId})`}
        />
      ))}
      {drag?.moved === true && <Piece piece={pos.board[drag.from]} x={drag.x} y={drag.y} />}
    </svg>
  );
}

/** A piece: a disc in its side's colour, with a mark for the king, knights and commanders. */
export function Piece({ piece, x, y, square }: { piece: number; x: number; y: number; square?: string }) {
  const attacker = (piece & SIDE_MASK) === ATTACKER_BIT;
  const type = piece & TYPE_MASK;
  const side = attacker ? 'attacker' : 'defender';
  const kind = piece === KING ? 'king' : type === TYPE_KNIGHT ? 'knight' : type === TYPE_COMMANDER ? 'commander' : 'man';
  return (
    <g class={`piece ${side} ${kind}`} transform={`translate(${x} ${y})`} data-piece={square}>
      <circle class="body" r={piece === KING ? 4.3 : 3.8} />
      {piece === KING && <path class="mark" d="M-0.8 -3.2h1.6v2.4h2.4v1.6h-2.4v2.4h-1.6v-2.4h-2.4v-1.6h2.4z" />}
      {type === TYPE_KNIGHT && <path class="mark" d="M-2 1.8L0 -2.2L2 1.8L0 0.6z" />}
      {type === TYPE_COMMANDER && piece !== KING && (
        <path class="mark" d="M0 -2.6L0.7 -0.7L2.6 0L0.7 0.7L0 2.6L-0.7 0.7L-2.6 0L-0.7 -0.7z" />
      )}
    </g>
  );
}
