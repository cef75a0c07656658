// How much sooner a second Lazy SMP thread completes a depth, measured in work, not time.
//
// Work means something on a loaded machine. Each position of a book is searched to a depth from an empty
// table with Threads 1 and with Threads 2; for each completed depth D: N1 (nodes with one thread), M2
// and H2 (the main thread's and the helper's nodes when the main thread completed D). With the two
// threads running at the same speed, the time-to-depth speed-up is N1/M2, which is 2·N1/(M2+H2) when the
// helper got as much CPU as the main thread (H2/M2 shows whether it did).
// Build it (after `npm run build`, which makes the helper thread's dist/search-helper.js), then run it:
//   npx esbuild scripts/threads-speedup.ts --bundle --platform=node --format=esm --outfile=node_modules/.cache/threads-speedup.mjs
//   node node_modules/.cache/threads-speedup.mjs berserk books/berserk.txt 8 9     # every 8th opening, to depth 9
// Prints one line per position and depth, then the geometric means per depth.
// With `nodes N` after the depth: instead, searches of N nodes (the main thread's, as `go nodes` counts
// them) with each thread count, and the depth each answer came from (with Threads 2 a helper's deeper
// completed iteration counts).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getVariant } from '../src/engine/index.js';
import { nodeThreadStarter } from '../src/search/threads/nodeThreads.js';
import { Searcher } from '../src/search/searcher.js';
import type { SearchInfo } from '../src/search/types.js';
import { loadOpenings, openingPositions } from '../src/tournament/openings.js';

const [variant = 'berserk', file = 'books/berserk.txt', everyText = '8', depthText = '9', mode = 'depth', nodesText = '0'] =
  process.argv.slice(2);
const every = Number(everyText);
const maxDepth = Number(depthText);
const nodeLimit = mode === 'nodes' ? Number(nodesText) : 0;
const hashMB = 64;
const startHelper = nodeThreadStarter(pathToFileURL(resolve('dist/search-helper.js')), { background: true });

const found = getVariant(variant);
if (!found.ok) throw new Error(found.error.message);
const rules = found.value;
const loaded = loadOpenings(rules, variant, { file, order: 'sequential' }, 1);
if (!loaded.ok) throw new Error(loaded.error.message);
const book = loaded.value;

/** Per completed depth: the main thread's nodes and the helpers'. */
type DepthNodes = Map<number, { main: number; helpers: number }>;

/** Of a search of `nodeLimit` nodes: the depth of the answer, and whether it came from a helper (a line deeper than the main thread's). */
function answerDepth(searcher: Searcher, index: number): { depth: number; fromHelper: boolean } {
  const opening = openingPositions(rules, book.get(index));
  if (!opening.ok) throw new Error(opening.error.message);
  searcher.newGame();
  let depth = 0;
  let fromHelper = false;
  searcher.search(opening.value.end, { nodes: nodeLimit }, new Int32Array(1), (info: SearchInfo) => {
    if (info.score.bound !== undefined) return;
    // A helper's line carries no selective depth of its own (seldepth = depth); the main thread's goes deeper.
    fromHelper = info.seldepth === info.depth && info.depth > depth;
    depth = info.depth;
  });
  return { depth, fromHelper };
}

function searchToDepth(searcher: Searcher, threads: number, index: number): DepthNodes {
  const opening = openingPositions(rules, book.get(index));
  if (!opening.ok) throw new Error(opening.error.message);
  const byDepth: DepthNodes = new Map();
  searcher.newGame();
  // The pool's count of the helpers' nodes, as the info line's total includes it.
  const pool = threads > 1 ? searcher['helpers'] : undefined;
  searcher.search(opening.value.end, { depth: maxDepth }, new Int32Array(1), (info: SearchInfo) => {
    if (info.score.bound !== undefined) return;
    const helpers = pool?.nodes() ?? 0;
    byDepth.set(info.depth, { main: info.nodes - helpers, helpers });
  });
  return byDepth;
}

const one = new Searcher({ hashMB, threads: 1, multiPV: 1 }, { startHelper });
const two = new Searcher({ hashMB, threads: 2, multiPV: 1 }, { startHelper });
// Warm both threads' compiled code up before anything is counted.
searchToDepth(one, 1, 0);
searchToDepth(two, 2, 0);
const openings = Math.min(book.size, 400);
if (nodeLimit > 0) {
  const depths = [0, 0];
  let fromHelper = 0;
  let positions = 0;
  for (let index = 0; index < openings; index += every) {
    const single = answerDepth(one, index);
    const double = answerDepth(two, index);
    console.log(`${index} depth Threads 1 ${single.depth}, Threads 2 ${double.depth}${double.fromHelper ? ' (a helper)' : ''}`);
    depths[0] += single.depth;
    depths[1] += double.depth;
    if (double.fromHelper) fromHelper++;
    positions++;
  }
  console.log(
    `${positions} positions, ${nodeLimit} nodes: mean depth Threads 1 ${(depths[0] / positions).toFixed(2)}, Threads 2 ${(depths[1] / positions).toFixed(2)}, ${fromHelper} answers from a helper`,
  );
  one.stopHelpers();
  two.stopHelpers();
  process.exit(0);
}

const speedups = new Map<number, { byMain: number[]; byTotal: number[]; helperShare: number[] }>();
for (let index = 0; index < openings; index += every) {
  const single = searchToDepth(one, 1, index);
  const double = searchToDepth(two, 2, index);
  for (const [depth, n1] of single) {
    const n2 = double.get(depth);
    if (!n2 || n2.main <= 0) continue;
    const byMain = n1.main / n2.main;
    const byTotal = (2 * n1.main) / (n2.main + n2.helpers);
    console.log(`${index} d${depth} N1 ${n1.main} M2 ${n2.main} H2 ${n2.helpers} N1/M2 ${byMain.toFixed(3)} 2N1/N2 ${byTotal.toFixed(3)}`);
    const entry = speedups.get(depth) ?? { byMain: [], byTotal: [], helperShare: [] };
    entry.byMain.push(byMain);
    entry.byTotal.push(byTotal);
    entry.helperShare.push(n2.helpers / n2.main);
    speedups.set(depth, entry);
  }
}
/** The geometric mean ± its standard error (from the logs' spread). */
function geometricMean(values: number[]): string {
  const logs = values.map((v) => Math.log(v));
  const mean = logs.reduce((sum, v) => sum + v, 0) / logs.length;
  const spread = logs.length > 1 ? Math.sqrt(logs.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (logs.length - 1)) : 0;
  return `${Math.exp(mean).toFixed(3)} ± ${((Math.exp(mean) * spread) / Math.sqrt(logs.length)).toFixed(3)}`;
}
// Depths the helper had not yet joined (H2 0: its start takes a few ms) say nothing of it.
console.log('depth positions N1/M2 2N1/N2 H2/M2 (geometric means, over the positions where the helper had searched)');
for (const [depth, entry] of [...speedups].sort((a, b) => a[0] - b[0])) {
  const joined = entry.helperShare.map((share, i) => (share > 0 ? i : -1)).filter((i) => i >= 0);
  if (joined.length === 0) continue;
  const pick = (values: number[]): number[] => joined.map((i) => values[i]);
  console.log(
    `${depth} ${joined.length} ${geometricMean(pick(entry.byMain))} ${geometricMean(pick(entry.byTotal))} ${geometricMean(pick(entry.helperShare))}`,
  );
}
one.stopHelpers();
two.stopHelpers();
