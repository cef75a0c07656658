// The search thread on Node.js (bundled as dist/search-worker.js): searchThread.ts's work, with its
// Lazy SMP helpers in worker threads of dist/search-helper.js beside it.

import { nodeThreadPort, nodeThreadStarter } from '../search/threads/nodeThreads.js';
import { serveSearch } from './searchThread.js';

serveSearch(nodeThreadPort(), nodeThreadStarter(new URL('./search-helper.js', import.meta.url), { background: true }));
