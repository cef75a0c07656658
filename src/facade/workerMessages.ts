// The messages between the engine facade (main thread) and the search worker.

import type { GoLimits, SearchInfo, SearchOptions } from '../search/index.js';
import type { GameHistory } from './game.js';

export type ToWorker =
  /** `control`: the shared flags (see SearchEngine: [0] stop, [1] pondering, [2] warm-up gives way). */
  | { type: 'init'; control: Int32Array; options: Partial<SearchOptions> }
  | { type: 'options'; options: Partial<SearchOptions> }
  | { type: 'newGame' }
  | { type: 'ping'; id: number }
  | { type: 'go'; id: number; game: GameHistory; limits: GoLimits }
  | { type: 'perft'; id: number; game: GameHistory; depth: number }
  | { type: 'bench'; id: number; depth: number | undefined };

export type FromWorker =
  | { type: 'up' }
  /** Something the user should hear about; the worker carries on. */
  | { type: 'error'; message: string }
  | { type: 'pong'; id: number }
  /** The search has begun: from now on it keeps to its own clock. */
  | { type: 'started'; id: number }
  | { type: 'info'; id: number; info: SearchInfo }
  | { type: 'bestMove'; id: number; best: number[] | null }
  | { type: 'failed'; id: number; message: string }
  | { type: 'perftTurn'; id: number; turn: number[]; nodes: number }
  /** `turns`: the legal turns of the position; with `stopped`, only those reported were counted. */
  | { type: 'perftDone'; id: number; turns: number; stopped: boolean }
  | { type: 'benchDone'; id: number; nodes: number; timeMs: number; nps: number; stopped: boolean };
