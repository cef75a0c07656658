// A queue worker: takes game jobs from BullMQ and plays them here through the runner's own game
// code (LocalGames: the engine pool, the referee, the same faults), with the engines it has itself:
// those of its --engines file, by name, or git revisions built from its own clone (unless told not
// to build). A job it cannot play, or that asks more than its policy allows (workerPolicy.ts), is
// refused with the reason, which the coordinator reports. Stopping gives the games under way back
// to the queue.

import { Worker, UnrecoverableError, WaitingError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { err, getVariant, ok, type Result } from '../engine/index.js';
import { buildRevision, defaultBuildCache, type RevisionBuild } from '../tournament/build.js';
import type { EngineConfig } from '../tournament/engineConfig.js';
import type { Opening } from '../tournament/openings.js';
import { LocalGames } from '../tournament/localGames.js';
import { checkReachable, connect, type QueueAddress } from './connection.js';
import { readQueueVersions } from './coordinatorLock.js';
import { checkJobVersion, HNEFI_VERSION, JOB_FORMAT, parseGameJob, type GameJob, type JobEngine } from './job.js';
import { checkJobOptions, checkJobTime, type WorkerPolicy } from './workerPolicy.js';

export interface WorkerSetup {
  address: QueueAddress;
  /** Recorded with every game it plays. */
  name: string;
  concurrency: number;
  engines: ReadonlyMap<string, EngineConfig>;
  /** The git clone `compare` revisions are built from. */
  repo: string;
  /** What it accepts from a job. */
  policy: WorkerPolicy;
  /** BullMQ's job lock and stalled-job check (ms): a killed worker's games go to another after about these. */
  lockMs: number;
  stalledMs: number;
  log: (line: string) => void;
}

/** Games of one tournament and pairing share their engine processes. */
interface GameTable {
  games: LocalGames;
  openings: Map<string, Opening>;
}

export class GameWorker {
  private worker: Worker | undefined;
  private redis: Redis | undefined;
  private readonly tables = new Map<string, Promise<Result<GameTable>>>();
  private readonly builds = new Map<string, Result<RevisionBuild>>();
  private readonly underWay = new Set<string>();
  private played = 0;
  /** Set when a job of another Hnefi version stopped the worker. */
  versionRefused = false;
  private stopping: Promise<number> | undefined;
  private readonly stopped: Promise<void>;
  private markStopped: () => void = () => {};

  private constructor(private readonly setup: WorkerSetup) {
    this.stopped = new Promise((resolve) => {
      this.markStopped = resolve;
    });
  }

  /** Connects, checks the queue's versions, and starts taking jobs. */
  static async start(setup: WorkerSetup): Promise<Result<GameWorker>> {
    const self = new GameWorker(setup);
    const { address, log } = setup;
    const redis = connect(
      address,
      (reason) => self.stopping !== undefined || log(`lost Redis at ${address.shown} (${reason}); waiting for it to come back`),
      () => self.stopping !== undefined || log(`Redis at ${address.shown} is back`),
    );
    self.redis = redis;
    const reachable = await checkReachable(redis, address);
    if (!reachable.ok) {
      redis.disconnect();
      return reachable;
    }
    const versions = await readQueueVersions(redis, address.name);
    if (versions !== undefined && (versions.hnefi !== HNEFI_VERSION || versions.format !== JOB_FORMAT)) {
      redis.disconnect();
      return err(
        'other-version',
        `queue '${address.name}' is coordinated by Hnefi ${versions.hnefi} (job format ${versions.format}); this worker is Hnefi ${HNEFI_VERSION} (job format ${JOB_FORMAT}): run the same Hnefi version on the coordinator and every worker`,
      );
    }
    self.worker = new Worker(address.name, (job, token) => self.process(job, token), {
      connection: redis,
      concurrency: setup.concurrency,
      lockDuration: setup.lockMs,
      stalledInterval: setup.stalledMs,
      maxStalledCount: 5,
    });
    self.worker.on('error', () => {
      // Connection errors: the connection's handlers report them, and BullMQ retries.
    });
    self.worker.on('failed', (job, error) => {
      if (job !== undefined && !(error instanceof WaitingError)) log(`refused job ${job.id}: ${error.message}`);
    });
    log(
      `worker ${setup.name}: taking games from queue '${address.name}' on ${address.shown}, up to ${setup.concurrency} at once` +
        ` (engines: ${[...setup.engines.keys()].join(', ') || 'none'}; ` +
        `${setup.policy.builds ? `git revisions from ${setup.repo}` : 'no git revisions built'})`,
    );
    return ok(self);
  }

  /** Resolves when the worker has stopped (stop(), or a job of another Hnefi version). */
  get done(): Promise<void> {
    return this.stopped;
  }

  /** Stops taking jobs and gives the games under way back to the queue; resolves to how many. */
  stop(): Promise<number> {
    this.stopping ??= (async () => {
      const given = this.underWay.size;
      const closing = this.worker?.close();
      for (const table of this.tables.values()) {
        const made = await table;
        if (made.ok) made.value.games.kill();
      }
      await closing;
      for (const table of this.tables.values()) {
        const made = await table;
        if (made.ok) await made.value.games.close();
      }
      this.redis?.disconnect();
      this.markStopped();
      return given;
    })();
    return this.stopping;
  }

  private async process(job: Job, token?: string): Promise<unknown> {
    const { log, name } = this.setup;
    const version = checkJobVersion(job.data);
    if (!version.ok && version.error.code === 'other-version') {
      log(`job ${job.id}: ${version.error.message}; stopping`);
      this.versionRefused = true;
      void this.stop();
      throw new UnrecoverableError(`worker ${name}: ${version.error.message}`);
    }
    const parsed = parseGameJob(job.data);
    if (!parsed.ok) throw new UnrecoverableError(`worker ${name}: ${parsed.error.message}`);
    const data = parsed.value;
    const bounded = checkJobTime(data, this.setup.policy);
    if (!bounded.ok) throw new UnrecoverableError(`worker ${name}: ${bounded.error.message}`);
    const table = await this.table(data);
    if (!table.ok) throw new UnrecoverableError(`worker ${name}: ${table.error.message}`);
    const { games, openings } = table.value;

    const game = data.game;
    openings.set(game.id, data.opening);
    this.underWay.add(game.id);
    log(
      `game ${game.id} started: ${data.attackers.name} (attackers) vs ${data.defenders.name} (defenders) [under way ${this.underWay.size}]`,
    );
    const finished = await games.play({ ...game, attackers: 0, defenders: 1 }).finally(() => {
      openings.delete(game.id);
      this.underWay.delete(game.id);
    });
    if (finished === undefined) {
      // Stopping: the game goes back to the queue for another worker.
      await job.moveToWait(token);
      throw new WaitingError();
    }
    this.played++;
    const r = finished.record;
    log(
      `game ${game.id}: ${r.result} by ${r.reason}, ${r.turns} turns, ${(r.durationMs / 1000).toFixed(1)} s [played ${this.played}, under way ${this.underWay.size}]`,
    );
    return { record: { ...r, worker: name }, otg: finished.otg };
  }

  /** The engines and engine processes for a job's tournament and pairing, made once and checked to start. */
  private table(job: GameJob): Promise<Result<GameTable>> {
    const key = JSON.stringify([
      job.tournament,
      job.variant,
      job.seed,
      job.adjudication,
      job.timeMarginMs,
      job.timeouts,
      job.attackers,
      job.defenders,
    ]);
    let table = this.tables.get(key);
    if (table === undefined) {
      table = this.makeTable(job);
      this.tables.set(key, table);
      // A refusal is not kept: the worker's engines may be fixed (a revision fetched) for the next job.
      void table.then((made) => {
        if (!made.ok) this.tables.delete(key);
      });
    }
    return table;
  }

  private async makeTable(job: GameJob): Promise<Result<GameTable>> {
    if (!getVariant(job.variant).ok) return err('unknown-variant', `no variant '${job.variant}' in Hnefi ${HNEFI_VERSION}`);
    const engines: EngineConfig[] = [];
    for (const engine of [job.attackers, job.defenders]) {
      const made = this.engine(engine);
      if (!made.ok) return made;
      engines.push(made.value);
    }
    const openings = new Map<string, Opening>();
    const rules = getVariant(job.variant);
    if (!rules.ok) return rules;
    const games = new LocalGames(
      {
        variant: job.variant,
        seed: job.seed,
        tc: job.attackers.tc,
        engines,
        adjudication: job.adjudication,
        timeMarginMs: job.timeMarginMs,
        timeouts: job.timeouts,
        concurrency: this.setup.concurrency,
      },
      rules.value,
      (game) => openings.get(game.id)!,
    );
    const started = await games.start();
    if (!started.ok) {
      await games.close();
      return started;
    }
    return ok({ games, openings });
  }

  /** A job's engine as this worker runs it: its own command for the name, or its own build of the revision. */
  private engine(engine: JobEngine): Result<EngineConfig> {
    if (engine.revision !== undefined) {
      const options = checkJobOptions(engine, undefined, this.setup.policy);
      if (!options.ok) return options;
      if (!this.setup.policy.builds)
        return err('no-builds', `'${engine.name}' is revision ${engine.revision}, and this worker builds none (--no-builds)`);
      let build = this.builds.get(engine.revision);
      if (build === undefined) {
        build = buildRevision(engine.revision, this.setup.log, this.setup.repo, defaultBuildCache());
        if (build.ok) this.builds.set(engine.revision, build);
      }
      if (!build.ok)
        return err(
          'unknown-revision',
          `cannot build revision ${engine.revision} of '${engine.name}' from ${this.setup.repo}: ${build.error.message} (git fetch it there)`,
        );
      return ok({ name: engine.name, cmd: process.execPath, args: [build.value.entry], options: engine.options, tc: engine.tc });
    }
    const own = this.setup.engines.get(engine.name);
    if (own === undefined) {
      const known = [...this.setup.engines.keys()];
      return err(
        'unknown-engine',
        `no engine '${engine.name}' in its --engines file (${known.length > 0 ? `it has: ${known.join(', ')}` : 'it has none'})`,
      );
    }
    const options = checkJobOptions(engine, own, this.setup.policy);
    if (!options.ok) return options;
    return ok({ ...own, options: { ...own.options, ...engine.options }, tc: engine.tc });
  }
}
