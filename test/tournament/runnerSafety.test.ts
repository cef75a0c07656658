// The runner against what users and broken engines do to it: engines that never answer, options an
// engine rejects, out folders that cannot be written or are in use, a first run that fails, lost
// configurations. Real engine processes and a real file system throughout.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../src/tournament/config.js';
import { Tournament, type ProgressEvent } from '../../src/tournament/runner.js';
import { ENGINE, BROKEN, temporaryFolder, readResults } from '../support/tournamentFiles.js';

const folder = temporaryFolder('hnefi-runner-safety-');

/** Two quick engines: the attackers' side plays an illegal move at once, so every game takes one search. */
const quick = (out: string, extra: object = {}) => ({
  variant: 'brandubh',
  games: 2,
  concurrency: 1,
  seed: 1,
  out,
  tc: { depth: 1 },
  engines: [
    { name: 'a', cmd: 'node', args: [BROKEN, 'illegal'] },
    { name: 'b', cmd: 'node', args: [BROKEN, 'illegal'] },
  ],
  ...extra,
});

async function start(json: object, onProgress?: (event: ProgressEvent) => void, onNotice?: (line: string) => void) {
  const config = makeConfig(json);
  if (!config.ok) throw new Error(config.error.message);
  const tournament = Tournament.create(config.value);
  if (!tournament.ok) throw new Error(tournament.error.message);
  return tournament.value.run(onProgress, onNotice);
}

describe.concurrent('engines that misbehave', () => {
  it('an engine that answers isready but never bestmove loses on time under a depth limit', async () => {
    const out = join(folder(), 'silent');
    const result = await start({
      ...quick(out),
      timeouts: { moveMs: 1000, readyMs: 5000, pingMs: 200, startMs: 15_000 },
      engines: [
        { name: 'silent', cmd: 'node', args: [BROKEN, 'silent'] },
        { name: 'b', cmd: 'node', args: [BROKEN, 'illegal'] },
      ],
    });
    if (!result.ok) throw new Error(result.error.message);
    const records = readResults(join(out, 'results.jsonl'));
    expect(records).toHaveLength(2);
    const silentLost = records.find((r) => r.attackers === 'silent')!;
    expect(silentLost).toMatchObject({ reason: 'time', result: 'defenders' });
    expect(silentLost.detail).toContain('silent: no answer within 1000 ms');
  }, 30_000);

  it('stops before any game, naming engine and option, when an engine rejects an option', async () => {
    const out = join(folder(), 'options');
    const result = await start({
      ...quick(out),
      engines: [
        { name: 'a', cmd: 'node', args: [ENGINE] },
        { name: 'big', cmd: 'node', args: [ENGINE], options: { Hash: 999999, Frobs: 3 } },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toContain("engine 'big' rejects options Hash=999999");
    expect(result.error.message).toContain('Frobs=3');
    expect(existsSync(join(out, 'results.jsonl'))).toBe(false);
    // Nothing claimed: the corrected tournament runs in the same folder.
    expect(existsSync(join(out, 'tournament.json'))).toBe(false);
  }, 30_000);

  it("keeps the tournament's variant: an engine's options cannot set another", () => {
    const config = makeConfig(
      quick(join(folder(), 'variant'), {
        engines: [
          { name: 'a', cmd: 'node', args: [ENGINE], options: { UCI_Variant: 'tablut' } },
          { name: 'b', cmd: 'node', args: [ENGINE] },
        ],
      }),
    );
    expect(config.ok).toBe(false);
    if (!config.ok) expect(config.error.message).toContain('engines[0].options.UCI_Variant');
  });

  it("records a failed restart with the opening's turns and moves, like any other result", async () => {
    const out = join(folder(), 'restart');
    const pidFile = join(folder(), 'restart-pids');
    const result = await start({
      ...quick(out, { games: 4 }),
      openings: { random: 3 },
      engines: [
        { name: 'once', cmd: 'node', args: [BROKEN, 'once', pidFile] },
        { name: 'b', cmd: 'node', args: [BROKEN, 'illegal'] },
      ],
    });
    if (!result.ok) throw new Error(result.error.message);
    const records = readResults(join(out, 'results.jsonl'));
    const failed = records.find((r) => r.detail?.includes('restart failed'));
    expect(failed).toBeDefined();
    expect(failed!.turns).toBe(3);
    expect(failed!.moves).toHaveLength(3);
    expect(failed!.finalTfen).not.toBe('');
    expect(readFileSync(join(out, failed!.record), 'utf8')).toMatch(/^1\. /m);
  }, 30_000);
});

describe.concurrent('the out folder', () => {
  it('gets a one-line error before any game when it cannot be used', async () => {
    const file = join(folder(), 'a-file');
    writeFileSync(file, 'x');
    const asFile = await start(quick(file));
    expect(!asFile.ok && asFile.error.message).toBe(`out folder '${file}' is a file, not a folder`);

    const out = join(folder(), 'results-folder');
    mkdirSync(join(out, 'results.jsonl'), { recursive: true });
    const resultsFolder = await start(quick(out));
    expect(!resultsFolder.ok && resultsFolder.error.message).toContain(`'${join(out, 'results.jsonl')}' is a folder`);
  });

  it.runIf(process.platform === 'linux')(
    'refuses a folder under /proc at once instead of hanging',
    async () => {
      const result = await start(quick('/proc/self/hnefi-out'));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toMatch(/^cannot (create|write)/);
    },
    10_000,
  );

  it('stops cleanly on a write failure mid-run, keeping every finished game', async () => {
    const out = join(folder(), 'midrun');
    let broken = false;
    const result = await start(quick(out, { games: 6 }), (event) => {
      // After the first game the records folder becomes a file: the next record cannot be written.
      if (event.game !== undefined && !broken) {
        broken = true;
        rmSync(join(out, 'games'), { recursive: true });
        writeFileSync(join(out, 'games'), 'in the way');
      }
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toMatch(/^cannot write '.*games.p1-r1-g2\.otg': .*; stopped after 2 finished games, all kept in /);
    expect(result.error.message.split('\n')).toHaveLength(1);
    expect(readResults(join(out, 'results.jsonl')).map((r) => r.id)).toEqual(['p1-r1-g1', 'p1-r1-g2']);
    // The lock is released: fixed, the run resumes.
    rmSync(join(out, 'games'));
    const resumed = await start(quick(out, { games: 6 }));
    if (!resumed.ok) throw new Error(resumed.error.message);
    expect(readResults(join(out, 'results.jsonl'))).toHaveLength(6);
  }, 30_000);

  it('is locked while a runner lives, and taken over when it is dead', async () => {
    const out = join(folder(), 'locked');
    mkdirSync(out);
    const holder = spawn('node', ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(out, 'runner.lock'), `${holder.pid}\n`);
      const refused = await start(quick(out));
      expect(!refused.ok && refused.error.message).toContain(`is in use by another runner (pid ${holder.pid}`);
      expect(existsSync(join(out, 'results.jsonl'))).toBe(false);
    } finally {
      holder.kill('SIGKILL');
    }
    await new Promise((r) => holder.once('exit', r));
    const taken = await start(quick(out));
    if (!taken.ok) throw new Error(taken.error.message);
    expect(readResults(join(out, 'results.jsonl'))).toHaveLength(2);
    expect(existsSync(join(out, 'runner.lock'))).toBe(false);
  }, 30_000);

  it('refuses a second runner on the same folder while the first plays', async () => {
    const out = join(folder(), 'two');
    const first = start(quick(out, { games: 4 }));
    const second = await start(quick(out, { games: 4 }));
    expect(!second.ok && second.error.message).toContain(`(pid ${process.pid}`);
    const done = await first;
    expect(done.ok).toBe(true);
    expect(readResults(join(out, 'results.jsonl'))).toHaveLength(4);
  }, 30_000);

  it('is not claimed by a tournament that fails before its first game; the corrected command runs', () => {
    const out = join(folder(), 'typo');
    const cli = (cmd: string) =>
      spawnSync(
        'node',
        [
          ENGINE,
          'tournament',
          '--variant',
          'brandubh',
          '--depth',
          '1',
          '--games',
          '2',
          '--out',
          out,
          '--engine',
          `name=a cmd=node args="${BROKEN} illegal"`,
          '--engine',
          `name=b cmd=${cmd} args="${BROKEN} illegal"`,
        ],
        { encoding: 'utf8', timeout: 30_000 },
      );
    const typo = cli('nodee');
    expect(typo.status).toBe(1);
    expect(typo.stderr).toContain("engine 'b' (nodee");
    const fixed = cli('node');
    expect(fixed.stderr).toBe('');
    expect(fixed.status).toBe(0);
    expect(fixed.stdout).toContain('Games: 2 of 2');
  }, 30_000);

  it('refuses results whose tournament.json is gone', async () => {
    const out = join(folder(), 'lost');
    const first = await start(quick(out));
    expect(first.ok).toBe(true);
    unlinkSync(join(out, 'tournament.json'));
    const again = await start(quick(out, { seed: 2 }));
    expect(!again.ok && again.error.message).toContain('holds game results but no tournament.json');
  }, 30_000);

  it("names a missing working folder as the engine's cwd, not its command", async () => {
    const result = await start(
      quick(join(folder(), 'cwd'), {
        engines: [
          { name: 'a', cmd: 'node', args: [BROKEN, 'illegal'] },
          { name: 'b', cmd: 'node', args: [BROKEN, 'illegal'], cwd: join(folder(), 'nowhere') },
        ],
      }),
    );
    expect(!result.ok && result.error.message).toContain(
      `engines[1].cwd: engine 'b' has working folder '${join(folder(), 'nowhere')}', which does not exist`,
    );
  });
});
