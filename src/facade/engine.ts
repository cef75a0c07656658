// The engine facade: one search worker kept alive between searches, driven by plain calls
// (go, stop, isReady, newGame, setOptions, quit) with callbacks for info and the best turn. It knows
// no protocol, so the UCI server and the OpenTafl adapter both sit on it. The worker never writes stdout.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { hasLegalTurn, legalTurns } from '../engine/index.js';
import { DEFAULT_OPTIONS, type GoLimits, type SearchInfo, type SearchOptions } from '../search/index.js';
import { replayGame, type GameRecord } from './game.js';
import type { FromWorker, ToWorker } from './workerMessages.js';

export interface EngineCallbacks {
  /** A search progress report, in the order the search made them. */
  onInfo(info: SearchInfo, game: GameRecord): void;
  /** Exactly once per accepted go: the best turn as steps, or null when there is no legal turn. */
  onBestMove(best: number[] | null, game: GameRecord): void;
  /** Something went wrong that the user should hear about (the engine carries on). */
  onError(message: string): void;
}

interface RunningSearch {
  id: number;
  game: GameRecord;
  /** The best turn of the last info line, used if the worker dies mid-search. */
  lastPvMove: number[] | null;
}

/** The options actually given: an `undefined` value (an absent flag) must not replace a default. */
function defined(options: Partial<SearchOptions>): Partial<SearchOptions> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

/** The bundled worker sits next to the bundled CLI (dist/); from sources, use the built one. */
function defaultWorkerFile(): string {
  const beside = fileURLToPath(new URL('./search-worker.js', import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL('../../dist/search-worker.js', import.meta.url));
}

export class SearchEngine {
  private worker!: Worker;
  private readonly stopFlag = new Int32Array(new SharedArrayBuffer(4));
  /** Set by the first `go`: the search thread's warm-up gives way to it. */
  private readonly warmUpStop = new Int32Array(new SharedArrayBuffer(4));
  private options: SearchOptions;
  private nextId = 1;
  private search: RunningSearch | undefined;
  private readonly pings = new Map<number, () => void>();
  private closing = false;
  /** The current worker has said it is up (so a death is worth a restart). */
  private workerUp = false;
  /** The worker died before it ever came up: no search thread; searches get a legal turn at once. */
  private broken = false;
  private quitting: Promise<void> | undefined;
  private bestMoveWaiters: (() => void)[] = [];

  constructor(
    private readonly callbacks: EngineCallbacks,
    options: Partial<SearchOptions> = {},
    private readonly workerFile = defaultWorkerFile(),
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...defined(options) };
    this.startWorker();
  }

  get searching(): boolean {
    return this.search !== undefined;
  }

  setOptions(options: Partial<SearchOptions>): void {
    this.options = { ...this.options, ...defined(options) };
    this.post({ type: 'options', options: defined(options) });
  }

  newGame(): void {
    this.post({ type: 'newGame' });
  }

  /**
   * Starts a search unless one is running (then returns false and nothing changes). A position
   * without a legal turn gets its null answer at once, without the worker.
   */
  go(game: GameRecord, limits: GoLimits): boolean {
    if (this.search || this.closing) return false;
    // The clock runs from now, also while the search thread finishes its warm-up or a message.
    const timed: GoLimits = { ...limits, startTime: limits.startTime ?? performance.timeOrigin + performance.now() };
    const id = this.nextId++;
    this.search = { id, game, lastPvMove: null };
    const pos = replayGame(game);
    if (!pos.ok || !hasLegalTurn(pos.value)) {
      if (!pos.ok) this.callbacks.onError(pos.error.message);
      queueMicrotask(() => this.finish(id, null));
      return true;
    }
    if (this.broken) {
      this.callbacks.onError('no search thread: answering with the first legal turn');
      queueMicrotask(() => this.finishWithFallback(id));
      return true;
    }
    Atomics.store(this.stopFlag, 0, 0);
    Atomics.store(this.warmUpStop, 0, 1);
    this.post({ type: 'go', id, game, limits: timed });
    return true;
  }

  /**
   * Ends the running search soon; its best turn follows through onBestMove. Ignored when idle.
   * (An infinite search answers only after this: the Searcher waits for the flag.)
   */
  stop(): void {
    if (!this.search) return;
    Atomics.store(this.stopFlag, 0, 1);
  }

  /** Calls back at once during a search; otherwise once the worker has caught up with every call before. */
  isReady(callback: () => void): void {
    if (this.search || this.broken) {
      callback();
      return;
    }
    const id = this.nextId++;
    this.pings.set(id, callback);
    this.post({ type: 'ping', id });
  }

  /** Stops a running search, lets its best turn out, then ends the worker. */
  quit(): Promise<void> {
    this.quitting ??= (async () => {
      if (this.search) {
        const done = new Promise<void>((resolve) => this.bestMoveWaiters.push(resolve));
        this.stop();
        await done;
      }
      this.closing = true;
      await this.worker.terminate();
    })();
    return this.quitting;
  }

  /** Resolves once the running search (if any) has delivered its best turn, without stopping it. */
  whenIdle(): Promise<void> {
    if (!this.search) return Promise.resolve();
    return new Promise((resolve) => this.bestMoveWaiters.push(resolve));
  }

  private startWorker(): void {
    // Only the main thread writes the protocol stream: anything the search threads print goes to stderr.
    const worker = new Worker(this.workerFile, { stdout: true });
    worker.stdout.pipe(process.stderr);
    this.worker = worker;
    this.workerUp = false;
    worker.on('message', (message: FromWorker) => this.onMessage(message));
    worker.on('error', (error) => this.onWorkerDeath(worker, error.message));
    worker.on('exit', (code) => this.onWorkerDeath(worker, `exit code ${code}`));
    this.post({ type: 'init', stop: this.stopFlag, warmUpStop: this.warmUpStop, options: this.options });
  }

  private post(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  private onMessage(message: FromWorker): void {
    switch (message.type) {
      case 'up':
        this.workerUp = true;
        return;
      case 'error':
        this.callbacks.onError(message.message);
        return;
      case 'pong': {
        const callback = this.pings.get(message.id);
        this.pings.delete(message.id);
        callback?.();
        return;
      }
      case 'info': {
        const search = this.search;
        if (!search || search.id !== message.id) return;
        if (message.info.multipv <= 1 && message.info.pv.length > 0) search.lastPvMove = message.info.pv[0];
        this.callbacks.onInfo(message.info, search.game);
        return;
      }
      case 'bestMove':
        this.finish(message.id, message.best);
        return;
      case 'failed':
        this.callbacks.onError(`search failed: ${message.message}`);
        this.finishWithFallback(message.id);
        return;
    }
  }

  /**
   * A dead worker is replaced, unless it never came up (restarting it would fail the same way, for
   * ever); a search it was running still gets a legal answer.
   */
  private onWorkerDeath(worker: Worker, why: string): void {
    if (this.closing || worker !== this.worker) return;
    worker.removeAllListeners();
    if (this.workerUp) {
      this.callbacks.onError(`search thread stopped (${why}); restarting it`);
      this.startWorker();
    } else {
      this.broken = true;
      this.callbacks.onError(`search thread could not start (${why})`);
    }
    for (const [id, callback] of [...this.pings]) {
      this.pings.delete(id);
      callback();
    }
    if (this.search) this.finishWithFallback(this.search.id);
  }

  private finishWithFallback(id: number): void {
    const search = this.search;
    if (!search || search.id !== id) return;
    const pos = replayGame(search.game);
    const fallback = search.lastPvMove ?? (pos.ok ? legalTurns(pos.value)[0] : undefined) ?? null;
    this.finish(id, fallback);
  }

  private finish(id: number, best: number[] | null): void {
    const search = this.search;
    if (!search || search.id !== id) return;
    this.search = undefined;
    this.callbacks.onBestMove(best, search.game);
    const waiters = this.bestMoveWaiters;
    this.bestMoveWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
