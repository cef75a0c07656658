// One refereed game between two engine processes: Hnefi's rules decide legality and the result;
// the runner keeps the clocks; faults (crash, hang, time, garbage, illegal move) lose the game.

import { ATTACKERS, DEFENDERS, END_REASONS, gameOutcome, type Position, type RuleSet, type Side } from '../engine/index.js';
import { makeTfen, makeTurn, parseTurn } from '../notation/index.js';
import { Clock, searchLimits } from './clock.js';
import type { Adjudication } from './config.js';
import type { TimeControl } from './engineConfig.js';
import type { EngineClient, Score } from '../client/engineClient.js';
import { makeOpeningText, type Opening } from './openings.js';
import { playTurnRecorded } from '../notation/openTaflMoves.js';

export type GameResultKind = 'attackers' | 'defenders' | 'draw';

/** Why a game ended: the rules' reasons, the faults, and adjudications. */
export type GameEndReason =
  | 'escape'
  | 'king-captured'
  | 'fort'
  | 'encirclement'
  | 'repetition'
  | 'no-moves'
  | 'cannot-escape'
  | 'turn-limit'
  | 'time'
  | 'crash'
  | 'hang'
  | 'garbage'
  | 'illegal-move'
  | 'max-turns'
  | 'resign'
  | 'draw-agreement';

export interface Seat {
  name: string;
  engine: EngineClient;
  tc: TimeControl;
}

export interface GameSetup {
  rules: RuleSet;
  opening: Opening;
  /** The opening's start position (its moves are played from here). */
  start: Position;
  attackers: Seat;
  defenders: Seat;
  adjudication: Adjudication;
  timeMarginMs: number;
  /** The longest a search may take when its time control sets no deadline (depth, nodes). */
  moveTimeoutMs: number;
  /** Called with every turn so far after each turn (the opening's first), for watchers. */
  onTurn?: (moves: readonly string[]) => void;
}

export interface PlayedGame {
  result: GameResultKind;
  reason: GameEndReason;
  /** For faults and adjudications: what happened, in words. */
  detail?: string;
  /** The side whose engine faulted (its process must not be reused). */
  faulted?: Side;
  /** Every turn from the start position, the opening's included, compact notation. */
  moves: string[];
  /** OTN step records per turn, for the OpenTafl record. */
  otnTurns: string[][];
  finalTfen: string;
  openingText: string;
}

const MATE_SCORE = 100_000;
const scoreValue = (score: Score): number =>
  score.kind === 'cp' ? score.value : score.value > 0 ? MATE_SCORE - score.value : -MATE_SCORE - score.value;

/** The opening played out on a copy of its start, its turns recorded as a game's are. */
function replayOpening(start: Position, opening: Opening): { pos: Position; moves: string[]; otnTurns: string[][] } {
  const pos = start.clone();
  const moves: string[] = [];
  const otnTurns: string[][] = [];
  for (const move of opening.moves) {
    const steps = parseTurn(pos, move);
    if (!steps.ok) throw new Error(`opening ${opening.id}: ${steps.error.message}`);
    moves.push(makeTurn(pos, steps.value));
    otnTurns.push(playTurnRecorded(pos, steps.value));
  }
  return { pos, moves, otnTurns };
}

/** A game lost before its first search (the engine could not be started): the opening is recorded all the same. */
export function forfeitGame(start: Position, opening: Opening, loser: Side, reason: GameEndReason, detail: string): PlayedGame {
  const { pos, moves, otnTurns } = replayOpening(start, opening);
  return {
    result: loser === ATTACKERS ? 'defenders' : 'attackers',
    reason,
    detail,
    moves,
    otnTurns,
    finalTfen: makeTfen(pos),
    openingText: makeOpeningText(opening),
  };
}

export async function playGame(setup: GameSetup): Promise<PlayedGame> {
  const { adjudication } = setup;
  const seats: [Seat, Seat] = [setup.attackers, setup.defenders];
  const clocks: [Clock, Clock] = [new Clock(seats[0].tc), new Clock(seats[1].tc)];
  const { pos, moves, otnTurns } = replayOpening(setup.start, setup.opening);
  setup.onTurn?.(moves);

  const end = (result: GameResultKind, reason: GameEndReason, detail?: string, faulted?: Side): PlayedGame => {
    const game: PlayedGame = { result, reason, moves, otnTurns, finalTfen: makeTfen(pos), openingText: makeOpeningText(setup.opening) };
    if (detail !== undefined) game.detail = detail;
    if (faulted !== undefined) game.faulted = faulted;
    return game;
  };
  const loses = (side: Side, reason: GameEndReason, detail: string, fault: boolean): PlayedGame =>
    end(side === ATTACKERS ? 'defenders' : 'attackers', reason, `${seats[side].name}: ${detail}`, fault ? side : undefined);

  for (const side of [ATTACKERS, DEFENDERS] as const) {
    const ready = await seats[side].engine.newGame();
    if (!ready.ok) return loses(side, ready.fault, `at the new game: ${ready.detail}`, true);
  }

  // Consecutive turns each side's own score has been winning, losing, or near zero (adjudication).
  const winning = [0, 0];
  const losing = [0, 0];
  const drawish = [0, 0];

  const ruled = (): PlayedGame | undefined => {
    const outcome = gameOutcome(pos);
    if (outcome === undefined) return undefined;
    return end(outcome.winner === null ? 'draw' : outcome.winner === ATTACKERS ? 'attackers' : 'defenders', outcome.reason);
  };

  for (;;) {
    const over = ruled();
    if (over !== undefined) return over;
    if (moves.length >= adjudication.maxTurns) return end('draw', 'max-turns', `${adjudication.maxTurns} turns played`);

    const side = pos.side;
    const seat = seats[side];
    const answer = await seat.engine.search(
      { tfen: setup.opening.tfen, moves, limits: searchLimits(clocks[side], clocks[0], clocks[1]) },
      clocks[side].deadlineMs(setup.timeMarginMs) ?? setup.moveTimeoutMs,
    );
    if (!answer.ok) return loses(side, answer.fault, answer.detail, true);
    clocks[side].charge(answer.elapsedMs);

    const steps = answer.move === '(none)' ? undefined : parseTurn(pos, answer.move);
    if (steps === undefined || !steps.ok) {
      const why = steps === undefined ? 'claims to have no move (bestmove (none))' : steps.error.message;
      return loses(side, 'illegal-move', `${why} in ${makeTfen(pos)}`, true);
    }
    moves.push(makeTurn(pos, steps.value));
    otnTurns.push(playTurnRecorded(pos, steps.value));
    setup.onTurn?.(moves);
    // The rules come before any adjudication by scores.
    const decided = ruled();
    if (decided !== undefined) return decided;

    if (answer.score !== undefined) {
      const value = scoreValue(answer.score);
      const resign = adjudication.resign;
      winning[side] = resign && value >= resign.score ? winning[side] + 1 : 0;
      losing[side] = resign && value <= -resign.score ? losing[side] + 1 : 0;
      const draw = adjudication.draw;
      drawish[side] = draw && Math.abs(value) <= draw.score ? drawish[side] + 1 : 0;
      const other = side ^ 1;
      if (resign) {
        for (const loser of [side, other]) {
          if (losing[loser] >= resign.turns && winning[loser ^ 1] >= resign.turns) {
            return loses(loser as Side, 'resign', `both engines scored it lost for ${resign.turns} turns`, false);
          }
        }
      }
      if (draw && moves.length >= draw.after && drawish[side] >= draw.turns && drawish[other] >= draw.turns) {
        return end('draw', 'draw-agreement', `both engines scored within ${draw.score} cp for ${draw.turns} turns`);
      }
    } else {
      winning[side] = losing[side] = drawish[side] = 0;
    }
  }
}

/** The reasons a game can end, for statistics tables in a fixed order. */
export const GAME_END_REASONS: readonly GameEndReason[] = [
  ...(END_REASONS as readonly GameEndReason[]),
  'time',
  'crash',
  'hang',
  'garbage',
  'illegal-move',
  'max-turns',
  'resign',
  'draw-agreement',
];
