// A Lazy SMP helper thread on Node.js (bundled as dist/search-helper.js): helperThread.ts's work.

import { serveHelper } from './helperThread.js';
import { nodeThreadPort } from './nodeThreads.js';

serveHelper(nodeThreadPort());
