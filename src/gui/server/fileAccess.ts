// The files a page may have the server read: only inside the folders named when the server started
// (--watch tournament folders, --records folders and what lies under them), by their real paths
// (a symbolic link out of them is refused), regular files only (a FIFO would block the reader), and
// no larger than a cap. Reads never block the server: each is asynchronous, and a file is opened
// without waiting for a writer before its type is checked. Errors name what the page asked for,
// never a path of the server's machine.

import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { err, ok, type Result } from '../../engine/index.js';

/** The folders the page may watch: each `watch` folder itself, and anything under a `records` folder. */
export class FolderAccess {
  constructor(
    private readonly watch: readonly string[],
    private readonly records: readonly string[],
  ) {}

  /** The real path of the folder the page named, if it may be read; it need not exist yet. */
  async folder(name: string): Promise<Result<string>> {
    const real = await realPathOf(resolve(name));
    if (real !== undefined) {
      for (const folder of this.watch) if ((await realPathOf(resolve(folder))) === real) return ok(real);
      for (const folder of this.records) {
        const root = await realPathOf(resolve(folder));
        if (root !== undefined && within(root, real)) return ok(real);
      }
    }
    return err(
      'not-allowed',
      `the folder '${name}' is not one this server shows: start hnefi gui with --watch <that folder>, or --records <a folder above it>`,
    );
  }

  /** The real path of `file` inside `folder` (a real path from folder()), if it stays inside what may be read. */
  async file(folder: string, file: string): Promise<Result<string>> {
    const real = await realPathOf(join(folder, file));
    if (real === undefined || !within(folder, real)) return err('not-allowed', `'${file}' leads outside the tournament's folder`);
    return ok(real);
  }
}

const within = (root: string, path: string): boolean => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

/**
 * The real path of `path`: its deepest existing folder with links resolved, and the rest (which does
 * not exist yet, so holds no link) added back. Undefined when it cannot be resolved.
 */
async function realPathOf(path: string): Promise<string | undefined> {
  let existing = path;
  const rest: string[] = [];
  for (;;) {
    try {
      const real = await realpath(existing);
      return rest.length === 0 ? real : join(real, ...rest);
    } catch (e) {
      const parent = dirname(existing);
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || parent === existing) return undefined;
      rest.unshift(basename(existing));
      existing = parent;
    }
  }
}

/** Opens without following a last link and without waiting for a FIFO's writer (where the system has both flags). */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/**
 * A regular file's bytes from `offset`, at most `maxBytes` of them (a file that holds more is refused
 * unless `partial`, which reads the first `maxBytes` and says how many there were).
 */
export async function readRegularFile(
  path: string,
  maxBytes: number,
  shownName: string,
  offset = 0,
  partial = false,
): Promise<Result<{ bytes: Buffer; size: number }>> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, READ_FLAGS);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return err('unreadable', `${shownName}: ${code === 'ENOENT' ? 'no such file' : code === 'ELOOP' ? 'a link' : 'cannot be read'}`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return err('unreadable', `${shownName}: not a regular file`);
    const available = Math.max(0, info.size - offset);
    if (available > maxBytes && !partial) return err('too-large', `${shownName}: larger than ${maxBytes >> 20} MB`);
    const bytes = Buffer.alloc(Math.min(available, maxBytes));
    let read = 0;
    while (read < bytes.length) {
      const { bytesRead } = await handle.read(bytes, read, bytes.length - read, offset + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return ok({ bytes: bytes.subarray(0, read), size: info.size });
  } catch {
    return err('unreadable', `${shownName}: cannot be read`);
  } finally {
    await handle.close();
  }
}

/** A file's modification time, or 0 when it is missing (stat never blocks on a FIFO). */
export async function modified(path: string): Promise<number> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return 0;
  }
}
