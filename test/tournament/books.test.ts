// The shipped opening books: every line a legal opening of its variant, each position once; and the
// configuration that picks a variant's book (compare by default, tournament with --book).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareOverrides } from '../../src/commands/tournament.js';
import { getVariant } from '../../src/engine/index.js';
import { makeTfen } from '../../src/notation/index.js';
import { booksFolder, shippedBook } from '../../src/tournament/books.js';
import { makeConfig } from '../../src/tournament/config.js';
import { loadOpenings, openingPositions } from '../../src/tournament/openings.js';

const folder = booksFolder() ?? '';
const books = readdirSync(folder).filter((name) => name.endsWith('.txt'));
const engines = [
  { name: 'a', cmd: 'node', args: ['a.js'] },
  { name: 'b', cmd: 'node', args: ['b.js'] },
];

describe('shipped opening books', () => {
  it('include berserk and copenhagen', () => {
    expect(books).toContain('berserk.txt');
    expect(books).toContain('copenhagen.txt');
  });

  it.each(books)('%s: every line is a legal opening of its variant, each position once', (name) => {
    const variant = name.replace(/\.txt$/, '');
    const rules = getVariant(variant);
    if (!rules.ok) throw new Error(`${name}: ${rules.error.message}`);
    const file = join(folder, name);
    const book = loadOpenings(rules.value, variant, { file, order: 'sequential' }, 1);
    if (!book.ok) throw new Error(book.error.message);
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.replace(/#.*/, '').trim() !== '');
    expect(book.value.size).toBe(lines.length);
    expect(book.value.size).toBeGreaterThan(0);
    const ends = new Set<string>();
    for (let i = 0; i < book.value.size; i++) {
      const positions = openingPositions(rules.value, book.value.get(i));
      if (!positions.ok) throw new Error(positions.error.message);
      ends.add(makeTfen(positions.value.end));
    }
    expect(ends.size).toBe(book.value.size);
  });
});

describe('choosing the shipped book', () => {
  const berserkBook = shippedBook('berserk');

  it('finds a variant book in the package, and none for a variant without one or a bad name', () => {
    expect(berserkBook).toBe(join(folder, 'berserk.txt'));
    expect(shippedBook('alea-evangelii')).toBeUndefined();
    expect(shippedBook('../package')).toBeUndefined();
  });

  it('tournament: the book only when asked for and no other openings are named', () => {
    const config = (json: object, overrides: object) => {
      const made = makeConfig({ engines, out: 'runs/x', ...json }, overrides);
      if (!made.ok) throw new Error(made.error.message);
      return made.value.openings;
    };
    expect(config({}, {})).toEqual({ random: 4 });
    expect(config({}, { book: true })).toEqual({ file: berserkBook });
    expect(config({ variant: 'copenhagen' }, { book: true })).toEqual({ file: shippedBook('copenhagen') });
    expect(config({ variant: 'alea-evangelii' }, { book: true })).toEqual({ random: 4 });
    expect(config({}, { book: true, randomOpening: 6 })).toEqual({ random: 6 });
    expect(config({}, { book: true, openings: 'mine.txt' })).toEqual({ file: 'mine.txt' });
    expect(config({ openings: { random: 2 } }, { book: true })).toEqual({ random: 2 });
  });

  it('compare: the book by default, random turns with --no-book or --random-opening', () => {
    const openings = (args: object) => {
      const overrides = compareOverrides({ base: 'main', candidate: '.', queueName: 'hnefi', ...args }, 'runs/x');
      const made = makeConfig({ engines }, overrides);
      if (!made.ok) throw new Error(made.error.message);
      return made.value.openings;
    };
    expect(openings({})).toEqual({ file: berserkBook });
    expect(openings({ variant: 'copenhagen' })).toEqual({ file: shippedBook('copenhagen') });
    expect(openings({ book: false })).toEqual({ random: 4 });
    expect(openings({ randomOpening: '4' })).toEqual({ random: 4 });
    expect(openings({ openings: 'mine.txt' }).file).toBe('mine.txt');
  });
});
