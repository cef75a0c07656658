// Compiles the search's WebAssembly kernels (src/search/kernels/assembly, AssemblyScript) into two modules,
// build/kernels.wasm (index.ts: the search's kernels) and build/network.wasm (network.ts: the learned
// evaluation's, with SIMD, which the others do without, so that a browser without it still runs the
// search), and writes each as a module that src/search/kernels imports (build/<name>.wasm.js, its bytes
// in base64, with its .d.ts), so that the bundles, the tests and scripts run by tsx all embed the same
// bytes with no loader of their own. Recompiled only when a source is newer than the modules: the
// kernels' folder and the layout files they import. `node scripts/kernels.mjs` compiles them alone.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import asc from 'assemblyscript/asc';
import binaryen from 'binaryen';

/** Each module: its entry, its name in build/, what it holds, and asc's extra flags. */
const MODULES = [
  { entry: 'src/search/kernels/assembly/index.ts', name: 'kernels', what: "the search's WebAssembly kernels", flags: [], features: [] },
  {
    entry: 'src/search/kernels/assembly/network.ts',
    name: 'network',
    what: "the learned evaluation's WebAssembly kernels",
    flags: ['--enable', 'simd'],
    features: ['SIMD128'],
  },
];
const SOURCES = [
  ...readdirSync('src/search/kernels/assembly')
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `src/search/kernels/assembly/${file}`),
  'src/search/kernels/arenaLayout.ts',
  'src/search/evaluation/features.ts',
  'src/search/params.ts',
  'src/search/network/scales.ts',
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
 * compiler asc runs; told the module's `features` beyond Binaryen's defaults, such as SIMD): asc's -O3 keeps a helper called from several places (a direction's walk,
 * the custodial test) as a function of its own, and V8 does not inline one WebAssembly function
 * into another, so each such call cost a call a square (the kernels ran some 20% more instructions).
 * AssemblyScript's @inline would do it in the source, but is a decorator on a function, which
 * neither TypeScript nor Biome parses.
 */
function inlineAll(path, features) {
  const module = binaryen.readBinary(readFileSync(path));
  for (const feature of features) module.setFeatures(module.getFeatures() | binaryen.Features[feature]);
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

/** Writes the modules unless they are newer than their sources. */
export async function compileKernels() {
  const built = Math.min(...MODULES.map(({ name }) => modified(`build/${name}.wasm.js`)));
  if (built >= 0 && SOURCES.every((source) => modified(source) <= built)) return;
  mkdirSync('build', { recursive: true });
  for (const module of MODULES) await compileModule(module);
}

async function compileModule({ entry, name, what, flags, features }) {
  const wasm = `build/${name}.wasm`;
  // -O3 with the stub runtime: the kernels allocate nothing; --noAssert: no traps to import; the
  // memory is the arena's (arena.ts), imported as env.memory.
  const { error, stderr } = await asc.main([
    entry,
    '-O3',
    '--runtime',
    'stub',
    '--importMemory',
    '--noAssert',
    ...flags,
    '--outFile',
    wasm,
  ]);
  if (error) throw new Error(`${what} did not compile: ${error.message}\n${stderr.toString()}`);
  inlineAll(wasm, features);
  const base64 = readFileSync(wasm).toString('base64');
  writeFileSync(
    `build/${name}.wasm.d.ts`,
    `// Written by scripts/kernels.mjs: ${what}.\ndeclare const kernels: Uint8Array<ArrayBuffer>;\nexport default kernels;\n`,
  );
  writeFileSync(
    `build/${name}.wasm.js`,
    `// Written by scripts/kernels.mjs from ${entry}: ${what}.\nexport default Uint8Array.from(atob('${base64}'), (c) => c.charCodeAt(0));\n`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await compileKernels();
