// Entering a turn on the board: select a piece (click or press), then click or drop it on a target.
// A berserk run continues with the same piece, its continuations offered, until the player ends the
// turn (or the run cannot go on). A turn may also be typed (`d2b2`, `e7e9g9`, `e7-e9`). A step the
// rules refuse gets their reason.

import { useEffect, useState } from 'preact/hooks';
import { makeSquare, NO_SQUARE, NO_WINNER, SIDE_MASK, SIDE_NAMES, stepTo, EMPTY, makeStep, type Position } from '../../engine/index.js';
import { parseTurn } from '../../notation/index.js';
import { stepsFrom } from './gameLine.js';

export interface MoveInput {
  /** The position to show: with the steps of an unfinished berserk run made. */
  shown: Position;
  selected: number;
  targets: number[];
  /** The steps of the run being entered (empty between turns). */
  pending: number[];
  refusal: string;
  onPress: (sq: number) => void;
  onDrop: (from: number, to: number) => void;
  endTurn: () => void;
  /** Plays a typed turn (or the rest of an open run); false, with the refusal, if it is not legal. */
  enter: (text: string) => boolean;
}

export function useMoveInput(pos: Position, canMove: boolean, onTurn: (steps: number[]) => void): MoveInput {
  const [run, setRun] = useState<{ pos: Position; steps: number[] } | undefined>(undefined);
  const [selected, setSelected] = useState(NO_SQUARE);
  const [refusal, setRefusal] = useState('');
  useEffect(() => {
    setRun(undefined);
    setSelected(NO_SQUARE);
    setRefusal('');
  }, [pos]);

  const working = run?.pos ?? pos;
  const from = working.berserker !== NO_SQUARE ? working.berserker : selected;
  const steps = canMove && from !== NO_SQUARE ? stepsFrom(working, from) : [];
  const targets = steps.map(stepTo);

  const commit = (turn: number[]): void => {
    setRun(undefined);
    setSelected(NO_SQUARE);
    onTurn(turn);
  };
  const play = (step: number): void => {
    setRefusal('');
    const next = working.clone();
    next.makeStep(step);
    const turn = [...(run?.steps ?? []), step];
    if (next.berserker !== NO_SQUARE && next.winner === NO_WINNER) {
      setRun({ pos: next, steps: turn });
      setSelected(next.berserker);
    } else {
      commit(turn);
    }
  };
  const refuse = (a: number, b: number): void => {
    const answer = parseTurn(working, makeSquare(working.geo, a) + makeSquare(working.geo, b));
    setRefusal(answer.ok ? '' : answer.error.message);
  };
  const attempt = (a: number, b: number): void => {
    const step = makeStep(a, b);
    const runOpen = working.berserker !== NO_SQUARE;
    if ((!runOpen || a === working.berserker) && stepsFrom(working, a).includes(step)) play(step);
    else refuse(a, b);
  };

  const onPress = (sq: number): void => {
    if (!canMove) return;
    const piece = working.board[sq];
    const own = piece !== EMPTY && (piece & SIDE_MASK) === working.side + 1;
    if (working.berserker !== NO_SQUARE) {
      if (sq !== working.berserker) attempt(working.berserker, sq);
      return;
    }
    if (selected !== NO_SQUARE && targets.includes(sq)) {
      attempt(selected, sq);
    } else if (own) {
      setSelected(sq);
      setRefusal('');
    } else if (selected !== NO_SQUARE) {
      attempt(selected, sq);
    } else if (piece !== EMPTY && (piece & SIDE_MASK) !== 0) {
      setRefusal(`${makeSquare(working.geo, sq)}: the ${SIDE_NAMES[working.side]} are to move`);
    }
  };
  const onDrop = (a: number, b: number): void => {
    if (canMove) attempt(a, b);
  };
  const endTurn = (): void => {
    if (run !== undefined) commit(run.steps);
  };
  const enter = (text: string): boolean => {
    if (!canMove) return false;
    const steps = parseTurn(working, text.trim());
    if (!steps.ok) {
      setRefusal(`${text.trim()}: ${steps.error.message}`);
      return false;
    }
    setRefusal('');
    commit([...(run?.steps ?? []), ...steps.value]);
    return true;
  };
  return { shown: working, selected: from, targets, pending: run?.steps ?? [], refusal, onPress, onDrop, endTurn, enter };
}
