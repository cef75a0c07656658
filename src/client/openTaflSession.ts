// OpenTafl's engine protocol spoken from the host's side (OpenTafl's opentafl-engine-protocol.txt;
// docs/opentafl.md tells how Hnefi answers it as an engine): the engine says `hello`; the host sends
// `rules <rules string>`, then for each search `position <record>`, `side`, `clock` and `play <side>`,
// and the engine answers `move <step>`. A berserk run is asked for one step at a time: each step is
// acknowledged with `move <record>` and the next asked for with `play`, while the piece can go on.
// OpenTafl's clocks are whole seconds: a time per move is sent as overtime periods of that length.

import { NO_SQUARE, NO_WINNER, SIDE_NAMES, type Position, type RuleSet } from '../engine/index.js';
import { makePositionRecord, makeRulesString, makeTurn, parseTurn } from '../notation/index.js';
import type { EngineInfo } from './engineInfo.js';
import type { EngineProcess, Outcome } from './engineProcess.js';
import { moveTimeOf, requestPosition } from './requestPosition.js';
import { waitForAnswer } from './searchWait.js';
import type {
  EngineSession,
  EngineSpec,
  GameRules,
  RejectedOption,
  RulesOutcome,
  SearchLimits,
  SearchRequest,
  SearchResult,
  Timeouts,
} from './session.js';

/** A step as OpenTafl writes it: `e7-e9`, `f6^f4xf5`, a piece letter first for special pieces. */
const STEP = /^[tcnkTCNK]?[a-s]\d{1,2}[-^=]{1,2}[a-s]\d{1,2}\S*$/;

/** The `clock` line: the clocks when the game has them, else the time per move as an overtime period. */
export function makeClockLine(limits: SearchLimits, side: number): string {
  if (limits.atime !== undefined && limits.dtime !== undefined) {
    const inc = Math.round(((side === 0 ? limits.ainc : limits.dinc) ?? 0) / 1000);
    return `clock ${limits.atime} ${limits.dtime} ${inc} ${inc > 0 ? 1000 : 0} ${inc > 0 ? 1000 : 0}`;
  }
  // No main time and many overtime periods of the time per move (OpenTafl's own AI plans its time from
  // them; a starred, nearly spent period makes it schedule a negative delay and fail).
  return `clock 0 0 ${Math.max(1, Math.floor(moveTimeOf(limits, side, 1000) / 1000))} 1000 1000`;
}

export class OpenTaflSession implements EngineSession {
  readonly rejectedOptions: RejectedOption[] = [];
  readonly goodbye = 'goodbye';
  private rules: RuleSet | undefined;
  /** The engine's last `error -1` (rules it cannot play), reported at the next search. */
  private critical: string | undefined;

  constructor(
    private readonly engine: EngineProcess,
    private readonly spec: EngineSpec,
    private readonly timeouts: Timeouts,
  ) {
    engine.onLine((line) => {
      if (/^error -1\b/.test(line)) this.critical = line.slice(0, 200);
      return false;
    });
  }

  async handshake(): Promise<Outcome> {
    const hello = await this.engine.waitFor((line) => line === 'hello', this.timeouts.startMs);
    for (const name of Object.keys(this.spec.options)) {
      this.rejectedOptions.push({ name, value: this.spec.options[name], message: "OpenTafl's engine protocol has no options" });
    }
    return hello.ok ? { ok: true } : { ok: false, fault: hello.fault, detail: `${this.spec.name} at start-up (hello): ${hello.detail}` };
  }

  async setRules(game: GameRules): Promise<RulesOutcome> {
    this.rules = game.rules;
    this.critical = undefined;
    this.engine.send(`rules ${game.rulesString ?? makeRulesString(game.rules)}`);
    return { ok: true };
  }

  async newGame(): Promise<Outcome> {
    return this.engine.alive ? { ok: true } : { ok: false, fault: 'crash', detail: this.engine.exitDetail ?? 'not running' };
  }

  async search(request: SearchRequest, deadlineMs: number | undefined, _onInfo?: (info: EngineInfo) => void): Promise<SearchResult> {
    const fail = (detail: string): SearchResult => ({ ok: false, fault: 'garbage', detail, elapsedMs: 0 });
    if (this.critical !== undefined) return fail(`the engine refused the rules: ${this.critical}`);
    if (this.rules === undefined) return fail('OpenTafl engine: no rules set before the search');
    const position = requestPosition(this.rules, request);
    if (!position.ok) return fail(position.error.message);
    const pos = position.value.pos;
    const root = pos.clone();
    const side = SIDE_NAMES[pos.side];
    const started = Date.now();
    const steps: number[] = [];
    const texts: string[] = [];
    let commands = [`position ${makePositionRecord(pos)}`, `side ${side}`, makeClockLine(request.limits, pos.side), `play ${side}`];
    for (;;) {
      const left = deadlineMs === undefined ? undefined : Math.max(0, deadlineMs - (Date.now() - started));
      const answer = await waitForAnswer(
        this.engine,
        this.timeouts,
        commands,
        (line) => {
          if (line.startsWith('error ')) return { move: '', garbage: `answered '${line.slice(0, 80)}' instead of a move` };
          const move = /^move\s+(\S+)/.exec(line);
          if (!move) return undefined;
          return STEP.test(move[1]) ? { move: move[1] } : { move: move[1], garbage: `'${line.slice(0, 80)}' is not a move` };
        },
        left,
      );
      if (!answer.ok) return { ...answer, elapsedMs: Date.now() - started };
      texts.push(answer.move);
      const step = parseTurn(pos, answer.move);
      // A step the rules refuse goes to the referee as the engine wrote it.
      if (!step.ok) return { ok: true, move: texts.join('|'), elapsedMs: Date.now() - started };
      for (const s of step.value) pos.makeStep(s);
      steps.push(...step.value);
      if (!continues(pos)) return { ok: true, move: makeTurn(root, steps), elapsedMs: Date.now() - started };
      commands = [`move ${makePositionRecord(pos)}`, makeClockLine(request.limits, pos.side), `play ${side}`];
    }
  }

  stop(): void {
    // The protocol's `finish` would drop the search without a move: the move is awaited instead.
  }
}

/** Does the run of the step just made go on (OpenTafl asks for a berserk run's steps one by one)? */
function continues(pos: Position): boolean {
  return pos.berserker !== NO_SQUARE && pos.winner === NO_WINNER;
}
