// Positions for the tests that hold a WebAssembly kernel against its JavaScript twin: a replayable
// random source, the variants' rule sets, and positions along the shipped books' openings.
import { readdirSync, readFileSync } from 'node:fs';
import { getVariant, ok, Position, type RuleSet } from '../../src/engine/index.js';
import { parseTfen, playMoves } from '../../src/notation/index.js';

/** A small deterministic random source, so that failures replay. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) | 0;
    return ((state >>> 8) & 0xffffff) / 0x1000000;
  };
}

export function rulesOf(id: string): RuleSet {
  const rules = getVariant(id);
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
}

/** Positions along the openings of the shipped books (books/<variant>.txt): after every `every`th move. */
export function bookPositions(every: number): Position[] {
  const positions: Position[] = [];
  const folder = new URL('../../books/', import.meta.url);
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.txt'))) {
    const rules = rulesOf(file.replace(/\.txt$/, ''));
    for (const raw of readFileSync(new URL(file, folder), 'utf8').split('\n')) {
      const line = raw.replace(/#.*/, '').trim();
      if (line === '') continue;
      const at = line.indexOf(' moves ');
      const parsed = at < 0 ? ok(Position.start(rules)) : parseTfen(rules, line.slice(0, at));
      if (!parsed.ok) throw new Error(`${file}: bad opening '${line}'`);
      const pos = parsed.value;
      for (const [index, move] of (at < 0 ? line : line.slice(at + 7)).split(/\s+/).entries()) {
        if (!playMoves(pos, [move]).ok) throw new Error(`${file}: bad move '${move}'`);
        if (index % every === every - 1) positions.push(pos.clone());
      }
    }
  }
  return positions;
}
