// What the static site (dist/web) costs to load: the files a first visit fetches in Chromium (the
// page's own, then with its engine's first search, the service worker and what it keeps), their bytes
// and their bytes gzipped (as most hosts send them); then what a Copenhagen search adds (the
// network), and the whole folder. After `npm run build`:  npx tsx scripts/siteSize.ts

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../test/gui/guiProcess.js';
import { startStaticServer } from '../test/support/staticServer.js';

const FOLDER = 'dist/web';

function sizes(paths: Iterable<string>): { files: number; bytes: number; gzip: number } {
  let files = 0;
  let bytes = 0;
  let gzip = 0;
  for (const path of new Set(paths)) {
    const body = readFileSync(join(FOLDER, path === '/' ? 'index.html' : path));
    files++;
    bytes += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files, bytes, gzip };
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
const line = (what: string, s: ReturnType<typeof sizes>): void =>
  console.log(`${what}: ${s.files} files, ${kb(s.bytes)} (${kb(s.gzip)} gzipped)`);

async function searchIn(page: Page, variant: string): Promise<void> {
  // (A string: tsx would rewrite the import() of a function given here.)
  await page.evaluate(`(async () => {
    window.siteEngine ??= new (await import(new URL('engine.js', location.href).href)).BrowserEngine({ root: new URL('./', location.href) });
    await new Promise((resolve) => {
      const stop = window.siteEngine.listen((m) => { if (m.t === 'bestmove') { stop(); resolve(); } });
      window.siteEngine.send({ t: 'search', id: 1, slot: 'analysis', engine: 'Hnefi', variant: '${variant}', moves: [], limits: { depth: 2 } });
    });
  })()`);
}

const server = await startStaticServer(FOLDER);
const browser = await launchBrowser();
try {
  const page = await browser.browser.newPage();
  // The page's own requests (the service worker's, which keep the site, are not the page's).
  const own: string[] = [];
  page.on('request', (request) => own.push(new URL(request.url()).pathname));
  await page.goto(server.url);
  await page.locator('#app[data-ready]').waitFor();
  line('the page shown', sizes(own));
  await searchIn(page, 'berserk');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  line('first visit, with a Berserk search and the service worker', sizes(server.requests));
  const before = server.requests.length;
  await searchIn(page, 'copenhagen');
  line('then a Copenhagen search', sizes(server.requests.slice(before)));
  const all: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(FOLDER, dir))) {
      const path = join(dir, name);
      if (statSync(join(FOLDER, path)).isDirectory()) walk(path);
      else all.push(path);
    }
  };
  walk('');
  line('the whole folder', sizes(all));
} finally {
  await browser.close();
  await server.close();
}
