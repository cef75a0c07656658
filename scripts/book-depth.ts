// Nodes to complete a fixed depth from positions of a variant's shipped book (books/<variant>.txt):
// how much work the search needs to see that far in the positions its matches are played from. Fewer
// nodes at the same depth is not more strength, but a change meant to save work (aspiration windows,
// hash cut-offs) should show here first, without the noise of a match.
//   (from the repository root) npx tsx scripts/book-depth.ts copenhagen 40 7
//   npx tsx scripts/book-depth.ts berserk 40 7
// Arguments: the variant, the number of openings (spread evenly over the book; openings given as a
// tfen are skipped) and the depth. Each search starts from a cleared table, one thread, no clock.
import { readFileSync } from 'node:fs';
import { getVariant, Position } from '../src/engine/index.js';
import { playMoves } from '../src/notation/index.js';
import { Searcher } from '../src/search/searcher.js';

const [variant = 'copenhagen', countText = '40', depthText = '7'] = process.argv.slice(2);
const count = Number(countText);
const depth = Number(depthText);
if (!Number.isInteger(count) || count < 1) throw new Error(`the number of openings must be a positive integer, not '${countText}'`);
if (!Number.isInteger(depth) || depth < 1) throw new Error(`the depth must be a positive integer, not '${depthText}'`);
const rules = getVariant(variant);
if (!rules.ok) throw new Error(rules.error.message);

const openings = readFileSync(new URL(`../books/${variant}.txt`, import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter((line) => line !== '' && !line.includes('/'));
if (openings.length < count) throw new Error(`books/${variant}.txt has ${openings.length} move-list openings, fewer than ${count}`);

const searcher = new Searcher({ hashMB: 16, threads: 1, multiPV: 1 });
const spacing = Math.floor(openings.length / count);
const cpuStart = process.cpuUsage();
let nodes = 0;
for (let i = 0; i < count; i++) {
  const pos = Position.start(rules.value);
  const played = playMoves(pos, openings[i * spacing].split(/\s+/));
  if (!played.ok) throw new Error(`opening ${i * spacing + 1} of books/${variant}.txt: ${played.error.message}`);
  searcher.newGame();
  let last = 0;
  searcher.search(pos, { depth }, new Int32Array(1), (info) => {
    last = info.nodes;
  });
  nodes += last;
}
const cpu = process.cpuUsage(cpuStart);
console.log(`${variant}: ${count} openings, depth ${depth}: ${nodes} nodes, ${Math.round((cpu.user + cpu.system) / 1000)} CPU ms`);
