// The static site in a real Chromium, exported by `hnefi gui --export` and served by a plain static file
// server: the engine in the page (its search in Web Workers) answers the GUI's messages for Berserk and
// Copenhagen, `stop` ends `go infinite` without the page ever waiting, with one thread (a host that does
// not isolate the page) and with several (one that does, or the service worker from the second visit
// on), and the page works with the network gone after its first visit. From disk it says what to do.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVariant, ok, Position, type Result, VARIANTS } from '../../src/engine/index.js';
import type { ClientMessage, ServerMessage } from '../../src/gui/shared/messages.js';
import { type Opening, parseTfen, parseTurn, playMoves } from '../../src/notation/index.js';
import { CLI, launchBrowser, type TestBrowser } from '../gui/guiProcess.js';
import { startStaticServer, type StaticServer } from '../support/staticServer.js';

let folder: string;
let site: string;
let plain: StaticServer;
let isolating: StaticServer;
let browser: TestBrowser;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'hnefi-site-'));
  site = join(folder, 'site');
  execFileSync(process.execPath, [CLI, 'gui', '--export', site]);
  [plain, isolating, browser] = await Promise.all([startStaticServer(site), startStaticServer(site, { isolate: true }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([plain?.close(), isolating?.close()]);
  rmSync(folder, { recursive: true, force: true });
});

/** What the page keeps for the test: the engine's module, one engine, and every message it sent. */
interface TestWindow {
  engine: {
    send(message: ClientMessage): void;
    threads: number;
    files: { book(variant: string): Promise<Result<Opening[] | null>> };
  };
  messages: ServerMessage[];
}

/** Opens the site and makes the page an engine of the site's module (engine.js) that records its messages. */
async function openSite(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.locator('#app[data-ready]').waitFor();
  // (A string: the test runner rewrites the import() of a function given here.)
  await page.evaluate(`(async () => {
    const { BrowserEngine } = await import(new URL('engine.js', location.href).href);
    const engine = new BrowserEngine({ root: new URL('./', location.href) });
    const messages = [];
    engine.listen((message) => messages.push(message));
    Object.assign(window, { engine, messages });
  })()`);
  expect(errors).toEqual([]);
  return page;
}

let nextId = 1;

/** Sends a search and waits for its bestmove: the search's messages. */
async function search(
  page: Page,
  variant: string,
  limits: Record<string, number | boolean>,
  moves: string[] = [],
): Promise<ServerMessage[]> {
  const id = nextId++;
  const request: ClientMessage = { t: 'search', id, slot: 'analysis', engine: 'Hnefi', variant, moves, limits };
  await page.evaluate((message) => (window as unknown as TestWindow).engine.send(message), request);
  await page.waitForFunction((id) => (window as unknown as TestWindow).messages.some((m) => m.t === 'bestmove' && m.id === id), id, {
    timeout: 20_000,
  });
  return page.evaluate((id) => (window as unknown as TestWindow).messages.filter((m) => 'id' in m && m.id === id), id);
}

/** Of a search's messages: its best move, which must be legal after `moves`, and its analysis lines. */
function answer(variant: string, messages: ServerMessage[], moves: string[] = []): { move: string; depths: number[] } {
  const rules = getVariant(variant);
  if (!rules.ok) throw new Error(rules.error.message);
  const pos = Position.start(rules.value);
  const played = playMoves(pos, moves);
  if (!played.ok) throw new Error(played.error.message);
  const best = messages.find((m) => m.t === 'bestmove');
  if (best?.t !== 'bestmove') throw new Error('no bestmove');
  expect(parseTurn(pos, best.move).ok, `${best.move} in ${variant}`).toBe(true);
  const depths = messages.flatMap((m) => (m.t === 'info' ? m.lines.map((line) => line.depth ?? 0) : []));
  return { move: best.move, depths };
}

const threadsOf = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as TestWindow).engine.threads);

/** Runs `go infinite`, stops it after its first lines, and checks the page's own timers ran all along. */
async function stopInfinite(page: Page, variant: string): Promise<void> {
  const id = nextId++;
  const request: ClientMessage = { t: 'search', id, slot: 'analysis', engine: 'Hnefi', variant, moves: [], limits: { infinite: true } };
  const result = await page.evaluate(
    async ({ request, id }) => {
      const { engine, messages } = window as unknown as TestWindow;
      // The page's own work goes on while the engine thinks: a 20 ms timer counts its runs.
      let ticks = 0;
      const timer = setInterval(() => ticks++, 20);
      const until = (done: () => boolean) =>
        new Promise<void>((resolve) => {
          const look = () => (done() ? resolve() : setTimeout(look, 10));
          look();
        });
      engine.send(request);
      await until(() => messages.some((m) => m.t === 'info' && m.id === id));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ticksThinking = ticks;
      const stoppedAt = performance.now();
      engine.send({ t: 'stop', slot: 'analysis' });
      await until(() => messages.some((m) => m.t === 'bestmove' && m.id === id));
      clearInterval(timer);
      return { stopMs: performance.now() - stoppedAt, ticksThinking };
    },
    { request, id },
  );
  expect(result.stopMs).toBeLessThan(1000);
  // At least half of the timer's runs: the page never waited for the search.
  expect(result.ticksThinking).toBeGreaterThan(500 / 20 / 2);
}

describe('the static site in Chromium', () => {
  it('searches Berserk and Copenhagen in a worker on several threads where the host isolates the page', async () => {
    const context = await browser.browser.newContext();
    const page = await openSite(context, isolating.url);
    // With the service worker in charge, the page fetches the network once (before, it fetches it again
    // through the worker when the worker takes over, to keep it offline: the next test).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    expect(await threadsOf(page)).toBeGreaterThan(1);
    const berserk = answer('berserk', await search(page, 'berserk', { movetime: 400 }));
    expect(berserk.depths.length).toBeGreaterThan(0);
    expect(isolating.requests.filter((path) => path.startsWith('/nets/'))).toEqual([]);
    const copenhagen = answer('copenhagen', await search(page, 'copenhagen', { depth: 4 }));
    expect(Math.max(...copenhagen.depths)).toBe(4);
    // Copenhagen is evaluated by the shipped network, fetched when first needed.
    expect(isolating.requests.filter((path) => path.startsWith('/nets/'))).toEqual(['/nets/copenhagen.nnue']);
    // A book is fetched when asked for: its openings are move lists that the rules accept.
    expect(isolating.requests.filter((path) => path.startsWith('/books/'))).toEqual([]);
    const books = await page.evaluate(async () => {
      const { files } = (window as unknown as TestWindow).engine;
      return { berserk: await files.book('berserk'), fetlar: await files.book('fetlar') };
    });
    expect(books.fetlar).toEqual({ ok: true, value: null });
    if (!books.berserk.ok || books.berserk.value === null) throw new Error('no berserk book');
    expect(books.berserk.value.length).toBeGreaterThan(10);
    // Checked in the page against the rules; here again.
    for (const opening of books.berserk.value.slice(0, 20)) {
      const start = opening.tfen === undefined ? ok(Position.start(VARIANTS.berserk)) : parseTfen(VARIANTS.berserk, opening.tfen);
      if (!start.ok) throw new Error(start.error.message);
      expect(playMoves(start.value, opening.moves).ok).toBe(true);
    }
    expect(isolating.requests.filter((path) => path.startsWith('/books/'))).toEqual(['/books/berserk.txt', '/books/fetlar.txt']);
    await stopInfinite(page, 'berserk');
    // The engine answers the next search after a stop.
    answer('berserk', await search(page, 'berserk', { depth: 3 }, ['h1h3']), ['h1h3']);
    await context.close();
  });

  it('searches on one thread where the host does not isolate the page, stops go infinite, and then works offline', async () => {
    const context = await browser.browser.newContext();
    const page = await openSite(context, plain.url);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    expect(await threadsOf(page)).toBe(1);
    answer('berserk', await search(page, 'berserk', { movetime: 300 }));
    // Without shared memory the stop replaces the search thread: the next search still answers.
    await stopInfinite(page, 'copenhagen');
    answer('copenhagen', await search(page, 'copenhagen', { depth: 3 }));
    // A restart starts a fresh engine, which answers the next search.
    const states = await page.evaluate(async () => {
      const { engine, messages } = window as unknown as TestWindow;
      const from = messages.length;
      engine.send({ t: 'restart', slot: 'analysis' });
      while (!messages.slice(from).some((m) => m.t === 'engine' && m.state === 'ready'))
        await new Promise((resolve) => setTimeout(resolve, 10));
      return messages.slice(from).map((m) => (m.t === 'engine' ? m.state : m.t));
    });
    expect(states).toEqual(['starting', 'ready']);
    answer('tablut', await search(page, 'tablut', { depth: 3 }));
    // The service worker keeps the site, and the network the page fetched (again through it if it
    // came before the worker took over).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect
      .poll(() => page.evaluate(async () => (await caches.match('nets/copenhagen.nnue')) !== undefined), { timeout: 10_000 })
      .toBe(true);
    const fetched = plain.requests.length;
    await context.setOffline(true);
    const offline = await openSite(context, plain.url);
    answer('berserk', await search(offline, 'berserk', { movetime: 300 }));
    answer('copenhagen', await search(offline, 'copenhagen', { movetime: 300 }));
    expect(await offline.evaluate(() => (window as unknown as TestWindow).messages.filter((m) => m.t === 'error'))).toEqual([]);
    // Nothing reached the server (nor did the service worker's own fetches) but the browser's look for a new sw.js.
    expect(plain.requests.slice(fetched).filter((path) => path !== '/sw.js')).toEqual([]);
    // The page was served by the service worker, which makes it cross-origin isolated: several threads now.
    expect(await offline.evaluate(() => crossOriginIsolated)).toBe(true);
    expect(await threadsOf(offline)).toBeGreaterThan(1);
    await context.close();
  });

  // V8 runs WebAssembly SIMD on x86 only with SSE4.1: without it, as a browser without SIMD. (Other
  // processors have no such switch.)
  it.runIf(process.arch === 'x64')('searches Copenhagen alike where WebAssembly has no SIMD, with the network in JavaScript', async () => {
    const noSimd = await launchBrowser(['--js-flags=--no-enable-sse4-1']);
    const runs: { simd: boolean; lines: unknown[] }[] = [];
    try {
      for (const { browser: each } of [browser, noSimd]) {
        const context = await each.newContext();
        // One thread (the host does not isolate the page): the same search every time.
        const page = await openSite(context, plain.url);
        // A module of one function returning a v128 constant.
        const simd = await page.evaluate(() => {
          const bytes = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12];
          try {
            new WebAssembly.Module(new Uint8Array([...bytes, ...new Array(16).fill(0), 11]));
            return true;
          } catch {
            return false;
          }
        });
        const messages = await search(page, 'copenhagen', { depth: 5 });
        answer('copenhagen', messages);
        // Without the times, which differ.
        const lines = messages.flatMap((m) => (m.t === 'info' ? m.lines.map(({ time, nps, ...line }) => line) : []));
        runs.push({ simd, lines });
        await context.close();
      }
    } finally {
      await noSimd.close();
    }
    expect(runs.map(({ simd }) => simd)).toEqual([true, false]);
    expect(runs[0].lines.at(-1)).toEqual(expect.objectContaining({ depth: 5, nodes: expect.any(Number) }));
    // The page passes on some of the lines, by time: the last is the whole search's.
    expect(runs[1].lines.at(-1)).toEqual(runs[0].lines.at(-1));
  });

  it('is exported only into a new or empty folder', () => {
    const again = spawnSync(process.execPath, [CLI, 'gui', '--export', site], { encoding: 'utf8' });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('the folder is not empty');
  });

  it('opened from disk, says it needs a web server', async () => {
    const page = await browser.browser.newPage();
    await page.goto(pathToFileURL(join(site, 'index.html')).href);
    await expect.poll(() => page.locator('.from-disk-note').isVisible()).toBe(true);
    expect(await page.locator('.from-disk-note').innerText()).toContain('web server');
    await page.close();
  });
});
