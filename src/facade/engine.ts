// The engine facade: one search worker kept alive between searches, driven by plain calls
// (go, ponderHit, stop, perft, bench, isReady, newGame, setOptions, quit) with callbacks for info, the
// best turn and the counts. It knows no protocol, so the UCI server and the OpenTafl adapter both sit
// on it, and no platform: its thread is a worker thread on Node.js, a Web Worker in a browser
// (src/search/threads/threads.ts). The worker never writes stdout; one job (a search, perft or bench) runs at a time.
//
// Where threads cannot share memory (a browser page that is not cross-origin isolated), the running
// job cannot be told to stop: stop() answers at once from what the search has reported and replaces
// the thread (its hash table is lost), and an infinite search's answer waits here for the stop.

import { hasLegalTurn, legalTurns } from '../engine/index.js';
import { DEFAULT_OPTIONS, Searcher, timeBudget, type GoLimits, type SearchInfo, type SearchOptions } from '../search/index.js';
import { canShareMemory, type StartThread, type Thread } from '../search/threads/threads.js';
import { replayGame, type GameHistory } from './game.js';
import type { FromWorker, ToWorker } from './workerMessages.js';

export interface EngineCallbacks {
  /** A search progress report, in the order the search made them. */
  onInfo(info: SearchInfo, game: GameHistory): void;
  /**
   * Exactly once per accepted go: the best turn as steps, or null when there is no legal turn; and
   * the reply the search expects (the second turn of its line), or null.
   */
  onBestMove(best: number[] | null, game: GameHistory, ponder: number[] | null): void;
  /** Something went wrong that the user should hear about (the engine carries on). */
  onError(message: string): void;
}

export interface PerftCallbacks {
  /** Each legal turn with its count, as it is counted. */
  onTurn(turn: number[], nodes: number): void;
  /** Once: `turns` legal turns; with `stopped`, only those reported were counted. */
  onDone(result: { turns: number; stopped: boolean }): void;
}

export interface BenchResult {
  nodes: number;
  timeMs: number;
  nps: number;
  /** Cut short by stop: the figures are partial. */
  stopped: boolean;
}

export type JobKind = 'search' | 'perft' | 'bench';

type RunningJob =
  | {
      kind: 'search';
      id: number;
      game: GameHistory;
      limits: GoLimits;
      /** The line of the last info, for the expected reply and if the worker dies mid-search. */
      lastPv: number[][];
      /**
       * The last line of two turns or more: a search cut short reports its new best turn alone, and the
       * reply it expects is then the one of the last full line, if that began with the same turn.
       */
      lastLongPv: number[][];
      /** The search thread has begun the search. */
      started: boolean;
      /** Answers from this thread if the search thread has not started by the end of the time (see armClockGuard). */
      clockGuard?: ReturnType<typeof setTimeout>;
      /** Without shared memory: the answer of an infinite or ponder search, given at the stop. */
      held?: number[] | null;
    }
  | { kind: 'perft'; id: number; callbacks: PerftCallbacks }
  | { kind: 'bench'; id: number; onDone(result: BenchResult): void };

/** Whether the search thread has the job and has not yet answered it (without shared memory, see endJob). */
type ThreadJob = RunningJob & { inThread?: boolean };

/** The shared control flags: the running job stops; a ponder search has not had its ponderhit yet. */
const STOP = 0;
const PONDERING = 1;
/** Set by the first job: the search thread's warm-up gives way to it. */
const WARM_UP_STOP = 2;
/** The id of the job the worker is to run (0: none); a job answered without it is skipped. */
const JOB_ID = 3;

/** The options actually given: an `undefined` value (an absent flag) must not replace a default. */
function defined(options: Partial<SearchOptions>): Partial<SearchOptions> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

export class SearchEngine {
  private worker: Thread | undefined;
  private readonly control: Int32Array;
  /** For answers from this thread when the search thread is late (kept: made once). */
  private quickSearcher: Searcher | undefined;
  private options: SearchOptions;
  private nextId = 1;
  private job: ThreadJob | undefined;
  private readonly pings = new Map<number, () => void>();
  private closing = false;
  /** The current worker has said it is up (so a death is worth a restart). */
  private workerUp = false;
  /** The worker died before it ever came up: no search thread; searches get a legal turn at once. */
  private broken = false;
  private quitting: Promise<void> | undefined;
  /** quit() was called (set before its stop: a thread replaced then would only be ended). */
  private quitCalled = false;
  private idleWaiters: (() => void)[] = [];

  /**
   * `startThread` starts a search thread (serveSearch: nodeSearchThread on Node.js). `shareMemory`:
   * whether the control flags can be shared with it (where they cannot, see the top of this file).
   */
  constructor(
    private readonly callbacks: EngineCallbacks,
    options: Partial<SearchOptions>,
    private readonly startThread: StartThread,
    private readonly shareMemory = canShareMemory(),
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...defined(options) };
    this.control = new Int32Array(shareMemory ? new SharedArrayBuffer(16) : new ArrayBuffer(16));
    this.startWorker();
  }

  /** Whether a search (go) is running. */
  get searching(): boolean {
    return this.job?.kind === 'search';
  }

  /** The job running (a search, perft or bench), if any. */
  get busy(): JobKind | undefined {
    return this.job?.kind;
  }

  /** Whether a ponder search is running that has not had its ponderhit. */
  get pondering(): boolean {
    return this.job?.kind === 'search' && Atomics.load(this.control, PONDERING) !== 0;
  }

  setOptions(options: Partial<SearchOptions>): void {
    this.options = { ...this.options, ...defined(options) };
    this.post({ type: 'options', options: defined(options) });
  }

  newGame(): void {
    this.post({ type: 'newGame' });
  }

  /**
   * Starts a search unless a job is running (then returns false and nothing changes). A position
   * without a legal turn gets its null answer at once, without the worker. With `limits.ponder` the
   * search goes on without limits until ponderHit() (its clock starts then) or stop().
   */
  go(game: GameHistory, limits: GoLimits): boolean {
    if (this.job || this.closing) return false;
    // The clock runs from now, also while the search thread finishes its warm-up or a message.
    const timed: GoLimits = { ...limits, startTime: limits.startTime ?? performance.timeOrigin + performance.now() };
    const id = this.nextId++;
    const job: ThreadJob = { kind: 'search', id, game, limits: timed, lastPv: [], lastLongPv: [], started: false };
    this.job = job;
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
    this.startJob(id, limits.ponder === true);
    this.post({ type: 'go', id, game, limits: timed });
    job.inThread = true;
    if (limits.ponder !== true && !this.workerUp) this.armClockGuard(job, timed.startTime as number);
    return true;
  }

  /**
   * The search thread keeps to the clock once it runs, but a go that comes while it is still starting
   * up (loading, compiling: up to seconds on a busy machine) waits for that. Then this thread finds
   * an answer of its own at once (a one-turn search: tens of ms, cold), and gives it if the search
   * has not started by the end of its time (its maximum plus half the Move Overhead, which is still
   * within the clock).
   */
  private armClockGuard(job: Extract<RunningJob, { kind: 'search' }>, startTime: number): void {
    const pos = replayGame(job.game);
    if (!pos.ok) return;
    const budget = timeBudget(job.limits, pos.value.side, this.options.moveOverheadMs);
    if (!Number.isFinite(budget.maximum)) return;
    const due = startTime + budget.maximum + this.options.moveOverheadMs / 2;
    const fallback = this.quickSearch(job);
    job.clockGuard = setTimeout(
      () => {
        if (this.job !== job) return;
        job.lastPv = fallback.line;
        for (const info of fallback.infos) this.callbacks.onInfo(info, job.game);
        this.finish(job.id, fallback.best);
      },
      Math.max(0, due - (performance.timeOrigin + performance.now())),
    );
  }

  /** A one-turn search in this thread, with the root moves the go allowed: its best turn, line and info. */
  private quickSearch(job: Extract<RunningJob, { kind: 'search' }>): { best: number[] | null; line: number[][]; infos: SearchInfo[] } {
    const infos: SearchInfo[] = [];
    const pos = replayGame(job.game);
    if (!pos.ok) return { best: null, line: [], infos };
    this.quickSearcher ??= new Searcher({ hashMB: 1, threads: 1 });
    const limits: GoLimits = { depth: 1, searchmoves: job.limits.searchmoves };
    const found = this.quickSearcher.search(pos.value, limits, new Int32Array(1), (info) => infos.push(info));
    const line = infos.filter((info) => info.multipv <= 1).at(-1)?.pv ?? [];
    return { best: found.best ?? legalTurns(pos.value)[0] ?? null, line, infos };
  }

  /** The move pondered on was played: the ponder search goes on as a normal one. False if none runs. */
  ponderHit(): boolean {
    const job = this.job;
    if (!this.pondering || job?.kind !== 'search') return false;
    Atomics.store(this.control, PONDERING, 0);
    if (!this.shareMemory) {
      // The search thread cannot hear the ponderhit: a new one searches with the clock from now.
      this.replaceWorker();
      job.limits = { ...job.limits, ponder: false, startTime: performance.timeOrigin + performance.now() };
      job.started = false;
      job.held = undefined;
      this.post({ type: 'go', id: job.id, game: job.game, limits: job.limits });
      job.inThread = true;
    }
    if (!job.started && !this.workerUp) this.armClockGuard(job, performance.timeOrigin + performance.now());
    return true;
  }

  /** Counts perft `depth` turns deep, turn by turn, in the search thread. False if a job is running. */
  perft(game: GameHistory, depth: number, callbacks: PerftCallbacks): boolean {
    if (this.job || this.closing) return false;
    if (this.broken) {
      this.callbacks.onError('no search thread: perft cannot run');
      return false;
    }
    const id = this.nextId++;
    this.job = { kind: 'perft', id, callbacks, inThread: true };
    this.startJob(id, false);
    this.post({ type: 'perft', id, game, depth });
    return true;
  }

  /** Runs bench in the search thread (depth: its default when undefined). False if a job is running. */
  bench(depth: number | undefined, onDone: (result: BenchResult) => void): boolean {
    if (this.job || this.closing) return false;
    if (this.broken) {
      this.callbacks.onError('no search thread: bench cannot run');
      return false;
    }
    const id = this.nextId++;
    this.job = { kind: 'bench', id, onDone, inThread: true };
    this.startJob(id, false);
    this.post({ type: 'bench', id, depth });
    return true;
  }

  /**
   * Ends the running job soon: a search's best turn follows through onBestMove, perft and bench
   * report what they counted. Ignored when idle. (An infinite or ponder search answers only after
   * this or, pondering, a ponderhit.)
   */
  stop(): void {
    const job = this.job;
    if (!job) return;
    Atomics.store(this.control, STOP, 1);
    if (this.shareMemory) return;
    if (job.kind === 'search') {
      if (job.held !== undefined) this.finish(job.id, job.held);
      else this.finishWithFallback(job.id);
    } else if (job.kind === 'perft') {
      this.onMessage({ type: 'perftDone', id: job.id, turns: 0, stopped: true });
    } else {
      this.onMessage({ type: 'benchDone', id: job.id, nodes: 0, timeMs: 0, nps: 0, stopped: true });
    }
  }

  /** Calls back at once during a job; otherwise once the worker has caught up with every call before. */
  isReady(callback: () => void): void {
    if (this.job || this.broken) {
      callback();
      return;
    }
    const id = this.nextId++;
    this.pings.set(id, callback);
    this.post({ type: 'ping', id });
  }

  /** Stops a running job, lets its answer out, then ends the worker. */
  quit(): Promise<void> {
    this.quitCalled = true;
    this.quitting ??= (async () => {
      if (this.job) {
        const done = this.whenIdle();
        this.stop();
        await done;
      }
      this.closing = true;
      await this.worker?.terminate();
    })();
    return this.quitting;
  }

  /** Resolves once the running job (if any) has delivered its answer, without stopping it. */
  whenIdle(): Promise<void> {
    if (!this.job) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private startJob(id: number, ponder: boolean): void {
    Atomics.store(this.control, JOB_ID, id);
    Atomics.store(this.control, STOP, 0);
    Atomics.store(this.control, PONDERING, ponder ? 1 : 0);
    Atomics.store(this.control, WARM_UP_STOP, 1);
  }

  private startWorker(): void {
    this.workerUp = false;
    let worker: Thread;
    try {
      worker = this.startThread();
    } catch (error) {
      this.broken = true;
      this.callbacks.onError(`search thread could not start (${error instanceof Error ? error.message : String(error)})`);
      return;
    }
    this.worker = worker;
    worker.onMessage((message) => {
      if (worker === this.worker) this.onMessage(message as FromWorker);
    });
    worker.onEnd((why) => this.onWorkerDeath(worker, why));
    this.post({ type: 'init', control: this.control, options: this.options });
  }

  /** Without shared memory: ends a search thread that runs a job no longer wanted, and starts a new one. */
  private replaceWorker(): void {
    void this.worker?.terminate();
    this.answerPings();
    if (!this.quitCalled) this.startWorker();
  }

  private post(message: ToWorker): void {
    if (!this.broken) this.worker?.post(message);
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
      case 'started': {
        const job = this.job;
        if (job?.kind !== 'search' || job.id !== message.id) return;
        job.started = true;
        clearTimeout(job.clockGuard);
        return;
      }
      case 'info': {
        const job = this.job;
        if (job?.kind !== 'search' || job.id !== message.id) return;
        if (message.info.multipv <= 1 && message.info.pv.length > 0) job.lastPv = message.info.pv;
        if (message.info.multipv <= 1 && message.info.pv.length > 1) job.lastLongPv = message.info.pv;
        this.callbacks.onInfo(message.info, job.game);
        return;
      }
      case 'bestMove': {
        const job = this.job;
        if (job?.kind !== 'search' || job.id !== message.id) return;
        job.inThread = false;
        if (!this.shareMemory && (job.limits.infinite || this.pondering)) job.held = message.best;
        else this.finish(message.id, message.best);
        return;
      }
      case 'failed': {
        const job = this.job;
        if (job?.kind !== 'search' || job.id !== message.id) return;
        job.inThread = false;
        this.callbacks.onError(`search failed: ${message.message}`);
        this.finishWithFallback(message.id);
        return;
      }
      case 'perftTurn': {
        const job = this.job;
        if (job?.kind === 'perft' && job.id === message.id) job.callbacks.onTurn(message.turn, message.nodes);
        return;
      }
      case 'perftDone': {
        const job = this.job;
        if (job?.kind !== 'perft' || job.id !== message.id) return;
        job.inThread = false;
        this.endJob();
        job.callbacks.onDone({ turns: message.turns, stopped: message.stopped });
        this.wakeIdleWaiters();
        return;
      }
      case 'benchDone': {
        const job = this.job;
        if (job?.kind !== 'bench' || job.id !== message.id) return;
        job.inThread = false;
        this.endJob();
        job.onDone({ nodes: message.nodes, timeMs: message.timeMs, nps: message.nps, stopped: message.stopped });
        this.wakeIdleWaiters();
        return;
      }
    }
  }

  /**
   * A dead worker is replaced, unless it never came up (restarting it would fail the same way, for
   * ever); a search it was running still gets a legal answer, perft and bench end as stopped.
   */
  private onWorkerDeath(worker: Thread, why: string): void {
    if (this.closing || worker !== this.worker) return;
    if (this.workerUp) {
      this.callbacks.onError(`search thread stopped (${why}); restarting it`);
      this.startWorker();
    } else {
      this.broken = true;
      this.callbacks.onError(`search thread could not start (${why})`);
    }
    this.answerPings();
    const job = this.job;
    // The new thread has not seen the job: ending it must not replace that one too.
    if (job) job.inThread = false;
    if (job?.kind === 'search') this.finishWithFallback(job.id);
    else if (job?.kind === 'perft') this.onMessage({ type: 'perftDone', id: job.id, turns: 0, stopped: true });
    else if (job?.kind === 'bench') this.onMessage({ type: 'benchDone', id: job.id, nodes: 0, timeMs: 0, nps: 0, stopped: true });
  }

  private finishWithFallback(id: number): void {
    const job = this.job;
    if (job?.kind !== 'search' || job.id !== id) return;
    const pos = replayGame(job.game);
    const fallback = job.lastPv[0] ?? (pos.ok ? legalTurns(pos.value)[0] : undefined) ?? null;
    this.finish(id, fallback);
  }

  private finish(id: number, best: number[] | null): void {
    const job = this.job;
    if (job?.kind !== 'search' || job.id !== id) return;
    this.endJob();
    const line = [job.lastPv, job.lastLongPv].find((pv) => best !== null && pv.length > 1 && sameTurn(pv[0], best));
    const ponder = line ? line[1] : null;
    this.callbacks.onBestMove(best, job.game, ponder);
    this.wakeIdleWaiters();
  }

  private endJob(): void {
    const job = this.job;
    if (job?.kind === 'search') clearTimeout(job.clockGuard);
    this.job = undefined;
    // A job answered here before the worker got to it is skipped there; one it runs stops.
    Atomics.store(this.control, JOB_ID, 0);
    Atomics.store(this.control, STOP, 1);
    Atomics.store(this.control, PONDERING, 0);
    // Without shared memory nothing tells the thread so: a new one replaces it.
    if (!this.shareMemory && job?.inThread && !this.broken) this.replaceWorker();
  }

  private answerPings(): void {
    for (const [id, callback] of [...this.pings]) {
      this.pings.delete(id);
      callback();
    }
  }

  private wakeIdleWaiters(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

function sameTurn(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((step, i) => step === b[i]);
}
