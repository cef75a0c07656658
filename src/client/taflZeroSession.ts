// TaflZero's UCI dialect (github sovelin/taflzero, src/uci/mod.rs; today's MCTS version and its
// alpha-beta version of commit 41d1957 alike): `uci` names it and ends with `uciok` (today's lists
// `NNFile` and `MultiPV` options after it); no `UCI_Variant`, no `ucinewgame`; positions as
// `position startpos|fen <its FEN> moves ...`; `go movetime <ms>` (today's also `go nodes`), no clock;
// `info ... score <n>` (alpha-beta) or `score cp <n>` (today's) with `speed` for nps; `bestmove a6b6`.
// It answers many commands with lines UCI does not know ("position set to ...", and in the alpha-beta
// version "Command received: ..." for every command), which are ignored. The alpha-beta version
// searches in its input loop, so it is not pinged during a search: silence is caught by the deadline.

import { Position, type RuleSet } from '../engine/index.js';
import { makeTaflZeroFen } from '../notation/taflZeroFen.js';
import { parseInfoLine, type EngineInfo } from './engineInfo.js';
import type { EngineProcess, Outcome } from './engineProcess.js';
import { requestPosition, moveTimeOf } from './requestPosition.js';
import { waitForAnswer } from './searchWait.js';
import type {
  EngineSession,
  EngineSpec,
  GameRules,
  RejectedOption,
  RulesOutcome,
  SearchRequest,
  SearchResult,
  Timeouts,
} from './session.js';
import { bestMoveReader } from './uciSession.js';

/** TaflZero's start position (its INITIAL_FEN), Copenhagen's. */
const TAFLZERO_START = '3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a';
/** Its answers that refuse a command. */
const REFUSAL = /^(unknown command|unsupported setoption format|invalid .*|.* missing .*)$/i;
const MOVE = /^[a-k](?:1[01]|[1-9])[a-k](?:1[01]|[1-9])$/;

/** An `info` line of either version as Hnefi's info: `speed` is nps, a bare `score <n>` is centipawns, an info `bestmove` the line. */
export function readTaflZeroInfo(line: string): EngineInfo | undefined {
  const text = line
    .replace(/ speed /, ' nps ')
    .replace(/ score (-?\d)/, ' score cp $1')
    .replace(/ winrate \S+/, '')
    .replace(/ bestmove (\S+)/, ' pv $1');
  return parseInfoLine(text);
}

export class TaflZeroSession implements EngineSession {
  readonly rejectedOptions: RejectedOption[] = [];
  readonly goodbye = 'quit';
  private rules: RuleSet | undefined;

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
    for (const [name, value] of Object.entries(spec.options)) {
      const refusals: string[] = [];
      const stop = engine.onLine((line) => {
        if (REFUSAL.test(line)) refusals.push(line);
        return false;
      });
      engine.send(`setoption name ${name} value ${value}`);
      engine.send('isready');
      const ready = await engine.waitFor((line) => line === 'readyok', timeouts.startMs);
      stop();
      if (!ready.ok) return { ok: false, fault: ready.fault, detail: `${spec.name} after setoption ${name}: ${ready.detail}` };
      if (refusals.length > 0) this.rejectedOptions.push({ name, value, message: refusals.join('; ') });
    }
    return this.newGame();
  }

  async setRules(game: GameRules): Promise<RulesOutcome> {
    const fen = makeTaflZeroFen(Position.start(game.rules));
    if (game.rules.size !== 11 || !fen.ok || game.rules.berserk || game.rules.jumps) {
      return {
        ok: false,
        fault: 'rules',
        detail: `TaflZero plays 11x11 boards of attackers, defenders and a king, without jumps or berserk runs; '${game.rules.name}' is not one`,
      };
    }
    this.rules = game.rules;
    return { ok: true };
  }

  async newGame(): Promise<Outcome> {
    this.engine.send('isready');
    const ready = await this.engine.waitFor((line) => line === 'readyok', this.timeouts.readyMs);
    return ready.ok ? { ok: true } : ready;
  }

  search(request: SearchRequest, deadlineMs: number | undefined, onInfo?: (info: EngineInfo) => void): Promise<SearchResult> {
    const fail = (detail: string): Promise<SearchResult> => Promise.resolve({ ok: false, fault: 'garbage', detail, elapsedMs: 0 });
    if (this.rules === undefined) return fail('TaflZero: no rules set before the search');
    const position = requestPosition(this.rules, request);
    if (!position.ok) return fail(position.error.message);
    const startFen = makeTaflZeroFen(position.value.start);
    if (!startFen.ok) return fail(startFen.error.message);
    // Its moves are Hnefi's compact moves (no chains: it plays no berserk rules).
    const moves = request.moves.length > 0 ? ` moves ${request.moves.join(' ')}` : ' moves';
    const base = startFen.value === TAFLZERO_START ? 'position startpos' : `position fen ${startFen.value}`;
    const limits = request.limits;
    const go =
      limits.infinite === true
        ? 'go infinite'
        : limits.nodes !== undefined && limits.movetime === undefined
          ? `go nodes ${limits.nodes}`
          : `go movetime ${moveTimeOf(limits, position.value.pos.side, 1000)}`;
    return waitForAnswer(
      this.engine,
      this.timeouts,
      [`${base}${moves}`, go],
      bestMoveReader(readTaflZeroInfo, (move) => move === '(none)' || MOVE.test(move), onInfo),
      deadlineMs,
    );
  }

  stop(): void {
    this.engine.send('stop');
  }
}
