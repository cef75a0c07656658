// A game on the page: its rules, start position and whole turns, with the position after each turn
// kept (stepping through a game redraws at once). Also what the board marks: the squares a turn
// visited (a whole berserk chain) and the pieces it captured.

import {
  EMPTY,
  END_RUN,
  gameOutcome,
  generateSteps,
  getVariant,
  playTurn,
  Position,
  SIDE_MASK,
  stepFrom,
  stepTo,
  ok,
  type Outcome,
  type Result,
  type RuleSet,
  type Side,
} from '../../engine/index.js';
import { makeTfen, makeTurn, parseTfen, playMoves } from '../../notation/index.js';

/** How a game ended, when not (only) by the rules: time, a crash, resignation, an adjudication. */
export interface Ending {
  winner: Side | null;
  /** An end reason of the rules or of a tournament (time, crash, resign, max-turns, ...). */
  reason: string;
  /** What happened, in words: "two: no bestmove within 400 ms". */
  detail?: string;
}

export interface LineSetup {
  rules: RuleSet;
  /** The variant name the engines are told, when the rules are a known variant's. */
  variant?: string;
  /** The OpenTafl rules string the engines are told otherwise. */
  rulesString?: string;
  start: Position;
}

export class GameLine {
  readonly rules: RuleSet;
  readonly variant: string | undefined;
  readonly rulesString: string | undefined;
  readonly start: Position;
  /** The start as a tfen, or undefined when it is the rules' own start position. */
  readonly startTfen: string | undefined;
  readonly turns: number[][] = [];
  private readonly positions: Position[];
  /** How the game ended after its last turn when its record says so (a copy cut short has none). */
  ending: Ending | undefined;

  constructor(setup: LineSetup) {
    this.rules = setup.rules;
    this.variant = setup.variant;
    this.rulesString = setup.rulesString;
    this.start = setup.start;
    const tfen = makeTfen(setup.start);
    this.startTfen = tfen === makeTfen(Position.start(setup.rules)) ? undefined : tfen;
    this.positions = [setup.start];
  }

  static ofVariant(variant: string): GameLine {
    const rules = getVariant(variant);
    if (!rules.ok) throw new Error(rules.error.message);
    return new GameLine({ rules: rules.value, variant, start: Position.start(rules.value) });
  }

  static fromTfen(variant: string, tfen: string): Result<GameLine> {
    const rules = getVariant(variant);
    if (!rules.ok) return rules;
    const start = parseTfen(rules.value, tfen);
    return start.ok ? ok(new GameLine({ rules: rules.value, variant, start: start.value })) : start;
  }

  /** A game from its start and its moves (compact or OpenTafl notation, berserk steps one by one or whole). */
  static withMoves(setup: LineSetup, moves: readonly string[]): Result<GameLine> {
    const line = new GameLine(setup);
    const pos = setup.start.clone();
    const turns = playMoves(pos, moves);
    if (!turns.ok) return turns;
    for (const turn of turns.value) line.push(turn);
    return ok(line);
  }

  get length(): number {
    return this.turns.length;
  }

  /** The position after `ply` turns. */
  at(ply: number): Position {
    return this.positions[Math.max(0, Math.min(ply, this.turns.length))];
  }

  get last(): Position {
    return this.positions[this.turns.length];
  }

  /** Appends a whole turn (checked by whoever made it). */
  push(steps: readonly number[]): void {
    const pos = this.last.clone();
    playTurn(pos, steps);
    this.turns.push([...steps]);
    this.positions.push(pos);
  }

  /** A copy with the turns after `ply` dropped. */
  truncated(ply: number): GameLine {
    const copy = new GameLine({ rules: this.rules, variant: this.variant, rulesString: this.rulesString, start: this.start });
    for (let i = 0; i < ply && i < this.turns.length; i++) {
      copy.turns.push(this.turns[i]);
      copy.positions.push(this.positions[i + 1]);
    }
    return copy;
  }

  /** Compact notation of every turn. */
  moveTexts(upTo = this.turns.length): string[] {
    const texts: string[] = [];
    for (let i = 0; i < upTo; i++) texts.push(makeTurn(this.positions[i], this.turns[i]));
    return texts;
  }

  outcome(ply = this.turns.length): Outcome | undefined {
    return gameOutcome(this.at(ply));
  }

  /** The squares turn `index` visited, the first step's start first. */
  visited(index: number): number[] {
    const steps = (this.turns[index] ?? []).filter((s) => s !== END_RUN);
    return steps.length === 0 ? [] : [stepFrom(steps[0]), ...steps.map(stepTo)];
  }

  /** The squares whose pieces turn `index` captured. */
  captured(index: number): number[] {
    if (index < 0 || index >= this.turns.length) return [];
    return capturedBetween(this.positions[index], this.positions[index + 1]);
  }
}

/** Squares of the side not to move in `before` whose pieces are gone in `after`. */
export function capturedBetween(before: Position, after: Position): number[] {
  const squares: number[] = [];
  const mover = before.side + 1;
  for (let sq = 0; sq < before.board.length; sq++) {
    const piece = before.board[sq];
    if (piece !== EMPTY && (piece & SIDE_MASK) !== 0 && (piece & SIDE_MASK) !== mover && after.board[sq] === EMPTY) squares.push(sq);
  }
  return squares;
}

const stepBuffer = new Int32Array(1 << 14);

/** The legal steps of `pos` starting on `from` (a berserk run's continuations when one is open). */
export function stepsFrom(pos: Position, from: number): number[] {
  const n = generateSteps(pos, stepBuffer, 0);
  const steps: number[] = [];
  for (let i = 0; i < n; i++) if (stepBuffer[i] !== END_RUN && stepFrom(stepBuffer[i]) === from) steps.push(stepBuffer[i]);
  return steps;
}
