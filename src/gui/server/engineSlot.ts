// One engine working for one tab in one role (the analysis board, or a seat in a game): started on
// demand through the engine client, set to the search's rules, one search at a time (a new search or
// `stop` ends the running one first), its `info` lines relayed to the page at most every
// INFO_INTERVAL_MS, and any fault (crash, hang, no answer in time) reported to the page. A failed
// engine is killed; the next search or a restart starts a fresh process. Every engine holds a place
// in the page's and the server's engine budget while it runs, and every search but the analysis
// board's has a deadline.

import { EngineClient, type EngineSpec, type Timeouts } from '../../client/engineClient.js';
import type { EngineInfo } from '../../client/engineInfo.js';
import type { EngineLine, Limits, SearchRequest, ServerMessage, Slot } from '../shared/messages.js';
import { type SearchCaps, searchRules } from './clientMessages.js';
import type { EngineBudget } from './engineBudget.js';

/** How often analysis lines go to the page: 10 a second, enough to watch and cheap to draw. */
const INFO_INTERVAL_MS = 100;
/** How far past its limit a search may run before it counts as hung. */
const GRACE_MS = 5_000;

/** The longest a search may take: its time, the longest clock's, or the cap for a depth; none for infinite. */
export function searchDeadline(limits: Limits, caps: SearchCaps): number | undefined {
  if (limits.infinite) return undefined;
  if (limits.movetime !== undefined) return limits.movetime + GRACE_MS;
  if (limits.atime !== undefined || limits.dtime !== undefined)
    return Math.max(limits.atime ?? 0, limits.dtime ?? 0) + Math.max(limits.ainc ?? 0, limits.dinc ?? 0) + GRACE_MS;
  return caps.moveMs + GRACE_MS;
}

export class EngineSlot {
  private engine: EngineClient | undefined;
  /** Gives back the running engine's place in the budget. */
  private releasePlace: () => void = () => {};
  private engineName = '';
  /** The rules the engine is set to: a variant name, or `rules:<string>`. */
  private rulesKey = '';
  private work: Promise<void> = Promise.resolve();
  /** Bumped by every search and stop: queued work that is no longer the latest is dropped. */
  private generation = 0;
  private searching = false;
  private closed = false;

  constructor(
    readonly slot: Slot,
    private readonly specs: ReadonlyMap<string, EngineSpec>,
    private readonly timeouts: Timeouts,
    private readonly budget: EngineBudget,
    private readonly caps: SearchCaps,
    private readonly send: (message: ServerMessage) => void,
  ) {}

  search(request: SearchRequest): void {
    const generation = ++this.generation;
    this.interrupt();
    this.work = this.work.then(() => this.run(request, generation));
  }

  /** Ends the running search (its `bestmove` is still relayed) and drops queued ones. */
  stop(): void {
    this.generation++;
    this.interrupt();
  }

  /** Kills the engine and starts it afresh. */
  restart(engineName: string | undefined): void {
    const generation = ++this.generation;
    this.dropEngine();
    const name = engineName ?? this.engineName;
    if (name === '' || !this.specs.has(name)) return;
    this.work = this.work.then(async () => {
      if (generation === this.generation) await this.ensureEngine(name);
    });
  }

  /** The tab has gone: stop searching and let the engine quit. */
  async close(): Promise<void> {
    this.closed = true;
    this.stop();
    const engine = this.engine;
    this.engine = undefined;
    await engine?.quit();
    this.releasePlace();
  }

  /** Kills the engine (if any) and gives back its place. */
  private dropEngine(): void {
    this.engine?.kill();
    this.engine = undefined;
    this.releasePlace();
  }

  private interrupt(): void {
    if (this.searching) this.engine?.stop();
  }

  private async ensureEngine(name: string): Promise<EngineClient | undefined> {
    if (this.engine !== undefined && this.engine.alive && this.engineName === name) return this.engine;
    this.dropEngine();
    const spec = this.specs.get(name)!;
    const place = this.budget.take();
    if (!place.ok) {
      this.send({ t: 'engine', slot: this.slot, engine: name, state: 'failed', detail: `not started: ${place.message}` });
      return undefined;
    }
    this.send({ t: 'engine', slot: this.slot, engine: name, state: 'starting' });
    const started = await EngineClient.start(spec, this.timeouts);
    if (!started.ok) {
      place.release();
      this.send({ t: 'engine', slot: this.slot, engine: name, state: 'failed', detail: `${started.fault}: ${started.detail}` });
      return undefined;
    }
    if (this.closed) {
      started.engine.kill();
      place.release();
      return undefined;
    }
    const engine = started.engine;
    this.engine = engine;
    this.releasePlace = place.release;
    engine.whenExited(place.release);
    this.engineName = name;
    this.rulesKey = '';
    // An engine that dies between searches is reported at once, not at the next search.
    engine.whenExited((detail) => {
      if (this.engine === engine && !this.searching && !this.closed) {
        this.dropEngine();
        this.send({ t: 'engine', slot: this.slot, engine: name, state: 'failed', detail: `crash: ${detail}` });
      }
    });
    this.send({ t: 'engine', slot: this.slot, engine: name, state: 'ready' });
    return engine;
  }

  private fail(request: SearchRequest, detail: string): void {
    this.dropEngine();
    this.send({ t: 'engine', slot: this.slot, engine: request.engine, state: 'failed', detail, id: request.id });
  }

  private async run(request: SearchRequest, generation: number): Promise<void> {
    const current = (): boolean => generation === this.generation && !this.closed;
    if (!current()) return;
    const engine = await this.ensureEngine(request.engine);
    if (engine === undefined || !current()) return;
    const rulesKey = request.rules !== undefined ? `rules:${request.rules}` : request.variant;
    if (rulesKey !== this.rulesKey) {
      const rules = searchRules(request.variant, request.rules);
      if (!rules.ok) return this.fail(request, rules.error.message);
      const set = await engine.setRules(
        request.rules !== undefined ? { rules: rules.value, rulesString: request.rules } : { rules: rules.value },
      );
      if (!set.ok) return this.fail(request, `${set.fault}: ${set.detail}`);
      const ready = await engine.newGame();
      if (!ready.ok) return this.fail(request, `${ready.fault}: ${ready.detail}`);
      this.rulesKey = rulesKey;
    }
    const multipv = request.multipv ?? 1;
    if (!current()) return;

    const lines = new Map<number, EngineLine>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (lines.size > 0)
        this.send({ t: 'info', id: request.id, slot: this.slot, lines: [...lines.values()].sort((a, b) => a.multipv - b.multipv) });
    };
    const onInfo = (info: EngineInfo): void => {
      if (info.pv === undefined || info.pv.length === 0) return;
      const index = info.multipv ?? 1;
      if (index > multipv) return;
      lines.set(index, { ...info, multipv: index, pv: info.pv });
      timer ??= setTimeout(flush, INFO_INTERVAL_MS);
    };
    const deadline = searchDeadline(request.limits, this.caps);
    this.searching = true;
    this.send({ t: 'engine', slot: this.slot, engine: request.engine, state: 'searching', id: request.id });
    const result = await engine.search({ tfen: request.tfen, moves: request.moves, limits: request.limits, multipv }, deadline, onInfo);
    this.searching = false;
    flush();
    if (this.closed) return;
    if (!result.ok) return this.fail(request, `${result.fault}: ${result.detail}`);
    this.send({ t: 'bestmove', id: request.id, slot: this.slot, move: result.move, elapsedMs: result.elapsedMs });
    this.send({ t: 'engine', slot: this.slot, engine: request.engine, state: 'ready', id: request.id });
  }
}
