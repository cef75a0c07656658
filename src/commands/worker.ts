// `hnefi worker --queue redis://...`: plays the games of `hnefi tournament --queue` and `hnefi compare
// --queue` on this machine until Ctrl-C, which gives the games under way back to the queue.

import { availableParallelism, hostname } from 'node:os';
import { resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import type { EngineConfig } from '../tournament/engineConfig.js';
import { parseQueueAddress } from '../queue/connection.js';
import { GameWorker } from '../queue/worker.js';
import { loadWorkerEngines } from '../queue/workerEngines.js';
import { DEFAULT_POLICY } from '../queue/workerPolicy.js';

interface WorkerArgs {
  queue: string;
  queueName: string;
  concurrency?: number;
  engines?: string;
  repo: string;
  name?: string;
  lockMs: number;
  stalledMs: number;
  builds: boolean;
  maxMoveMs: number;
  maxClockMs: number;
  maxTurns: number;
}

export const queueOptions = (yargs: Argv, required: boolean): Argv =>
  yargs
    .option('queue', {
      type: 'string',
      demandOption: required,
      describe: 'Redis of the job queue: redis://[user:password@]host:6379[/db] (see docs/distributed.md)',
    })
    .option('queue-name', { type: 'string', default: 'hnefi', describe: 'name of the job queue on that Redis (one coordinator per name)' });

export const workerCommand: CommandModule<object, WorkerArgs> = {
  command: 'worker',
  describe: 'play the games of queued tournaments (hnefi tournament/compare --queue) on this machine',
  builder: (yargs: Argv) =>
    queueOptions(yargs, true)
      .option('concurrency', { type: 'number', describe: 'games played at once (default: one per core)' })
      .option('engines', {
        type: 'string',
        describe: 'JSON file {"engines": [{name, cmd, args, options, cwd}]}: the engines jobs may name',
      })
      .option('repo', { type: 'string', default: '.', describe: 'git clone of Hnefi that compare revisions are built from' })
      .option('builds', {
        type: 'boolean',
        default: DEFAULT_POLICY.builds,
        describe: "--no-builds: refuse compare's revisions (building one runs that commit's npm ci and build here)",
      })
      .option('max-move-ms', {
        type: 'number',
        default: DEFAULT_POLICY.maxMoveMs,
        describe: "the most a job's turn may take: movetime, increment, time margin, engine timeouts (ms)",
      })
      .option('max-clock-ms', { type: 'number', default: DEFAULT_POLICY.maxClockMs, describe: "the most time on a job's clock (ms)" })
      .option('max-turns', { type: 'number', default: DEFAULT_POLICY.maxTurns, describe: "the most turns a job's game may last" })
      .option('name', { type: 'string', describe: "this worker's name in the results (default: host-pid)" })
      .option('lock-ms', {
        type: 'number',
        default: 30_000,
        describe: 'job lock time: a game of a vanished worker is taken again after about this',
      })
      .option('stalled-ms', {
        type: 'number',
        default: 30_000,
        describe: 'how often workers look for games of vanished workers',
      }) as unknown as Argv<WorkerArgs>,
  handler: async (args) => {
    const fail = (message: string): void => {
      console.error(`hnefi worker: ${message}`);
      process.exitCode = 1;
    };
    const address = parseQueueAddress(args.queue, args.queueName);
    if (!address.ok) return fail(address.error.message);
    for (const [flag, value] of [
      ['--concurrency', args.concurrency],
      ['--lock-ms', args.lockMs],
      ['--stalled-ms', args.stalledMs],
      ['--max-move-ms', args.maxMoveMs],
      ['--max-clock-ms', args.maxClockMs],
      ['--max-turns', args.maxTurns],
    ] as const) {
      if (value !== undefined && (!Number.isInteger(value) || value <= 0)) return fail(`${flag}: ${value} is not a positive integer`);
    }
    let engines = new Map<string, EngineConfig>();
    let jobOptions: string[] = [];
    if (args.engines !== undefined) {
      const loaded = loadWorkerEngines(args.engines);
      if (!loaded.ok) return fail(loaded.error.message);
      ({ engines, jobOptions } = loaded.value);
    }
    const log = (line: string): void => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);
    const started = await GameWorker.start({
      address: address.value,
      name: args.name ?? `${hostname()}-${process.pid}`,
      concurrency: args.concurrency ?? availableParallelism(),
      engines,
      repo: resolve(args.repo),
      policy: { jobOptions, builds: args.builds, maxMoveMs: args.maxMoveMs, maxClockMs: args.maxClockMs, maxTurns: args.maxTurns },
      lockMs: args.lockMs,
      stalledMs: args.stalledMs,
      log,
    });
    if (!started.ok) return fail(started.error.message);
    const worker = started.value;
    const interrupt = (): void => {
      log('stopping: giving the games under way back to the queue');
      void worker.stop().then((given) => log(`stopped; ${given} game${given === 1 ? '' : 's'} given back`));
    };
    process.once('SIGINT', interrupt);
    process.once('SIGTERM', interrupt);
    await worker.done;
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    // A version refusal stops the worker by itself: that is a failure for the caller.
    if (worker.versionRefused) process.exitCode = 1;
  },
};
