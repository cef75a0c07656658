// Test support: a game on the GUI's Play board (hnefi gui's page or the static site's) played to its end
// by clicks, the attackers' side: at each of their turns a random piece with a step, then one of the
// targets the page offers (and End turn, where a berserk run stays open).

import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export async function playAttackersToTheEnd(page: Page, turnTimeoutMs = 30_000): Promise<void> {
  for (let turn = 0; turn < 200; turn++) {
    await page.waitForFunction(
      () =>
        (document.querySelector('.play [data-testid=status]')?.textContent ?? '').includes('Attackers to move') ||
        document.querySelector('.play [data-testid=result]') !== null,
      undefined,
      { timeout: turnTimeoutMs },
    );
    if ((await page.locator('.play [data-testid=result]').count()) > 0) return;
    const squares = await page.locator('.play [data-piece].attacker').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-piece')!));
    let moved = false;
    for (const square of squares.sort(() => Math.random() - 0.5)) {
      await page.click(`.play [data-square=${square}]`);
      const targets = await page.locator('.play [data-target]').evaluateAll((cs) => cs.map((c) => c.getAttribute('data-target')!));
      if (targets.length === 0) continue;
      await page.click(`.play [data-square=${targets[Math.floor(Math.random() * targets.length)]}]`);
      if ((await page.locator('.play [data-testid=end-turn]').count()) > 0) await page.click('.play [data-testid=end-turn]');
      moved = true;
      break;
    }
    expect(moved).toBe(true);
  }
}
