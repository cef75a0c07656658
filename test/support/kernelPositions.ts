// Positions for the tests that hold a WebAssembly kernel against its JavaScript twin: a replayable
// random source, the variants' rule sets, positions of random games and along the shipped books' openings.
import { readdirSync, readFileSync } from 'node:fs';
import { generateSteps, getVariant, NO_WINNER, ok, Position, type RuleSet, stepCaptures } from '../../src/engine/index.js';
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

/** Positions of `games` random games of `rules` (captures preferred now and then, so that games thin out). */
export function randomGamePositions(rules: RuleSet, seed: number, games: number): Position[] {
  const positions: Position[] = [];
  const buffer = new Int32Array(4096);
  const next = random(seed);
  for (let game = 0; game < games; game++) {
    const pos = Position.start(rules);
    for (let ply = 0; ply < 120 && pos.winner === NO_WINNER; ply++) {
      positions.push(pos.clone());
      const n = generateSteps(pos, buffer, 0);
      if (n === 0) break;
      let pick = Math.floor(next() * n);
      if (next() < 0.5) for (let i = 0; i < n; i++) if (stepCaptures(pos, buffer[i] & 511, buffer[i] >>> 9)) pick = i;
      pos.makeStep(buffer[pick]);
    }
  }
  return positions;
}
