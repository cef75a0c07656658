// The static site's board in a real Chromium, exported by `hnefi gui --export` and served by a plain
// static file server, the engine in the page: a whole game against it on a phone-size screen, the game
// saved; a berserk chain each way (the player's clicked step by step, the engine's answered); analysis
// with several lines; an .otg record opened; and the page working with the network gone after its
// first visit. What needs `hnefi gui` is said in About.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVariant, Position } from '../../src/engine/index.js';
import { gameRulesString, makeOtg, parseOtg, parseTurn, playTurnRecorded } from '../../src/notation/index.js';
import { CLI, launchBrowser, type TestBrowser } from '../gui/guiProcess.js';
import { playAttackersToTheEnd } from '../support/playByClicks.js';
import { startStaticServer, type StaticServer } from '../support/staticServer.js';

/**
 * Berserk, defenders to move: the defender on g11 takes h9 and then h7 (g11g9g7); the attackers'
 * commander on h1 then takes i3 and, landing on c3, the king between it and the commander on c5
 * (h1h3c3), the one turn that wins at once.
 */
const CHAINS_TFEN = '6T4/11/7tT2/11/7tT2/11/2c8/2K8/8Tt1/11/7c3 d -';

let folder: string;
let server: StaticServer;
let browser: TestBrowser;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'hnefi-site-gui-'));
  execFileSync(process.execPath, [CLI, 'gui', '--export', join(folder, 'site')]);
  [server, browser] = await Promise.all([startStaticServer(join(folder, 'site')), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1200, height: 800 } };

/** Opens the site at a view; any error of the page fails the test at the end (`errors`). */
async function open(context: BrowserContext, view: string, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}#${view}`);
  await page.locator('#app[data-ready]').waitFor();
  await page.locator(`.${view} .board, .${view}[data-testid]`).first().waitFor();
  return page;
}

const moves = (page: Page, view: string): Promise<string[]> => page.locator(`.${view} [data-testid=moves] .move`).allInnerTexts();

describe('the static site’s board in Chromium', () => {
  it('plays a whole game against the engine on a phone, and saves it', async () => {
    const context = await browser.browser.newContext(PHONE);
    const errors: string[] = [];
    const page = await open(context, 'play', errors);
    // Only the engine in the page is offered.
    expect(await page.locator('.play fieldset.settings select').nth(2).locator('option').allInnerTexts()).toEqual(['Hnefi']);
    await page.selectOption('[data-testid=variant]', 'brandubh');
    await page.selectOption('[data-testid=you]', 'attackers');
    await page.fill('[data-testid=movetime]', '0.05');
    await page.click('[data-testid=new-game]');
    await playAttackersToTheEnd(page, 20_000);
    const result = await page.locator('.play [data-testid=result]').innerText();
    expect(result).toMatch(/^(Attackers win|Defenders win|Draw): /);
    const played = await moves(page, 'play');
    expect(played.length).toBeGreaterThan(1);
    // The engine's evaluations make the graph; the game is saved as a record, its result in its tags.
    expect(Number(await page.locator('.play [data-testid=eval-graph]').getAttribute('data-points'))).toBeGreaterThan(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=play-save-otg]')]);
    const record = parseOtg(readFileSync((await download.path())!, 'utf8'));
    if (!record.ok) throw new Error(record.error.message);
    expect([record.value.tags.attackers, record.value.tags.defenders, record.value.turns.length]).toEqual(['you', 'Hnefi', played.length]);
    expect(record.value.tags.result).toBe(result.startsWith('Attackers') ? '1' : result.startsWith('Defenders') ? '-1' : '0');
    // What needs hnefi gui is said, in the place of Watch.
    expect(await page.locator('nav [data-view]').allInnerTexts()).toEqual(['Play', 'Analyse', 'About']);
    await page.click('[data-view=about]');
    expect(await page.locator('[data-testid=needs-gui]').innerText()).toMatch(/Watching a tournament.*hnefi gui/);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('takes the player’s berserk chain step by step, and answers with one of its own', async () => {
    const context = await browser.browser.newContext(DESKTOP);
    const errors: string[] = [];
    const page = await open(context, 'analyse', errors);
    await page.selectOption('[data-testid=setup-variant]', 'berserk');
    await page.fill('[data-testid=setup-text]', CHAINS_TFEN);
    await page.click('[data-testid=set-tfen]');
    await page.click('[data-testid=play-from-here]');
    await expect.poll(() => page.locator('.play [data-testid=status]').innerText()).toBe('Defenders to move');
    await page.click('.play [data-square=g11]');
    await page.click('.play [data-square=g9]');
    // The run is open: the same piece goes on to its next capture, the turn not over yet.
    expect(await page.locator('.play [data-testid=status]').innerText()).toContain('the berserk run goes on');
    expect(await page.locator('.play [data-target]').evaluateAll((cs) => cs.map((c) => c.getAttribute('data-target')))).toEqual(['g7']);
    await page.click('.play [data-square=g7]');
    // The engine's turn is a chain too, which captures the king.
    await page.locator('.play [data-testid=result]').waitFor({ timeout: 20_000 });
    expect(await page.locator('.play [data-testid=result]').innerText()).toMatch(/^Attackers win: .*king/);
    expect(await moves(page, 'play')).toEqual(['g11g9g7', 'h1h3c3']);
    expect(await page.locator('.play .board .captured-mark').count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('analyses with several lines, and opens an .otg record', async () => {
    const rules = getVariant('copenhagen');
    if (!rules.ok) throw new Error(rules.error.message);
    const played = ['d1d3', 'f4f3', 'a4c4', 'g5i5', 'k7i7'];
    const pos = Position.start(rules.value);
    const turns = played.map((move) => {
      const steps = parseTurn(pos, move);
      if (!steps.ok) throw new Error(steps.error.message);
      return playTurnRecorded(pos, steps.value);
    });
    const file = join(folder, 'game.otg');
    const tags = { attackers: 'Ann', defenders: 'Bob', variant: 'copenhagen' };
    writeFileSync(file, makeOtg({ tags, rules: gameRulesString(rules.value, undefined), turns }));

    const context = await browser.browser.newContext(DESKTOP);
    const errors: string[] = [];
    const page = await open(context, 'analyse', errors);
    await page.setInputFiles('[data-testid=otg-file]', file);
    await expect.poll(() => page.locator('.analyse .title').innerText()).toContain('Ann');
    expect(await moves(page, 'analyse')).toEqual(played);
    await page.keyboard.press('End');
    await page.selectOption('[data-testid=multipv]', '3');
    await page.check('[data-testid=analyse-toggle]');
    await expect.poll(() => page.locator('.analyse .pv-line').count(), { timeout: 20_000 }).toBe(3);
    expect(await page.locator('.analyse .board .arrow.best').count()).toBe(1);
    expect(Number(await page.locator('[data-testid=eval-graph]').getAttribute('data-points'))).toBeGreaterThan(0);
    // Each line is a list of turns the rules allow from the shown position.
    const lines = await page.locator('.analyse .pv-line .pv').evaluateAll((ls) => ls.map((l) => l.textContent ?? ''));
    expect(lines.every((line) => line.length > 0)).toBe(true);
    await page.locator('.analyse .pv-line').first().locator('.pv-move').first().click();
    await expect.poll(() => page.locator('.analyse [data-testid=analyse-status] .ply').innerText()).toBe('turn 6 of 6');
    await page.uncheck('[data-testid=analyse-toggle]');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works with the network gone after the first visit', async () => {
    const context = await browser.browser.newContext(DESKTOP);
    const errors: string[] = [];
    const page = await open(context, 'analyse', errors);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.reload();
    await page.locator('#app[data-ready]').waitFor();
    // From its offline copy, the page analyses and plays against its engine.
    await page.check('[data-testid=analyse-toggle]');
    await expect.poll(() => page.locator('.analyse .pv-line').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.uncheck('[data-testid=analyse-toggle]');
    await page.click('[data-view=play]');
    await page.selectOption('[data-testid=variant]', 'tablut');
    await page.selectOption('[data-testid=you]', 'defenders');
    await page.fill('[data-testid=movetime]', '0.1');
    await page.click('[data-testid=new-game]');
    await expect.poll(() => moves(page, 'play'), { timeout: 20_000 }).toHaveLength(1);
    expect(await page.locator('[data-testid=notice]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
