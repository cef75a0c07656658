// bench's first run against its later ones in one process (BENCHMARKS.md, "Speed, speed20"): bench times
// its searches right after the warm-up, while V8 may still be compiling or re-compiling the search.
//   npx esbuild scripts/first-run-probe.ts --bundle --platform=node --format=esm --minify-syntax --outfile=<dir>/first.mjs
//   node <dir>/first.mjs 6 3                         # bench's warm-up (500 ms), then 3 runs of bench at depth 6
//   node <dir>/first.mjs 5 2 --warm-nodes 40000      # the warm-up's searches to 40,000 nodes each instead of 500 ms
// Each run prints its CPU ms (all threads: V8's compiler threads too) and, on Linux, its main thread's
// (what bench's wall clock follows on a machine with a core to spare). Instructions per thread, each
// run apart (process.cpuUsage() at each run's start and end cuts the profile there):
//   valgrind --tool=callgrind --separate-threads=yes --dump-before=uv_getrusage --callgrind-out-file=<dir>/cg.out \
//     node <dir>/first.mjs 5 2 --warm-nodes 40000   # main thread: cg.out.1-01 start and warm-up, .2-01 first run, .4-01 second
// Not --single-threaded: V8 then compiles on the main thread, which compiles some code differently
// (a typed array's byteOffset inline, where the concurrent compiler calls the LoadIC).
import { readFileSync } from 'node:fs';
import { benchPositions, benchSearcher, nodesToDepth, warmUp } from '../src/search/bench.js';

const depth = Number(process.argv[2] ?? 6);
const runs = Number(process.argv[3] ?? 3);
const nodesAt = process.argv.indexOf('--warm-nodes');
const warmNodes = nodesAt > 0 ? Number(process.argv[nodesAt + 1]) : undefined;

/** The main thread's CPU time in ns (Linux), else NaN. */
function mainThreadNs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return Number.NaN;
  }
}

warmUp(undefined, undefined, warmNodes);
for (let run = 0; run < runs; run++) {
  const searcher = benchSearcher();
  while (searcher.prepareTableSlice());
  const mainStart = mainThreadNs();
  const cpuStart = process.cpuUsage();
  const nodes = nodesToDepth(benchPositions(), depth, new Int32Array(1), searcher);
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const mainMs = (mainThreadNs() - mainStart) / 1e6;
  console.log(
    `run ${run + 1}: ${nodes} nodes, ${cpuMs.toFixed(0)} CPU ms (${Math.round((nodes * 1000) / cpuMs)} nodes per CPU s), main thread ${mainMs.toFixed(0)} ms (${Math.round((nodes * 1000) / mainMs)} nodes per s)`,
  );
}
