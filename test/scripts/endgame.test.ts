// The endgame suite's positions and play-out (scripts/endgamePlay.ts): a few lone kings the attackers
// finish quickly must be finished at a small node count, with the hand-written evaluation.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ATTACKERS, getVariant } from '../../src/engine/index.js';
import { Searcher } from '../../src/search/index.js';
import { playOut, readSuitePositions } from '../../scripts/endgamePlay.js';

const fixtures = fileURLToPath(new URL('../fixtures/endgames/', import.meta.url));

/** The suite's position of `variant` from the game `source` names. */
function suitePosition(variant: string, source: string) {
  const rules = getVariant(variant);
  if (!rules.ok) throw new Error(rules.error.message);
  const positions = readSuitePositions(rules.value, `${fixtures}${variant}.txt`);
  if (!positions.ok) throw new Error(positions.error.message);
  const found = positions.value.find((p) => p.source.startsWith(source));
  if (!found) throw new Error(`no ${variant} position from ${source}`);
  return found.position;
}

describe('the endgame suite', () => {
  it('reads every position of its files, each a lone king against ten attackers or more', () => {
    for (const variant of ['berserk', 'copenhagen', 'fetlar', 'tablut']) {
      const rules = getVariant(variant);
      if (!rules.ok) throw new Error(rules.error.message);
      const positions = readSuitePositions(rules.value, `${fixtures}${variant}.txt`);
      if (!positions.ok) throw new Error(positions.error.message);
      expect(positions.value.length, variant).toBeGreaterThanOrEqual(30);
      for (const { position, source } of positions.value) {
        expect(position.pieceCount[1] - 1, source).toBeLessThanOrEqual(2);
        expect(position.pieceCount[0], source).toBeGreaterThanOrEqual(10);
      }
    }
  });

  it('refuses a file with a bad position, naming its line', () => {
    const rules = getVariant('copenhagen');
    if (!rules.ok) throw new Error(rules.error.message);
    const read = readSuitePositions(rules.value, `${fixtures}tablut.txt`);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.message).toMatch(/tablut\.txt line \d+/);
  });

  // Positions the attackers finished within 20 turns at 4,000 nodes a turn (scripts/endgame-suite.ts).
  const won: [string, string][] = [
    ['copenhagen', 'game-16-38-26452'],
    ['fetlar', 'game-16-242-19300'],
    ['berserk', 'game-3-23-9562'],
    ['tablut', 'self-play at 1500 nodes, seed 2, game 5 '],
  ];
  for (const [variant, source] of won) {
    it(`finishes a caged ${variant} king within 40 turns at 4,000 nodes a turn (${source.trim()})`, () => {
      const searcher = new Searcher({ hashMB: 4, threads: 1 });
      const { outcome, turns } = playOut(searcher, suitePosition(variant, source), 4000, 40);
      expect(outcome?.winner, `${outcome?.reason ?? 'unfinished'} after ${turns} turns`).toBe(ATTACKERS);
    });
  }
});
