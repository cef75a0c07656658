// `hnefi gui --export <folder>`: copies the static site (built into dist/web beside the bundle,
// docs/web.md) into a folder of the user's, to put on any static web host.

import { cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { err, ok, type Result } from '../engine/index.js';

/** The built site: dist/web beside the running bundle. */
export function siteFolder(): string {
  return join(dirname(fileURLToPath(import.meta.url)), 'web');
}

/** Copies the site into `target` (created; it must not hold anything yet): the number of files and their bytes. */
export function exportSite(target: string, from = siteFolder()): Result<{ folder: string; files: number; bytes: number }> {
  if (!existsSync(join(from, 'index.html')))
    return err('no-site', `the static site is not built (${from}/index.html is missing): run npm run build`);
  const folder = resolve(target);
  if (existsSync(folder)) {
    if (!statSync(folder).isDirectory()) return err('export', `--export ${target}: not a folder`);
    if (readdirSync(folder).length > 0) return err('export', `--export ${target}: the folder is not empty (give a new or empty folder)`);
  }
  try {
    cpSync(from, folder, { recursive: true });
  } catch (error) {
    return err('export', `--export ${target}: ${(error as Error).message}`);
  }
  let files = 0;
  let bytes = 0;
  const count = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path);
      if (stat.isDirectory()) count(path);
      else {
        files++;
        bytes += stat.size;
      }
    }
  };
  count(folder);
  return ok({ folder, files, bytes });
}
