// The messages between the engine facade (main thread) and the search worker.

import type { GoLimits, SearchInfo, SearchOptions } from '../search/index.js';
import type { GameRecord } from './game.js';

export type ToWorker =
  | { type: 'init'; stop: Int32Array; warmUpStop: Int32Array; options: Partial<SearchOptions> }
  | { type: 'options'; options: Partial<SearchOptions> }
  | { type: 'newGame' }
  | { type: 'ping'; id: number }
  | { type: 'go'; id: number; game: GameRecord; limits: GoLimits };

export type FromWorker =
  | { type: 'up' }
  /** Something the user should hear about; the worker carries on. */
  | { type: 'error'; message: string }
  | { type: 'pong'; id: number }
  | { type: 'info'; id: number; info: SearchInfo }
  | { type: 'bestMove'; id: number; best: number[] | null }
  | { type: 'failed'; id: number; message: string };
