// The search for programs: a position and limits in, a promise of the best turn, its score and line out.
// It sits on the same facade as the protocol servers (a search worker thread kept between searches), so
// a search never blocks the caller's event loop, and an AbortSignal or stop() ends it early with the
// best turn found so far.

import type { Position } from '../engine/index.js';
import { makeTfen, makeTurn } from '../notation/index.js';
import type { GoLimits, SearchInfo, SearchOptions, SearchScore } from '../search/index.js';
import { SearchEngine } from './engine.js';
import { nodeSearchThread } from './nodeSearchThread.js';
import type { GameHistory } from './game.js';

/** One progress report, with the turns written in compact notation. */
export interface AnalysisInfo {
  depth: number;
  multipv: number;
  score: SearchScore;
  nodes: number;
  nps: number;
  timeMs: number;
  /** The principal variation, one compact move (`e7e9g9`) per turn. */
  pv: string[];
}

export interface Analysis {
  /** The best turn in compact notation, or null when the side to move has no legal turn. */
  bestMove: string | null;
  /** The best turn as steps (for Position.makeStep / playTurn), or null. */
  bestTurn: number[] | null;
  /** The score of the last completed report, from the side to move's view; null if none came. */
  score: SearchScore | null;
  pv: string[];
  depth: number;
  nodes: number;
  /** Every report of the search, in order (all MultiPV lines). */
  infos: AnalysisInfo[];
}

export interface AnalyseOptions {
  /** Called with each progress report as it comes. */
  onInfo?: (info: AnalysisInfo) => void;
  /** Aborting stops the search; the promise then resolves with the best turn found so far. */
  signal?: AbortSignal;
}

/** The game behind a position: its start (undoing every step made) and the steps since, as plain data. */
function gameOf(pos: Position): GameHistory {
  const steps = pos.stepsMade();
  const start = pos.clone();
  for (let i = 0; i < steps.length; i++) start.unmakeStep();
  return { rules: pos.rules, tfen: makeTfen(start), steps };
}

/** Writes a line of turns in compact notation, replaying them from the searched position. */
function writeLine(pos: Position, turns: readonly number[][]): string[] {
  const line = pos.clone();
  const moves: string[] = [];
  for (const turn of turns) {
    moves.push(makeTurn(line, turn));
    for (const step of turn) line.makeStep(step);
  }
  return moves;
}

interface Pending {
  pos: Position;
  infos: AnalysisInfo[];
  onInfo?: (info: AnalysisInfo) => void;
  resolve: (analysis: Analysis) => void;
  reject: (error: Error) => void;
  detach: () => void;
}

/**
 * Searches positions one at a time with one search thread (more with the `threads` option). Create it
 * once, call analyse() as often as needed, and close() it when done so that its thread ends.
 */
export class Analyser {
  private readonly engine: SearchEngine;
  private pending: Pending | undefined;
  private errors: string[] = [];

  constructor(options: Partial<SearchOptions> = {}) {
    this.engine = new SearchEngine(
      {
        onInfo: (info) => this.onInfo(info),
        onBestMove: (best) => this.onBestMove(best),
        onError: (message) => this.errors.push(message),
      },
      options,
      nodeSearchThread(),
    );
  }

  /** Changes search options (hash size, threads, MultiPV, skill) for the next searches. */
  setOptions(options: Partial<SearchOptions>): void {
    this.engine.setOptions(options);
  }

  /** Searches `pos` (which is not changed) within `limits`; one search at a time. */
  analyse(pos: Position, limits: GoLimits, options: AnalyseOptions = {}): Promise<Analysis> {
    if (this.pending) return Promise.reject(new Error('a search is already running: await it or stop() it first'));
    return new Promise((resolve, reject) => {
      const signal = options.signal;
      const onAbort = () => this.stop();
      if (signal?.aborted) queueMicrotask(onAbort);
      signal?.addEventListener('abort', onAbort, { once: true });
      const detach = () => signal?.removeEventListener('abort', onAbort);
      this.pending = { pos: pos.clone(), infos: [], onInfo: options.onInfo, resolve, reject, detach };
      this.errors = [];
      if (!this.engine.go(gameOf(pos), limits)) {
        this.pending = undefined;
        detach();
        reject(new Error('the search engine is closed'));
      }
    });
  }

  /** Ends the running search soon; its promise resolves with the best turn so far. */
  stop(): void {
    this.engine.stop();
  }

  /** Stops any search and ends the search thread. */
  close(): Promise<void> {
    return this.engine.quit();
  }

  private onInfo(info: SearchInfo): void {
    const pending = this.pending;
    if (!pending) return;
    const report: AnalysisInfo = {
      depth: info.depth,
      multipv: info.multipv,
      score: info.score,
      nodes: info.nodes,
      nps: info.nps,
      timeMs: info.timeMs,
      pv: writeLine(pending.pos, info.pv),
    };
    pending.infos.push(report);
    pending.onInfo?.(report);
  }

  private onBestMove(best: number[] | null): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    pending.detach();
    if (this.errors.length > 0 && best === null && pending.infos.length === 0) {
      pending.reject(new Error(this.errors.join('; ')));
      return;
    }
    const main = pending.infos.filter((info) => info.multipv === 1);
    const last = main[main.length - 1];
    pending.resolve({
      bestMove: best === null ? null : makeTurn(pending.pos, best),
      bestTurn: best,
      score: last?.score ?? null,
      pv: last?.pv ?? [],
      depth: last?.depth ?? 0,
      nodes: last?.nodes ?? 0,
      infos: pending.infos,
    });
  }
}
