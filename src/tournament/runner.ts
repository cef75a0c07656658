// The tournament runner: schedules the games (round robin or gauntlet, each opening played with both
// sides), plays them N at a time with reusable engine processes, appends every finished game to
// results.jsonl and its OpenTafl record to games/, keeps summary.json current, stops early when the
// SPRT decides, and resumes from results.jsonl when run again with the same `out`. The out folder is
// checked and locked before anything else, and claimed (tournament.json) only once every engine has
// started with all its options accepted.

import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { err, getVariant, ok, type HnefiError, type Result, type RuleSet, type Side } from '../engine/index.js';
import { makeTfen } from '../notation/index.js';
import { makeTimeControlText } from './clock.js';
import type { EngineConfig, TournamentConfig } from './config.js';
import { EngineClient } from '../client/engineClient.js';
import { forfeitGame, playGame, type PlayedGame } from './game.js';
import { clearLiveGames, openLiveGame } from './liveGame.js';
import { loadOpenings, openingPositions, type Opening, type OpeningBook } from './openings.js';
import { gameRulesString, makeOtg } from '../notation/otg.js';
import { fileError, lockOutFolder, prepareOutFolder, type OutLock } from './outFolder.js';
import { describeRejected, readResultsFile, type RejectedLine } from './results.js';
import { summarize, type GameResult, type TournamentSummary } from './summary.js';

export interface ScheduledGame {
  id: string;
  pairing: number;
  pair: number;
  leg: number;
  attackers: number;
  defenders: number;
}

export function makePairings(engineCount: number, format: TournamentConfig['format']): [number, number][] {
  const pairings: [number, number][] = [];
  if (format === 'gauntlet') for (let j = 1; j < engineCount; j++) pairings.push([0, j]);
  else for (let i = 0; i < engineCount; i++) for (let j = i + 1; j < engineCount; j++) pairings.push([i, j]);
  return pairings;
}

/** Pair by pair, every pairing in turn, so that all pairings progress together. */
export function makeSchedule(pairings: [number, number][], games: number): ScheduledGame[] {
  const schedule: ScheduledGame[] = [];
  for (let pair = 0; pair < games / 2; pair++) {
    pairings.forEach(([i, j], pairing) => {
      for (const leg of [0, 1]) {
        schedule.push({
          id: `p${pairing + 1}-r${pair + 1}-g${leg + 1}`,
          pairing,
          pair,
          leg,
          attackers: leg === 0 ? i : j,
          defenders: leg === 0 ? j : i,
        });
      }
    });
  }
  return schedule;
}

/** What must not change between a run and its resumption. */
export function fingerprint(config: TournamentConfig): string {
  return JSON.stringify({
    variant: config.variant,
    seed: config.seed,
    format: config.format,
    tc: config.tc,
    openings: config.openings,
    engines: config.engines.map((e) => ({ name: e.name, cmd: e.cmd, args: e.args, options: e.options, tc: e.tc })),
  });
}

export interface ProgressEvent {
  finished: number;
  total: number;
  game?: GameResult;
  summary: TournamentSummary;
}

/** A finished game: its results.jsonl line and its OpenTafl record (games/<id>.otg). */
export interface FinishedGame {
  record: GameResult;
  otg: string;
}

/** How the games are played: here with engine processes (LocalGames), or by workers on a job queue. */
export interface GameScheduler {
  /** Games under way at once. */
  readonly concurrency: number;
  /** Gets ready to play: engines start (local), the queue is reachable and free (queue). */
  start(): Promise<Result<void>>;
  /** Plays one game; undefined when it was dropped (the scheduler was killed, or failed). */
  play(game: ScheduledGame): Promise<FinishedGame | undefined>;
  /** Stops at once: games under way are dropped, games not started withdrawn. */
  kill(): void;
  /** Set when the scheduler stopped on an error the run must report. */
  readonly failure?: HnefiError;
  close(): Promise<void>;
}

/** Idle engine processes by engine name, started on demand and reused with `ucinewgame`. */
class EnginePool {
  private idle = new Map<string, EngineClient[]>();
  private all = new Set<EngineClient>();
  constructor(private readonly config: Pick<TournamentConfig, 'variant' | 'timeouts'>) {}

  async acquire(
    engine: EngineConfig,
  ): Promise<{ ok: true; engine: EngineClient } | { ok: false; fault: 'crash' | 'hang' | 'time' | 'garbage'; detail: string }> {
    const list = this.idle.get(engine.name) ?? [];
    while (list.length > 0) {
      const candidate = list.pop()!;
      if (candidate.alive) return { ok: true, engine: candidate };
      this.all.delete(candidate);
    }
    // The tournament's variant comes first and cannot be overridden (the config refuses a different one).
    const options = Object.fromEntries(Object.entries(engine.options).filter(([name]) => name.toLowerCase() !== 'uci_variant'));
    const spec = { ...engine, options: { UCI_Variant: this.config.variant, ...options } };
    const started = await EngineClient.start(spec, this.config.timeouts);
    if (started.ok) this.all.add(started.engine);
    return started;
  }

  release(engine: EngineClient, faulty: boolean): void {
    if (faulty || !engine.alive) {
      engine.kill();
      this.all.delete(engine);
      return;
    }
    const list = this.idle.get(engine.spec.name) ?? [];
    list.push(engine);
    this.idle.set(engine.spec.name, list);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.all].map((engine) => engine.quit()));
    this.all.clear();
    this.idle.clear();
  }

  killAll(): void {
    for (const engine of this.all) engine.kill();
  }
}

export class Tournament {
  readonly config: TournamentConfig;
  readonly pairings: [number, number][];
  readonly schedule: ScheduledGame[];
  private readonly scheduler: GameScheduler;
  private records: GameResult[] = [];
  private stopping = false;
  private lock: OutLock | undefined;

  private constructor(config: TournamentConfig, rules: RuleSet, book: OpeningBook, scheduler?: SchedulerFactory) {
    this.config = config;
    this.pairings = makePairings(config.engines.length, config.format);
    this.schedule = makeSchedule(this.pairings, config.games);
    this.scheduler = scheduler?.(config, book) ?? new LocalGames(config, rules, (game) => book.get(game.pair), config.out);
  }

  /** Without a scheduler the games are played here, by LocalGames. */
  static create(config: TournamentConfig, scheduler?: SchedulerFactory): Result<Tournament> {
    const rules = getVariant(config.variant);
    if (!rules.ok) return rules;
    const book = loadOpenings(rules.value, config.variant, config.openings, config.seed);
    if (!book.ok) return book;
    return ok(new Tournament(config, rules.value, book.value, scheduler));
  }

  get resultsFile(): string {
    return join(this.config.out, 'results.jsonl');
  }

  /** Games scheduled, counting results already in the file beyond the schedule (a tournament later made shorter). */
  private get scheduled(): number {
    const ids = new Set(this.schedule.map((g) => g.id));
    return this.schedule.length + this.records.filter((r) => !ids.has(r.id)).length;
  }

  summary(): TournamentSummary {
    return summarize(
      this.config.variant,
      this.config.engines.map((e) => e.name),
      this.pairings,
      this.records,
      this.scheduled,
      this.config.sprt,
    );
  }

  /** Reads the results in out (nothing is written): the statistics of a tournament as far as it got. */
  readResults(): Result<{ summary: TournamentSummary; rejected: RejectedLine[] }> {
    const file = readResultsFile(
      this.resultsFile,
      this.config.engines.map((e) => e.name),
      this.pairings,
    );
    if (!file.ok) return file;
    this.records = file.value.records;
    return ok({ summary: this.summary(), rejected: file.value.rejected });
  }

  /** Stops at once (an interrupt, or the SPRT has decided): engines are killed, games under way are dropped. */
  kill(): void {
    this.stopping = true;
    this.scheduler.kill();
  }

  /** Releases the out folder at once, for an interrupt that ends the process without waiting for run(). */
  releaseOut(): void {
    this.lock?.release();
    this.lock = undefined;
  }

  /**
   * Plays the tournament. `onNotice` gets one-line remarks (results lines that cannot be used).
   * Nothing in `out` is claimed until every engine has started with its options accepted.
   */
  async run(onProgress?: (event: ProgressEvent) => void, onNotice?: (line: string) => void): Promise<Result<TournamentSummary>> {
    const { out } = this.config;
    const prepared = prepareOutFolder(out);
    if (!prepared.ok) return prepared;
    const lock = lockOutFolder(out);
    if (!lock.ok) return lock;
    this.lock = lock.value;
    try {
      return await this.runLocked(onProgress, onNotice);
    } finally {
      await this.scheduler.close();
      this.releaseOut();
    }
  }

  private async runLocked(
    onProgress?: (event: ProgressEvent) => void,
    onNotice?: (line: string) => void,
  ): Promise<Result<TournamentSummary>> {
    const { out } = this.config;
    const stamp = join(out, 'tournament.json');
    if (existsSync(stamp)) {
      let previous: unknown;
      try {
        previous = JSON.parse(readFileSync(stamp, 'utf8'));
      } catch (e) {
        return err(
          'out-in-use',
          `out folder '${out}': tournament.json is unreadable (${(e as Error).message.split('\n')[0]}); choose another out`,
        );
      }
      const stored = typeof previous === 'object' && previous !== null ? (previous as { fingerprint?: unknown }).fingerprint : undefined;
      if (stored !== fingerprint(this.config)) {
        return err(
          'out-in-use',
          `out folder '${out}' holds another tournament (different engines, variant, time control, openings or seed); choose another out`,
        );
      }
    } else if (this.holdsGames()) {
      return err(
        'out-in-use',
        `out folder '${out}' holds game results but no tournament.json: under which configuration they were played is unknown; restore tournament.json or choose another out`,
      );
    }

    const check = await this.scheduler.start();
    if (!check.ok) return check;

    // The first game is about to start: claim the folder (the configuration as of this run: games may grow).
    const claimed = this.attempt('write', stamp, () => {
      writeFileSync(stamp, JSON.stringify({ fingerprint: fingerprint(this.config), config: this.config }, null, 2) + '\n');
      mkdirSync(join(out, 'games'), { recursive: true });
    });
    if (!claimed.ok) return claimed;
    clearLiveGames(out);
    const loaded = this.loadResults(onNotice);
    if (!loaded.ok) return loaded;
    const done = new Set(this.records.map((r) => r.id));
    const queue = this.schedule.filter((game) => !done.has(game.id));

    const decided = (summary: TournamentSummary): boolean => summary.sprt !== undefined && summary.sprt.verdict !== 'continue';
    let summary = this.summary();
    onProgress?.({ finished: this.records.length, total: this.scheduled, summary });
    // A resumed run whose SPRT had already decided plays nothing more.
    if (decided(summary)) queue.length = 0;
    let failure: string | undefined;
    const worker = async (): Promise<void> => {
      while (!this.stopping && queue.length > 0) {
        const game = queue.shift()!;
        const finished = await this.scheduler.play(game);
        // A game whose result arrives twice (a queue's retry) counts once.
        if (finished === undefined || done.has(finished.record.id)) continue;
        const { record, otg } = finished;
        done.add(record.id);
        // A game whose result cannot be written is lost, and so would every later one be: stop cleanly.
        const written = this.attempt('append to', this.resultsFile, () => appendFileSync(this.resultsFile, JSON.stringify(record) + '\n'));
        if (written.ok) this.records.push(record);
        const kept = written.ok
          ? this.attempt('write', join(out, record.record), () => writeFileSync(join(out, record.record), otg))
          : written;
        summary = this.summary();
        const summarized = kept.ok ? this.writeSummary(summary) : kept;
        if (!summarized.ok) {
          failure ??= summarized.error.message;
          this.kill();
          return;
        }
        onProgress?.({ finished: this.records.length, total: this.scheduled, game: record, summary });
        // Games still under way cannot change the decision: drop them rather than wait.
        if (decided(summary)) this.kill();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(this.scheduler.concurrency, queue.length)) }, worker));
    if (this.scheduler.failure !== undefined) return err(this.scheduler.failure.code, this.scheduler.failure.message);
    if (failure !== undefined) {
      return err(
        'write-failed',
        `${failure}; stopped after ${this.records.length} finished games, all kept in ${this.resultsFile}: run again to resume`,
      );
    }
    summary = this.summary();
    const summarized = this.writeSummary(summary);
    if (!summarized.ok) return summarized;
    return ok(summary);
  }

  private writeSummary(summary: TournamentSummary): Result<void> {
    const file = join(this.config.out, 'summary.json');
    return this.attempt('write', file, () => writeFileSync(file, JSON.stringify(summary, null, 2) + '\n'));
  }

  private attempt(action: string, path: string, write: () => void): Result<void> {
    try {
      write();
      return ok(undefined);
    } catch (e) {
      return err('write-failed', fileError(action, path, e));
    }
  }

  /** Results or game records without a tournament.json: left by a run whose configuration is lost. */
  private holdsGames(): boolean {
    const results = existsSync(this.resultsFile) && readFileSync(this.resultsFile, 'utf8').trim() !== '';
    const games = join(this.config.out, 'games');
    return results || (existsSync(games) && readdirSync(games).length > 0);
  }

  /**
   * Reads the finished games for resumption. Lines that cannot be used (a line cut short by an
   * interruption, lines that are no result of this tournament, a second result of a game) are moved
   * to results.rejected.jsonl and reported, so that results.jsonl holds exactly the games counted.
   */
  private loadResults(onNotice?: (line: string) => void): Result<void> {
    const read = readResultsFile(
      this.resultsFile,
      this.config.engines.map((e) => e.name),
      this.pairings,
    );
    if (!read.ok) return read;
    const file = read.value;
    this.records = file.records;
    if (file.rejected.length === 0) return ok(undefined);
    const rejectedFile = join(this.config.out, 'results.rejected.jsonl');
    const moved = this.attempt('write', rejectedFile, () => {
      appendFileSync(rejectedFile, file.rejected.map((r) => r.text + '\n').join(''));
      writeFileSync(this.resultsFile, file.records.map((r) => JSON.stringify(r) + '\n').join(''));
    });
    if (!moved.ok) return moved;
    for (const line of describeRejected(this.resultsFile, file.rejected)) onNotice?.(line);
    onNotice?.(`  (moved to ${rejectedFile}; the games they stood for are played again)`);
    return ok(undefined);
  }
}

/** What playing a game needs of the configuration. */
export type GameSettings = Pick<
  TournamentConfig,
  'variant' | 'seed' | 'tc' | 'engines' | 'adjudication' | 'timeMarginMs' | 'timeouts' | 'concurrency'
>;

export type SchedulerFactory = (config: TournamentConfig, book: OpeningBook) => GameScheduler;

/** Plays the games here, `concurrency` at a time, with engine processes from a pool. */
export class LocalGames implements GameScheduler {
  private readonly pool: EnginePool;
  private stopping = false;

  constructor(
    private readonly config: GameSettings,
    private readonly rules: RuleSet,
    private readonly openingOf: (game: ScheduledGame) => Opening,
    /** The tournament's out folder, where games under way are published while watched (none: not published). */
    private readonly out?: string,
  ) {
    this.pool = new EnginePool(config);
  }

  get concurrency(): number {
    return this.config.concurrency;
  }

  start(): Promise<Result<void>> {
    return this.checkEngines();
  }

  kill(): void {
    this.stopping = true;
    this.pool.killAll();
  }

  close(): Promise<void> {
    return this.pool.closeAll();
  }

  /** Each engine must start, answer the handshake and accept its options, or the tournament cannot run. */
  private async checkEngines(): Promise<Result<void>> {
    for (const [index, engine] of this.config.engines.entries()) {
      const command = [engine.cmd, ...engine.args].join(' ');
      if (engine.cwd !== undefined && !existsSync(engine.cwd)) {
        return err(
          'engine-start',
          `engines[${index}].cwd: engine '${engine.name}' has working folder '${engine.cwd}', which does not exist`,
        );
      }
      const started = await this.pool.acquire(engine);
      if (!started.ok) return err('engine-start', `engine '${engine.name}' (${command}) does not start: ${started.detail}`);
      const rejected = started.engine.rejectedOptions;
      this.pool.release(started.engine, rejected.length > 0);
      if (rejected.length > 0) {
        const list = rejected.map((o) => `${o.name}=${String(o.value)} (${o.message})`).join(', ');
        return err('engine-options', `engine '${engine.name}' rejects option${rejected.length === 1 ? '' : 's'} ${list}`);
      }
    }
    return ok(undefined);
  }

  async play(game: ScheduledGame): Promise<FinishedGame | undefined> {
    const config = this.config;
    const opening = this.openingOf(game);
    const positions = openingPositions(this.rules, opening);
    if (!positions.ok) throw new Error(`opening ${opening.id}: ${positions.error.message}`);
    const names = [config.engines[game.attackers], config.engines[game.defenders]];
    const tcs = names.map((e) => e.tc ?? config.tc);
    const started = Date.now();

    const engines: EngineClient[] = [];
    let played: PlayedGame | undefined;
    for (let side = 0; side < 2 && played === undefined; side++) {
      const acquired = await this.pool.acquire(names[side]);
      if (acquired.ok) engines.push(acquired.engine);
      else
        played = forfeitGame(
          positions.value.start,
          opening,
          side as Side,
          acquired.fault,
          `${names[side].name}: restart failed: ${acquired.detail}`,
        );
    }
    if (this.stopping) {
      engines.forEach((engine) => this.pool.release(engine, false));
      return undefined;
    }
    if (played === undefined) {
      const live =
        this.out === undefined
          ? undefined
          : openLiveGame(this.out, {
              id: game.id,
              variant: config.variant,
              attackers: names[0].name,
              defenders: names[1].name,
              start: makeTfen(positions.value.start),
              date: new Date(started).toISOString(),
            });
      played = await playGame({
        rules: this.rules,
        opening,
        start: positions.value.start,
        attackers: { name: names[0].name, engine: engines[0], tc: tcs[0] },
        defenders: { name: names[1].name, engine: engines[1], tc: tcs[1] },
        adjudication: config.adjudication,
        timeMarginMs: config.timeMarginMs,
        moveTimeoutMs: config.timeouts.moveMs,
        onTurn: live?.turn,
      });
      live?.end();
    }
    engines.forEach((engine, side) => this.pool.release(engine, played.faulted === side));
    // After an interrupt or the SPRT's decision the game is dropped: killed engines are no fault of theirs.
    if (this.stopping) return undefined;

    const recordFile = join('games', `${game.id}.otg`);
    const record: GameResult = {
      id: game.id,
      pairing: game.pairing,
      pair: game.pair,
      leg: game.leg,
      attackers: names[0].name,
      defenders: names[1].name,
      result: played.result,
      reason: played.reason,
      turns: played.moves.length,
      opening: played.openingText,
      openingId: opening.id,
      moves: played.moves,
      finalTfen: played.finalTfen,
      variant: config.variant,
      tc: { attackers: makeTimeControlText(tcs[0]), defenders: makeTimeControlText(tcs[1]) },
      durationMs: Date.now() - started,
      date: new Date(started).toISOString(),
      record: recordFile,
    };
    if (played.detail !== undefined) record.detail = played.detail;
    const termination = played.detail !== undefined ? `${played.reason}: ${played.detail}` : played.reason;
    const otg = makeOtg({
      tags: {
        event: `Hnefi tournament (seed ${config.seed})`,
        site: 'hnefi tournament',
        date: record.date.slice(0, 10).replace(/-/g, '.'),
        round: `${game.pair + 1}`,
        attackers: record.attackers,
        defenders: record.defenders,
        result: played.result === 'attackers' ? '1' : played.result === 'defenders' ? '-1' : '0',
        termination,
        variant: config.variant,
        // Not OpenTafl's time-control tag: its reader expects its own clock notation there.
        tc: `${record.tc.attackers} / ${record.tc.defenders}`,
        opening: record.opening,
      },
      rules: gameRulesString(this.rules, opening.tfen === undefined ? undefined : positions.value.start),
      turns: played.otnTurns,
    });
    return { record, otg };
  }
}
