// What a worker accepts from a job beyond its shape (job.ts): the engine options a job may set (its
// --engines file's `jobOptions`, or the values it sets itself), whether it builds git revisions, and
// how long a game may hold it (each turn's time, each clock, the number of turns). A job that asks
// for more is refused with the reason, which the coordinator reports.

import { err, ok, type Result } from '../engine/index.js';
import type { EngineConfig } from '../tournament/engineConfig.js';
import type { GameJob, JobEngine } from './job.js';

export interface WorkerPolicy {
  /** Option names jobs may set to any value; other options only to the worker's own value. */
  jobOptions: readonly string[];
  /** Whether `compare` revisions are built here (that runs the commit's npm ci and build). */
  builds: boolean;
  /** The most one turn may take: movetime, increment, time margin, each engine timeout, ms. */
  maxMoveMs: number;
  /** The most time on one clock (a period's seconds), ms. */
  maxClockMs: number;
  /** The most turns a game may last before it is adjudicated. */
  maxTurns: number;
}

export const DEFAULT_POLICY: Omit<WorkerPolicy, 'jobOptions'> = {
  builds: true,
  maxMoveMs: 600_000,
  maxClockMs: 3_600_000,
  maxTurns: 1000,
};

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The options a job sets for one of its engines, against what the worker allows. */
export function checkJobOptions(engine: JobEngine, own: EngineConfig | undefined, policy: WorkerPolicy): Result<void> {
  for (const [name, value] of Object.entries(engine.options)) {
    if (policy.jobOptions.some((allowed) => same(allowed, name))) continue;
    const owned = Object.entries(own?.options ?? {}).find(([ownName]) => same(ownName, name));
    if (owned !== undefined && String(owned[1]) === String(value)) continue;
    const allowed = policy.jobOptions.length > 0 ? `only ${policy.jobOptions.join(', ')}` : 'none';
    return err(
      'option-refused',
      `'${engine.name}': the job sets option '${name}' to '${value}'; this worker lets jobs set ${allowed} (its --engines file's "jobOptions")`,
    );
  }
  return ok(undefined);
}

/** How long the job's games may hold the worker, against its bounds. */
export function checkJobTime(job: GameJob, policy: WorkerPolicy): Result<void> {
  const over = (what: string, value: number, most: number, flag: string): Result<void> =>
    err('too-long', `${what} is ${value} ms; this worker takes at most ${most} ms (${flag})`);
  for (const side of ['attackers', 'defenders'] as const) {
    const tc = job[side].tc;
    const where = `${side}.tc`;
    if (tc.movetime !== undefined && tc.movetime > policy.maxMoveMs)
      return over(`${where}.movetime`, tc.movetime, policy.maxMoveMs, '--max-move-ms');
    if (tc.increment !== undefined && tc.increment * 1000 > policy.maxMoveMs)
      return over(`${where}.increment`, tc.increment * 1000, policy.maxMoveMs, '--max-move-ms');
    if (tc.seconds !== undefined && tc.seconds * 1000 > policy.maxClockMs)
      return over(`${where}.seconds`, tc.seconds * 1000, policy.maxClockMs, '--max-clock-ms');
  }
  if (job.timeMarginMs > policy.maxMoveMs) return over('timeMarginMs', job.timeMarginMs, policy.maxMoveMs, '--max-move-ms');
  for (const [key, value] of Object.entries(job.timeouts)) {
    if (value > policy.maxMoveMs) return over(`timeouts.${key}`, value, policy.maxMoveMs, '--max-move-ms');
  }
  if (job.adjudication.maxTurns > policy.maxTurns) {
    return err(
      'too-long',
      `adjudication.maxTurns is ${job.adjudication.maxTurns}; this worker plays at most ${policy.maxTurns} turns a game (--max-turns)`,
    );
  }
  if (job.opening.moves.length > policy.maxTurns)
    return err('too-long', `the opening has more than ${policy.maxTurns} turns (--max-turns)`);
  return ok(undefined);
}
