// One in-browser engine working for the page in one role (the analysis board, or a seat in a game),
// as the GUI server's EngineSlot does with an engine process: started when first needed, one search at
// a time (a new search or a stop ends the running one first, whose answer still goes out), its lines
// sent to the page at most every INFO_INTERVAL_MS, and a restart on demand.

import { SearchEngine } from '../facade/engine.js';
import type { EngineLine, SearchRequest, ServerMessage, Slot } from '../gui/shared/messages.js';
import { makeTurn } from '../notation/index.js';
import { ENGINE_NAME } from '../protocol/identity.js';
import type { Network, SearchInfo, SearchOptions } from '../search/index.js';
import type { StartThread } from '../search/threads/threads.js';
import { type CheckedSearch, checkSearch, engineLine } from './searchRequest.js';

/** How often analysis lines go to the page: 10 a second, as from the GUI server. */
const INFO_INTERVAL_MS = 100;

/** What the slots of one page share. */
export interface SlotHost {
  send(message: ServerMessage): void;
  /** The network for these rules (null: the hand-written evaluation), fetched when first needed. */
  networkFor(search: CheckedSearch): Promise<Network | null>;
  options: Partial<SearchOptions>;
  startThread: StartThread;
  shareMemory: boolean;
}

/** The search running, and what it has to say when it ends. */
interface Running {
  request: SearchRequest;
  search: CheckedSearch;
  startedAt: number;
  lines: Map<number, EngineLine>;
  /** Lines have changed since they were last sent. */
  changed: boolean;
  timer?: ReturnType<typeof setTimeout>;
  done: () => void;
}

export class BrowserSlot {
  private engine: SearchEngine | undefined;
  private network: Network | null = null;
  private multipv = 1;
  private running: Running | undefined;
  private work: Promise<void> = Promise.resolve();
  /** Bumped by every search, stop and restart: queued work that is no longer the latest is dropped. */
  private generation = 0;
  private closed = false;

  constructor(
    readonly slot: Slot,
    private readonly host: SlotHost,
  ) {}

  search(request: SearchRequest): void {
    const generation = ++this.generation;
    this.engine?.stop();
    this.work = this.work.then(() => this.run(request, generation));
  }

  /** Ends the running search (its answer still goes out) and drops queued ones. */
  stop(): void {
    this.generation++;
    this.engine?.stop();
  }

  /** Ends the engine (a running search still answers) and starts a fresh one. */
  restart(): void {
    const generation = ++this.generation;
    const quitting = this.engine?.quit();
    this.engine = undefined;
    this.work = this.work.then(async () => {
      await quitting;
      if (generation === this.generation && !this.closed) this.startEngine();
    });
  }

  /** The page has gone: stop searching and end the engine's threads. */
  async close(): Promise<void> {
    this.closed = true;
    this.generation++;
    const engine = this.engine;
    this.engine = undefined;
    await engine?.quit();
  }

  private startEngine(): SearchEngine {
    const slot = this.slot;
    this.host.send({ t: 'engine', slot, engine: ENGINE_NAME, state: 'starting' });
    const engine = new SearchEngine(
      {
        onInfo: (info) => this.onInfo(info),
        onBestMove: (best) => this.onBestMove(best),
        onError: (message) => this.host.send({ t: 'error', message: `${ENGINE_NAME} (${slot}): ${message}` }),
      },
      this.host.options,
      this.host.startThread,
      this.host.shareMemory,
    );
    this.engine = engine;
    this.network = null;
    this.multipv = 1;
    engine.isReady(() => {
      if (this.engine === engine && this.running === undefined) this.host.send({ t: 'engine', slot, engine: ENGINE_NAME, state: 'ready' });
    });
    return engine;
  }

  private async run(request: SearchRequest, generation: number): Promise<void> {
    const current = (): boolean => generation === this.generation && !this.closed;
    if (!current()) return;
    const checked = checkSearch(request);
    if (!checked.ok) {
      this.host.send({ t: 'error', message: `search: ${checked.error.message}` });
      return;
    }
    const search = checked.value;
    const engine = this.engine ?? this.startEngine();
    const network = await this.host.networkFor(search);
    if (!current() || this.engine !== engine) return;
    if (network !== null && network !== this.network) {
      engine.setOptions({ evalNet: network });
      this.network = network;
    }
    if (search.multipv !== this.multipv) {
      engine.setOptions({ multiPV: search.multipv });
      this.multipv = search.multipv;
    }
    await new Promise<void>((done) => {
      this.running = { request, search, startedAt: performance.now(), lines: new Map(), changed: false, done };
      this.host.send({ t: 'engine', slot: this.slot, engine: ENGINE_NAME, state: 'searching', id: request.id });
      if (!engine.go(search.game, search.limits)) {
        this.running = undefined;
        this.host.send({
          t: 'engine',
          slot: this.slot,
          engine: ENGINE_NAME,
          state: 'failed',
          detail: 'the engine has ended',
          id: request.id,
        });
        done();
      }
    });
  }

  private onInfo(info: SearchInfo): void {
    const running = this.running;
    if (running === undefined || info.pv.length === 0 || info.multipv > running.search.multipv) return;
    running.lines.set(info.multipv, engineLine(running.search.root, info));
    running.changed = true;
    running.timer ??= setTimeout(() => this.flush(running), INFO_INTERVAL_MS);
  }

  private flush(running: Running): void {
    clearTimeout(running.timer);
    running.timer = undefined;
    if (!running.changed) return;
    running.changed = false;
    const lines = [...running.lines.values()].sort((a, b) => a.multipv - b.multipv);
    this.host.send({ t: 'info', id: running.request.id, slot: this.slot, lines });
  }

  private onBestMove(best: number[] | null): void {
    const running = this.running;
    if (running === undefined) return;
    this.running = undefined;
    this.flush(running);
    const { request } = running;
    const move = best === null ? '(none)' : makeTurn(running.search.root, best);
    const elapsedMs = Math.round(performance.now() - running.startedAt);
    this.host.send({ t: 'bestmove', id: request.id, slot: this.slot, move, elapsedMs });
    this.host.send({ t: 'engine', slot: this.slot, engine: ENGINE_NAME, state: 'ready', id: request.id });
    running.done();
  }
}
