// Compiles the search's WebAssembly kernels (src/search/kernels/assembly, AssemblyScript) into build/kernels.wasm,
// and writes it as a module that src/search/kernels/arena.ts imports (build/kernels.wasm.js, its bytes in base64,
// with its .d.ts), so that the bundles, the tests and scripts run by tsx all embed the same bytes with
// no loader of their own. Recompiled only when a source is newer than the module: the kernels' folder
// and the layout files they import. `node scripts/kernels.mjs` compiles them alone.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import asc from 'assemblyscript/asc';
import binaryen from 'binaryen';

export const KERNELS_WASM = 'build/kernels.wasm';
const KERNELS_MODULE = 'build/kernels.wasm.js';
const SOURCES = [
  ...readdirSync('src/search/kernels/assembly')
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `src/search/kernels/assembly/${file}`),
  'src/search/kernels/arenaLayout.ts',
  'src/search/evaluation/features.ts',
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

/**
 * Inlines every helper into the kernels that call it and optimizes again, with Binaryen (the
 * compiler asc runs): asc's -O3 keeps a helper called from several places (a direction's walk,
 * the custodial test) as a function of its own, and V8 does not inline one WebAssembly function
 * into another, so each such call cost a call a square (the kernels ran some 20% more instructions).
 * AssemblyScript's @inline would do it in the source, but is a decorator on a function, which
 * neither TypeScript nor Biome parses.
 */
function inlineAll(path) {
  const module = binaryen.readBinary(readFileSync(path));
  binaryen.setOptimizeLevel(3);
  binaryen.setShrinkLevel(0);
  binaryen.setAlwaysInlineMaxSize(300);
  binaryen.setFlexibleInlineMaxSize(1000);
  binaryen.setOneCallerInlineMaxSize(1000);
  binaryen.setAllowInliningFunctionsWithLoops(true);
  module.runPasses(['inlining-optimizing']);
  module.optimize();
  writeFileSync(path, module.emitBinary());
  module.dispose();
}

/** Writes build/kernels.wasm unless it is newer than its sources; returns its path. */
export async function compileKernels() {
  const built = modified(KERNELS_MODULE);
  if (built >= 0 && SOURCES.every((source) => modified(source) <= built)) return KERNELS_WASM;
  mkdirSync('build', { recursive: true });
  // -O3 with the stub runtime: the kernels allocate nothing; --noAssert: no traps to import; the
  // memory is the arena's (arena.ts), imported as env.memory.
  const { error, stderr } = await asc.main([
    'src/search/kernels/assembly/index.ts',
    '-O3',
    '--runtime',
    'stub',
    '--importMemory',
    '--noAssert',
    '--outFile',
    KERNELS_WASM,
  ]);
  if (error) throw new Error(`the kernels did not compile: ${error.message}\n${stderr.toString()}`);
  inlineAll(KERNELS_WASM);
  const base64 = readFileSync(KERNELS_WASM).toString('base64');
  writeFileSync(
    'build/kernels.wasm.d.ts',
    "// Written by scripts/kernels.mjs: the search's WebAssembly kernels.\ndeclare const kernels: Uint8Array<ArrayBuffer>;\nexport default kernels;\n",
  );
  writeFileSync(
    KERNELS_MODULE,
    `// Written by scripts/kernels.mjs from src/search/kernels/assembly: the search's WebAssembly kernels.\nexport default Uint8Array.from(atob('${base64}'), (c) => c.charCodeAt(0));\n`,
  );
  return KERNELS_WASM;
}

if (import.meta.url === `file://${process.argv[1]}`) await compileKernels();
