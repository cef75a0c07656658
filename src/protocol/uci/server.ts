// The UCI-like server (PROTOCOL.md): reads commands line by line, keeps the game and the options,
// and drives the search through the engine facade. Only this thread writes, one line at a time.
// Every bad input gets `info string error: ...` and leaves the previous state in force.

import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import {
  DEFAULT_VARIANT,
  gameOutcome,
  legalTurns,
  playTurn,
  stepFrom,
  stepTo,
  END_RUN,
  VARIANTS,
  ATTACKERS,
  type Position,
  type RuleSet,
} from '../../engine/index.js';
import { makeTfen, makeTurn, parseRulesString } from '../../notation/index.js';
import { evaluate, type GoLimits, type Network, type SearchInfo, type SearchOptions } from '../../search/index.js';
import { describeEvaluation, loadAutoNetwork, loadEvalFile, networkEvalLine } from '../evalFile.js';
import { boardSummary } from '../boardSummary.js';
import { SearchEngine, type BenchResult, type JobKind } from '../../facade/engine.js';
import { nodeSearchThread } from '../../facade/nodeSearchThread.js';
import { Game, shorten } from '../../facade/game.js';
import { ENGINE_AUTHOR, ENGINE_NAME, ENGINE_VERSION } from '../identity.js';
import type { WriteLine } from '../output.js';
import { perftTotalLines } from '../perftReport.js';
import { makeTurnList } from '../turnText.js';
import { parseGoLimits } from './goLimits.js';
import { UCI_HELP } from './help.js';
import { findOption, makeOptionLine, parseOptionValue, UCI_OPTIONS } from './options.js';

export interface UciServerSettings {
  /** A variant id (checked by the caller), the start value of UCI_Variant. */
  variant?: string;
  search?: Partial<SearchOptions>;
  input: Readable;
  write: WriteLine;
  /** Ends the process once the engine is done (quit, end of input). */
  exit(code: number): void;
  /** The bundled search worker (tests and tools may point elsewhere). */
  workerFile?: string;
  /** The network file `EvalFile auto` (the default) loads; none: the hand-written evaluation. */
  autoEvalFile?: string;
}

const MAX_PERFT_DEPTH = 20;

const JOB_NAMES: Record<JobKind, string> = { search: 'a search', perft: 'perft', bench: 'bench' };

export class UciServer {
  private variant: string;
  /** The UCI_Rules text in force ('' when UCI_Variant decides the rules). */
  private rulesText = '';
  private rules: RuleSet;
  /** The EvalFile network, or null (the hand-written evaluation). */
  private evalNet: Network | null;
  /** Why the default network could not be loaded, said after the greeting. */
  private readonly autoEvalError: string | undefined;
  private game: Game;
  private debug = false;
  private readonly engine: SearchEngine;
  /** The position the running search or perft started from, to write its moves. */
  private searchRoot: Position | undefined;
  private searchStart = 0;
  /** Lines that arrived while the server was holding (see `holding`). */
  private readonly pending: string[] = [];
  private waitingForReady = false;
  private stopping = false;
  private inputEnded = false;
  private quitting = false;

  constructor(private readonly settings: UciServerSettings) {
    this.variant = settings.variant ?? DEFAULT_VARIANT;
    this.rules = VARIANTS[this.variant] ?? VARIANTS[DEFAULT_VARIANT];
    this.game = Game.start(this.rules);
    const auto = loadAutoNetwork(settings.autoEvalFile);
    this.evalNet = auto.net;
    this.autoEvalError = auto.problem;
    this.engine = new SearchEngine(
      {
        onInfo: (info) => this.writeInfo(info),
        onBestMove: (best, _game, ponder) => this.writeBestMove(best, ponder),
        onError: (message) => this.error(message),
      },
      { ...settings.search, evalNet: this.evalNet },
      nodeSearchThread(settings.workerFile),
    );
  }

  /** Greets, then reads the input; the process ends on `quit` or at the end of the input. */
  run(): void {
    // As UCI engines do: GUIs ignore it, a person learns what answers and how to get help.
    this.write(`${ENGINE_NAME} ${ENGINE_VERSION} by ${ENGINE_AUTHOR}, a tafl engine speaking UCI (type 'help' for the commands)`);
    if (this.autoEvalError !== undefined) this.error(this.autoEvalError);
    const lines = createInterface({ input: this.settings.input, crlfDelay: Infinity, terminal: false });
    lines.on('line', (line) => this.receive(line));
    lines.on('close', () => {
      this.inputEnded = true;
      if (!this.holding) void this.quit();
    });
  }

  /** Ends the engine at once (the caller's stdout is gone): no more output is possible. */
  async abort(): Promise<void> {
    this.quitting = true;
    this.engine.stop();
    await this.engine.quit();
  }

  /**
   * Lines wait while an idle `isready` waits for the search thread, and while a stopped search (or
   * perft, bench) has not yet written its answer (so that `stop` then `go` gives two bestmoves, as
   * GUIs expect).
   */
  private get holding(): boolean {
    return this.waitingForReady || this.stopping;
  }

  private receive(line: string): void {
    if (this.quitting) return;
    if (this.holding) {
      this.pending.push(line);
      return;
    }
    this.execute(line);
  }

  private drain(): void {
    while (this.pending.length > 0 && !this.holding && !this.quitting) this.execute(this.pending.shift() as string);
    if (this.inputEnded && !this.holding) void this.quit();
  }

  private stop(): void {
    if (!this.engine.busy) return;
    this.stopping = true;
    this.engine.stop();
  }

  /** The running job has written its answer: lines held back by a stop go on. */
  private jobDone(): void {
    if (!this.stopping) return;
    this.stopping = false;
    queueMicrotask(() => this.drain());
  }

  private write(line: string): void {
    this.settings.write(line);
  }

  /** Errors may quote input of any length and bytes: keep them one short printable line. */
  private error(message: string): void {
    this.write(`info string error: ${shorten(message, 400)}`);
  }

  private note(message: string): void {
    if (this.debug) this.write(`info string debug: ${message}`);
  }

  /** Runs one command; a fault in the engine's own code is reported and the engine carries on. */
  private execute(line: string): void {
    try {
      this.dispatch(line);
    } catch (error) {
      process.stderr.write(`hnefi: internal error on '${shorten(line, 200)}': ${error instanceof Error ? error.stack : String(error)}\n`);
      this.error(`internal error on '${shorten(line)}': ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private dispatch(line: string): void {
    const tokens = line.trim().split(/\s+/);
    const command = tokens[0];
    switch (command) {
      case '':
        return;
      case 'uci':
        return this.uci();
      case 'isready':
        return this.isReady();
      case 'setoption':
        return this.setOption(tokens);
      case 'ucinewgame':
        return this.newGame();
      case 'position':
        return this.position(tokens);
      case 'go':
        return this.go(tokens);
      case 'stop':
        return this.stop();
      case 'ponderhit':
        return this.ponderHit();
      case 'quit':
        return void this.quit();
      case 'debug':
        return this.setDebug(tokens);
      case 'd':
        return this.display();
      case 'perft':
        return this.perft(tokens[1]);
      case 'bench':
        return this.bench(tokens[1]);
      case 'moves':
        return this.moves();
      case 'eval':
        return this.eval();
      case 'help':
        return this.help();
      default:
        this.write(`info string unknown command: ${shorten(command)}`);
        this.write("info string type 'help' for the commands");
    }
  }

  private uci(): void {
    this.write(`id name ${ENGINE_NAME} ${ENGINE_VERSION}`);
    this.write(`id author ${ENGINE_AUTHOR}`);
    for (const option of UCI_OPTIONS) this.write(makeOptionLine(option));
    this.write('uciok');
  }

  /** During a search (perft, bench) at once; otherwise once the search thread has done everything asked before. */
  private isReady(): void {
    if (this.engine.busy) {
      this.write('readyok');
      return;
    }
    this.waitingForReady = true;
    this.engine.isReady(() => {
      this.waitingForReady = false;
      this.write('readyok');
      this.drain();
    });
  }

  private setOption(tokens: string[]): void {
    const lower = tokens.map((token) => token.toLowerCase());
    const nameAt = lower.indexOf('name');
    const valueAt = lower.indexOf('value', nameAt + 1);
    const name = nameAt < 0 ? '' : tokens.slice(nameAt + 1, valueAt < 0 ? undefined : valueAt).join(' ');
    if (name === '') return this.error("setoption needs 'name <option>' (and 'value <value>')");
    const option = findOption(name);
    if (!option) {
      return this.error(`unknown option '${shorten(name)}' (options: ${UCI_OPTIONS.map((o) => o.name).join(', ')})`);
    }
    const value = parseOptionValue(option, valueAt < 0 ? undefined : tokens.slice(valueAt + 1).join(' '));
    if (!value.ok) return this.error(value.error.message);
    const v = value.value;
    switch (option.name) {
      case 'UCI_Variant':
        this.variant = v as string;
        if (this.rulesText === '') this.changeRules(VARIANTS[this.variant]);
        else this.write(`info string UCI_Rules is set and decides the rules; UCI_Variant ${this.variant} applies once it is cleared`);
        return;
      case 'UCI_Rules': {
        if (v === '') {
          this.rulesText = '';
          this.changeRules(VARIANTS[this.variant]);
          return;
        }
        const rules = parseRulesString(v as string);
        if (!rules.ok) return this.error(`UCI_Rules: ${rules.error.message}`);
        this.rulesText = v as string;
        this.changeRules(rules.value);
        return;
      }
      case 'Hash':
        return this.engine.setOptions({ hashMB: v as number });
      case 'Threads':
        return this.engine.setOptions({ threads: v as number });
      case 'MultiPV':
        return this.engine.setOptions({ multiPV: v as number });
      case 'Move Overhead':
        return this.engine.setOptions({ moveOverheadMs: v as number });
      case 'Skill Level':
        return this.engine.setOptions({ skillLevel: v as number });
      // Pondering needs nothing set up: `go ponder` works either way. GUIs send it to say they will ponder.
      case 'Ponder':
        return;
      case 'EvalFile': {
        const net = loadEvalFile(v as string, this.settings.autoEvalFile);
        if (!net.ok) return this.error(net.error.message);
        this.evalNet = net.value;
        this.engine.setOptions({ evalNet: net.value });
        return this.write(`info string evaluation: ${describeEvaluation(net.value, this.rules)}`);
      }
    }
  }

  /** New rules start a new game from their start position. */
  private changeRules(rules: RuleSet): void {
    this.rules = rules;
    this.game = Game.start(rules);
    this.note(`rules ${shorten(rules.name || 'custom', 100)} (${rules.size}x${rules.size}), start position set`);
  }

  private newGame(): void {
    this.engine.newGame();
    this.game = Game.start(this.rules);
  }

  private position(tokens: string[]): void {
    const movesAt = tokens.indexOf('moves');
    const head = tokens.slice(1, movesAt < 0 ? undefined : movesAt);
    let game: Game;
    if (head[0] === 'startpos') {
      game = Game.start(this.rules);
    } else if (head[0] === 'tfen') {
      const loaded = Game.fromTfen(this.rules, head.slice(1).join(' '));
      if (!loaded.ok) return this.error(`position: ${loaded.error.message}`);
      game = loaded.value;
    } else {
      const got = head[0] === undefined ? 'nothing' : `'${shorten(head[0])}'`;
      return this.error(`position needs 'startpos' or 'tfen <board> <side> [<berserker>]', got ${got}`);
    }
    const played = game.playMoves(movesAt < 0 ? [] : tokens.slice(movesAt + 1));
    if (!played.ok) return this.error(`position: ${played.error.message}; the previous position stays`);
    this.game = game;
    this.note(`position ${makeTfen(game.pos)} after ${game.turns.length} turns`);
  }

  private go(tokens: string[]): void {
    const busy = this.engine.busy;
    if (busy === 'search') return this.error("already searching: this 'go' is ignored (send 'stop' first)");
    if (busy) return this.error(`already busy with ${JOB_NAMES[busy]}: this 'go' is ignored (send 'stop' first)`);
    if (tokens[1] === 'perft') return this.perft(tokens[2]);
    const parsed = parseGoLimits(tokens, this.game.pos);
    let limits: GoLimits;
    if (parsed.ok) {
      limits = parsed.value.limits;
      if (parsed.value.ignored !== undefined) this.write(`info string searchmoves: ${parsed.value.ignored}`);
    } else {
      // Every go owes a bestmove (a GUI waits for it): answer from a search one turn deep.
      this.error(`go: ${parsed.error.message}; searching depth 1 instead`);
      limits = { depth: 1 };
    }
    this.searchRoot = this.game.pos.clone();
    this.searchStart = performance.now();
    this.note(`searching ${makeTfen(this.game.pos)} with ${JSON.stringify(limits)}`);
    this.engine.go(this.game.record(), limits);
  }

  private writeInfo(info: SearchInfo): void {
    const root = this.searchRoot;
    if (!root) return;
    const { score } = info;
    const bound = score.bound === 'lower' ? ' lowerbound' : score.bound === 'upper' ? ' upperbound' : '';
    const pv = info.pv.length > 0 ? ` pv ${makeTurnList(root, info.pv).join(' ')}` : '';
    this.write(
      `info depth ${info.depth} seldepth ${info.seldepth} multipv ${info.multipv} score ${score.kind} ${score.value}${bound}` +
        ` nodes ${info.nodes} nps ${info.nps} hashfull ${info.hashfull} time ${info.timeMs}${pv}`,
    );
  }

  private writeBestMove(best: number[] | null, ponder: number[] | null): void {
    const root = this.searchRoot;
    this.note(`search took ${Math.round(performance.now() - this.searchStart)} ms`);
    this.write(
      `bestmove ${best && root ? makeTurn(root, best) : '(none)'}${best && root && ponder ? ` ponder ${this.replyText(root, best, ponder)}` : ''}`,
    );
    this.searchRoot = undefined;
    this.jobDone();
  }

  /** The expected reply in the position after the best turn. */
  private replyText(root: Position, best: number[], reply: number[]): string {
    const after = root.clone();
    playTurn(after, best);
    return makeTurn(after, reply);
  }

  private ponderHit(): void {
    if (!this.engine.ponderHit()) return this.write('info string ponderhit ignored: no ponder search is running');
    // From now on the search keeps to its limits.
    this.searchStart = performance.now();
  }

  private setDebug(tokens: string[]): void {
    if (tokens[1] === 'on') this.debug = true;
    else if (tokens[1] === 'off') this.debug = false;
    else this.error(`debug needs 'on' or 'off', got ${tokens[1] === undefined ? 'nothing' : `'${shorten(tokens[1])}'`}`);
  }

  private display(): void {
    const last = this.game.turns[this.game.turns.length - 1] ?? [];
    const marked = new Set(last.filter((step) => step !== END_RUN).flatMap((step) => [stepFrom(step), stepTo(step)]));
    // A custom rules name is text from the GUI: no control bytes reach the terminal.
    const name = this.rulesText === '' ? this.rules.name : `${shorten(this.rules.name, 100)} (UCI_Rules)`;
    for (const line of boardSummary(this.game.pos, marked, name)) this.write(line);
  }

  /** Why perft or bench cannot start now, if a job runs. */
  private busyError(command: string): boolean {
    const busy = this.engine.busy;
    if (!busy) return false;
    this.error(`${command}: ${JOB_NAMES[busy]} is running (send 'stop' first)`);
    return true;
  }

  /** Counts in the search thread; each turn's line is written as it is counted. `stop` ends it. */
  private perft(depthText: string | undefined): void {
    if (this.busyError('perft')) return;
    const depth = Number(depthText);
    if (depthText === undefined || !/^\d{1,2}$/.test(depthText) || depth < 1 || depth > MAX_PERFT_DEPTH) {
      return this.error(
        `perft needs a depth from 1 to ${MAX_PERFT_DEPTH}, got ${depthText === undefined ? 'nothing' : `'${shorten(depthText)}'`}`,
      );
    }
    const root = this.game.pos.clone();
    const start = performance.now();
    let total = 0;
    let counted = 0;
    this.engine.perft(this.game.record(), depth, {
      onTurn: (turn, nodes) => {
        this.write(`${makeTurn(root, turn)}: ${nodes}`);
        total += nodes;
        counted++;
      },
      onDone: ({ turns, stopped }) => {
        const ms = performance.now() - start;
        this.write('');
        if (stopped) this.write(`info string perft stopped after ${counted} of ${turns} turns`);
        for (const line of perftTotalLines(total, ms)) this.write(line);
        this.jobDone();
      },
    });
  }

  /** Runs in the search thread; `stop` ends it. */
  private bench(depthText: string | undefined): void {
    if (this.busyError('bench')) return;
    if (depthText !== undefined && (!/^\d{1,2}$/.test(depthText) || Number(depthText) < 1)) {
      return this.error(`bench depth must be a whole number from 1, got '${shorten(depthText)}'`);
    }
    this.engine.bench(depthText === undefined ? undefined : Number(depthText), (result: BenchResult) => {
      if (result.stopped) this.write('info string bench stopped');
      this.write(`Total time (ms): ${Math.round(result.timeMs)}`);
      this.write(`${result.nodes} nodes ${Math.round(result.nps)} nps`);
      this.jobDone();
    });
  }

  private help(): void {
    for (const line of UCI_HELP) this.write(`info string ${line}`);
  }

  private moves(): void {
    const pos = this.game.pos;
    const turns = legalTurns(pos);
    if (turns.length === 0) {
      const outcome = gameOutcome(pos);
      return this.write(`info string no legal turns${outcome ? `: the game is over (${outcome.reason})` : ''}`);
    }
    this.write(turns.map((turn) => makeTurn(pos, turn)).join(' '));
  }

  private eval(): void {
    const pos = this.game.pos;
    const { total, terms } = evaluate(pos);
    const side = pos.side === ATTACKERS ? 'attackers' : 'defenders';
    for (const [term, value] of Object.entries(terms)) this.write(`${term.padEnd(20)} ${value}`);
    this.write(`Total: ${total} cp (${side} to move, from their view)`);
    const line = networkEvalLine(this.evalNet, pos, total);
    if (line) this.write(line);
  }

  /** Also at the end of the input (the GUI is gone): any search (perft, bench) stops and answers first. */
  private async quit(): Promise<void> {
    if (this.quitting) return;
    this.quitting = true;
    await this.engine.quit();
    this.settings.exit(0);
  }
}
