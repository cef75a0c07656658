// `npm run build`: compiles the search's WebAssembly kernels (scripts/kernels.mjs), then bundles everything
// that runs into dist/ with esbuild.
//
// The CLI, the library, the search worker and the Lazy SMP helper thread go into dist/ (no tsx at run
// time), the rules alone into dist/rules.js, the GUI's page into dist/gui, and the static site (the
// page with the engine in the browser, docs/web.md; scripts/buildSite.mjs) into dist/web. Code shared
// by them, and each CLI command loaded on demand, go to chunk files beside them in dist/ (not a
// subfolder: workers are found relative to the module that starts them), so that starting the engine
// server parses only what it runs.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { buildSite } from './buildSite.mjs';
import { compileKernels } from './kernels.mjs';

await compileKernels();

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: 'linked',
  logLevel: 'warning',
  // Writes constants into the code as literals: const enum members always, and the constants of modules
  // that import nothing (src/engine/types.ts). V8 would otherwise load and check a variable at each use.
  minifySyntax: true,
  // readline-sync finds its helper scripts next to its own files (__dirname): load it from node_modules.
  // The GUI's web server libraries load plugins and schemas at run time: load them from node_modules too.
  external: ['readline-sync', 'fastify', '@fastify/static', '@fastify/websocket'],
  // CommonJS dependencies (readline-sync, yargs helpers) call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
};

const result = await build({
  ...common,
  entryPoints: {
    hnefi: 'src/cli.ts',
    index: 'src/index.ts',
    'search-worker': 'src/facade/searchWorker.ts',
    'search-helper': 'src/search/threads/helperWorker.ts',
  },
  outdir: 'dist',
  entryNames: '[name]',
  splitting: true,
  chunkNames: '[name]-[hash]',
  metafile: true,
  banner: { js: '#!/usr/bin/env node\n' + common.banner.js },
});

// The GUI's page (src/gui/client): one browser bundle with the rules core, its stylesheet and index.html,
// all in dist/gui, so that the page works offline.
await build({
  entryPoints: { app: 'src/gui/client/main.tsx' },
  outdir: 'dist/gui',
  bundle: true,
  platform: 'browser',
  target: 'es2022',
  format: 'esm',
  minify: true,
  sourcemap: 'linked',
  logLevel: 'warning',
  jsx: 'automatic',
  jsxImportSource: 'preact',
});
cpSync('src/gui/client/index.html', 'dist/gui/index.html');
cpSync('src/gui/client/style.css', 'dist/gui/style.css');

// The rules alone, for browsers and other runtimes: one file, no Node.js banner.
await build({
  entryPoints: ['src/rules.ts'],
  outfile: 'dist/rules.js',
  bundle: true,
  platform: 'neutral',
  target: 'es2022',
  format: 'esm',
  sourcemap: 'linked',
  logLevel: 'warning',
  minifySyntax: true,
});

await buildSite('dist/web');

// Chunks of earlier builds (their names carry a content hash) would pile up: remove those not just written.
const written = new Set(Object.keys(result.metafile.outputs).map((path) => path.replace(/^dist\//, '')));
for (const file of readdirSync('dist')) {
  const chunk = /^[a-z0-9-]+-[A-Z0-9]{8}\.js(\.map)?$/.test(file);
  if (chunk && !written.has(file) && !written.has(file.replace(/\.map$/, ''))) rmSync(`dist/${file}`);
}
