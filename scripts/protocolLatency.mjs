// The engine server's latencies: process start to `uciok`, `isready` during a search, `stop` to `bestmove`.
//
// Runs the built bundle (`npm run build` first) as a GUI would.
// Usage: node scripts/protocolLatency.mjs [runs] [variant]

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const HNEFI = fileURLToPath(new URL('../dist/hnefi.js', import.meta.url));
const runs = Number(process.argv[2] ?? 10);
const variant = process.argv[3] ?? 'berserk';

function startEngine() {
  const child = spawn(process.execPath, [HNEFI], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiters = [];
  let partial = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    const now = performance.now();
    for (const line of lines) {
      for (const waiter of [...waiters]) {
        if (waiter.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(now);
        }
      }
    }
  });
  return {
    child,
    send: (line) => child.stdin.write(`${line}\n`),
    /** Resolves with the time the first line matching `test` arrived. */
    next: (test) => new Promise((resolve) => waiters.push({ test, resolve })),
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function summary(name, samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  console.log(
    `${name.padEnd(34)} median ${fmt(median).padStart(9)}  max ${fmt(sorted[sorted.length - 1]).padStart(9)}  (${samples.length} runs)`,
  );
}

// Node's own start-up, for scale: a script that only answers `uciok`.
const bare = [];
for (let run = 0; run < runs; run++) {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['-e', "process.stdin.once('data', () => process.stdout.write('uciok\\n'))"], { stdio: 'pipe' });
  const uciok = new Promise((resolve) => child.stdout.once('data', () => resolve(performance.now())));
  child.stdin.write('uci\n');
  bare.push((await uciok) - t0);
  child.kill();
}

const startup = [];
const ready = [];
const goDepth1 = [];
const stop = [];
for (let run = 0; run < runs; run++) {
  const t0 = performance.now();
  const engine = startEngine();
  const uciok = engine.next((line) => line === 'uciok');
  engine.send('uci');
  startup.push((await uciok) - t0);

  engine.send(`setoption name UCI_Variant value ${variant}`);
  engine.send('position startpos');
  // A whole `go depth 1` round trip, once the search thread is up (isready waits for it).
  const up = engine.next((line) => line === 'readyok');
  engine.send('isready');
  await up;
  const tGo = performance.now();
  const shallow = engine.next((line) => line.startsWith('bestmove '));
  engine.send('go depth 1');
  goDepth1.push((await shallow) - tGo);

  const searching = engine.next((line) => line.startsWith('info depth'));
  engine.send('go infinite');
  await searching;
  // Ask at different moments of the search (deep iterations run long between info lines).
  await sleep(100 + 40 * run);
  const t1 = performance.now();
  const readyok = engine.next((line) => line === 'readyok');
  engine.send('isready');
  ready.push((await readyok) - t1);

  await sleep(50);
  const t2 = performance.now();
  const bestmove = engine.next((line) => line.startsWith('bestmove '));
  engine.send('stop');
  stop.push((await bestmove) - t2);

  engine.send('quit');
  await new Promise((resolve) => engine.child.on('exit', resolve));
}

console.log(`node ${process.version}, ${variant}, ${HNEFI}`);
summary('node alone: start to reply', bare);
summary('process start to uciok', startup);
summary('go depth 1 to bestmove', goDepth1);
summary('isready to readyok (searching)', ready);
summary('stop to bestmove', stop);
