// The messages between the GUI page and its server over the WebSocket, one JSON object each.
// The page names engines only by their configured names: it cannot make the server run anything else.

/** Where an engine works for a tab: the analysis board, or a seat in a game. */
export type Slot = 'analysis' | 'attackers' | 'defenders';
export const SLOTS: readonly Slot[] = ['analysis', 'attackers', 'defenders'];

/** Search limits; the server writes the `go` command from them. */
export interface Limits {
  movetime?: number;
  depth?: number;
  /** The attackers' and defenders' clocks and increments, ms. */
  atime?: number;
  dtime?: number;
  ainc?: number;
  dinc?: number;
  infinite?: boolean;
}

export interface SearchRequest {
  t: 'search';
  /** The page's number for this search: answers carry it, so that late ones are recognised. */
  id: number;
  slot: Slot;
  engine: string;
  variant: string;
  /** A custom rule set (OpenTafl rules string) instead of the variant's. */
  rules?: string;
  /** The tfen the moves start from; absent: the variant's start position. */
  tfen?: string;
  moves: string[];
  limits: Limits;
  /** MultiPV lines, 1-5 (analysis). */
  multipv?: number;
}

export type ClientMessage =
  | { t: 'hello' }
  | SearchRequest
  | { t: 'stop'; slot: Slot }
  | { t: 'restart'; slot: Slot; engine?: string }
  | { t: 'watch'; folder: string }
  | { t: 'unwatch' }
  | { t: 'record'; folder: string; file: string };

export interface EngineLine {
  multipv: number;
  depth?: number;
  seldepth?: number;
  score?: { kind: 'cp' | 'mate'; value: number };
  bound?: 'lowerbound' | 'upperbound';
  nodes?: number;
  nps?: number;
  time?: number;
  pv: string[];
}

export type EngineState = 'starting' | 'ready' | 'searching' | 'failed';

export interface TournamentFolder {
  folder: string;
  /** tournament.json's config, as the runner wrote it. */
  config?: unknown;
  /** summary.json (TournamentSummary). */
  summary?: unknown;
}

/** WebSocket close codes the page acts on: its token was refused; the server has all the pages it takes. */
export const CLOSE_BAD_TOKEN = 4401;
export const CLOSE_TOO_MANY = 4429;

export type ServerMessage =
  /** `watch`: tournament folders offered; `records`: folders under which any tournament may be watched. */
  | { t: 'hello'; engines: string[]; variants: string[]; watch: string[]; records: string[]; version: string }
  | { t: 'info'; id: number; slot: Slot; lines: EngineLine[] }
  | { t: 'bestmove'; id: number; slot: Slot; move: string; elapsedMs: number }
  | { t: 'engine'; slot: Slot; engine: string; state: EngineState; detail?: string; id?: number }
  | { t: 'error'; message: string }
  | { t: 'tournament'; folder: string; config?: unknown; summary?: unknown }
  /** Finished games (lines of results.jsonl); `reset`: the list replaces what the page has. */
  | { t: 'results'; folder: string; games: unknown[]; reset: boolean }
  /** The games being played (live files), each whole. */
  | { t: 'live'; folder: string; games: unknown[] }
  | { t: 'record'; folder: string; file: string; text: string };
