// The engine in the browser against the engine on Node.js, on this machine: from the start of Berserk
// and of Copenhagen, the CPU time each takes to complete `go depth D` for growing D, hence the depth
// each completes in one second. Both search the same tree (the same nodes to each depth), so the
// difference is speed alone. CPU time, read from /proc (Linux), is what a search costs whatever else
// the machine is doing: on an idle machine, one second of it is one second. Each search is a fresh
// engine after its warm-up, with the same hash size and one thread: on Node.js `node dist/hnefi.js`
// (the process's CPU time); in the browser the static site (dist/web) served with the cross-origin
// isolation headers, in headless Chromium (HNEFI_CHROMIUM or /usr/bin/chromium), its engine module
// (the CPU time of the browser's renderer processes). The two alternate. After `npm run build`:
//   npx tsx scripts/webSpeed.ts [rounds=3] [max depth=10]

import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM } from '../test/gui/guiProcess.js';
import { startStaticServer } from '../test/support/staticServer.js';

const rounds = Number(process.argv[2] ?? 3);
const maxDepth = Number(process.argv[3] ?? 10);
const HASH_MB = 32;
const VARIANTS = ['berserk', 'copenhagen'];
/** Clock ticks per second of /proc's CPU times (Linux's USER_HZ). */
const TICKS = 100;
/** A pause after the engine is ready, so that it has mapped its hash table before the search. */
const SETTLE_MS = 300;

interface Search {
  nodes: number;
  cpuMs: number;
}

/** The CPU time a process has used, ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

/** The renderer processes under the browser process `root`. */
function renderers(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      parents.set(Number(name), Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const under = (pid: number): boolean => pid === root || (parents.has(pid) && pid > 1 && under(parents.get(pid)!));
  return [...parents.keys()].filter((pid) => {
    if (!under(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false;
    }
  });
}

async function nodeSearch(variant: string, depth: number): Promise<Search> {
  const engine = spawn(process.execPath, ['dist/hnefi.js'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const pid = engine.pid!;
  let start = 0;
  let nodes = 0;
  const done = new Promise<Search>((resolve) => {
    createInterface({ input: engine.stdout }).on('line', (line) => {
      if (line === 'readyok') {
        setTimeout(() => {
          start = cpuMs(pid);
          engine.stdin.write(`go depth ${depth}\n`);
        }, SETTLE_MS);
      }
      const info = /^info depth \d+ .* nodes (\d+)/.exec(line);
      if (info) nodes = Number(info[1]);
      if (line.startsWith('bestmove')) resolve({ nodes, cpuMs: cpuMs(pid) - start });
    });
  });
  engine.stdin.write(
    `setoption name UCI_Variant value ${variant}\nsetoption name Hash value ${HASH_MB}\nsetoption name Threads value 1\nisready\n`,
  );
  const search = await done;
  engine.stdin.end('quit\n');
  return search;
}

async function browserSearch(page: Page, browserPid: number, variant: string, depth: number): Promise<Search> {
  await page.evaluate(`(async () => {
    const { BrowserEngine } = await import(new URL('engine.js', location.href).href);
    window.speedEngine = new BrowserEngine({ root: new URL('./', location.href), threads: 1, hashMB: ${HASH_MB} });
    window.speedMessages = [];
    const ready = new Promise((resolve) => window.speedEngine.listen((m) => { window.speedMessages.push(m); if (m.t === 'engine' && m.state === 'ready') resolve(); }));
    window.speedEngine.send({ t: 'restart', slot: 'analysis' });
    await ready;
    await new Promise((resolve) => setTimeout(resolve, ${SETTLE_MS}));
  })()`);
  const pids = renderers(browserPid);
  const cpu = (): number => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const start = cpu();
  // (A string: tsx would rewrite the import() of a function given here.)
  const nodes: number = await page.evaluate(`(async () => {
    const engine = window.speedEngine;
    await new Promise((resolve) => {
      engine.listen((m) => { if (m.t === 'bestmove') resolve(); });
      engine.send({ t: 'search', id: 1, slot: 'analysis', engine: 'Hnefi', variant: '${variant}', moves: [], limits: { depth: ${depth} } });
    });
    const lines = window.speedMessages.filter((m) => m.t === 'info').flatMap((m) => m.lines);
    return lines.at(-1).nodes;
  })()`);
  const search = { nodes, cpuMs: cpu() - start };
  await page.evaluate('window.speedEngine.close()');
  return search;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startStaticServer('dist/web', { isolate: true });
const browserServer = await chromium.launchServer({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const browser = await chromium.connect(browserServer.wsEndpoint());
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.locator('#app[data-ready]').waitFor();
  const browserPid = browserServer.process().pid!;
  const names = { node: `Node.js ${process.version}`, chromium: `Chromium ${browser.version()}` };
  for (const variant of VARIANTS) {
    const reached = { node: 0, chromium: 0 };
    for (let depth = 1; depth <= maxDepth; depth++) {
      const runs: Record<'node' | 'chromium', Search[]> = { node: [], chromium: [] };
      for (let round = 0; round < rounds; round++) {
        runs.node.push(await nodeSearch(variant, depth));
        runs.chromium.push(await browserSearch(page, browserPid, variant, depth));
      }
      const cpu = { node: median(runs.node.map((s) => s.cpuMs)), chromium: median(runs.chromium.map((s) => s.cpuMs)) };
      console.log(
        `${variant} depth ${depth}: ${runs.node[0].nodes} nodes (Chromium: ${runs.chromium[0].nodes}); CPU ms ${names.node} ${cpu.node}, ${names.chromium} ${cpu.chromium}`,
      );
      for (const where of ['node', 'chromium'] as const) if (cpu[where] <= 1000) reached[where] = depth;
      if (cpu.node > 1000 && cpu.chromium > 1000) break;
    }
    console.log(`${variant}: depth completed within 1 s of CPU: ${names.node} ${reached.node}, ${names.chromium} ${reached.chromium}`);
  }
} finally {
  await browser.close();
  await browserServer.close();
  await server.close();
}
