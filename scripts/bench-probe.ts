// bench's loop alone, for measuring the search's speed on a shared machine, where wall-clock nps
// mean little. Build it, then time it in CPU seconds or count its instructions:
//   npx esbuild scripts/bench-probe.ts --bundle --platform=node --format=esm --minify-syntax --outfile=node_modules/.cache/bench-probe.mjs
//   node node_modules/.cache/bench-probe.mjs cpu 6 3     # bench's warm-up, then 3 runs of bench at depth 6, each in CPU ms
//   valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
//     node --single-threaded node_modules/.cache/bench-probe.mjs count 5 2   # no warm-up (its clock would vary the count)
// `count` with 2 runs less `count` with 1 is the steady cost of one run (compiled code), which is what
// a change of the hot code moves; one cold run alone also counts V8's compiler, which moves a few
// per cent with any change of the code.
// With `--net <file>` (after the numbers): only the bench positions the network fits, searched with it
// (as `EvalFile` does), for the learned evaluation's share of the time.
import { readFileSync } from 'node:fs';
import { benchPositions, benchSearcher, nodesToDepth, warmUp } from '../src/search/bench.js';
import { netFits, parseNetwork } from '../src/search/nnue.js';
import { Searcher } from '../src/search/searcher.js';

const mode = process.argv[2] ?? 'cpu';
const depth = Number(process.argv[3] ?? 6);
const runs = Number(process.argv[4] ?? 1);
const netAt = process.argv.indexOf('--net');
if (mode !== 'cpu' && mode !== 'count') throw new Error(`unknown mode '${mode}': cpu or count`);
const parsed = netAt > 0 ? parseNetwork(readFileSync(process.argv[netAt + 1])) : undefined;
if (parsed && !parsed.ok) throw new Error(parsed.error.message);
const net = parsed?.ok ? parsed.value : null;

/** bench's searcher (with the network, if given), its table's memory mapped, as bench does before its clock starts. */
function preparedSearcher(): Searcher {
  const searcher = benchSearcher(net);
  while (searcher.prepareTableSlice());
  return searcher;
}

/** As nodesToDepth(), with the network for every position. */
function netNodesToDepth(searcher: Searcher): number {
  if (net === null) return nodesToDepth(benchPositions(), depth, new Int32Array(1), searcher);
  let nodes = 0;
  for (const pos of benchPositions().filter((p) => netFits(net, p.rules))) {
    searcher.newGame();
    let last = 0;
    searcher.search(pos, { depth }, new Int32Array(1), (info) => {
      last = info.nodes;
    });
    nodes += last;
  }
  return nodes;
}

if (mode === 'cpu') warmUp();
for (let run = 0; run < runs; run++) {
  const searcher = preparedSearcher();
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const nodes = netNodesToDepth(searcher);
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const wallMs = performance.now() - start;
  console.log(
    `${nodes} nodes, ${cpuMs.toFixed(0)} CPU ms (${Math.round((nodes * 1000) / cpuMs)} nodes per CPU s), ${wallMs.toFixed(0)} ms wall`,
  );
}
