import { defineConfig } from 'vitest/config';
import { compileKernels } from './scripts/kernels.mjs';

export default defineConfig({
  // The search's WebAssembly kernels, compiled when older than their sources (npm test builds them first).
  plugins: [{ name: 'search-kernels', buildStart: () => compileKernels().then(() => undefined) }],
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
