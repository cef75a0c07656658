// The compiled code's instructions in a bench-probe run (BENCHMARKS.md, "Speed" sections): callgrind's
// cost lines summed by the address ranges of node's perf map (JIT code, builtins and WebAssembly), for a
// run of `count <depth> 1` and one of `count <depth> 2`; their difference is the steady cost of one run.
//   valgrind --tool=callgrind --dump-instr=yes --collect-jumps=no --compress-pos=no --callgrind-out-file=<dir>/cg-<runs>.out \
//     node --single-threaded --perf-basic-prof <dir>/probe.mjs count 4 <runs>   # then perf-<pid>.map (temporary folder) to <dir>/perf-<runs>.map
//   node scripts/compiled-code.mjs <dir> [functions to list]
import { readFileSync } from 'node:fs';

/** The perf map's ranges, sorted by start: [start, size, name]. */
function readMap(file) {
  const ranges = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
    if (match) ranges.push([Number.parseInt(match[1], 16), Number.parseInt(match[2], 16), match[3]]);
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** The range holding `address` (code moved by the collector leaves stale entries: the latest start below wins). */
function rangeOf(ranges, address) {
  let low = 0;
  let high = ranges.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (ranges[middle][0] <= address) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  for (let i = found; i >= 0 && i > found - 50; i--) if (address < ranges[i][0] + ranges[i][1]) return ranges[i];
  return undefined;
}

/** All instructions, the compiled code's, and the compiled code's by function (tiers of a WebAssembly function together). */
function costs(dir, runs) {
  const ranges = readMap(`${dir}/perf-${runs}.map`);
  const byFunction = new Map();
  let total = 0;
  let compiled = 0;
  let afterCall = false;
  for (const line of readFileSync(`${dir}/cg-${runs}.out`, 'utf8').split('\n')) {
    // The line after calls= is the call's inclusive cost, not the caller's own.
    if (afterCall) {
      afterCall = false;
      continue;
    }
    if (line.startsWith('calls=')) {
      afterCall = true;
      continue;
    }
    const match = /^0x([0-9a-f]+)(?: \d+)? (\d+)$/.exec(line);
    if (!match) continue;
    const cost = Number(match[2]);
    total += cost;
    const range = rangeOf(ranges, Number.parseInt(match[1], 16));
    if (!range) continue;
    compiled += cost;
    const name = range[2]
      .replace(/^(LazyCompile|Function|JS):[*~^+]?/, '')
      .replace(/-\d+-(turbofan|liftoff)$/, '')
      .split(' ')[0];
    byFunction.set(name, (byFunction.get(name) ?? 0) + cost);
  }
  return { total, compiled, byFunction };
}

const [dir, listed = '20'] = process.argv.slice(2);
const one = costs(dir, 1);
const two = costs(dir, 2);
const millions = (n) => (n / 1e6).toFixed(1);
console.log(
  `compiled code ${millions(two.compiled - one.compiled)} M, steady ${millions(two.total - one.total)} M, cold ${(one.total / 1e9).toFixed(3)} G`,
);
const steady = [...two.byFunction].map(([name, cost]) => [name, cost - (one.byFunction.get(name) ?? 0)]);
for (const [name, cost] of steady.sort((a, b) => b[1] - a[1]).slice(0, Number(listed)))
  console.log(`${millions(cost).padStart(8)} ${name}`);
