// The schedule of a tournament: its pairings, every opening played twice with the sides swapped, and
// the interface of what plays the scheduled games (here, or by workers on a job queue).

import type { HnefiError, Result } from '../engine/index.js';
import type { TournamentConfig } from './config.js';
import type { OpeningBook } from './openings.js';
import type { GameResult } from './summary.js';

export interface ScheduledGame {
  id: string;
  pairing: number;
  pair: number;
  leg: number;
  attackers: number;
  defenders: number;
}

export function makePairings(engineCount: number, format: TournamentConfig['format']): [number, number][] {
  const pairings: [number, number][] = [];
  if (format === 'gauntlet') for (let j = 1; j < engineCount; j++) pairings.push([0, j]);
  else for (let i = 0; i < engineCount; i++) for (let j = i + 1; j < engineCount; j++) pairings.push([i, j]);
  return pairings;
}

/** Pair by pair, every pairing in turn, so that all pairings progress together. */
export function makeSchedule(pairings: [number, number][], games: number): ScheduledGame[] {
  const schedule: ScheduledGame[] = [];
  for (let pair = 0; pair < games / 2; pair++) {
    pairings.forEach(([i, j], pairing) => {
      for (const leg of [0, 1]) {
        schedule.push({
          id: `p${pairing + 1}-r${pair + 1}-g${leg + 1}`,
          pairing,
          pair,
          leg,
          attackers: leg === 0 ? i : j,
          defenders: leg === 0 ? j : i,
        });
      }
    });
  }
  return schedule;
}

/** A finished game: its results.jsonl line and its OpenTafl record (games/<id>.otg). */
export interface FinishedGame {
  record: GameResult;
  otg: string;
}

/** How the games are played: here with engine processes (LocalGames), or by workers on a job queue. */
export interface GameScheduler {
  /** Games under way at once. */
  readonly concurrency: number;
  /** Gets ready to play: engines start (local), the queue is reachable and free (queue). */
  start(): Promise<Result<void>>;
  /** Plays one game; undefined when it was dropped (the scheduler was killed, or failed). */
  play(game: ScheduledGame): Promise<FinishedGame | undefined>;
  /** Stops at once: games under way are dropped, games not started withdrawn. */
  kill(): void;
  /** Set when the scheduler stopped on an error the run must report. */
  readonly failure?: HnefiError;
  close(): Promise<void>;
}

export type SchedulerFactory = (config: TournamentConfig, book: OpeningBook) => GameScheduler;
