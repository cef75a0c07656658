// Compiles the search's WebAssembly kernels (src/search/kernels, AssemblyScript) into build/kernels.wasm,
// which the bundles embed (scripts/build.mjs: esbuild's binary loader) and the tests import (vitest.config.ts).
// Recompiled only when a source is newer than the module: the kernels' folder and the layout files they import.
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import asc from 'assemblyscript/asc';

export const KERNELS_WASM = 'build/kernels.wasm';
const SOURCES = [
  ...readdirSync('src/search/kernels')
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `src/search/kernels/${file}`),
  'src/search/arenaLayout.ts',
  'src/search/features.ts',
  'src/search/params.ts',
  'src/engine/layout.ts',
];

function modified(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}

/** Writes build/kernels.wasm unless it is newer than its sources; returns its path. */
export async function compileKernels() {
  const built = modified(KERNELS_WASM);
  if (built >= 0 && SOURCES.every((source) => modified(source) <= built)) return KERNELS_WASM;
  mkdirSync('build', { recursive: true });
  // -O3 with the stub runtime: the kernels allocate nothing; --noAssert: no traps to import; the
  // memory is the arena's (arena.ts), imported as env.memory.
  const { error, stderr } = await asc.main([
    'src/search/kernels/index.ts',
    '-O3',
    '--runtime',
    'stub',
    '--importMemory',
    '--noAssert',
    '--outFile',
    KERNELS_WASM,
  ]);
  if (error) throw new Error(`the kernels did not compile: ${error.message}\n${stderr.toString()}`);
  return KERNELS_WASM;
}
