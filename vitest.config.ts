import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { compileKernels } from './scripts/kernels.mjs';

export default defineConfig({
  // The search's WebAssembly kernels, compiled when older than their sources (npm test builds them first).
  plugins: [{ name: 'search-kernels', buildStart: () => compileKernels().then(() => undefined) }],
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Most end-to-end tests wait on the processes they start (engines, Chromium, Redis): on two cores a
    // second test file runs in that time (vitest's default leaves one core to the processes).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
