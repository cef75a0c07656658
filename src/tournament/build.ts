// Builds a git revision of Hnefi, or the working tree with its uncommitted changes, for `hnefi compare`.
// The files are written out by git itself into a folder per source tree under a build cache of the
// user's (no shell, no pipe, no change to the repository's index, branches or worktrees), node_modules
// is linked from this checkout when the lockfiles are identical (the bundler only reads it) or else
// installed with `npm ci`, then `npm run build`. A tree built once is reused.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { err, ok, type Result } from '../engine/index.js';

/** The revision name that stands for the working tree, uncommitted changes and new files included. */
export const WORKTREE = '.';

export interface RevisionBuild {
  /** The commit, or for the working tree the id of its files as a git tree. */
  commit: string;
  dir: string;
  /** The built engine: run it with node. */
  entry: string;
}

/** Where builds are kept unless told otherwise: HNEFI_BUILD_CACHE, else the system's per-user cache folder. */
export function defaultBuildCache(): string {
  if (process.env.HNEFI_BUILD_CACHE) return resolve(process.env.HNEFI_BUILD_CACHE);
  if (process.platform === 'win32') return join(process.env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'hnefi', 'builds');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'hnefi', 'builds');
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'hnefi', 'builds');
}

const git = (cwd: string, args: string[], env?: NodeJS.ProcessEnv): string =>
  execFileSync('git', args, { cwd, env: env ?? process.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** npm is a script on Windows (npm.cmd), which only a shell runs; the arguments are fixed words. */
const npm = (cwd: string, args: string[]): void => {
  execFileSync('npm', args, { cwd, stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' });
};

/** The working tree's files (tracked, changed and new, not ignored) as a git tree, through an index of our own. */
function worktreeTree(root: string, scratch: string): string {
  const index = join(scratch, `index-${process.pid}`);
  const env = { ...process.env, GIT_INDEX_FILE: index };
  try {
    // From HEAD's files, so that tracked files stay in even where .gitignore would leave them out.
    git(root, ['read-tree', 'HEAD'], env);
    // node_modules (a folder or a link, both ignored by .gitignore) is linked or installed per build. Git
    // refuses a pathspec that names an ignored path, so it is left out by .gitignore alone.
    git(root, ['add', '--all', '--', '.'], env);
    return git(root, ['write-tree'], env);
  } finally {
    rmSync(index, { force: true });
  }
}

export function buildRevision(
  rev: string,
  log: (line: string) => void,
  cwd = process.cwd(),
  cache = defaultBuildCache(),
): Result<RevisionBuild> {
  let root: string;
  try {
    root = git(cwd, ['rev-parse', '--show-toplevel']);
  } catch {
    return err('not-a-repository', `'${cwd}' is not inside a git repository`);
  }
  try {
    mkdirSync(cache, { recursive: true });
  } catch (e) {
    return err('build-failed', `cannot create the build cache folder '${cache}': ${(e as Error).message.split('\n')[0]}`);
  }
  let commit: string;
  let tree: string;
  const name = rev === WORKTREE ? 'the working tree' : rev;
  try {
    if (rev === WORKTREE) {
      tree = worktreeTree(root, cache);
      commit = tree;
    } else {
      try {
        commit = git(root, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]);
      } catch {
        return err('bad-revision', `'${rev}' is not a commit, branch or tag of ${root} (or '${WORKTREE}' for the working tree)`);
      }
      tree = git(root, ['rev-parse', `${commit}^{tree}`]);
    }
  } catch (e) {
    return err('build-failed', `reading ${name} from git failed: ${(e as Error).message.split('\n')[0]}`);
  }
  // Builds are kept by their files, so a commit and a clean working tree share one.
  const dir = join(cache, tree);
  const entry = join(dir, 'dist', 'hnefi.js');
  const marker = join(dir, '.hnefi-built');
  if (existsSync(marker) && existsSync(entry)) {
    log(`compare: reusing the build of ${name} (${commit.slice(0, 10)}) in ${dir}`);
    return ok({ commit, dir, entry });
  }
  try {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    log(`compare: writing out ${name} (${commit.slice(0, 10)}) into ${dir}`);
    const index = join(cache, `index-${process.pid}`);
    const env = { ...process.env, GIT_INDEX_FILE: index };
    try {
      git(root, ['read-tree', tree], env);
      git(root, ['checkout-index', '--all', '--force', `--prefix=${dir}/`], env);
    } finally {
      rmSync(index, { force: true });
    }
    const lock = (folder: string): string | undefined =>
      existsSync(join(folder, 'package-lock.json')) ? readFileSync(join(folder, 'package-lock.json'), 'utf8') : undefined;
    const sameLock = lock(dir) !== undefined && lock(dir) === lock(root) && existsSync(join(root, 'node_modules'));
    if (sameLock) {
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'junction');
    } else {
      log(`compare: npm ci in ${dir} (its package-lock.json differs from this checkout's)`);
      npm(dir, ['ci', '--no-audit', '--no-fund']);
    }
    log(`compare: building ${name}`);
    npm(dir, ['run', 'build', '--silent']);
  } catch (e) {
    return err('build-failed', `building ${name} (${commit.slice(0, 10)}) in ${dir} failed: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!existsSync(entry)) return err('build-failed', `building ${name} (${commit.slice(0, 10)}) made no dist/hnefi.js`);
  writeFileSync(marker, `${commit}\n`);
  return ok({ commit, dir, entry });
}
