// The static site's page (docs/web.md): the GUI's views (src/gui/client) over Hnefi's engine in the
// page itself, and the service worker that keeps the site for offline use.

import { render } from 'preact';
import { App } from '../gui/client/App.js';
import { compileKernels } from '../search/kernels/arena.js';
import { canShareMemory } from '../search/threads/threads.js';
import { BrowserEngine } from './browserEngine.js';
import { registerServiceWorker } from './offline.js';

registerServiceWorker();

const app = document.getElementById('app');
// Opened from a file, the page could start no engine: index.html's note says what to do instead.
if (app !== null && location.protocol !== 'file:') {
  // Before the first search, which may run on this thread (the facade's fallback one-turn search).
  await compileKernels();
  const engine = new BrowserEngine({ root: new URL('./', location.href) });
  const threads = engine.threads;
  const how = canShareMemory()
    ? `on ${threads} thread${threads === 1 ? '' : 's'}`
    : 'on one thread (the page is not cross-origin isolated; it usually is from the next visit on, served from its offline copy)';
  // What index.html shows until the page runs (its note for a page opened from a file) goes.
  app.replaceChildren();
  render(
    <App
      connection={engine}
      inPage={{
        engine: `The engine runs in this page, ${how}: nothing you play is sent anywhere, and once loaded the page works offline. A phone can install it (Add to Home screen).`,
      }}
    />,
    app,
  );
  app.dataset.ready = 'true';
}
