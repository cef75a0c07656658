// bench's loop alone, for measuring the search's speed on a shared machine, where wall-clock nps
// mean little. Build it, then time it in CPU seconds or count its instructions:
//   npx esbuild scripts/bench-probe.ts --bundle --platform=node --format=esm --minify-syntax --outfile=node_modules/.cache/bench-probe.mjs
//   node node_modules/.cache/bench-probe.mjs cpu 6 3     # bench's warm-up, then 3 runs of bench at depth 6, each in CPU ms
//   valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
//     node --single-threaded node_modules/.cache/bench-probe.mjs count 5 2   # no warm-up (its clock would vary the count)
// `count` with 2 runs less `count` with 1 is the steady cost of one run (compiled code), which is what
// a change of the hot code moves; one cold run alone also counts V8's compiler, which moves a few
// per cent with any change of the code.
import { benchPositions, nodesToDepth, warmUp } from '../src/search/bench.js';

const mode = process.argv[2] ?? 'cpu';
const depth = Number(process.argv[3] ?? 6);
const runs = Number(process.argv[4] ?? 1);
if (mode !== 'cpu' && mode !== 'count') throw new Error(`unknown mode '${mode}': cpu or count`);
if (mode === 'cpu') warmUp();
for (let run = 0; run < runs; run++) {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const nodes = nodesToDepth(benchPositions(), depth);
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const wallMs = performance.now() - start;
  console.log(
    `${nodes} nodes, ${cpuMs.toFixed(0)} CPU ms (${Math.round((nodes * 1000) / cpuMs)} nodes per CPU s), ${wallMs.toFixed(0)} ms wall`,
  );
}
