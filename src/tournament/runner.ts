// The tournament runner: plays the schedule (schedule.ts) N at a time, here (localGames.ts) or through a
// job queue, appends every finished game to results.jsonl and its OpenTafl record to games/, keeps
// summary.json current, stops early when the SPRT decides, and resumes from results.jsonl when run again
// with the same `out`. The out folder is checked and locked before anything else, and claimed
// (tournament.json) only once every engine has started with all its options accepted.

import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { err, getVariant, ok, type Result, type RuleSet } from '../engine/index.js';
import { refereeVariant, rulesNotes, type TournamentConfig } from './config.js';
import { clearLiveGames } from './liveGame.js';
import { LocalGames } from './localGames.js';
import { loadOpenings, type OpeningBook } from './openings.js';
import { fileError, lockOutFolder, prepareOutFolder, type OutLock } from './outFolder.js';
import { describeRejected, readResultsFile, type RejectedLine } from './results.js';
import { makePairings, makeSchedule, type GameScheduler, type ScheduledGame, type SchedulerFactory } from './schedule.js';
import { summarize, type GameResult, type TournamentSummary } from './summary.js';

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
    const rules = getVariant(refereeVariant(config));
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
    const summary = summarize(
      this.config.variant,
      this.config.engines.map((e) => e.name),
      this.pairings,
      this.records,
      this.scheduled,
      this.config.sprt,
    );
    const notes = rulesNotes(this.config);
    return notes.length > 0 ? { ...summary, rulesNotes: notes } : summary;
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
