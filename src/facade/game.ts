// A game as the protocols see it: the rules, where it started (the start position or a tfen) and the
// turns played since. Kept as data so that the search worker can replay it exactly (repetition rules
// need the whole history), and so that a rejected `position` command leaves the previous game intact.

import { ok, playTurn, Position, type Result, type RuleSet } from '../engine/index.js';
import { makeTfen, parseTfen, playMoves } from '../notation/index.js';

/** What a worker needs to rebuild the game: plain data, structured-cloneable. */
export interface GameHistory {
  rules: RuleSet;
  /** The tfen the game started from, or null for the rules' start position. */
  tfen: string | null;
  /** Every step made since the start, END_RUN included, oldest first. */
  steps: number[];
}

/** Rebuilds the position a record describes. The steps are trusted: they come from a Game. */
export function replayGame(record: GameHistory): Result<Position> {
  const start = record.tfen === null ? ok(Position.start(record.rules)) : parseTfen(record.rules, record.tfen);
  if (!start.ok) return start;
  for (const step of record.steps) start.value.makeStep(step);
  return start;
}

export class Game {
  /** The steps of each turn played, in order; a run still open after a turn's steps was closed. */
  readonly turns: number[][] = [];

  /** A copy of the start, to replay from. */
  private readonly startPos: Position;

  private constructor(
    readonly rules: RuleSet,
    readonly tfen: string | null,
    readonly pos: Position,
  ) {
    this.startPos = pos.clone();
  }

  static start(rules: RuleSet): Game {
    return new Game(rules, null, Position.start(rules));
  }

  static fromTfen(rules: RuleSet, text: string): Result<Game> {
    const pos = parseTfen(rules, text);
    if (!pos.ok) return pos;
    return ok(new Game(rules, makeTfen(pos.value), pos.value));
  }

  /** A new game from this one's start with only its first `turnCount` turns (for undo). */
  truncated(turnCount: number): Game {
    const game = new Game(this.rules, this.tfen, this.startPos.clone());
    for (const turn of this.turns.slice(0, turnCount)) game.playTurn(turn);
    return game;
  }

  record(): GameHistory {
    return { rules: this.rules, tfen: this.tfen, steps: this.pos.stepsMade() };
  }

  /** Plays one legal turn (from legalTurns or parseTurn); a run still open after it is closed. */
  playTurn(steps: readonly number[]): void {
    playTurn(this.pos, steps);
    this.turns.push([...steps]);
  }

  /**
   * Plays the moves of a `position ... moves` list (PROTOCOL.md, engine playMoves: whole turns, `0000`,
   * step-by-step berserk continuations). On an illegal move nothing is played and the error names the
   * move and its place in the list.
   */
  playMoves(moves: readonly string[]): Result<void> {
    const turns = playMoves(this.pos, moves);
    if (!turns.ok) return turns;
    this.turns.push(...turns.value);
    return ok(undefined);
  }
}

/** Move texts can be anything a GUI sent; keep error lines short. */
export function shorten(text: string, max = 40): string {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > max ? `${clean.slice(0, max)}...` : clean;
}
