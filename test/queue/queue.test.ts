// Queued tournaments with the real parts: a redis-server started here, coordinators and workers as
// processes of the built CLI (dist/hnefi.js), depth-1 brandubh games; and the faults: a worker killed
// mid-game, a coordinator killed and started again, Redis restarted, refusals.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameResult, TournamentSummary } from '../../src/tournament/summary.js';
import { jobId, makeGameJob, tournamentId } from '../../src/queue/job.js';
import { makeConfig } from '../../src/tournament/config.js';
import { makePairings, makeSchedule } from '../../src/tournament/schedule.js';
import { RedisServer } from '../support/redisServer.js';
import { readResults } from '../support/tournamentFiles.js';

const HNEFI = resolve('dist/hnefi.js');
const BROKEN = resolve('test/fixtures/brokenEngine.mjs');
let redis: RedisServer;
let dir: string;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  if (!existsSync(HNEFI)) execFileSync('npm', ['run', 'build', '--silent']);
  dir = mkdtempSync(join(tmpdir(), 'hnefi-queue-'));
  redis = await RedisServer.start();
});
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  output: () => string;
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  exit: Promise<number | null>;
}

function hnefi(args: string[]): Run {
  const child = spawn('node', [HNEFI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let text = '';
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer): void => {
    text += chunk.toString();
    for (const listener of [...listeners]) listener();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exit = new Promise<number | null>((done) =>
    child.once('exit', (code) => {
      running.delete(child);
      done(code);
    }),
  );
  const waitFor = (pattern: RegExp, timeoutMs = 60_000): Promise<void> =>
    new Promise((done, fail) => {
      const check = (): void => {
        if (!pattern.test(text)) return;
        listeners.delete(check);
        clearTimeout(timer);
        done();
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        fail(new Error(`no ${pattern} within ${timeoutMs} ms; output so far:\n${text}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });
  return { child, output: () => text, waitFor, exit };
}

let queues = 0;
/** A queue name of its own for each test, so that tests share one Redis without meeting. */
const queueName = (): string => `t${++queues}-${process.pid}`;

function tournamentConfig(name: string, extra: object = {}, engines?: object[]): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      variant: 'brandubh',
      games: 2,
      seed: 3,
      out: join(dir, name),
      tc: { depth: 1 },
      engines: engines ?? [
        { name: 'a', cmd: 'node', args: [HNEFI] },
        { name: 'b', cmd: 'node', args: [HNEFI], options: { Hash: 16 } },
      ],
      ...extra,
    }),
  );
  return file;
}

const worker = (queue: string, name: string, engines: string, extra: string[] = []): Run =>
  hnefi(['worker', '--queue', redis.url, '--queue-name', queue, '--engines', engines, '--name', name, '--concurrency', '1', ...extra]);
const coordinator = (queue: string, config: string, extra: string[] = [], url = redis.url): Run =>
  hnefi(['tournament', '--config', config, '--queue', url, '--queue-name', queue, ...extra]);

async function stop(...runs: Run[]): Promise<void> {
  for (const run of runs) run.child.kill('SIGTERM');
  await Promise.all(runs.map((run) => run.exit));
}

describe('a queued tournament', { timeout: 120_000 }, () => {
  it('is played by two workers and writes what a local run writes', async () => {
    const queue = queueName();
    const config = tournamentConfig('same');
    const workers = [worker(queue, 'w1', config), worker(queue, 'w2', config)];
    await Promise.all(workers.map((w) => w.waitFor(/taking games/)));
    const run = coordinator(queue, config);
    expect(await run.exit, run.output()).toBe(0);
    expect(run.output()).toContain('Games: 2 of 2 (brandubh)');
    await stop(...workers);

    // The same tournament played here: the same games, move for move (depth 1 is deterministic).
    const localConfig = tournamentConfig('same-local');
    const localRun = hnefi(['tournament', '--config', localConfig]);
    expect(await localRun.exit, localRun.output()).toBe(0);
    const queued = readResults(join(dir, 'same', 'results.jsonl')).sort((x, y) => x.id.localeCompare(y.id));
    const local = readResults(join(dir, 'same-local', 'results.jsonl')).sort((x, y) => x.id.localeCompare(y.id));
    const comparable = (r: GameResult): object => ({ ...r, durationMs: 0, date: '', worker: undefined });
    expect(queued.map(comparable)).toEqual(local.map(comparable));
    for (const r of queued) expect(['w1', 'w2']).toContain(r.worker);
    expect(readdirSync(join(dir, 'same', 'games')).sort()).toEqual(readdirSync(join(dir, 'same-local', 'games')).sort());
    const withoutDate = (text: string): string => text.replace(/\[date:[^\]]*\]/, '');
    for (const r of queued) {
      expect(withoutDate(readFileSync(join(dir, 'same', r.record), 'utf8'))).toBe(
        withoutDate(readFileSync(join(dir, 'same-local', r.record), 'utf8')),
      );
    }
    const summary = (name: string): TournamentSummary =>
      JSON.parse(readFileSync(join(dir, name, 'summary.json'), 'utf8')) as TournamentSummary;
    expect(summary('same')).toEqual(summary('same-local'));
    expect(existsSync(join(dir, 'same', 'tournament.json'))).toBe(true);
  });

  it('loses games by engine faults on a worker as a local run does', async () => {
    const queue = queueName();
    const config = tournamentConfig('faults', {}, [
      { name: 'good', cmd: 'node', args: [HNEFI] },
      { name: 'crashes', cmd: 'node', args: [BROKEN, 'crash'] },
    ]);
    const w = worker(queue, 'w1', config);
    const run = coordinator(queue, config);
    expect(await run.exit, run.output()).toBe(0);
    await stop(w);
    const records = readResults(join(dir, 'faults', 'results.jsonl'));
    expect(records).toHaveLength(2);
    for (const r of records) {
      expect(r.reason).toBe('crash');
      expect(r.result).toBe(r.attackers === 'good' ? 'attackers' : 'defenders');
      expect(r.detail).toContain('crashing on purpose');
    }
  });

  it('stops at the SPRT decision and withdraws the games not started', async () => {
    const queue = queueName();
    const config = tournamentConfig('sprt', { games: 400, sprt: 'elo0=0 elo1=100 alpha=0.1 beta=0.1' }, [
      { name: 'good', cmd: 'node', args: [HNEFI] },
      { name: 'crashes', cmd: 'node', args: [BROKEN, 'crash'] },
    ]);
    const w = worker(queue, 'w1', config);
    const run = coordinator(queue, config);
    expect(await run.exit, run.output()).toBe(0);
    expect(run.output()).toMatch(/H1/);
    const played = readResults(join(dir, 'sprt', 'results.jsonl')).length;
    expect(played).toBeLessThan(100);
    const q = new Queue(queue, { connection: { url: redis.url } });
    const counts = await q.getJobCounts('waiting', 'prioritized', 'delayed');
    await q.close();
    expect(counts.waiting + counts.prioritized + counts.delayed).toBe(0);
    await stop(w);
  });
});

describe('faults', { timeout: 120_000 }, () => {
  const slow = { tc: { movetime: 60 } };

  it('a worker killed mid-game: its game is played again by another and counted once', async () => {
    const queue = queueName();
    const config = tournamentConfig('killed', slow);
    const stallFast = ['--lock-ms', '1500', '--stalled-ms', '500'];
    const w1 = worker(queue, 'w1', config, stallFast);
    await w1.waitFor(/taking games/);
    const run = coordinator(queue, config);
    await w1.waitFor(/game p1-r1-g1 started/);
    const w2 = worker(queue, 'w2', config, stallFast);
    w1.child.kill('SIGKILL');
    expect(await run.exit, run.output()).toBe(0);
    await stop(w2);
    const records = readResults(join(dir, 'killed', 'results.jsonl'));
    expect(records.map((r) => r.id).sort()).toEqual(['p1-r1-g1', 'p1-r1-g2']);
    expect(records.every((r) => r.worker === 'w2')).toBe(true);
    expect(w2.output()).toMatch(/game p1-r1-g1 started/);
  });

  it('Ctrl-C on a worker gives its games back at once', async () => {
    const queue = queueName();
    const config = tournamentConfig('given-back', slow);
    const w1 = worker(queue, 'w1', config);
    await w1.waitFor(/taking games/);
    const run = coordinator(queue, config);
    await w1.waitFor(/game p1-r1-g1 started/);
    w1.child.kill('SIGINT');
    expect(await w1.exit).toBe(0);
    expect(w1.output()).toMatch(/stopped; 1 game given back/);
    // The default lock time is 30 s: the game comes back sooner only because it was given back.
    const w2 = worker(queue, 'w2', config);
    await w2.waitFor(/game p1-r1-g1 started/, 20_000);
    expect(await run.exit, run.output()).toBe(0);
    await stop(w2);
    expect(readResults(join(dir, 'given-back', 'results.jsonl')).map((r) => r.worker)).toEqual(['w2', 'w2']);
  });

  it('a coordinator killed and started again resumes without replaying finished games', async () => {
    const queue = queueName();
    const config = tournamentConfig('restarted', { games: 4 });
    const results = join(dir, 'restarted', 'results.jsonl');
    const w = worker(queue, 'w1', config);
    const first = coordinator(queue, config);
    await first.waitFor(/game p1-r1-g2/);
    first.child.kill('SIGKILL');
    await first.exit;
    const before = readFileSync(results, 'utf8');
    const second = coordinator(queue, config);
    expect(await second.exit, second.output()).toBe(0);
    await stop(w);
    expect(readFileSync(results, 'utf8').startsWith(before)).toBe(true);
    const ids = readResults(results).map((r) => r.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids).toHaveLength(4);
    // Each game was played once: results that came while no coordinator ran waited in Redis.
    expect(w.output().match(/started:/g)).toHaveLength(4);
  });

  it('Redis restarted mid-run: the run finishes with every game once', async () => {
    const own = await RedisServer.start();
    try {
      const queue = queueName();
      // A clock, not depth 1: the games after the second must still be running when Redis goes down.
      const config = tournamentConfig('redis-restart', { games: 4, tc: { movetime: 50 } });
      const w = hnefi(['worker', '--queue', own.url, '--queue-name', queue, '--engines', config, '--name', 'w1', '--concurrency', '1']);
      const run = coordinator(queue, config, [], own.url);
      await run.waitFor(/game p1-r1-g2/);
      await own.restart(500);
      expect(await run.exit, run.output()).toBe(0);
      expect(run.output()).toMatch(/lost Redis/);
      await stop(w);
      const ids = readResults(join(dir, 'redis-restart', 'results.jsonl')).map((r) => r.id);
      expect(ids).toHaveLength(4);
      expect(new Set(ids).size).toBe(4);
    } finally {
      await own.stop();
    }
  });
});

describe('refusals', { timeout: 120_000 }, () => {
  it('a second coordinator on the same queue name', async () => {
    const queue = queueName();
    const first = coordinator(queue, tournamentConfig('first'));
    await first.waitFor(/coordinating queue/);
    const second = coordinator(queue, tournamentConfig('second'));
    expect(await second.exit).toBe(1);
    expect(second.output()).toMatch(/already has a coordinator .*out '.*first'/);
    await stop(first);
  });

  it('a job naming an engine the worker does not have: the coordinator reports the reason', async () => {
    const queue = queueName();
    const config = tournamentConfig('unknown-engine');
    const workerEngines = tournamentConfig('only-a', {}, [
      { name: 'a', cmd: 'node', args: [HNEFI] },
      { name: 'c', cmd: 'node', args: [HNEFI] },
    ]);
    const w = worker(queue, 'lacking', workerEngines);
    const run = coordinator(queue, config);
    expect(await run.exit).toBe(1);
    expect(run.output()).toMatch(/worker lacking: no engine 'b' in its --engines file \(it has: a, c\)/);
    expect(run.output()).toMatch(/run the same command again to resume/);
    await stop(w);
  });

  it('a malformed job, a commit the worker lacks, a job of another Hnefi version, a queue of another version', async () => {
    const queue = queueName();
    const config = tournamentConfig('versions');
    const w = worker(queue, 'w1', config);
    await w.waitFor(/taking games/);
    const q = new Queue(queue, { connection: { url: redis.url } });
    const bad = await q.add('game', { format: 1, hnefi: JSON.parse(readFileSync('package.json', 'utf8')).version, game: 'p1' });
    await w.waitFor(/refused job/);
    expect(w.output()).toMatch(new RegExp(`refused job ${bad.id}: worker w1: malformed job: tournament`));
    expect((await q.getJob(bad.id!))?.failedReason).toMatch(/malformed job/);
    // A compare job naming a commit this worker's clone does not have.
    const made = makeConfig(JSON.parse(readFileSync(config, 'utf8')));
    if (!made.ok) throw new Error(made.error.message);
    const game = makeSchedule(makePairings(2, 'round-robin'), 2)[0];
    const job = makeGameJob(made.value, tournamentId('x'), game, { id: 'o', moves: [] }, new Map([['a', '0'.repeat(40)]]));
    await q.add('game', job, { jobId: jobId(job.tournament, game.id) });
    await w.waitFor(/refused job .*p1-r1-g1: worker w1: cannot build revision 0{40} of 'a'/);
    await q.add('game', { format: 1, hnefi: '0.0.1-other' });
    expect(await w.exit).toBe(1);
    expect(w.output()).toMatch(/job from Hnefi 0\.0\.1-other \(job format 1\); this worker is Hnefi .*run the same Hnefi version/);
    await q.close();

    const connection = new Redis(redis.url);
    await connection.set(`hnefi:${queue}:versions`, JSON.stringify({ hnefi: '9.9.9', format: 1 }));
    connection.disconnect();
    const late = worker(queue, 'w2', config);
    expect(await late.exit).toBe(1);
    expect(late.output()).toMatch(/coordinated by Hnefi 9\.9\.9 .*this worker is Hnefi/);
  });

  it("a job asking what the worker does not allow: a build with --no-builds, an option, a time it won't give", async () => {
    const queue = queueName();
    const config = tournamentConfig('policy');
    const w = worker(queue, 'w1', config, ['--no-builds', '--max-move-ms', '300000']);
    await w.waitFor(/taking games .*no git revisions built/);
    const made = makeConfig(JSON.parse(readFileSync(config, 'utf8')));
    if (!made.ok) throw new Error(made.error.message);
    const game = makeSchedule(makePairings(2, 'round-robin'), 2)[0];
    const q = new Queue(queue, { connection: { url: redis.url } });
    const add = async (name: string, change: (job: ReturnType<typeof makeGameJob>) => void, revisions = new Map<string, string>()) => {
      const job = makeGameJob(made.value, tournamentId(name), game, { id: 'o', moves: [] }, revisions);
      change(job);
      await q.add('game', job, { jobId: jobId(job.tournament, game.id) });
      return jobId(job.tournament, game.id);
    };
    const built = await add('built', () => {}, new Map([['a', 'f'.repeat(40)]]));
    await w.waitFor(new RegExp(`refused job ${built}: worker w1: 'a' is revision f{40}, and this worker builds none \\(--no-builds\\)`));
    const option = await add('option', (job) => {
      job.defenders.options = { Hash: 512 };
    });
    await w.waitFor(
      new RegExp(`refused job ${option}: worker w1: 'b': the job sets option 'Hash' to '512'; this worker lets jobs set none`),
    );
    const slow = await add('slow', (job) => {
      job.attackers.tc = { movetime: 1e9 };
    });
    await w.waitFor(
      new RegExp(`refused job ${slow}: worker w1: attackers\\.tc\\.movetime is 1000000000 ms; this worker takes at most 300000 ms`),
    );
    expect(w.output()).not.toMatch(/started:/);
    await q.close();
    await stop(w);
  });

  it('a bad queue URL and an unreachable Redis', async () => {
    const bad = hnefi(['worker', '--queue', 'http://x']);
    expect(await bad.exit).toBe(1);
    expect(bad.output()).toMatch(/'http:' is not redis: or rediss:/);
    const down = hnefi(['worker', '--queue', 'redis://127.0.0.1:1']);
    expect(await down.exit).toBe(1);
    expect(down.output()).toMatch(/cannot reach Redis at redis:\/\/127\.0\.0\.1:1/);
  });
});
