// The GUI in a real browser: a game against the engine clicked to its end, a berserk chain entered
// step by step, an illegal step refused with its reason, live analysis, side lines, a position set up in
// the editor, an .otg stepped through, a running tournament watched (from a GUI of its own, and from the
// tournament's --gui), and a crashing engine reported.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVariant, Position } from '../../src/engine/index.js';
import { makeTfen, parseTurn } from '../../src/notation/index.js';
import { gameRulesString, makeOtg, playTurnRecorded } from '../../src/notation/index.js';
import { playAttackersToTheEnd } from '../support/playByClicks.js';
import { CLI, launchBrowser, startGuiProcess, type GuiProcess, type TestBrowser } from './guiProcess.js';

/** A berserk position where the attacker on d1 captures on d5 (c5) and goes on to d7 (capturing e7). */
const CHAIN_TFEN = '11/11/9K1/11/4Tt5/11/1tT8/11/11/9T1/3t7 a -';

let gui: GuiProcess;
let browser: TestBrowser;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'hnefi-gui-'));
  [gui, browser] = await Promise.all([
    startGuiProcess([
      '--engine',
      `name=Hnefi cmd=${process.execPath} args="${CLI}" option.Threads=1`,
      '--engine',
      `name=Crasher cmd=${process.execPath} args="test/fixtures/brokenEngine.mjs crash"`,
      '--records',
      folder,
    ]),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await gui?.stop();
  rmSync(folder, { recursive: true, force: true });
});

async function open(view: 'play' | 'analyse' | 'watch'): Promise<Page> {
  const page = await browser.browser.newPage({ viewport: { width: 1200, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The page's own Content-Security-Policy must not stop anything it does.
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${gui.url}#${view}`);
  await page.locator(`.${view} .board, .watch-form`).first().waitFor();
  await page.locator('[data-testid=connection].up').waitFor();
  expect(errors).toEqual([]);
  return page;
}

/** `hnefi tournament` of this build against itself in Brandubh, one game at a time, into `out`. */
const tournamentArgs = (out: string, flags: string[]): string[] => [
  CLI,
  'tournament',
  '--variant',
  'brandubh',
  '--concurrency',
  '1',
  '--out',
  out,
  '--quiet',
  ...flags,
  '--engine',
  `name=one cmd=${process.execPath} args="${CLI}"`,
  '--engine',
  `name=two cmd=${process.execPath} args="${CLI}"`,
];

const status = (page: Page): Promise<string> => page.locator('.play [data-testid=status]').innerText();

describe('hnefi gui in Chromium', () => {
  it('connects with the token of the address it printed, keeps it, and says so without it', async () => {
    const context = await browser.browser.newContext();
    const page = await context.newPage();
    const plain = gui.url.replace(/\?token=.*/, '');
    await page.goto(plain);
    expect(await page.locator('[data-testid=connection-refused]').innerText()).toMatch(/does not have the server’s token.*\?token=/);
    await page.goto(gui.url);
    await page.locator('[data-testid=connection].up').waitFor();
    // The token leaves the address bar, and later loads of the page keep using it.
    expect(page.url()).toBe(`${plain}#play`);
    await page.reload();
    await page.locator('[data-testid=connection].up').waitFor();
    expect(await page.locator('[data-testid=connection-refused]').count()).toBe(0);
    await context.close();
  });

  it('plays a whole game against the engine by clicks', async () => {
    const page = await open('play');
    await page.selectOption('[data-testid=variant]', 'brandubh');
    await page.selectOption('[data-testid=you]', 'attackers');
    await page.fill('[data-testid=movetime]', '0.05');
    await page.click('[data-testid=new-game]');
    await playAttackersToTheEnd(page);
    const result = await page.locator('.play [data-testid=result]').innerText();
    expect(result).toMatch(/^(Attackers win|Defenders win|Draw): /);
    expect(await page.locator('.play [data-testid=moves] .move').count()).toBeGreaterThan(1);
    await page.close();
  });

  it('takes a berserk chain step by step and shows it as one turn', async () => {
    const page = await open('analyse');
    await page.selectOption('[data-testid=setup-variant]', 'berserk');
    await page.fill('[data-testid=setup-text]', CHAIN_TFEN);
    await page.click('[data-testid=set-tfen]');
    await page.click('.analyse [data-square=d1]');
    await page.click('.analyse [data-square=d5]');
    // The run is open: the same piece goes on, and the turn is not over yet.
    await page.locator('.analyse [data-testid=end-turn]').waitFor();
    expect(await page.locator('.analyse [data-target]').evaluateAll((cs) => cs.map((c) => c.getAttribute('data-target')))).toContain('d7');
    expect(await page.locator('.analyse [data-testid=moves] .move').count()).toBe(0);
    await page.click('.analyse [data-square=d7]');
    await expect.poll(() => page.locator('.analyse [data-testid=moves] .move').allInnerTexts()).toEqual(['d1d5d7']);
    expect(await page.locator('.analyse .board .visited').count()).toBe(3);
    expect(await page.locator('.analyse .board .captured-mark').count()).toBe(2);
    expect(await page.locator('.analyse [data-testid=end-turn]').count()).toBe(0);
    await page.close();
  });

  it("refuses an illegal step with the rules' reason, and takes a dragged one", async () => {
    const page = await open('play');
    await page.selectOption('[data-testid=variant]', 'brandubh');
    await page.selectOption('[data-testid=you]', 'people');
    await page.click('[data-testid=new-game]');
    await page.click('.play [data-square=a4]');
    await page.click('.play [data-square=a7]');
    expect(await page.locator('.play [data-testid=refusal]').innerText()).toContain('only the king may stop on a corner');
    await page.click('.play [data-square=d6]');
    await page.click('.play [data-square=d4]');
    expect(await page.locator('.play [data-testid=refusal]').innerText()).toContain('d4 is occupied');
    expect(await status(page)).toContain('Attackers to move');
    expect(await page.locator('.play [data-testid=moves] .move').count()).toBe(0);
    // A piece dragged, faster than the board redraws, onto a target square moves there.
    const from = await page.locator('.play [data-square=d2]').boundingBox();
    const to = await page.locator('.play [data-square=b2]').boundingBox();
    if (from === null || to === null) throw new Error('squares d2 and b2 are not on the page');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 3 });
    await page.mouse.up();
    await expect.poll(() => page.locator('.play [data-testid=moves] .move').allInnerTexts()).toEqual(['d2b2']);
    await page.close();
  });

  it('analyses with MultiPV lines, the best move as an arrow, and clickable moves', async () => {
    const page = await open('analyse');
    await page.selectOption('[data-testid=multipv]', '3');
    await page.check('[data-testid=analyse-toggle]');
    await expect.poll(() => page.locator('.analyse .pv-line').count(), { timeout: 20_000 }).toBe(3);
    expect(await page.locator('.analyse .board .arrow.best').count()).toBe(1);
    expect(await page.locator('[data-testid=speed]').innerText()).toMatch(/nodes\/s/);
    expect(Number(await page.locator('[data-testid=eval-graph]').getAttribute('data-points'))).toBeGreaterThan(0);
    await page.locator('.analyse .pv-line').first().locator('.pv-move').nth(1).click();
    await expect.poll(() => page.locator('.analyse [data-testid=analyse-status] .ply').innerText()).toBe('turn 2 of 2');
    await page.uncheck('[data-testid=analyse-toggle]');
    await page.close();
  });

  it('sets up a position in the editor, refusing what the rules forbid', async () => {
    const page = await open('analyse');
    await page.click('[data-testid=edit]');
    const editor = page.locator('[data-testid=editor]');
    await editor.getByText('Clear').click();
    await page.click('[data-brush=K]');
    await page.click('[data-testid=editor] [data-square=f6]');
    await page.click('[data-testid=editor] [data-square=b9]');
    expect(await page.locator('[data-testid=editor-refusal]').innerText()).toMatch(/king/);
    await page.click('[data-brush=t]');
    await page.click('[data-testid=editor] [data-square=d4]');
    await page.click('[data-testid=editor] [data-square=c3]');
    await editor.locator('select').selectOption({ label: 'defenders' });
    await page.click('[data-testid=editor-done]');
    await page.locator('.analyse .board').waitFor();
    expect(await page.locator('[data-testid=tfen]').inputValue()).toBe('11/11/11/11/11/5K5/11/3t7/2t8/11/11 d -');
    await page.close();
  });

  it('keeps the game when a different turn starts a side line, and goes back to it', async () => {
    const page = await open('analyse');
    await page.selectOption('[data-testid=setup-variant]', 'brandubh');
    await page.fill('[data-testid=setup-text]', 'd1e1 d3e3');
    await page.click('[data-testid=set-moves]');
    const moves = () => page.locator('.analyse [data-testid=moves] .move').allInnerTexts();
    await expect.poll(moves).toEqual(['d1e1', 'd3e3']);
    await page.click('[data-testid=back]');
    // The game's own turn only steps forward.
    await page.click('.analyse [data-square=d3]');
    await page.click('.analyse [data-square=e3]');
    expect(await page.locator('[data-testid=side-line]').count()).toBe(0);
    expect(await page.locator('.analyse [data-testid=analyse-status] .ply').innerText()).toBe('turn 2 of 2');
    // Another turn is a side line, and the game comes back with its turn shown.
    await page.click('[data-testid=back]');
    await page.click('.analyse [data-square=d3]');
    await page.click('.analyse [data-square=c3]');
    expect(await page.locator('[data-testid=side-line]').innerText()).toMatch(/Side line from turn 1 of the game/);
    expect(await moves()).toEqual(['d1e1', 'd3c3']);
    await page.click('[data-testid=back-to-game]');
    expect(await moves()).toEqual(['d1e1', 'd3e3']);
    expect(await page.locator('.analyse [data-testid=analyse-status] .ply').innerText()).toBe('turn 1 of 2');
    expect(await page.locator('[data-testid=side-line]').count()).toBe(0);
    await page.close();
  });

  it('loads an .otg record and steps through it with the keyboard', async () => {
    const rules = getVariant('copenhagen');
    if (!rules.ok) throw new Error(rules.error.message);
    const moves = ['d1d3', 'f4f3', 'a4c4', 'g5i5', 'k7i7'];
    const pos = Position.start(rules.value);
    const tfens = [makeTfen(pos)];
    const turns = moves.map((move) => {
      const steps = parseTurn(pos, move);
      if (!steps.ok) throw new Error(steps.error.message);
      const recorded = playTurnRecorded(pos, steps.value);
      tfens.push(makeTfen(pos));
      return recorded;
    });
    const file = join(folder, 'game.otg');
    writeFileSync(
      file,
      makeOtg({
        tags: { attackers: 'Ann', defenders: 'Bob', variant: 'copenhagen' },
        rules: gameRulesString(rules.value, undefined),
        turns,
      }),
    );
    const page = await open('analyse');
    await page.setInputFiles('[data-testid=otg-file]', file);
    await expect.poll(() => page.locator('.analyse .title').innerText()).toContain('Ann');
    const ply = () => page.locator('.analyse [data-testid=analyse-status] .ply').innerText();
    expect(await ply()).toBe(`turn 0 of ${moves.length}`);
    for (let i = 1; i <= 3; i++) await page.keyboard.press('ArrowRight');
    expect(await ply()).toBe(`turn 3 of ${moves.length}`);
    expect(await page.inputValue('[data-testid=tfen]')).toBe(tfens[3]);
    await page.keyboard.press('End');
    expect(await page.inputValue('[data-testid=tfen]')).toBe(tfens[5]);
    await page.keyboard.press('ArrowLeft');
    expect(await page.inputValue('[data-testid=tfen]')).toBe(tfens[4]);
    expect(await page.locator('.analyse [data-testid=moves] .move').allInnerTexts()).toEqual(moves);
    await page.close();
  });

  it('opens records of other notations: a pasted hnefatafl.org game, a PGN-like file', async () => {
    const page = await open('analyse');
    await page.selectOption('[data-testid=setup-variant]', 'copenhagen');
    await page.fill('[data-testid=setup-text]', readFileSync('test/fixtures/records/hnefatafl-org.json', 'utf8'));
    await page.click('[data-testid=set-moves]');
    const moves = () => page.locator('.analyse [data-testid=moves] .move').allInnerTexts();
    await expect.poll(moves).toEqual(['d1d3', 'e5e2', 'd3d2', 'f4i4', 'h1h3']);
    await page.click('[data-testid=back]');
    await page.setInputFiles('[data-testid=otg-file]', resolve('test/fixtures/records/game.pgn'));
    await expect.poll(() => page.locator('.analyse .title').innerText()).toContain('?');
    await expect.poll(moves).toEqual(['d1d3', 'e5e2', 'd3d2', 'f4i4', 'h1h3']);
    await page.close();
  });

  it('watches a running tournament until a new game appears, and opens it', async () => {
    const out = join(folder, 'tournament');
    const page = await open('watch');
    await page.fill('[data-testid=watch-folder]', out);
    await page.click('[data-testid=watch-start]');
    // More games than the test watches, so that one is always under way while it waits: a game only
    // publishes its turns if it starts after the page asked for live games, and under a loaded machine
    // a few short games could all end before the page sees one.
    const runner = spawn(process.execPath, tournamentArgs(out, ['--depth', '3', '--games', '40']), { stdio: 'ignore' });
    try {
      // A game is shown move by move while it is played, then listed when it ends.
      await expect.poll(() => page.locator('[data-live]').count(), { timeout: 60_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.locator('[data-testid=finished-games] tbody tr').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await page.locator('[data-testid=standings]').innerText()).toMatch(/one/);
      await page.locator('[data-testid=finished-games] tbody tr').first().click();
      await expect.poll(() => page.locator('.analyse .title').innerText()).toMatch(/one|two/);
      expect(await page.locator('.analyse [data-testid=moves] .move').count()).toBeGreaterThan(0);
    } finally {
      runner.kill('SIGTERM');
      await page.close();
    }
  }, 120_000);

  it('serves the GUI from the tournament itself with --gui, until Ctrl-C after the last game', async () => {
    const out = join(folder, 'tournament-gui');
    const runner = spawn(process.execPath, tournamentArgs(out, ['--depth', '2', '--games', '2', '--gui', '0']), {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    runner.stdout!.on('data', (chunk) => (stdout += String(chunk)));
    const exited = new Promise<number | null>((resolve) => runner.once('exit', (code) => resolve(code)));
    const page = await browser.browser.newPage({ viewport: { width: 1200, height: 800 } });
    try {
      await expect.poll(() => /watch it at (http:\/\/\S+)/.exec(stdout)?.[1], { timeout: 20_000 }).toBeDefined();
      await page.goto(/watch it at (http:\/\/\S+)/.exec(stdout)![1]);
      // The page opens on Watch with the tournament's folder already chosen.
      await expect.poll(() => page.locator('[data-testid=standings]').innerText(), { timeout: 20_000 }).toMatch(/one/);
      await expect.poll(() => stdout, { timeout: 60_000 }).toMatch(/the GUI stays at/);
      await expect.poll(() => page.locator('[data-testid=games-count]').innerText()).toMatch(/^2 of 2 games finished/);
      runner.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      runner.kill('SIGKILL');
      await page.close();
    }
  });

  it('reports an engine that crashes, with a way to restart it', async () => {
    const page = await open('play');
    await page.selectOption('[data-testid=variant]', 'brandubh');
    await page.selectOption('[data-testid=you]', 'defenders');
    await page.locator('.play fieldset.settings select').nth(2).selectOption('Crasher');
    await page.click('[data-testid=new-game]');
    const error = page.locator('.play [data-testid=engine-error]');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.innerText()).toMatch(/Crasher failed.*crash/s);
    expect(await page.locator('.play [data-testid=restart-engine]').count()).toBe(1);
    await page.close();
  });
});
