// Speed of the learned evaluation against the hand-written one (scripts/nnueSpeed.ts says what is
// measured). Bundled with esbuild as dist/ is (constants and const enums written in as literals),
// since tsx runs the search several times slower and not alike for the two evaluations.
//
//   (from the repository root) nice -n 10 node scripts/nnue-speed.mjs --net nets/berserk.nnue [--depth 5] [--rounds 3]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const folder = mkdtempSync(join(tmpdir(), 'hnefi-nnue-speed-'));
const outfile = join(folder, 'nnue-speed.js');
try {
  await build({
    entryPoints: ['scripts/nnueSpeed.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    minifySyntax: true,
    logLevel: 'warning',
  });
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
