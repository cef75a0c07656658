import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getVariant } from '../../src/engine/index.js';
import { loadOpenings, openingPositions, randomOpening } from '../../src/tournament/openings.js';

const rules = (id: string) => {
  const r = getVariant(id);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const dir = mkdtempSync(join(tmpdir(), 'hnefi-openings-'));

describe('openings', () => {
  it('random openings are legal, reproducible from the seed, and differ between pairs', () => {
    const a = randomOpening(rules('brandubh'), 6, 42, 3);
    expect(a.moves).toHaveLength(6);
    expect(randomOpening(rules('brandubh'), 6, 42, 3)).toEqual(a);
    expect(randomOpening(rules('brandubh'), 6, 42, 4).moves).not.toEqual(a.moves);
    expect(openingPositions(rules('brandubh'), a).ok).toBe(true);
  });

  it('reads tfens and move lists from a file, and names a bad line', () => {
    const file = join(dir, 'book.txt');
    writeFileSync(file, '# brandubh\nd7f7 e4e1\n\n3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a - moves d7f7\n');
    const book = loadOpenings(rules('brandubh'), 'brandubh', { file, order: 'sequential' }, 1);
    if (!book.ok) throw new Error(book.error.message);
    expect(book.value.size).toBe(2);
    expect(book.value.get(0)).toEqual({ id: `${file}:2`, moves: ['d7f7', 'e4e1'] });
    expect(book.value.get(1)).toMatchObject({ tfen: '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a -', moves: ['d7f7'] });
    expect(book.value.get(2)).toEqual(book.value.get(0));
    writeFileSync(file, 'd7f7\nd7f7 d7f6\n');
    const bad = loadOpenings(rules('brandubh'), 'brandubh', { file }, 1);
    expect(!bad.ok && bad.error.message).toContain(`${file}:2`);
  });

  it('cuts recorded games of the variant, skipping records that do not replay', () => {
    const file = join(dir, 'games.jsonl');
    writeFileSync(file, [
      JSON.stringify({ id: 'g1', variant: 'copenhagen', moves: ['d1-d3', 'h6-h9', 'k4-i4', 'f8-c8'] }),
      JSON.stringify({ id: 'g2', variant: 'berserk', moves: ['d1-d3', 'h6-h9', 'k4-i4'] }),
      JSON.stringify({ id: 'g3', variant: 'copenhagen', moves: ['d1-d3', 'a1-a2', 'k4-i4'] }),
      JSON.stringify({ id: 'g4', variant: 'copenhagen', moves: ['d1-d3', 'h6-h9', 'k4-i4', 'e6-e9'] }),
      '',
    ].join('\n'));
    const book = loadOpenings(rules('copenhagen'), 'copenhagen', { file, plies: 3, order: 'sequential' }, 1);
    if (!book.ok) throw new Error(book.error.message);
    // g2 is another variant, g3 does not replay, g4 repeats g1's first three turns.
    expect(book.value.size).toBe(1);
    expect(book.value.get(0)).toEqual({ id: 'g1', moves: ['d1d3', 'h6h9', 'k4i4'] });
  });

  const humanGames = '/work/shared/data/aagenielsen-berserk.jsonl';
  it.skipIf(!existsSync(humanGames))('loads openings from the recorded human games', () => {
    const book = loadOpenings(rules('berserk'), 'berserk', { file: humanGames, plies: 6 }, 1);
    if (!book.ok) throw new Error(book.error.message);
    expect(book.value.size).toBeGreaterThan(100);
  });
});
