// Hnefi's own UCI-like protocol (PROTOCOL.md), spoken to an engine: `uci`/`uciok`, options confirmed
// one by one with `isready`, the rules by `UCI_Variant` or `UCI_Rules`, `position` and `go`, and
// `isready` pings during a search (an engine that stops answering them has hung).

import { parseInfoLine, type EngineInfo } from './engineInfo.js';
import type { EngineProcess, Outcome } from './engineProcess.js';
import type { Score } from './score.js';
import { type Answer, waitForAnswer } from './searchWait.js';
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

/** A `bestmove` token that looks like a move (compact squares, OpenTafl steps, `0000`, `(none)`). */
const MOVE_SHAPE = /^(?:0000|\(none\)|(?:[a-s]\d{1,2}){2,}|[tcnkTCNK]?[a-s]\d{1,2}[-^=]{1,2}[a-s]\d{1,2}[^\s]*)$/;

/** The `go` command for the limits (`btime`/`binc` are the attackers' clock). */
export function makeGoCommand(limits: SearchLimits): string {
  const parts = ['go'];
  if (limits.atime !== undefined) parts.push(`btime ${limits.atime}`);
  if (limits.dtime !== undefined) parts.push(`wtime ${limits.dtime}`);
  if (limits.ainc !== undefined) parts.push(`binc ${limits.ainc}`);
  if (limits.dinc !== undefined) parts.push(`winc ${limits.dinc}`);
  if (limits.movestogo !== undefined) parts.push(`movestogo ${limits.movestogo}`);
  if (limits.movetime !== undefined) parts.push(`movetime ${limits.movetime}`);
  if (limits.depth !== undefined) parts.push(`depth ${limits.depth}`);
  if (limits.nodes !== undefined) parts.push(`nodes ${limits.nodes}`);
  if (limits.infinite) parts.push('infinite');
  return parts.join(' ');
}

/** The `position` command of a request. */
export function makePositionCommand(request: SearchRequest): string {
  const base = request.tfen !== undefined ? `position tfen ${request.tfen}` : 'position startpos';
  return request.moves.length > 0 ? `${base} moves ${request.moves.join(' ')}` : base;
}

/** The score of an `info` line when it is exact (not a bound). */
export function exactScore(info: EngineInfo): Score | undefined {
  return info.score !== undefined && info.bound === undefined ? info.score : undefined;
}

/**
 * Reads a UCI-like search's lines: each `info` line (read by `readInfo`) goes to `onInfo` and keeps the
 * first line's exact score; `bestmove` is the answer, garbage when `isMove` refuses it.
 */
export function bestMoveReader(
  readInfo: (line: string) => EngineInfo | undefined,
  isMove: (move: string) => boolean,
  onInfo?: (info: EngineInfo) => void,
): (line: string) => Answer | undefined {
  let score: Score | undefined;
  return (line) => {
    const tokens = line.split(/\s+/);
    if (tokens[0] === 'info') {
      const info = readInfo(line);
      if (info !== undefined) {
        onInfo?.(info);
        if ((info.multipv ?? 1) === 1) score = exactScore(info) ?? score;
      }
      return undefined;
    }
    if (tokens[0] !== 'bestmove') return undefined;
    const move = tokens[1] ?? '';
    return isMove(move) ? { move, score } : { move, garbage: `bestmove '${line.slice(0, 80)}' is not a move` };
  };
}

export class UciSession implements EngineSession {
  readonly rejectedOptions: RejectedOption[] = [];
  readonly goodbye = 'quit';
  private rulesString: string | undefined;
  private multipv = 1;

  constructor(
    private readonly engine: EngineProcess,
    private readonly spec: EngineSpec,
    private readonly timeouts: Timeouts,
  ) {}

  async handshake(): Promise<Outcome> {
    const { engine, spec, timeouts } = this;
    engine.send('uci');
    const uciok = await engine.waitFor((line) => line === 'uciok', timeouts.startMs);
    if (!uciok.ok) return { ok: false, fault: uciok.fault, detail: `${spec.name} at start-up (uci): ${uciok.detail}` };
    const options = Object.entries(spec.options);
    for (let i = 0; i < Math.max(1, options.length); i++) {
      const option = options[i];
      const errors = await this.confirmed(option === undefined ? [] : [`setoption name ${option[0]} value ${option[1]}`], timeouts.startMs);
      if (!errors.ok) {
        const after = option === undefined ? 'after uciok' : `after setoption ${option[0]}`;
        return { ok: false, fault: errors.fault, detail: `${spec.name} ${after}: ${errors.detail}` };
      }
      if (option !== undefined && errors.errors.length > 0) {
        this.rejectedOptions.push({ name: option[0], value: option[1], message: errors.errors.join('; ') });
      }
    }
    return { ok: true };
  }

  async setRules(game: GameRules): Promise<RulesOutcome> {
    const lines: string[] = [];
    if (game.rulesString !== undefined) lines.push(`setoption name UCI_Rules value ${game.rulesString}`);
    else {
      if (this.rulesString !== undefined) lines.push('setoption name UCI_Rules value');
      lines.push(`setoption name UCI_Variant value ${game.rules.name}`);
    }
    const confirmed = await this.confirmed(lines, this.timeouts.readyMs);
    if (!confirmed.ok) return confirmed;
    if (confirmed.errors.length > 0) return { ok: false, fault: 'rules', detail: confirmed.errors.join('; ') };
    this.rulesString = game.rulesString;
    return { ok: true };
  }

  async newGame(): Promise<Outcome> {
    const confirmed = await this.confirmed(['ucinewgame'], this.timeouts.readyMs);
    return confirmed.ok ? { ok: true } : confirmed;
  }

  search(request: SearchRequest, deadlineMs: number | undefined, onInfo?: (info: EngineInfo) => void): Promise<SearchResult> {
    const commands: string[] = [];
    const multipv = request.multipv ?? 1;
    if (multipv !== this.multipv) {
      commands.push(`setoption name MultiPV value ${multipv}`);
      this.multipv = multipv;
    }
    commands.push(makePositionCommand(request), makeGoCommand(request.limits));
    return waitForAnswer(
      this.engine,
      this.timeouts,
      commands,
      bestMoveReader(parseInfoLine, (move) => MOVE_SHAPE.test(move), onInfo),
      deadlineMs,
      { line: 'isready', isAnswer: (line) => line === 'readyok' },
    );
  }

  stop(): void {
    this.engine.send('stop');
  }

  /** Sends the lines and `isready`; the `info string error` lines before `readyok` are the engine's refusals. */
  private async confirmed(
    lines: readonly string[],
    timeoutMs: number,
  ): Promise<{ ok: true; errors: string[] } | Exclude<Outcome, { ok: true }>> {
    const errors: string[] = [];
    const stopCollecting = this.engine.onLine((line) => {
      const error = /^info\s+string\s+error\b:?\s*(.*)$/i.exec(line);
      if (error) errors.push(error[1]);
      return false;
    });
    for (const line of lines) this.engine.send(line);
    this.engine.send('isready');
    const ready = await this.engine.waitFor((line) => line === 'readyok', timeoutMs);
    stopCollecting();
    return ready.ok ? { ok: true, errors } : ready;
  }
}
