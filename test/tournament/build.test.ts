// `hnefi compare` builds revisions from git, and the working tree with its uncommitted changes, into a
// build cache of its own: extraction by git (no shell pipe), node_modules, build, reuse.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRevision, defaultBuildCache } from '../../src/tournament/build.js';

let dir: string;
let cache: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hnefi-build-'));
  cache = join(dir, 'cache');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const uci = (entry: string): string => execFileSync(process.execPath, [entry], { input: 'uci\nquit\n', encoding: 'utf8' });

describe('building a revision for compare', () => {
  it('names a revision that does not exist', () => {
    const built = buildRevision('no-such-branch-xyz', () => {}, process.cwd(), cache);
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.error.message).toContain("'no-such-branch-xyz' is not a commit");
  });

  it('keeps its builds in a cache folder of its own, not the system temporary folder', () => {
    const saved = process.env.HNEFI_BUILD_CACHE;
    try {
      process.env.HNEFI_BUILD_CACHE = join(dir, 'chosen');
      expect(defaultBuildCache()).toBe(join(dir, 'chosen'));
      delete process.env.HNEFI_BUILD_CACHE;
      expect(defaultBuildCache().startsWith(tmpdir())).toBe(false);
      expect(defaultBuildCache()).toMatch(/hnefi[/\\]builds$/);
    } finally {
      if (saved === undefined) delete process.env.HNEFI_BUILD_CACHE;
      else process.env.HNEFI_BUILD_CACHE = saved;
    }
  });

  it('builds HEAD into the cache, runs it as an engine, and reuses it', () => {
    const log: string[] = [];
    const built = buildRevision('HEAD', (line) => log.push(line), process.cwd(), cache);
    if (!built.ok) throw new Error(built.error.message);
    expect(built.value.commit).toBe(execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim());
    expect(built.value.dir.startsWith(cache)).toBe(true);
    expect(uci(built.value.entry)).toContain('uciok');
    const again = buildRevision('HEAD', (line) => log.push(line), process.cwd(), cache);
    expect(again.ok && again.value.entry).toBe(built.value.entry);
    expect(log[log.length - 1]).toContain('reusing');
  });

  it('builds the working tree with its uncommitted changes, and compare runs it against HEAD and says where the results are', () => {
    // A clone of this repository with a change that is not committed, and a new file.
    const clone = join(dir, 'clone');
    execFileSync('git', ['clone', '--quiet', '--shared', process.cwd(), clone]);
    // node_modules as npm ci leaves it, a real folder (here of links to this checkout's packages).
    mkdirSync(join(clone, 'node_modules'));
    for (const entry of readdirSync('node_modules'))
      symlinkSync(resolve('node_modules', entry), join(clone, 'node_modules', entry), 'junction');
    const identity = join(clone, 'src', 'protocol', 'identity.ts');
    writeFileSync(identity, readFileSync(identity, 'utf8').replace("ENGINE_NAME = 'Hnefi'", "ENGINE_NAME = 'HnefiChanged'"));
    writeFileSync(join(clone, 'NEW-FILE.md'), 'not yet added\n');

    const built = buildRevision('.', () => {}, clone, cache);
    if (!built.ok) throw new Error(built.error.message);
    expect(uci(built.value.entry)).toContain('id name HnefiChanged');
    expect(existsSync(join(built.value.dir, 'NEW-FILE.md'))).toBe(true);
    // The clone's own index is untouched: the change is still uncommitted and unstaged.
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: clone, encoding: 'utf8' })).toContain(' M src/protocol/identity.ts');

    const out = join(dir, 'compare-out');
    const compare = spawnSync(
      process.execPath,
      [
        resolve('dist/hnefi.js'),
        'compare',
        'HEAD',
        '.',
        '--variant',
        'brandubh',
        '--depth',
        '1',
        '--games',
        '2',
        '--concurrency',
        '2',
        '--build-cache',
        cache,
        '--out',
        out,
        '--quiet',
      ],
      { cwd: clone, encoding: 'utf8', timeout: 120_000 },
    );
    expect(compare.status, compare.stderr).toBe(0);
    expect(compare.stdout).toContain(`compare: results go to ${out}`);
    expect(compare.stdout).toContain(`compare: results in ${out}`);
    expect(compare.stdout).toMatch(/worktree@[0-9a-f]{8} vs HEAD@[0-9a-f]{8}/);
    expect(existsSync(join(out, 'results.jsonl'))).toBe(true);
  }, 180_000);
});
