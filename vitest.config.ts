import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vitest/config';
import { compileKernels } from './scripts/kernels.mjs';

/** The kernels' module (build/kernels.wasm, compiled when older than its sources) imported as its bytes, as esbuild's binary loader does in the bundles. */
const kernelsModule: Plugin = {
  name: 'search-kernels',
  enforce: 'pre',
  async load(id) {
    if (!id.endsWith('/build/kernels.wasm')) return null;
    const bytes = readFileSync(await compileKernels()).toString('base64');
    return `export default Uint8Array.from(atob('${bytes}'), (c) => c.charCodeAt(0));`;
  },
};

export default defineConfig({
  plugins: [kernelsModule],
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
