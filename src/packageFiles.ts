// Files shipped in the package beside the code (books/, nets/), found from this module's place,
// whether it runs from dist/ (the bundle) or from src/ (tests, tsx).

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's folder: the nearest folder above this module with a package.json. */
export function packageRoot(): string | undefined {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}

/** The package's file at `parts` (e.g. 'nets', 'copenhagen.nnue'), or undefined when it is not there. */
export function shippedFile(...parts: string[]): string | undefined {
  const root = packageRoot();
  if (root === undefined) return undefined;
  const file = join(root, ...parts);
  return existsSync(file) ? file : undefined;
}
