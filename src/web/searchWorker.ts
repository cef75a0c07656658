// The search thread in a browser (bundled as search-worker.js in the site): searchThread.ts's work,
// with Lazy SMP helpers in Web Workers of search-helper.js where the page can share memory.

import { serveSearch } from '../facade/searchThread.js';
import { canShareMemory } from '../search/threads/threads.js';
import { webThreadPort, webThreadStarter } from './webThreads.js';

const helper = canShareMemory() ? webThreadStarter(new URL('./search-helper.js', import.meta.url), 'hnefi-helper') : undefined;
serveSearch(webThreadPort(), helper);
