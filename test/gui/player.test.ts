// What a player meets in the GUI, in a real Chromium: turns typed, capture marks, the move list kept
// at the latest turn, a hint, the game saved from Play; the evaluation's number and scale, the legend,
// captured pieces counted; a tournament game lost on time with its reason; a game followed on Watch
// shown once; a phone's narrow screen; a search resumed after the server restarts; analysis stopped
// in a hidden tab.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVariant, Position } from '../../src/engine/index.js';
import { gameRulesString, makeOtg, parseOtg, parseTurn, playTurnRecorded } from '../../src/notation/index.js';
import { CLI, launchBrowser, startGuiProcess, type GuiProcess, type TestBrowser } from './guiProcess.js';

/** A Berserk game of 34 turns between two Hnefi builds (captures in turns 10, 12 and 16). */
const GAME =
  'g11g9 e7d7 e11e10 d7b7 a8b8 h6h9 h11i11 f8f9 k8f8 h9h10 i11i2 e6e7 f10g10 d6d9 f8f9 f6d6 d1d3 d9b9 b8f8 g6h6 a4c4 ' +
  'h6h7 i2i10 e5e4 i10i2 f4h4 f8d8 e7d7 j6e6 d6d5 e6d6 d5e5 d3j3 e5e8';
/** One token for the server and its restart: the page reconnects with what it kept. */
const TOKEN = 'player-test-token-0123456789';

let gui: GuiProcess;
let browser: TestBrowser;
let folder: string;
const env = { ...process.env, HNEFI_GUI_TOKEN: TOKEN };
const engineFlags = ['--engine', `name=Hnefi cmd=${process.execPath} args="${CLI}" option.Threads=1`];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'hnefi-gui-player-'));
  [gui, browser] = await Promise.all([startGuiProcess([...engineFlags, '--records', folder], env), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await gui?.stop();
  rmSync(folder, { recursive: true, force: true });
});

async function open(view: 'play' | 'analyse' | 'watch', viewport = { width: 1200, height: 800 }): Promise<Page> {
  const page = await browser.browser.newPage({ viewport });
  await page.goto(`${gui.url}#${view}`);
  await page.locator('[data-testid=connection].up').waitFor();
  return page;
}

/** Whether `inner` is wholly inside what `outer` shows. */
async function inView(page: Page, outer: string, inner: string): Promise<boolean> {
  const [a, b] = await Promise.all([page.locator(outer).boundingBox(), page.locator(inner).boundingBox()]);
  return a !== null && b !== null && b.y >= a.y - 1 && b.y + b.height <= a.y + a.height + 1;
}

const status = (page: Page): Promise<string> => page.locator('.play [data-testid=status]').innerText();

describe('what a player meets', () => {
  it('Play: typed turns, capture marks, the latest turn in view, a hint, the game saved', async () => {
    const page = await open('play');
    await page.selectOption('[data-testid=variant]', 'brandubh');
    await page.selectOption('[data-testid=you]', 'engines');
    await page.fill('[data-testid=movetime]', '0.05');
    await page.click('[data-testid=new-game]');
    // Engine against engine until the list scrolls (or the game ends): its last turn stays in view.
    await page.waitForFunction(
      () =>
        document.querySelectorAll('.play [data-testid=moves] .move').length >= 24 || document.querySelector('.play [data-testid=result]'),
      undefined,
      { timeout: 60_000 },
    );
    const count = await page.locator('.play [data-testid=moves] .move').count();
    expect(await inView(page, '.play [data-testid=moves]', `.play [data-ply="${count}"]`)).toBe(true);
    expect(await inView(page, '.play [data-testid=moves]', '.play [data-ply="1"]')).toBe(count < 20);

    // A person's turn typed, a refused one with the reason; the buttons stay where they are.
    await page.selectOption('[data-testid=you]', 'attackers');
    await page.click('[data-testid=new-game]');
    const undo = await page.locator('[data-testid=undo]').boundingBox();
    await page.fill('[data-testid=move-entry]', 'a4a7');
    await page.keyboard.press('Enter');
    expect(await page.locator('.play [data-testid=refusal]').innerText()).toMatch(/a4a7: .*only the king may stop on a corner/);
    expect(await page.locator('[data-testid=undo]').boundingBox()).toEqual(undo);
    await page.click('[data-testid=hint-button]');
    await expect.poll(() => page.locator('[data-testid=hint] strong').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.locator('.play .board .arrow').count()).toBe(1);
    const hinted = await page.locator('[data-testid=hint] strong').innerText();
    await page.fill('[data-testid=move-entry]', hinted);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.play [data-testid=moves] .move').first().innerText()).toBe(hinted);
    await page.waitForFunction(() => document.querySelectorAll('.play [data-testid=moves] .move').length >= 2);
    // The engine's evaluation is drawn; the game is saved as a record with its players.
    expect(Number(await page.locator('.play [data-testid=eval-graph]').getAttribute('data-points'))).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=play-save-otg]')]);
    const record = parseOtg(readFileSync((await download.path())!, 'utf8'));
    expect(record.ok && [record.value.tags.attackers, record.value.tags.defenders, record.value.turns.length]).toEqual(['you', 'Hnefi', 2]);
    await page.close();
  }, 90_000);

  it('Analyse: capture marks, the current turn in view, the bar and graph with numbers, a legend, captures counted', async () => {
    const page = await open('analyse');
    await page.selectOption('[data-testid=setup-variant]', 'berserk');
    await page.fill('[data-testid=setup-text]', GAME);
    await page.click('[data-testid=set-moves]');
    await expect.poll(() => page.locator('.analyse [data-testid=moves] .move').count()).toBe(34);
    expect(await inView(page, '.analyse [data-testid=moves]', '.analyse [data-ply="34"]')).toBe(true);
    await page.keyboard.press('Home');
    expect(await inView(page, '.analyse [data-testid=moves]', '.analyse [data-ply="1"]')).toBe(true);
    expect(await inView(page, '.analyse [data-testid=moves]', '.analyse [data-ply="34"]')).toBe(false);
    // Turn 10 (b8f8) captured one piece: the mark is drawn after the move, not in its text.
    const marks = await page.locator('.analyse .move[data-captures]').evaluateAll((ms) => ms.map((m) => m.getAttribute('data-ply')));
    expect(marks).toContain('19');
    await page.keyboard.press('End');
    expect(await page.locator('.analyse [data-testid=captures]').innerText()).toMatch(/Attackers lost\s*×1\s*Defenders lost\s*×4\s*×1/);
    await page.check('[data-testid=analyse-toggle]');
    await page.locator('[data-testid=eval-number]').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid=eval-number]').innerText()).toMatch(/^[+-]?\d+\.\d$|^#-?\d+$/);
    expect(await page.locator('.analyse [data-testid=eval-graph] .axis').evaluateAll((ts) => ts.map((t) => t.textContent))).toEqual(
      expect.arrayContaining(['+10', '+3', '0', '−3', '−10', '34']),
    );
    expect(await page.locator('.analyse [data-testid=eval-caption]').innerText()).toMatch(/turn 34: [+-]\d+\.\d\d/);
    await page.locator('.analyse [data-testid=legend] summary').click();
    expect(await page.locator('.analyse [data-testid=legend]').innerText()).toMatch(
      /attackers.*defenders.*king.*knight.*commander.*throne/s,
    );
    // A hidden tab stops the analysis; shown again, it goes on.
    const hidden = async (value: boolean): Promise<void> =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'visibilityState', { value: h ? 'hidden' : 'visible', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, value);
    await hidden(true);
    await expect.poll(() => page.locator('.analyse .pv-line').count()).toBe(0);
    await page.waitForTimeout(500);
    expect(await page.locator('.analyse .pv-line').count()).toBe(0);
    await hidden(false);
    await expect.poll(() => page.locator('.analyse .pv-line').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.close();
  }, 60_000);

  it('a tournament game lost on time: its reason in the table, its result on the board; a followed game shown once', async () => {
    const out = join(folder, 'lost-on-time');
    mkdirSync(join(out, 'games'), { recursive: true });
    mkdirSync(join(out, 'live'), { recursive: true });
    const rules = getVariant('brandubh');
    if (!rules.ok) throw new Error(rules.error.message);
    const moves = ['d2b2', 'e4e6'];
    const pos = Position.start(rules.value);
    const turns = moves.map((move) => {
      const steps = parseTurn(pos, move);
      if (!steps.ok) throw new Error(steps.error.message);
      return playTurnRecorded(pos, steps.value);
    });
    const detail = 'one: no bestmove within 400 ms';
    writeFileSync(
      join(out, 'games', 'p1-r1-g1.otg'),
      makeOtg({
        tags: { attackers: 'one', defenders: 'two', variant: 'brandubh', result: '-1', termination: `time: ${detail}` },
        rules: gameRulesString(rules.value, undefined),
        turns,
      }),
    );
    writeFileSync(
      join(out, 'tournament.json'),
      JSON.stringify({ config: { variant: 'brandubh', engines: [{ name: 'one' }, { name: 'two' }] } }),
    );
    const result = { id: 'p1-r1-g1', attackers: 'one', defenders: 'two', result: 'defenders', reason: 'time', detail, turns: 2 };
    writeFileSync(join(out, 'results.jsonl'), `${JSON.stringify({ ...result, moves, record: 'games/p1-r1-g1.otg' })}\n`);
    for (const id of ['p1-r2-g1', 'p1-r2-g2']) {
      const live = { id, variant: 'brandubh', attackers: 'one', defenders: 'two', start: '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a', moves };
      writeFileSync(join(out, 'live', `${id}.json`), JSON.stringify({ ...live, date: new Date().toISOString() }));
    }
    const page = await open('watch');
    await page.fill('[data-testid=watch-folder]', out);
    await page.click('[data-testid=watch-start]');
    const row = page.locator('[data-testid=finished-games] tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain(`defenders win · time\n${detail}`);
    // A game followed is shown large, and not a second time small.
    await page.locator('[data-live=p1-r2-g2]').click();
    expect(await page.locator('[data-live=p1-r2-g2]').count()).toBe(1);
    expect(await page.locator('[data-live=p1-r2-g2].big').count()).toBe(1);
    expect(await page.locator('[data-live=p1-r2-g1]').count()).toBe(1);
    await row.click();
    await expect.poll(() => page.locator('.analyse [data-testid=analyse-status] .ply').innerText()).toBe('turn 0 of 2');
    expect(await page.locator('[data-testid=analyse-result]').count()).toBe(0);
    await page.keyboard.press('End');
    expect(await page.locator('[data-testid=analyse-result]').innerText()).toBe(`Defenders win: time (${detail})`);
    await page.close();
  });

  it('on a phone: the header on one line, the board zoomable with two fingers', async () => {
    const page = await open('play', { width: 390, height: 844 });
    await page.selectOption('[data-testid=variant]', 'alea-evangelii');
    await page.click('[data-testid=new-game]');
    const version = await page.locator('[data-testid=connection]').boundingBox();
    const title = await page.locator('header h1').boundingBox();
    expect(version !== null && title !== null && version.height < title.height + 4).toBe(true);
    expect(await page.locator('.play svg.board').evaluate((b) => getComputedStyle(b).touchAction)).toBe('pinch-zoom');
    expect(await page.locator('meta[name=viewport]').getAttribute('content')).not.toMatch(/user-scalable|maximum-scale/);
    await page.close();
  });

  it('resumes the engine’s turn cut off by a server restart', async () => {
    const page = await open('play');
    await page.selectOption('[data-testid=variant]', 'brandubh');
    await page.selectOption('[data-testid=you]', 'attackers');
    await page.fill('[data-testid=movetime]', '2');
    await page.click('[data-testid=new-game]');
    await page.fill('[data-testid=move-entry]', 'd2b2');
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page)).toMatch(/Defenders \(Hnefi\) thinking/);
    const port = new URL(gui.url).port;
    await gui.stop();
    await page.locator('[data-testid=connection].down').waitFor();
    gui = await startGuiProcess([...engineFlags, '--records', folder, '--port', port], env);
    // The page reconnects by itself and asks the engine again: its turn comes.
    await expect.poll(() => page.locator('.play [data-testid=moves] .move').count(), { timeout: 30_000 }).toBe(2);
    expect(await status(page)).toContain('Attackers to move');
    expect(await page.locator('[data-testid=undo]').isEnabled()).toBe(true);
    await page.close();
  }, 60_000);
});
