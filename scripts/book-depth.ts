// Nodes the search needs to complete a fixed depth from positions of a variant's book (books/<variant>.txt).
//
// How much work the search needs to see that far in the positions its matches are played from. Fewer
// nodes at the same depth is not more strength, but a change meant to save work (aspiration windows,
// hash cut-offs) should show here first, without the noise of a match.
//   (from the repository root) npx tsx scripts/book-depth.ts copenhagen 40 7
//   npx tsx scripts/book-depth.ts berserk 40 7
// Arguments: the variant, the number of openings (spread evenly over the book) and the depth. Each
// search starts from a cleared table, one thread, no clock.
import { fileURLToPath } from 'node:url';
import { getVariant, type Position } from '../src/engine/index.js';
import { nodesToDepth } from '../src/search/bench.js';
import { loadOpenings, openingPositions } from '../src/tournament/openings.js';

const [variant = 'copenhagen', countText = '40', depthText = '7'] = process.argv.slice(2);
const count = Number(countText);
const depth = Number(depthText);
if (!Number.isInteger(count) || count < 1) throw new Error(`the number of openings must be a positive integer, not '${countText}'`);
if (!Number.isInteger(depth) || depth < 1) throw new Error(`the depth must be a positive integer, not '${depthText}'`);
const rules = getVariant(variant);
if (!rules.ok) throw new Error(rules.error.message);

const bookFile = fileURLToPath(new URL(`../books/${variant}.txt`, import.meta.url));
const book = loadOpenings(rules.value, variant, { file: bookFile, order: 'sequential' }, 1);
if (!book.ok) throw new Error(book.error.message);
if (book.value.size < count) throw new Error(`books/${variant}.txt has ${book.value.size} openings, fewer than ${count}`);

const spacing = Math.floor(book.value.size / count);
const positions: Position[] = [];
for (let i = 0; i < count; i++) {
  const opening = openingPositions(rules.value, book.value.get(i * spacing));
  if (!opening.ok) throw new Error(opening.error.message);
  positions.push(opening.value.end);
}
const cpuStart = process.cpuUsage();
const nodes = nodesToDepth(positions, depth);
const cpu = process.cpuUsage(cpuStart);
console.log(`${variant}: ${count} openings, depth ${depth}: ${nodes} nodes, ${Math.round((cpu.user + cpu.system) / 1000)} CPU ms`);
