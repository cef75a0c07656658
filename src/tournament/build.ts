// Builds a git revision of Hnefi into a temporary folder for `hnefi compare`: `git archive` (no
// change to the repository or its worktrees), node_modules linked from this checkout when the
// lockfiles are identical (the bundler only reads them) or else `npm ci`, then `npm run build`.
// Builds are kept per commit and reused.

import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { err, ok, type Result } from '../engine/index.js';

export interface RevisionBuild {
  commit: string;
  dir: string;
  /** The built engine: run it with node. */
  entry: string;
}

const git = (cwd: string, args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

export function buildRevision(rev: string, log: (line: string) => void, cwd = process.cwd()): Result<RevisionBuild> {
  let root: string;
  let commit: string;
  try {
    root = git(cwd, ['rev-parse', '--show-toplevel']);
  } catch {
    return err('not-a-repository', `'${cwd}' is not inside a git repository`);
  }
  try {
    commit = git(root, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]);
  } catch {
    return err('bad-revision', `'${rev}' is not a commit, branch or tag of ${root}`);
  }
  const dir = join(tmpdir(), 'hnefi-compare', commit);
  const entry = join(dir, 'dist', 'hnefi.js');
  const marker = join(dir, '.hnefi-built');
  if (existsSync(marker) && existsSync(entry)) {
    log(`compare: reusing the build of ${rev} (${commit.slice(0, 10)}) in ${dir}`);
    return ok({ commit, dir, entry });
  }
  try {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    log(`compare: extracting ${rev} (${commit.slice(0, 10)}) into ${dir}`);
    execSync(`git archive --format=tar ${commit} | tar -x -C '${dir.replace(/'/g, `'\\''`)}'`, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    const lock = (folder: string): string | undefined => (existsSync(join(folder, 'package-lock.json')) ? readFileSync(join(folder, 'package-lock.json'), 'utf8') : undefined);
    const sameLock = lock(dir) !== undefined && lock(dir) === lock(root) && existsSync(join(root, 'node_modules'));
    if (sameLock) {
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    } else {
      log(`compare: npm ci in ${dir} (its package-lock.json differs from this checkout's)`);
      execSync('npm ci --no-audit --no-fund', { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    }
    log(`compare: building ${rev}`);
    execSync('npm run build --silent', { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (e) {
    return err('build-failed', `building ${rev} (${commit.slice(0, 10)}) in ${dir} failed: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!existsSync(entry)) return err('build-failed', `building ${rev} (${commit.slice(0, 10)}) made no dist/hnefi.js`);
  writeFileSync(marker, `${commit}\n`);
  return ok({ commit, dir, entry });
}
