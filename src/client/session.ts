// What the runner, `compare`, the GUI and `hnefi online` ask of an engine, whatever protocol it speaks:
// one session per engine process translates these requests into its dialect (one module each) and
// its answers back. Positions go out as Hnefi's own notation (a start tfen and compact turns); the
// referee is always Hnefi's rules core, never the engine.

import type { RuleSet } from '../engine/index.js';
import type { EngineInfo } from './engineInfo.js';
import type { EngineFault, Outcome } from './engineProcess.js';
import type { Score } from './score.js';

export const PROTOCOLS = ['uci', 'taflzero', 'opentafl', 'htp'] as const;
/** The dialect an engine speaks: Hnefi's UCI-like protocol, TaflZero's UCI dialect, OpenTafl's engine protocol, hnefatafl.org's text protocol. */
export type Protocol = (typeof PROTOCOLS)[number];

export interface EngineSpec {
  name: string;
  cmd: string;
  args: string[];
  /** Options sent after the handshake (`setoption` in UCI and TaflZero; other dialects have none). */
  options: Record<string, string | number | boolean>;
  cwd?: string;
  /** The engine's dialect; absent: `uci`. */
  protocol?: Protocol;
}

export interface Timeouts {
  /** Time for the handshake (`uciok`, `hello`...) and the first `readyok` after start-up. */
  startMs: number;
  /** Time for `readyok` after `isready`, also while the engine searches (UCI). */
  readyMs: number;
  /** How often the runner asks `isready` during a search (UCI). */
  pingMs: number;
  /** The longest a search may take when its time control sets no deadline (depth, nodes): an engine
   *  that never answers loses on time instead of stalling the tournament. */
  moveMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { startMs: 15_000, readyMs: 5_000, pingMs: 1_000, moveMs: 300_000 };

/** An option the engine refused during the handshake. */
export interface RejectedOption {
  name: string;
  value: string | number | boolean;
  message: string;
}

/** The rules of the games to come: a variant by name, or a custom rule set with its OpenTafl rules string. */
export interface GameRules {
  rules: RuleSet;
  /** Set for a custom rule set (not one of the variants). */
  rulesString?: string;
}

/** The limits of one search, in ms; the attackers' clock is `atime`/`ainc`, the defenders' `dtime`/`dinc`. */
export interface SearchLimits {
  movetime?: number;
  depth?: number;
  nodes?: number;
  atime?: number;
  dtime?: number;
  ainc?: number;
  dinc?: number;
  movestogo?: number;
  infinite?: boolean;
}

/** A position to search: the start (a tfen, or the variant's start) and the turns since, in Hnefi's compact notation. */
export interface SearchRequest {
  tfen?: string;
  moves: readonly string[];
  limits: SearchLimits;
  /** Lines wanted (analysis); engines that cannot give several give one. */
  multipv?: number;
}

export type SearchResult =
  | { ok: true; move: string; elapsedMs: number; score?: Score }
  | { ok: false; fault: EngineFault; detail: string; elapsedMs: number };

/** The rules could not be set: the engine refused them, or this dialect cannot express them. */
export type RulesOutcome = Outcome | { ok: false; fault: 'rules'; detail: string };

export interface EngineSession {
  /** The start-up conversation and the options. */
  handshake(): Promise<Outcome>;
  readonly rejectedOptions: RejectedOption[];
  setRules(rules: GameRules): Promise<RulesOutcome>;
  newGame(): Promise<Outcome>;
  /** Searches the position; `deadlineMs` past which the answer is a time forfeit; `onInfo` for analysis lines. */
  search(request: SearchRequest, deadlineMs: number | undefined, onInfo?: (info: EngineInfo) => void): Promise<SearchResult>;
  /** Asks a running search to end now (its answer still settles the search). */
  stop(): void;
  /** The line that asks the engine to quit. */
  readonly goodbye: string | undefined;
}
