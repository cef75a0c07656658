// Engines die with the process that started them, even when it is killed outright (SIGKILL) and the
// engine does not read its input: a real runner, a real engine that has stopped reading, a real kill.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ENGINE = resolve('dist/hnefi.js');
const BROKEN = resolve('test/fixtures/brokenEngine.mjs');
let dir: string;
const started: number[] = [];

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

beforeAll(() => {
  if (!existsSync(ENGINE)) execFileSync('npm', ['run', 'build', '--silent']);
  dir = mkdtempSync(join(tmpdir(), 'hnefi-lifetime-'));
});
afterAll(() => {
  for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('engine processes', () => {
  it('die with the runner when it is killed with SIGKILL, even when they no longer read their input', async () => {
    const pidFile = join(dir, 'pids');
    const configFile = join(dir, 'deaf.json');
    writeFileSync(
      configFile,
      JSON.stringify({
        variant: 'brandubh',
        games: 2,
        concurrency: 1,
        out: join(dir, 'deaf'),
        tc: { depth: 1 },
        timeouts: { readyMs: 60_000, pingMs: 1000, startMs: 15_000 },
        engines: [
          { name: 'a', cmd: 'node', args: [BROKEN, 'deaf', pidFile] },
          { name: 'b', cmd: 'node', args: [BROKEN, 'deaf', pidFile] },
        ],
      }),
    );
    const runner = spawn('node', [ENGINE, 'tournament', '--config', configFile, '--quiet'], { stdio: 'ignore' });
    let deaf: number | undefined;
    for (let waited = 0; deaf === undefined && waited < 20_000; waited += 100) {
      await sleep(100);
      const match = existsSync(pidFile) ? /^deaf (\d+)$/m.exec(readFileSync(pidFile, 'utf8')) : null;
      if (match) deaf = Number(match[1]);
    }
    if (deaf === undefined) throw new Error('the engine never went deaf');
    const pids = readFileSync(pidFile, 'utf8')
      .split('\n')
      .filter((l) => /^\d+$/.test(l))
      .map(Number);
    started.push(...pids);
    runner.kill('SIGKILL');
    let waited = 0;
    while (pids.some(alive) && waited < 10_000) {
      await sleep(100);
      waited += 100;
    }
    expect(pids.filter(alive)).toEqual([]);
  });
});
