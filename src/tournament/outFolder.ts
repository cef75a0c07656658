// The tournament's output folder: checked before any game (each file-system problem one line naming the
// path and what is wrong), and locked while a runner uses it, so that two runners never play the same games.

import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { err, ok, type Result } from '../engine/index.js';

export const LOCK_FILE = 'runner.lock';

const reason = (e: unknown, reading: boolean): string => {
  const code = (e as NodeJS.ErrnoException).code;
  const known: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'not permitted',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
    EISDIR: 'is a folder',
    ENOTDIR: 'a part of the path is a file, not a folder',
    EEXIST: 'already exists',
    // Writing, parents are made first, so this means the file system (/proc, /sys) allows no new file there.
    ENOENT: reading ? 'does not exist' : 'the file system allows no new file there',
  };
  return code !== undefined && known[code] !== undefined ? `${known[code]} (${code})` : (e as Error).message.split('\n')[0];
};

/** One file-system failure as a line of text: what was being done, the path, and why it failed. */
export function fileError(action: string, path: string, e: unknown): string {
  return `cannot ${action} '${path}': ${reason(e, action.startsWith('read'))}`;
}

type Kind = 'folder' | 'file' | 'other' | 'missing';

function kindOf(path: string): Kind {
  try {
    const stat = statSync(path);
    return stat.isDirectory() ? 'folder' : stat.isFile() ? 'file' : 'other';
  } catch {
    return 'missing';
  }
}

/** Creates a folder and its missing parents one level at a time (a recursive mkdir can spin forever under /proc). */
function makeFolder(path: string): Result<void> {
  const kind = kindOf(path);
  if (kind === 'folder') return ok(undefined);
  if (kind !== 'missing') return err('bad-out', `out folder '${path}' is a file, not a folder`);
  const parent = dirname(path);
  if (parent !== path) {
    const made = makeFolder(parent);
    if (!made.ok) return made;
  }
  try {
    mkdirSync(path);
  } catch (e) {
    return err('bad-out', fileError('create the folder', path, e));
  }
  return ok(undefined);
}

/** Checks that a file can be appended to (or created), without changing what it holds. */
function checkWritable(path: string): Result<void> {
  const kind = kindOf(path);
  if (kind === 'folder' || kind === 'other')
    return err('bad-out', `'${path}' is ${kind === 'folder' ? 'a folder' : 'not a regular file'}; the runner writes a file there`);
  try {
    closeSync(openSync(path, 'a'));
    if (kind === 'missing') unlinkSync(path);
  } catch (e) {
    return err('bad-out', fileError('write to', path, e));
  }
  return ok(undefined);
}

/** The out folder exists (created if need be) and every file the runner writes there can be written. */
export function prepareOutFolder(out: string): Result<void> {
  const made = makeFolder(out);
  if (!made.ok) return made;
  for (const name of ['results.jsonl', 'summary.json', 'tournament.json']) {
    const writable = checkWritable(join(out, name));
    if (!writable.ok) return writable;
  }
  const games = join(out, 'games');
  const kind = kindOf(games);
  if (kind !== 'folder' && kind !== 'missing')
    return err('bad-out', `'${games}' is a file; the runner writes its game records into a folder there`);
  return ok(undefined);
}

const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export interface OutLock {
  release(): void;
}

/**
 * Takes the out folder's lock file (it holds the runner's pid): refused while that process lives,
 * taken over when it has died (a runner killed outright leaves its lock behind).
 */
export function lockOutFolder(out: string): Result<OutLock> {
  const file = join(out, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return ok({
        release: () => {
          try {
            if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
          } catch {
            // Already gone.
          }
        },
      });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return err('bad-out', fileError('create the lock file', file, e));
    }
    let holder = NaN;
    try {
      holder = Number(readFileSync(file, 'utf8').trim());
    } catch {
      // Removed meanwhile: try again.
    }
    if (Number.isInteger(holder) && holder > 0 && processAlive(holder)) {
      return err(
        'out-locked',
        `out folder '${out}' is in use by another runner (pid ${holder}; lock file ${file}); wait for it to end or choose another out`,
      );
    }
    try {
      unlinkSync(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return err('bad-out', fileError('take over the stale lock file', file, e));
    }
  }
  return err('out-locked', `out folder '${out}': another runner took the lock file ${file} at the same moment; try again`);
}
