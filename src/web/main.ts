// The static site's page (docs/web.md): installs the service worker that keeps the site for offline
// use, and says how the engine runs here. (The board's views come with the GUI client.)

import { ENGINE_VERSION } from '../protocol/identity.js';
import { canShareMemory } from '../search/threads/threads.js';
import { engineThreads } from './browserEngine.js';
import { registerServiceWorker } from './offline.js';

registerServiceWorker();

const app = document.getElementById('app');
if (app !== null) {
  const threads = engineThreads();
  const how = canShareMemory()
    ? `on ${threads} thread${threads === 1 ? '' : 's'}`
    : 'on one thread (the page is not cross-origin isolated: docs/web.md says which two headers the host must send)';
  app.replaceChildren(
    heading(`Hnefi ${ENGINE_VERSION}`),
    paragraph(`The engine runs in this page, ${how}, and the page works offline once loaded.`),
  );
  app.dataset.ready = 'true';
}

function heading(text: string): HTMLElement {
  const element = document.createElement('h1');
  element.textContent = text;
  return element;
}

function paragraph(text: string): HTMLElement {
  const element = document.createElement('p');
  element.textContent = text;
  return element;
}
