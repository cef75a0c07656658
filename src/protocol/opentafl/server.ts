// Hnefi as an OpenTafl external engine: the OpenTafl Engine Protocol (opentafl-engine-protocol.txt;
// PROTOCOL.md, last section) on the same engine facade as the UCI-like server.
//
// What the host does, and what follows from it here:
// - It may send `rules` before our `hello`; lines are handled in order, `hello` goes out at start.
// - During play: `opponent-move <steps> <record>`, then `clock`, then `play <side>`. The steps are
//   applied to our game (keeping its history for repetition rules); when they do not lead to the
//   record's board, the game is resynchronised: first by replaying them from an earlier turn (the host
//   repeats the last move after refusing one of ours), else from the record alone.
// - We answer one step per `move`; the host replies `move <record>` or `error <code>`. OpenTafl forces
//   a berserk run to go on while the piece can capture, so a run is continued step by step, each after
//   its own `play`, and never ended early. A refused step is not offered again in that position.
// - Records have no side to move: `play` and (after `position`) `side` say who moves.
// Unknown lines are ignored; bad lines get a `status` line naming the problem, state unchanged.

import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import {
  ATTACKERS,
  DEFAULT_VARIANT,
  END_RUN,
  END_REASONS,
  legalTurns,
  NO_SQUARE,
  NO_WINNER,
  opposite,
  Position,
  SIDE_NAMES,
  VARIANTS,
  type RuleSet,
  type Side,
} from '../../engine/index.js';
import { makeTfen, parseRulesString } from '../../notation/index.js';
import { evaluate, MAX_MULTIPV, type GoLimits, type SearchInfo, type SearchOptions } from '../../search/index.js';
import { SearchEngine } from '../../facade/engine.js';
import { nodeSearchThread } from '../../facade/nodeSearchThread.js';
import { shorten, type GameHistory } from '../../facade/game.js';
import { loadAutoNetwork } from '../evalFile.js';
import type { WriteLine } from '../output.js';
import { clockLimits, parseClock, type OpenTaflClock } from './clock.js';
import { fitMoves, rulesProblems } from './hostMoves.js';
import { makeSimpleStep, parsePositionRecord, parseSideName, sameBoard, withSideToMove } from '../../notation/openTaflMoves.js';

export interface OpenTaflServerSettings {
  /** The variant played until the host sends `rules` (a variant id, checked by the caller). */
  variant?: string;
  search?: Partial<SearchOptions>;
  /** Thinking time per move when the host sends no clock, ms. */
  untimedMoveMs: number;
  input: Readable;
  write: WriteLine;
  exit(code: number): void;
  workerFile?: string;
  /** The network file the search evaluates with where it fits the rules (as UCI's `EvalFile auto`); none: the hand-written evaluation. */
  autoEvalFile?: string;
}

/** What OpenTafl's error codes to an engine mean (engine protocol, section 15). */
const HOST_ERRORS: Record<string, string> = {
  '1': 'wrong side',
  '2': 'illegal move',
  '3': 'berserk: the side in a berserk run must move',
  '4': 'berserk: only the berserking piece may move',
};

/** A forced win or loss as an evaluation: beyond any material count, shorter wins higher. */
const FORCED_WIN = 10000;

interface SearchContext {
  kind: 'play' | 'analyze';
  /** The position searched (for writing moves and evaluations). */
  root: Position;
  /** Set when the host moved on (new position, finish, goodbye): the answer is dropped. */
  abandoned: boolean;
  /** analyze: the last exact report of each line, by multipv index. */
  lines: Map<number, SearchInfo>;
  /** play without any clock yet: the side searching (a first clock restarts the search with it). */
  untimedSide?: Side;
  /** play: the turns the host may accept (the answer if the search thread fails to give one of them). */
  allowed: number[][];
}

export class OpenTaflServer {
  private rules: RuleSet;
  /** The game: where it started (null: the rules' start) and the position with its history. */
  private startTfen: string | null = null;
  private pos: Position;
  /** After `position`: the record gave no side to move, the next `side` or `play` does. */
  private sideUnknown = false;
  private clock: OpenTaflClock | undefined;
  /** Our step sent with `move`, not yet accepted (`move <record>`) or refused (`error`). */
  private pendingStep: number | undefined;
  /** The rest of the berserk chain the last search chose, played one step per `play`. */
  private plan: number[] = [];
  /** Steps the host refused in the position with this hash. */
  private refused: { lo: number; hi: number; steps: Set<number> } | undefined;
  private search: SearchContext | undefined;
  private readonly engine: SearchEngine;
  private readonly multiPV: number;
  /** Lines are handled one after the other, each after the previous one is done. */
  private queue: Promise<void> = Promise.resolve();
  private quitting = false;

  /** Why the default network could not be loaded, said after the greeting. */
  private readonly autoEvalError: string | undefined;

  constructor(private readonly settings: OpenTaflServerSettings) {
    this.rules = VARIANTS[settings.variant ?? DEFAULT_VARIANT] ?? VARIANTS[DEFAULT_VARIANT];
    this.pos = Position.start(this.rules);
    this.multiPV = settings.search?.multiPV ?? 1;
    const auto = loadAutoNetwork(settings.autoEvalFile);
    this.autoEvalError = auto.problem;
    this.engine = new SearchEngine(
      {
        onInfo: (info) => this.onInfo(info),
        onBestMove: (best) => this.onBestMove(best),
        onError: (message) => this.status(`error: ${message}`),
      },
      { ...settings.search, evalNet: auto.net },
      nodeSearchThread(settings.workerFile),
    );
  }

  /** Says hello and reads the input; the process ends on `goodbye` or at the end of the input. */
  run(): void {
    this.write('hello');
    if (this.autoEvalError !== undefined) this.status(`error: ${this.autoEvalError}`);
    const lines = createInterface({ input: this.settings.input, crlfDelay: Infinity, terminal: false });
    lines.on('line', (line) => this.enqueue(() => this.execute(line)));
    lines.on('close', () => this.enqueue(() => this.quit()));
  }

  /** Ends the engine at once (the caller's stdout is gone). */
  async abort(): Promise<void> {
    this.quitting = true;
    if (this.search) this.search.abandoned = true;
    await this.engine.quit();
  }

  private enqueue(task: () => Promise<void> | void): void {
    this.queue = this.queue.then(task).catch((error: unknown) => {
      this.status(`error: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  private write(line: string): void {
    if (!this.quitting) this.settings.write(line);
  }

  /** Status lines may quote host input of any bytes: keep them one printable line. */
  private status(text: string): void {
    this.write(`status ${shorten(text, 1000)}`);
  }

  private async execute(line: string): Promise<void> {
    if (this.quitting) return;
    const tokens = line.trim().split(/\s+/);
    switch (tokens[0]) {
      case 'rules':
        return this.rulesCommand(line.trim().slice('rules'.length).trim());
      case 'position':
        return this.positionCommand(tokens[1]);
      case 'side':
        return this.sideCommand(tokens[1]);
      case 'clock':
        return this.clockCommand(tokens.slice(1));
      case 'play':
        return this.playCommand(tokens[1]);
      case 'move':
        return this.moveAccepted(tokens[1]);
      case 'error':
        return this.moveRefused(tokens[1]);
      case 'opponent-move':
        return this.opponentMove(tokens[1], tokens[2]);
      case 'analyze':
        return this.analyzeCommand(tokens[1], tokens[2]);
      case 'finish':
        return this.finishCommand();
      case 'goodbye':
        return this.quit();
      default: // `hello`, `start` (older hosts), anything unknown: nothing to do.
    }
  }

  // ---- game state ----

  private record(): GameHistory {
    return { rules: this.rules, tfen: this.startTfen, steps: this.pos.stepsMade() };
  }

  /** A new game from `pos`: its history starts there. */
  private setPosition(pos: Position): void {
    this.pos = pos;
    this.startTfen = makeTfen(pos);
    this.plan = [];
    this.pendingStep = undefined;
  }

  /** Stops a running search (its answer is dropped) and waits until the engine is idle. */
  private async abandonSearch(): Promise<void> {
    if (!this.search) return;
    this.search.abandoned = true;
    this.engine.stop();
    await this.engine.whenIdle();
  }

  private async rulesCommand(text: string): Promise<void> {
    await this.abandonSearch();
    const rules = parseRulesString(text);
    if (!rules.ok) {
      const problems = rulesProblems(text);
      this.status(`Hnefi cannot play these rules: ${problems.join('; ')}`);
      this.write(`error -1 rules not supported: ${shorten(problems.join('; '), 1000)}`);
      return;
    }
    this.rules = rules.value;
    this.pos = Position.start(this.rules);
    this.startTfen = null;
    this.sideUnknown = false;
    this.plan = [];
    this.pendingStep = undefined;
    this.refused = undefined;
    this.engine.newGame();
  }

  private async positionCommand(text: string | undefined): Promise<void> {
    if (text === undefined) return this.status('error: position needs a position record like /3t3/.../');
    await this.abandonSearch();
    const pos = parsePositionRecord(this.rules, text, this.pos.side);
    if (!pos.ok) return this.status(`error: ${pos.error.message}; the previous position stays`);
    this.setPosition(pos.value);
    this.sideUnknown = true;
  }

  private async sideCommand(text: string | undefined): Promise<void> {
    const side = parseSideName(text);
    if (side === undefined) return this.status(`error: side needs 'attackers' or 'defenders', got '${shorten(text ?? '')}'`);
    if (!this.sideUnknown) return;
    await this.abandonSearch();
    this.setSideToMove(side);
  }

  /** Puts `side` to move on the current board (history is lost if the side changes). */
  private setSideToMove(side: Side): void {
    this.sideUnknown = false;
    if (this.pos.side === side) return;
    const pos = withSideToMove(this.pos, side);
    if (!pos.ok) return this.status(`error: ${pos.error.message}`);
    this.setPosition(pos.value);
  }

  private async clockCommand(fields: string[]): Promise<void> {
    const clock = parseClock(fields);
    if (!clock.ok) return this.status(`error: ${clock.error.message}; the previous clock stays`);
    this.clock = clock.value;
    // The protocol text has the clock follow `play` (OpenTafl itself sends it first): a search started
    // without any clock starts again with it.
    const side = this.search?.untimedSide;
    if (side !== undefined) {
      await this.abandonSearch();
      await this.playCommand(SIDE_NAMES[side]);
    }
  }

  private finishCommand(): Promise<void> {
    this.plan = [];
    this.pendingStep = undefined;
    return this.abandonSearch();
  }

  private async quit(): Promise<void> {
    if (this.quitting) return;
    if (this.search) this.search.abandoned = true;
    this.engine.stop();
    this.quitting = true;
    await this.engine.quit();
    this.settings.exit(0);
  }

  // ---- moves from the host ----

  /** The host accepted our step: make it, and check the board against the host's record. */
  private moveAccepted(recordText: string | undefined): void {
    const step = this.pendingStep;
    this.pendingStep = undefined;
    if (step !== undefined) this.pos.makeStep(step);
    if (recordText === undefined) return;
    const record = parsePositionRecord(this.rules, recordText, this.pos.side);
    if (!record.ok) return this.status(`error: move: ${record.error.message}`);
    if (sameBoard(this.pos, record.value)) return;
    this.status("the board after our move differs from the host's record: continuing from the record");
    this.setPosition(record.value);
  }

  private moveRefused(code: string | undefined): void {
    const step = this.pendingStep;
    if (step === undefined) return;
    this.pendingStep = undefined;
    this.plan = [];
    const pos = this.pos;
    if (!this.refused || this.refused.lo !== pos.hashLo || this.refused.hi !== pos.hashHi) {
      this.refused = { lo: pos.hashLo, hi: pos.hashHi, steps: new Set() };
    }
    this.refused.steps.add(step);
    const why = HOST_ERRORS[code ?? ''] ?? `error ${shorten(code ?? '')}`;
    this.status(`OpenTafl refused ${makeSimpleStep(pos.geo, step)} (${why}); it will not be offered again here`);
  }

  private async opponentMove(movesText: string | undefined, recordText: string | undefined): Promise<void> {
    if (movesText === undefined) return this.status('error: opponent-move needs moves like e7-e9|e9-g9 and a position record');
    await this.abandonSearch();
    this.pendingStep = undefined;
    this.plan = [];
    const moves = movesText.split('|').filter((move) => move !== '');
    let record: Position | undefined;
    if (recordText !== undefined) {
      // If only the record can be trusted, the side to move is ours (`play` will say so anyway).
      const parsed = parsePositionRecord(this.rules, recordText, this.ourSideGuess());
      if (!parsed.ok) this.status(`error: opponent-move: ${parsed.error.message}`);
      else record = parsed.value;
    }
    const fitted = fitMoves(this.pos, moves, record);
    this.sideUnknown = false;
    if (fitted.ok) {
      this.pos = fitted.value;
      return;
    }
    const what = `opponent-move ${shorten(movesText)}: ${fitted.error.message}`;
    if (!record) return this.status(`error: ${what}; nothing changed`);
    this.status(`${what}; continuing from the position record`);
    this.setPosition(record);
  }

  /** Who moves after the opponent's moves: whoever is not the opponent (who moves once our turn ends). */
  private ourSideGuess(): Side {
    return this.pos.berserker !== NO_SQUARE ? this.pos.side : opposite(this.pos.side);
  }

  // ---- searching ----

  private async playCommand(text: string | undefined): Promise<void> {
    const side = parseSideName(text);
    if (side === undefined) return this.status(`error: play needs 'attackers' or 'defenders', got '${shorten(text ?? '')}'`);
    await this.abandonSearch();
    this.pendingStep = undefined;
    if (this.pos.side !== side && !this.sideUnknown) {
      this.status(`play ${SIDE_NAMES[side]}: our game had the ${SIDE_NAMES[this.pos.side]} to move; playing on from the same board`);
    }
    this.setSideToMove(side);
    const pos = this.pos;
    if (pos.winner !== NO_WINNER) return this.cannotMove(`the game is over (${END_REASONS[pos.reason]})`);
    const all = legalTurns(pos);
    const refused = this.refusedHere();
    // OpenTafl never lets a berserk run end while it can go on, so ending it (0000) is no answer.
    const turns = all.filter((turn) => turn[0] !== END_RUN && !refused.has(turn[0]));
    if (turns.length === 0) {
      return this.cannotMove(all.length === 0 ? 'no legal move' : 'no legal move left that the host accepts');
    }
    const next = this.plan.shift();
    if (next !== undefined && turns.some((turn) => turn[0] === next)) return this.sendStep(next);
    this.plan = [];
    const limits: GoLimits = clockLimits(this.clock, side, this.settings.untimedMoveMs);
    if (turns.length < all.length) limits.searchmoves = turns;
    this.startSearch('play', limits, turns);
    if (this.search && !this.clock) this.search.untimedSide = side;
  }

  private async analyzeCommand(countText: string | undefined, secondsText: string | undefined): Promise<void> {
    const count = wholeNumber(countText);
    const seconds = wholeNumber(secondsText);
    if (count === undefined || count < 1 || seconds === undefined) {
      return this.status(
        `error: analyze needs a number of moves (at least 1) and seconds, got '${shorten(`${countText ?? ''} ${secondsText ?? ''}`)}'`,
      );
    }
    await this.abandonSearch();
    const all = legalTurns(this.pos);
    const turns = all.filter((turn) => turn[0] !== END_RUN);
    if (this.pos.winner !== NO_WINNER || turns.length === 0) return this.write('analysis 0');
    this.engine.setOptions({ multiPV: Math.min(count, MAX_MULTIPV, turns.length) });
    const limits: GoLimits = { movetime: Math.max(1, seconds) * 1000 };
    if (turns.length < all.length) limits.searchmoves = turns;
    this.startSearch('analyze', limits, turns);
  }

  private startSearch(kind: SearchContext['kind'], limits: GoLimits, allowed: number[][]): void {
    this.search = { kind, root: this.pos.clone(), abandoned: false, lines: new Map(), allowed };
    if (this.engine.go(this.record(), limits)) return;
    // Only while quitting, or with a search still running, which abandonSearch waited out.
    this.search = undefined;
    this.status('error: the search thread is busy; nothing searched');
  }

  private refusedHere(): Set<number> {
    const r = this.refused;
    return r && r.lo === this.pos.hashLo && r.hi === this.pos.hashHi ? r.steps : new Set();
  }

  /** No move to give: the host must hear it, or it waits for ever (a critical error resigns). */
  private cannotMove(why: string): void {
    this.status(`Hnefi has no move: ${why}`);
    this.write(`error -1 no move: ${shorten(why, 1000)}`);
  }

  private sendStep(step: number): void {
    this.pendingStep = step;
    this.write(`move ${makeSimpleStep(this.pos.geo, step)}`);
  }

  private onInfo(info: SearchInfo): void {
    const search = this.search;
    if (search?.kind === 'analyze' && info.score.bound === undefined) search.lines.set(info.multipv, info);
  }

  private onBestMove(best: number[] | null): void {
    const search = this.search;
    this.search = undefined;
    if (!search) return;
    if (search.kind === 'analyze') this.engine.setOptions({ multiPV: this.multiPV });
    if (search.abandoned || this.quitting) return;
    if (search.kind === 'analyze') return this.writeAnalysis(search, best);
    // A search cut short (or a failed search thread) may fall back on a turn the host would not take.
    const found = (best ?? []).filter((step) => step !== END_RUN);
    const steps = search.allowed.some((turn) => turn[0] === found[0]) ? found : search.allowed[0];
    this.plan = steps.slice(1);
    this.sendStep(steps[0]);
  }

  /** `analysis <n> <steps> <evaluation> ...`: evaluations from the attackers' view, as OpenTafl's own. */
  private writeAnalysis(search: SearchContext, best: number[] | null): void {
    const root = search.root;
    const toAttackers = root.side === ATTACKERS ? 1 : -1;
    const entries: string[] = [];
    for (const index of [...search.lines.keys()].sort((a, b) => a - b)) {
      const info = search.lines.get(index) as SearchInfo;
      const { kind, value } = info.score;
      const score = kind === 'cp' ? value : Math.sign(value) * (FORCED_WIN - Math.abs(value));
      const steps = info.pv.flat().filter((step) => step !== END_RUN);
      if (steps.length > 0) entries.push(`${steps.map((step) => makeSimpleStep(root.geo, step)).join('|')} ${score * toAttackers}`);
    }
    if (entries.length === 0 && best) {
      const steps = best.filter((step) => step !== END_RUN);
      if (steps.length > 0)
        entries.push(`${steps.map((step) => makeSimpleStep(root.geo, step)).join('|')} ${evaluate(root).total * toAttackers}`);
    }
    this.write(['analysis', String(entries.length), ...entries].join(' '));
  }
}

function wholeNumber(text: string | undefined): number | undefined {
  return text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}
