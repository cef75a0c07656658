// The coordinator's side of a queued tournament: a GameScheduler whose games are BullMQ jobs played
// by workers. Results stay in Redis until the runner has written them to the out folder, so a
// coordinator killed at any moment loses nothing: started again, it finds its jobs by their stable
// ids. Jobs that vanish (Redis restarted without its data) are queued again; a job a worker refused
// stops the run with the worker's reason.

import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { ok, type HnefiError, type Result } from '../engine/index.js';
import type { TournamentConfig } from '../tournament/config.js';
import type { OpeningBook } from '../tournament/openings.js';
import { fingerprint } from '../tournament/runner.js';
import type { FinishedGame, GameScheduler, ScheduledGame } from '../tournament/schedule.js';
import { checkReachable, connect, type QueueAddress } from './connection.js';
import { CoordinatorLock } from './coordinatorLock.js';
import { jobId, makeGameJob, parseFinishedGame, tournamentId, type GameJob } from './job.js';

/** Jobs in the queue at once: enough to keep many workers busy, few to withdraw when the SPRT stops. */
export const QUEUE_WINDOW = 500;
const SWEEP_MS = 100;
const PRESENCE_CHECK_MS = 2000;
const PAGE = 200;

export interface QueueSetup {
  address: QueueAddress;
  config: TournamentConfig;
  book: OpeningBook;
  /** Engines that are git revisions (`compare`): name to full commit. */
  revisions?: ReadonlyMap<string, string>;
  log: (line: string) => void;
}

interface Pending {
  game: ScheduledGame;
  data: GameJob;
  resolve: (finished: FinishedGame | undefined) => void;
}

export class QueueGames implements GameScheduler {
  readonly concurrency = QUEUE_WINDOW;
  failure: HnefiError | undefined;
  private readonly tournament: string;
  private redis: Redis | undefined;
  private queue: Queue | undefined;
  private lock: CoordinatorLock | undefined;
  private readonly pending = new Map<string, Pending>();
  /** Results that came before their game was asked for (left by an earlier coordinator). */
  private readonly arrived = new Map<string, unknown>();
  /** Job ids handed to the runner: removed from Redis at the next sweep, once written. */
  private readonly delivered = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> = Promise.resolve();
  private lastPresenceCheck = 0;
  private stopping = false;
  private closed = false;

  constructor(private readonly setup: QueueSetup) {
    this.tournament = tournamentId(fingerprint(setup.config));
  }

  async start(): Promise<Result<void>> {
    const { address, log } = this.setup;
    const redis = connect(
      address,
      (reason) =>
        this.closed ||
        log(`lost Redis at ${address.shown} (${reason}); waiting for it to come back (Ctrl-C and the same command later resumes)`),
      () => this.closed || log(`Redis at ${address.shown} is back`),
    );
    this.redis = redis;
    const reachable = await checkReachable(redis, address);
    if (!reachable.ok) return reachable;
    const lock = await CoordinatorLock.acquire(redis, address, this.setup.config.out, (message) => this.fail('queue-taken', message));
    if (!lock.ok) return lock;
    this.lock = lock.value;
    this.queue = new Queue(address.name, { connection: redis });
    this.queue.on('error', () => {
      // Connection errors: the connection's own handlers report them, and commands wait for Redis.
    });
    await this.removeOtherTournaments();
    log(
      `coordinating queue '${address.name}' on ${address.shown} (tournament ${this.tournament}); start workers with: hnefi worker --queue ${address.shown}${address.name === 'hnefi' ? '' : ` --queue-name ${address.name}`}`,
    );
    this.timer = setInterval(() => {
      this.sweeping = this.sweeping
        .then(() => this.sweep())
        .catch(() => {
          // Redis is away: the next sweep tries again.
        });
    }, SWEEP_MS);
    return ok(undefined);
  }

  play(game: ScheduledGame): Promise<FinishedGame | undefined> {
    if (this.stopping || this.queue === undefined) return Promise.resolve(undefined);
    const id = jobId(this.tournament, game.id);
    const data = makeGameJob(this.setup.config, this.tournament, game, this.setup.book.get(game.pair), this.setup.revisions ?? new Map());
    return new Promise((resolve) => {
      const waiting: Pending = { game, data, resolve };
      if (this.arrived.has(id)) {
        this.deliver(id, waiting, this.arrived.get(id));
        this.arrived.delete(id);
        return;
      }
      this.pending.set(id, waiting);
      // A job of this id already in the queue (queued by a coordinator before a restart) is kept as it is.
      this.add(id, data);
    });
  }

  kill(): void {
    if (this.stopping) return;
    this.stopping = true;
    for (const waiting of this.pending.values()) waiting.resolve(undefined);
    this.pending.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.sweeping;
    if (this.queue !== undefined) {
      // Withdraw the games not started (after an SPRT stop or a failure), and the results already written.
      await this.queue.drain(true).catch(() => undefined);
      // After a complete run, results that came twice or for games the SPRT made needless go too.
      const written = this.failure === undefined ? [...this.delivered, ...this.arrived.keys()] : [...this.delivered];
      await Promise.all(written.map((id) => this.queue!.remove(id).catch(() => 0)));
      await this.queue.close().catch(() => undefined);
    }
    await this.lock?.release();
    this.redis?.disconnect();
  }

  private add(id: string, data: GameJob): void {
    this.queue!.add('game', data, { jobId: id, removeOnComplete: false, removeOnFail: false, attempts: 1 }).catch((e: Error) => {
      this.setup.log(`could not queue game ${data.game.id}: ${e.message}; trying again`);
    });
  }

  private fail(code: string, message: string): void {
    if (this.failure !== undefined) return;
    this.failure = { code, message };
    this.kill();
  }

  private deliver(id: string, waiting: Pending, value: unknown): void {
    const finished = parseFinishedGame(value, waiting.game);
    if (!finished.ok) {
      this.fail(finished.error.code, finished.error.message);
      return;
    }
    this.delivered.add(id);
    waiting.resolve(finished.value);
  }

  /** Collects finished and refused jobs, removes the written ones, and queues again those Redis lost. */
  private async sweep(): Promise<void> {
    const queue = this.queue!;
    const ours = (job: Job | undefined): job is Job =>
      job !== undefined && job.id !== undefined && job.id.startsWith(`${this.tournament}-`);
    await Promise.all(
      [...this.delivered].map(async (id) => {
        if ((await queue.remove(id)) === 1 || (await queue.getJobState(id)) === 'unknown') this.delivered.delete(id);
      }),
    );
    if (this.stopping) return;
    const completed = (await queue.getJobs(['completed'], 0, PAGE - 1, true)).filter(ours);
    for (const job of completed) {
      const id = job.id!;
      if (this.delivered.has(id)) continue;
      const waiting = this.pending.get(id);
      if (waiting === undefined) {
        this.arrived.set(id, job.returnvalue);
        continue;
      }
      this.pending.delete(id);
      this.deliver(id, waiting, job.returnvalue);
    }
    const failed = (await queue.getJobs(['failed'], 0, PAGE - 1, true)).filter(ours);
    for (const job of failed) {
      const gameId = job.id!.slice(this.tournament.length + 1);
      if (!this.pending.has(job.id!)) continue;
      await queue.remove(job.id!).catch(() => 0);
      this.fail(
        'game-refused',
        `game ${gameId} failed on a worker: ${job.failedReason}. Fix that worker (or stop it), then run the same command again to resume`,
      );
      return;
    }
    if (Date.now() - this.lastPresenceCheck >= PRESENCE_CHECK_MS) {
      this.lastPresenceCheck = Date.now();
      await Promise.all(
        [...this.pending].map(async ([id, waiting]) => {
          if ((await queue.getJobState(id)) !== 'unknown' || !this.pending.has(id)) return;
          this.setup.log(`game ${waiting.game.id} is no longer in the queue (Redis restarted without its data?): queued again`);
          this.add(id, waiting.data);
        }),
      );
    }
  }

  /** Jobs of another tournament left on this queue name can only be stale: this coordinator holds the queue. */
  private async removeOtherTournaments(): Promise<void> {
    const queue = this.queue!;
    let removed = 0;
    const stale: string[] = [];
    for (let start = 0; ; start += PAGE) {
      const jobs = await queue.getJobs(['waiting', 'prioritized', 'delayed', 'completed', 'failed'], start, start + PAGE - 1, true);
      for (const job of jobs) if (job?.id !== undefined && !job.id.startsWith(`${this.tournament}-`)) stale.push(job.id);
      if (jobs.length < PAGE) break;
    }
    for (const id of stale) removed += await queue.remove(id).catch(() => 0);
    if (removed > 0) this.setup.log(`removed ${removed} stale jobs of another tournament from queue '${this.setup.address.name}'`);
  }
}

export const queueScheduler =
  (setup: Omit<QueueSetup, 'config' | 'book'>) =>
  (config: TournamentConfig, book: OpeningBook): QueueGames =>
    new QueueGames({ ...setup, config, book });
