// The opening books shipped with Hnefi: `books/<variant>.txt` in the package, one opening per line
// (the `--openings` format), made by scripts/make-book.ts from positions where engine games are
// decided by the engines rather than by the side they play (docs/tournament.md, "Opening books").

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../packageFiles.js';

/** The folder of the shipped books, whether or not it exists. */
export function booksFolder(): string | undefined {
  const root = packageRoot();
  return root === undefined ? undefined : join(root, 'books');
}

/** The shipped book of a variant (its file name), or undefined when the variant has none. */
export function shippedBook(variant: string): string | undefined {
  const folder = booksFolder();
  if (folder === undefined || !/^[a-z0-9-]+$/.test(variant)) return undefined;
  const file = join(folder, `${variant}.txt`);
  return existsSync(file) ? file : undefined;
}
