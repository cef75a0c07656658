import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getVariant } from '../../src/engine/index.js';
import { loadOpenings, openingPositions, randomOpening } from '../../src/tournament/openings.js';
import { DATA_DIR } from '../support/dataDir.js';

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
    writeFileSync(
      file,
      [
        JSON.stringify({ id: 'g1', variant: 'copenhagen', moves: ['d1-d3', 'h6-h9', 'k4-i4', 'f8-c8'] }),
        JSON.stringify({ id: 'g2', variant: 'berserk', moves: ['d1-d3', 'h6-h9', 'k4-i4'] }),
        JSON.stringify({ id: 'g3', variant: 'copenhagen', moves: ['d1-d3', 'a1-a2', 'k4-i4'] }),
        JSON.stringify({ id: 'g4', variant: 'copenhagen', moves: ['d1-d3', 'h6-h9', 'k4-i4', 'e6-e9'] }),
        '',
      ].join('\n'),
    );
    const book = loadOpenings(rules('copenhagen'), 'copenhagen', { file, plies: 3, order: 'sequential' }, 1);
    if (!book.ok) throw new Error(book.error.message);
    // g2 is another variant, g3 does not replay, g4 repeats g1's first three turns.
    expect(book.value.size).toBe(1);
    expect(book.value.get(0)).toEqual({ id: 'g1', moves: ['d1d3', 'h6h9', 'k4i4'] });
  });

  it('keeps the games one side won, with berserk continuations the record left out', () => {
    const file = join(dir, 'winners.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({ id: 'won', variant: 'copenhagen', winner: 'Black', moves: ['d1-d3', 'h6-h9', 'k4-i4', 'f8-c8'] }),
        JSON.stringify({ id: 'lost', variant: 'copenhagen', winner: 'White', moves: ['d1-d2', 'h6-h9', 'k4-i4', 'f8-c8'] }),
        JSON.stringify({ id: 'unknown', variant: 'copenhagen', moves: ['d1-d3', 'h6-h8', 'k4-i4', 'f8-c8'] }),
      ].join('\n'),
    );
    const won = loadOpenings(rules('copenhagen'), 'copenhagen', { file, plies: 3, winner: 'attackers' }, 1);
    expect(won.ok && won.value.size).toBe(1);
    expect(won.ok && won.value.get(0).id).toBe('won');
    const lost = loadOpenings(rules('copenhagen'), 'copenhagen', { file, plies: 3, winner: 'defenders' }, 1);
    expect(lost.ok && lost.value.get(0).id).toBe('lost');
    const none = loadOpenings(rules('copenhagen'), 'copenhagen', { file, plies: 3, winner: 'draw' }, 1);
    expect(!none.ok && none.error.message).toContain('no usable opening');
  });

  it('reconstructs a berserk continuation the record left out, from the moves that follow', () => {
    // The first 20 moves of a recorded game (aagenielsen.dk, game-3-12-29872): 'h9g9' captured on g10,
    // the run went on to f9 (unrecorded), as 'f9i9' eighteen moves later shows.
    const moves = [
      'h11h9',
      'g7g10',
      'f10h10',
      'f8f10',
      'h9g9',
      'h6h8',
      'k8i8',
      'g6g8',
      'h1h3',
      'f6i6',
      'k4i4',
      'i6i5',
      'k5j5',
      'g5g2',
      'f2h2',
      'f4f3',
      'f1f2',
      'f7i7',
      'f9i9',
      'i7j7',
    ];
    const file = join(dir, 'berserk.jsonl');
    writeFileSync(file, JSON.stringify({ id: 'run', variant: 'berserk', winner: 'Black', moves }) + '\n');
    const book = loadOpenings(rules('berserk'), 'berserk', { file, plies: 6, winner: 'attackers' }, 1);
    if (!book.ok) throw new Error(book.error.message);
    expect(book.value.get(0)).toEqual({ id: 'run', moves: ['h11h9', 'g7g10', 'f10h10', 'f8f10', 'h9g9f9', 'h6h8'] });
  });

  const humanGames = join(DATA_DIR, 'aagenielsen-berserk.jsonl');
  it.skipIf(!existsSync(humanGames))('loads openings from the recorded human games', () => {
    const book = loadOpenings(rules('berserk'), 'berserk', { file: humanGames, plies: 6 }, 1);
    if (!book.ok) throw new Error(book.error.message);
    expect(book.value.size).toBeGreaterThan(100);
    // Twenty turns of games the attackers won: berserk continuations the site did not record are
    // reconstructed, and games from the site's other start (knight on f7) start from its tfen.
    const won = loadOpenings(rules('berserk'), 'berserk', { file: humanGames, plies: 20, winner: 'attackers', order: 'sequential' }, 1);
    if (!won.ok) throw new Error(won.error.message);
    expect(won.value.size).toBeGreaterThan(200);
    const openings = Array.from({ length: won.value.size }, (_, i) => won.value.get(i));
    expect(openings.every((o) => o.moves.length === 20 && openingPositions(rules('berserk'), o).ok)).toBe(true);
    expect(openings.some((o) => o.moves.some((m) => m.length > 4))).toBe(true);
    expect(openings.some((o) => o.tfen !== undefined)).toBe(true);
  });
});
