// Game records from aagenielsen.dk (README.md, "Recorded games"): one JSON object per game with
// OpenTafl-like steps (`e9-d9xd8`, or compact `e9d9`) and a final `resigned` / `timeout`. Replaying
// them needs the berserk continuations the site does not record: after a step that leaves a run
// open, the replay searches the continuation chains (the listed captures and the next move's
// legality first) and backtracks when a later move does not fit. Pure: parsing and replay only.

import { parseSquare } from '../engine/geometry.js';
import { generateSteps } from '../engine/movegen.js';
import { Position } from '../engine/position.js';
import { makeStep } from '../engine/step.js';
import type { RuleSet } from '../engine/rules.js';
import { playTurn } from '../engine/turns.js';
import { ATTACKERS, DEFENDERS, EMPTY, END_RUN, NO_SQUARE, NO_WINNER, type Side } from '../engine/types.js';
import { err, ok, type Result } from '../engine/result.js';
import { playTurnAsSteps } from './gameSteps.js';

export interface RecordedGame {
  id: string;
  variant: string;
  /** Who moved first: `black` (attackers) or `white`. */
  first: string;
  /** `Black`, `White`, `Draw` or `Ongoing`. */
  winner: string;
  moves: string[];
}

export function parseGameRecord(line: string): Result<RecordedGame> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    return err('bad-record', `game record is not JSON: ${(e as Error).message}`);
  }
  const record = value as Partial<RecordedGame>;
  if (
    typeof record !== 'object' ||
    record === null ||
    typeof record.id !== 'string' ||
    typeof record.variant !== 'string' ||
    !Array.isArray(record.moves) ||
    record.moves.some((m) => typeof m !== 'string')
  ) {
    return err('bad-record', 'game record needs string fields id and variant and a list of moves');
  }
  return ok({
    id: record.id,
    variant: record.variant,
    first: String(record.first ?? 'black'),
    winner: String(record.winner ?? ''),
    moves: record.moves,
  });
}

/** The recorded winner as a side, null for a draw, undefined when the record gives none. */
export function recordedWinner(record: { winner?: unknown }): Side | null | undefined {
  if (record.winner === 'Black') return ATTACKERS;
  if (record.winner === 'White') return DEFENDERS;
  if (record.winner === 'Draw') return null;
  return undefined;
}

/** The moves of a record without the closing `resigned` / `timeout` marker. */
export function recordMoves(record: RecordedGame): string[] {
  return record.moves.filter((move) => move !== 'resigned' && move !== 'timeout');
}

/**
 * Other start positions the site used for a variant: 86 Berserk games put the knight on f7
 * (where the standard start has a man) and the man on e7.
 */
export function alternativeStarts(rules: RuleSet): RuleSet[] {
  if (!rules.berserk || rules.size !== 11 || rules.start[4] !== 't...NTT...t') return [];
  const start = [...rules.start];
  start[4] = 't...TNT...t';
  return [{ ...rules, start }];
}

export interface Replay {
  /** The position after the replayed part of the game. */
  position: Position;
  /** Whole turns played, reconstructed continuations included. */
  turns: number[][];
  /** How many record moves were replayed. */
  replayed: number;
  /** Number of moves in the record (without the closing marker). */
  total: number;
  complete: boolean;
  /** Why the replay stopped, when it is not complete. */
  error?: string;
}

interface RecordStep {
  from: number;
  to: number;
  captures: number[];
}

const RECORD_STEP = /^([a-z]\d{1,2})-?([a-z]\d{1,2})((?:x[a-z]\d{1,2})*)$/;
/** Candidate continuations tried per game before the replay gives up: faulty records end early. */
const SEARCH_BUDGET = 20000;
const stepBuffer = new Int32Array(1 << 14);

function readRecordStep(pos: Position, text: string): Result<RecordStep> {
  const m = RECORD_STEP.exec(text);
  if (!m) return err('bad-record-move', `'${text}' is not a recorded step`);
  const squares: number[] = [];
  for (const name of [m[1], m[2], ...m[3].split('x').filter((s) => s !== '')]) {
    const sq = parseSquare(pos.geo, name);
    if (!sq.ok) return sq;
    squares.push(sq.value);
  }
  return ok({ from: squares[0], to: squares[1], captures: squares.slice(2) });
}

function isLegal(pos: Position, step: number): boolean {
  const n = generateSteps(pos, stepBuffer, 0);
  for (let i = 0; i < n; i++) if (stepBuffer[i] === step) return true;
  return false;
}

/** Every way to go on with the open run of `pos`: each chain of further steps, [] (stop now) first. */
function continuations(pos: Position): number[][] {
  const chains: number[][] = [[]];
  const extend = (prefix: number[]) => {
    const n = generateSteps(pos, stepBuffer, 0);
    const steps = Array.from(stepBuffer.subarray(0, n)).filter((step) => step !== END_RUN);
    for (const step of steps) {
      const chain = [...prefix, step];
      chains.push(chain);
      pos.makeStep(step);
      if (pos.berserker !== NO_SQUARE) extend(chain);
      pos.unmakeStep();
    }
  };
  extend([]);
  return chains;
}

/** Replays record moves on `start`, reconstructing berserk continuations. */
export function replayMoves(start: Position, moves: readonly string[]): Replay {
  const pos = start.clone();
  const parsed: Result<RecordStep>[] = moves.map((move) => readRecordStep(pos, move));
  const turns: number[][] = [];
  let best: number[][] = [];
  let furthest = 0;
  let error: string | undefined;
  let budget = SEARCH_BUDGET;

  const fail = (index: number, message: string): false => {
    if (index >= furthest && error === undefined) error = `move ${index + 1} '${moves[index]}': ${message}`;
    return false;
  };

  /** Replays from record move `index`; `turn` holds the steps of a run still open, if any. */
  const replayFrom = (index: number, turn: number[] | null): boolean => {
    if (turn === null && index > furthest) {
      furthest = index;
      best = turns.map((t) => [...t]);
      error = undefined;
    }
    if (index === moves.length) return true;
    const written = parsed[index];
    if (!written.ok) return fail(index, written.error.message);
    const step = makeStep(written.value.from, written.value.to);
    if (pos.winner !== NO_WINNER) return fail(index, 'the game is already over under these rules');
    if (!isLegal(pos, step))
      return fail(index, pos.board[written.value.from] === EMPTY ? 'no piece on the from-square' : 'not a legal step');
    const before = pos.board.slice();
    pos.makeStep(step);
    const current = turn === null ? [step] : [...turn, step];
    if (pos.berserker === NO_SQUARE) {
      turns.push(current);
      if (replayFrom(index + 1, null)) return true;
      turns.pop();
      pos.unmakeStep();
      return false;
    }
    // A few records do list a continuation, as a move from the square where the piece landed.
    const next = parsed[index + 1];
    if (next?.ok && next.value.from === pos.berserker) {
      if (replayFrom(index + 1, current)) return true;
      pos.unmakeStep();
      return false;
    }
    for (const chain of orderContinuations(pos, written.value, capturedSince(before, pos, [step]), next)) {
      if (--budget < 0) break;
      const ply = pos.ply;
      playTurn(pos, chain.length > 0 ? chain : [END_RUN]);
      turns.push([...current, ...chain]);
      if (replayFrom(index + 1, null)) return true;
      turns.pop();
      while (pos.ply > ply) pos.unmakeStep();
    }
    pos.unmakeStep();
    return fail(index, 'no continuation of the berserk run fits the moves that follow');
  };

  const complete = replayFrom(0, null);
  if (complete) return { position: pos, turns, replayed: moves.length, total: moves.length, complete };
  const position = start.clone();
  for (const turn of best) playTurn(position, turn);
  return { position, turns: best, replayed: furthest, total: moves.length, complete, error };
}

/** The squares emptied since `before` other than those the moving piece left. */
function capturedSince(before: Int32Array, pos: Position, steps: readonly number[]): number[] {
  const captured: number[] = [];
  for (let sq = 0; sq < before.length; sq++) {
    if (before[sq] !== EMPTY && pos.board[sq] === EMPTY && !steps.some((step) => (step & 511) === sq)) captured.push(sq);
  }
  return captured;
}

/**
 * The continuations of the open run worth trying, best first: those after which the next recorded
 * step is legal, those that capture every square the record lists, the fewest unlisted captures,
 * the shortest. `firstCaptured`: what the recorded step itself took.
 */
function orderContinuations(pos: Position, written: RecordStep, firstCaptured: number[], next: Result<RecordStep> | undefined): number[][] {
  const listed = new Set(written.captures);
  const scored = continuations(pos).map((chain) => {
    const ply = pos.ply;
    const before = pos.board.slice();
    playTurn(pos, chain.length > 0 ? chain : [END_RUN]);
    const captured = [...firstCaptured, ...capturedSince(before, pos, chain)];
    const covered = [...listed].every((sq) => captured.includes(sq));
    const unlisted = captured.filter((sq) => !listed.has(sq)).length;
    const nextLegal = next === undefined || (next.ok && isLegal(pos, makeStep(next.value.from, next.value.to)));
    while (pos.ply > ply) pos.unmakeStep();
    return { chain, score: [nextLegal ? 0 : 1, covered ? 0 : 1, unlisted, chain.length] };
  });
  scored.sort((a, b) => {
    for (let i = 0; i < a.score.length; i++) if (a.score[i] !== b.score[i]) return a.score[i] - b.score[i];
    return 0;
  });
  return scored.map((entry) => entry.chain);
}

/**
 * Replays a record under `rules`, from the standard start and from the alternative starts the site
 * used; returns the replay that got furthest.
 */
export function replayRecord(rules: RuleSet, record: RecordedGame): Replay {
  return replayFromStarts(rules, recordMoves(record)).replay;
}

/**
 * Replays recorded moves from the variant's start and from the site's other start positions, and
 * keeps the start from which they replay furthest: the game's start.
 */
export function replayFromStarts(rules: RuleSet, moves: readonly string[]): { startRules: RuleSet; replay: Replay } {
  let best: { startRules: RuleSet; replay: Replay } | undefined;
  for (const startRules of [rules, ...alternativeStarts(rules)]) {
    const replay = replayMoves(Position.start(startRules), moves);
    if (best === undefined || replay.replayed > best.replay.replayed) best = { startRules, replay };
    if (replay.complete) break;
  }
  return best as { startRules: RuleSet; replay: Replay };
}

/** The moves of a move list as the site shows it (`e9-d9xd8` steps); turn numbers are skipped. */
export function parseRecordMoveList(text: string): string[] {
  return text.split(/\s+/).filter((token) => token !== '' && !/^\d+\.$/.test(token));
}

/** A game as the site records it: each step `from-to` with the squares it took (berserk runs step by step). */
export function makeRecordMoves(start: Position, turns: readonly (readonly number[])[]): string[] {
  const pos = start.clone();
  return turns.flatMap((turn) => playTurnAsSteps(pos, turn));
}

/** One record line (README.md of the recorded games): `{"id", "variant", "first", "winner", "moves"}`. */
export function makeGameRecord(record: Omit<RecordedGame, 'moves'>, start: Position, turns: readonly (readonly number[])[]): string {
  return JSON.stringify({ ...record, moves: makeRecordMoves(start, turns) });
}
