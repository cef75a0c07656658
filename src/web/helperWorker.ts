// A Lazy SMP helper thread in a browser (bundled as search-helper.js in the site).

import { serveHelper } from '../search/threads/helperThread.js';
import { webThreadPort } from './webThreads.js';

serveHelper(webThreadPort());
