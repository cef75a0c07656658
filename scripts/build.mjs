// Bundles the CLI, the search worker and the Lazy SMP helper thread into dist/ (one file each, fast start-up, no tsx at run time).
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: 'linked',
  logLevel: 'warning',
  // readline-sync finds its helper scripts next to its own files (__dirname): load it from node_modules.
  external: ['readline-sync'],
  // CommonJS dependencies (readline-sync, yargs helpers) call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
};

await build({
  ...common,
  entryPoints: { hnefi: 'src/cli.ts', 'search-worker': 'src/protocol/searchWorker.ts', 'search-helper': 'src/search/helperWorker.ts' },
  outdir: 'dist',
  entryNames: '[name]',
  banner: { js: '#!/usr/bin/env node\n' + common.banner.js },
});
