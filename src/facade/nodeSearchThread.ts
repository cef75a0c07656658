// The engine facade's search thread on Node.js: a worker thread of the bundled dist/search-worker.js.

import { nodeThreadStarter } from '../search/threads/nodeThreads.js';
import type { StartThread } from '../search/threads/threads.js';

/** Starts search threads of `workerFile` (default: search-worker.js beside the running bundle; code run from sources names the built one). */
export function nodeSearchThread(workerFile: string | URL = new URL('./search-worker.js', import.meta.url)): StartThread {
  return nodeThreadStarter(workerFile);
}
