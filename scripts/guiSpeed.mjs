// Measures the GUI in a real headless Chromium with the built bundle (run `npm run build` first):
// page load to a drawn board, a click to a redrawn board on 7x7, 11x11 and 19x19, and analysis
// updates per second with 5 lines (and the longest task on the page's main thread meanwhile), from
// Hnefi (which reports when it finishes a depth) and from test/fixtures/streamingEngine.mjs (5 lines
// every 20 ms: what the page does with more lines than it can show).
// Usage: node scripts/guiSpeed.mjs [chromium path]

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HNEFI = fileURLToPath(new URL('../dist/hnefi.js', import.meta.url));
const STREAMING = fileURLToPath(new URL('../test/fixtures/streamingEngine.mjs', import.meta.url));
const CHROMIUM = process.argv[2] ?? '/usr/bin/chromium';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = spawn(
  process.execPath,
  [
    HNEFI,
    'gui',
    '--port',
    '0',
    '--engine',
    `name=Hnefi cmd=${process.execPath} args="${HNEFI}"`,
    '--engine',
    `name=Streaming cmd=${process.execPath} args="${STREAMING}"`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const url = await new Promise((resolve) =>
  createInterface({ input: server.stdout }).on('line', (line) => {
    const match = /(http:\/\/\S+)/.exec(line);
    if (match) resolve(match[1]);
  }),
);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // From the start of the navigation to the frame that shows the board, by the page's own clock.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (document.querySelector('.play .board [data-piece]') === null) return;
      seen.disconnect();
      requestAnimationFrame(() => (window.boardShownAt = performance.now()));
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await page.goto(url);
  const loads = [];
  for (let i = 0; i < 7; i++) {
    await page.reload();
    await page.waitForFunction(() => window.boardShownAt !== undefined);
    loads.push(await page.evaluate(() => window.boardShownAt));
  }
  console.log(`page load to board: median ${median(loads).toFixed(0)} ms (${loads.map((x) => x.toFixed(0)).join(' ')})`);

  for (const [variant, squares] of [
    ['brandubh', ['d2', 'b4']],
    ['copenhagen', ['d1', 'a4']],
    ['alea-evangelii', ['c1', 'a3']],
  ]) {
    await page.selectOption('[data-testid=variant]', variant);
    await page.selectOption('[data-testid=you]', 'people');
    await page.click('[data-testid=new-game]');
    await page.waitForTimeout(200);
    const times = await page.evaluate(async (names) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const results = [];
      for (let i = 0; i < 30; i++) {
        // Pressing two pieces in turn: each press selects the other piece and draws its targets.
        const rect = document.querySelector(`.play [data-square=${names[i % 2]}]`);
        const box = rect.getBoundingClientRect();
        const at = { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, bubbles: true, pointerId: 1 };
        const start = performance.now();
        rect.dispatchEvent(new PointerEvent('pointerdown', at));
        rect.dispatchEvent(new PointerEvent('pointerup', at));
        await frame();
        if (document.querySelector('.play .board .selected') === null) throw new Error('nothing selected');
        results.push(performance.now() - start);
      }
      return results;
    }, squares);
    console.log(`click to redrawn board, ${variant}: median ${median(times).toFixed(1)} ms, worst ${Math.max(...times).toFixed(1)} ms`);
  }

  for (const [engine, variant] of [
    ['Hnefi', 'copenhagen'],
    ['Streaming', 'copenhagen'],
    ['Streaming', 'alea-evangelii'],
  ]) {
    await page.goto(`${url}#analyse`);
    await page.locator('.analyse .board').waitFor();
    await page.selectOption('[data-testid=analysis-engine]', engine);
    await page.selectOption('[data-testid=setup-variant]', variant);
    await page.fill('[data-testid=setup-text]', '');
    await page.click('[data-testid=set-moves]');
    await page.selectOption('[data-testid=multipv]', '5');
    await page.check('[data-testid=analyse-toggle]');
    await page.locator('.analyse .pv-line').first().waitFor({ timeout: 30_000 });
    const seconds = 5;
    const result = await page.evaluate(async (s) => {
      let updates = 0;
      let changed = false;
      let longest = 0;
      const lines = document.querySelector('[data-testid=pv-lines]');
      const changes = new MutationObserver(() => (changed = true));
      changes.observe(lines, { subtree: true, childList: true, characterData: true });
      const tasks = new PerformanceObserver((list) => list.getEntries().forEach((e) => (longest = Math.max(longest, e.duration))));
      tasks.observe({ type: 'longtask' });
      let frames = 0;
      const end = performance.now() + s * 1000;
      await new Promise((resolve) => {
        const tick = () => {
          if (changed) updates++;
          changed = false;
          if (performance.now() >= end) return resolve();
          frames++;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      changes.disconnect();
      tasks.disconnect();
      return { updates, longest, frames };
    }, seconds);
    await page.uncheck('[data-testid=analyse-toggle]');
    // Updates: animation frames in which the lines changed (at most one a frame).
    console.log(
      `analysis by ${engine}, ${variant}, 5 lines: ${(result.updates / seconds).toFixed(1)} redraws/s of the lines, ${(result.frames / seconds).toFixed(0)} frames/s, longest main-thread task ${result.longest.toFixed(0)} ms`,
    );
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
