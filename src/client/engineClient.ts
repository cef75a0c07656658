// One engine process driven in its own dialect (the sessions: uciSession.ts, taflZeroSession.ts,
// openTaflSession.ts, htpSession.ts): start-up handshake, options, rules, new games, and one search at
// a time with fault detection. A crash (the process exits), a hang (no answer to a ping or at start-up),
// a late answer past the deadline, or an answer that is not a move at all is reported as a fault; the
// caller then kills the process and starts a fresh one.

import type { EngineInfo } from './engineInfo.js';
import { cwdProblem, EngineProcess, type EngineFault, type Outcome } from './engineProcess.js';
import { HtpSession } from './htpSession.js';
import { OpenTaflSession } from './openTaflSession.js';
import {
  DEFAULT_TIMEOUTS,
  type EngineSession,
  type EngineSpec,
  type GameRules,
  type RejectedOption,
  type RulesOutcome,
  type SearchRequest,
  type SearchResult,
  type Timeouts,
} from './session.js';
import { TaflZeroSession } from './taflZeroSession.js';
import { UciSession } from './uciSession.js';

export type { EngineFault, Outcome } from './engineProcess.js';
export type { Score } from './score.js';
export {
  DEFAULT_TIMEOUTS,
  PROTOCOLS,
  type EngineSpec,
  type GameRules,
  type Protocol,
  type RejectedOption,
  type SearchLimits,
  type SearchRequest,
  type SearchResult,
  type Timeouts,
} from './session.js';

function openSession(engine: EngineProcess, spec: EngineSpec, timeouts: Timeouts): EngineSession {
  switch (spec.protocol ?? 'uci') {
    case 'taflzero':
      return new TaflZeroSession(engine, spec, timeouts);
    case 'opentafl':
      return new OpenTaflSession(engine, spec, timeouts);
    case 'htp':
      return new HtpSession(engine, spec, timeouts);
    default:
      return new UciSession(engine, spec, timeouts);
  }
}

export class EngineClient {
  private constructor(
    readonly spec: EngineSpec,
    private readonly process: EngineProcess,
    private readonly session: EngineSession,
  ) {}

  /** Starts the engine and runs its dialect's handshake and options. */
  static async start(
    spec: EngineSpec,
    timeouts: Timeouts = DEFAULT_TIMEOUTS,
  ): Promise<{ ok: true; engine: EngineClient } | { ok: false; fault: EngineFault; detail: string }> {
    const badCwd = cwdProblem(spec.cwd);
    if (badCwd !== undefined) return { ok: false, fault: 'crash', detail: `${spec.name}: ${badCwd}` };
    const process = new EngineProcess(spec.cmd, spec.args, spec.cwd);
    const engine = new EngineClient(spec, process, openSession(process, spec, timeouts));
    const started = await engine.session.handshake();
    if (!started.ok) {
      process.kill();
      return started;
    }
    return { ok: true, engine };
  }

  /** Options the engine refused during the handshake. */
  get rejectedOptions(): readonly RejectedOption[] {
    return this.session.rejectedOptions;
  }

  get alive(): boolean {
    return this.process.alive;
  }

  /** Tells the engine the rules of the games to come ('rules' when it cannot play them). */
  setRules(rules: GameRules): Promise<RulesOutcome> {
    return this.session.setRules(rules);
  }

  newGame(): Promise<Outcome> {
    return this.session.newGame();
  }

  /**
   * Searches a position. `deadlineMs` is the most the search may take before it counts as a time
   * forfeit; without it only hangs and crashes end the wait. `onInfo` receives the search's lines as they come.
   */
  search(request: SearchRequest, deadlineMs?: number, onInfo?: (info: EngineInfo) => void): Promise<SearchResult> {
    return this.session.search(request, deadlineMs, onInfo);
  }

  /** Asks a running search to end now; its answer still settles the search's promise. */
  stop(): void {
    this.session.stop();
  }

  /** Calls `listener` once when the process ends (at once if it has already); returns a way to cancel. */
  whenExited(listener: (detail: string) => void): () => void {
    return this.process.whenExited(listener);
  }

  /** Ends the process for good (a faulty engine is never reused). */
  kill(): void {
    this.process.kill();
  }

  /** Asks the engine to quit and kills it if it has not after a moment. */
  quit(): Promise<void> {
    return this.process.quit(this.session.goodbye);
  }
}
