// The engine facade on its own: the real worker (dist/search-worker.js), and a worker that dies.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { legalTurns, Position, VARIANTS } from '../../src/engine/index.js';
import { makeTurn } from '../../src/notation/index.js';
import { SearchEngine } from '../../src/facade/engine.js';
import { Game } from '../../src/facade/game.js';
import { nodeSearchThread } from '../../src/facade/nodeSearchThread.js';

/** The search worker as built into dist/ (npm test builds first). */
const BUILT_WORKER = fileURLToPath(new URL('../../dist/search-worker.js', import.meta.url));

function recorder() {
  const events: string[] = [];
  let resolveBest: (best: number[] | null) => void = () => {};
  const nextBest = () => new Promise<number[] | null>((resolve) => (resolveBest = resolve));
  return {
    events,
    nextBest,
    callbacks: {
      onInfo: () => events.push('info'),
      onBestMove: (best: number[] | null) => {
        events.push('bestmove');
        resolveBest(best);
      },
      onError: (message: string) => events.push(`error: ${message}`),
    },
  };
}

describe('engine facade', () => {
  it('searches in the worker, refuses a second go, stops, answers isReady, quits', async () => {
    const log = recorder();
    const engine = new SearchEngine(log.callbacks, { hashMB: 1 }, nodeSearchThread(BUILT_WORKER));
    const game = Game.start(VARIANTS.brandubh);
    const best = log.nextBest();
    expect(engine.go(game.record(), { infinite: true })).toBe(true);
    expect(engine.go(game.record(), { depth: 1 })).toBe(false);
    await new Promise<void>((resolve) => engine.isReady(resolve));
    engine.stop();
    const turn = await best;
    const pos = Position.start(VARIANTS.brandubh);
    expect(legalTurns(pos).map((t) => makeTurn(pos, t))).toContain(makeTurn(pos, turn!));
    expect(log.events.filter((e) => e === 'bestmove')).toHaveLength(1);
    await new Promise<void>((resolve) => engine.isReady(resolve));
    await engine.quit();
  });

  it('without shared memory (a browser page not cross-origin isolated) stops by replacing its thread', async () => {
    const log = recorder();
    const engine = new SearchEngine(log.callbacks, { hashMB: 1 }, nodeSearchThread(BUILT_WORKER), false);
    const game = Game.start(VARIANTS.brandubh);
    const pos = Position.start(VARIANTS.brandubh);
    const legal = legalTurns(pos).map((t) => makeTurn(pos, t));
    const infos = () => log.events.filter((e) => e === 'info').length;
    const until = async (done: () => boolean) => {
      for (let waited = 0; !done() && waited < 20_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    // The thread cannot hear the stop: the answer comes at once from the lines reported so far.
    let best = log.nextBest();
    expect(engine.go(game.record(), { infinite: true })).toBe(true);
    await until(() => infos() > 0);
    engine.stop();
    expect(legal).toContain(makeTurn(pos, (await best)!));
    // The next search runs on a new thread.
    best = log.nextBest();
    expect(engine.go(game.record(), { depth: 3 })).toBe(true);
    expect(legal).toContain(makeTurn(pos, (await best)!));
    // An infinite search that ends by itself keeps its answer until the stop.
    best = log.nextBest();
    const before = log.events.length;
    engine.go(game.record(), { infinite: true, depth: 2 });
    await until(() => log.events.slice(before).includes('info'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(log.events.slice(before)).not.toContain('bestmove');
    engine.stop();
    expect(legal).toContain(makeTurn(pos, (await best)!));
    expect(log.events.filter((e) => e.startsWith('error'))).toEqual([]);
    await engine.quit();
  });

  it('a worker that dies mid-search is replaced and the search still gets a legal answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hnefi-'));
    const workerFile = join(dir, 'dying-worker.mjs');
    writeFileSync(
      workerFile,
      `import { parentPort } from 'node:worker_threads';
parentPort.on('message', (m) => {
  if (m.type === 'init') parentPort.postMessage({ type: 'up' });
  if (m.type === 'ping') parentPort.postMessage({ type: 'pong', id: m.id });
  if (m.type === 'go') process.exit(3);
});`,
    );
    const log = recorder();
    const engine = new SearchEngine(log.callbacks, {}, nodeSearchThread(workerFile));
    const game = Game.start(VARIANTS.tablut);
    const best = log.nextBest();
    engine.go(game.record(), { depth: 2 });
    const turn = await best;
    const pos = Position.start(VARIANTS.tablut);
    expect(legalTurns(pos).map((t) => makeTurn(pos, t))).toContain(makeTurn(pos, turn!));
    expect(log.events[0]).toBe('error: search thread stopped (exit code 3); restarting it');
    await new Promise<void>((resolve) => engine.isReady(resolve));
    expect(engine.searching).toBe(false);
    await engine.quit();
  });

  it('what a search thread prints goes to stderr, never into the protocol stream on stdout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hnefi-'));
    const workerFile = join(dir, 'chatty-worker.mjs');
    writeFileSync(
      workerFile,
      `import { parentPort } from 'node:worker_threads';
parentPort.on('message', (m) => {
  if (m.type === 'init') { console.log('chatter from the search thread'); parentPort.postMessage({ type: 'up' }); }
  if (m.type === 'ping') parentPort.postMessage({ type: 'pong', id: m.id });
});`,
    );
    const stdout = vi.spyOn(process.stdout, 'write');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const engine = new SearchEngine(recorder().callbacks, {}, nodeSearchThread(workerFile));
    await new Promise<void>((resolve) => engine.isReady(resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await engine.quit();
    const printed = (spy: typeof stdout) => spy.mock.calls.map((call) => String(call[0])).join('');
    expect(printed(stderr)).toContain('chatter from the search thread');
    expect(printed(stdout)).not.toContain('chatter');
    stdout.mockRestore();
    stderr.mockRestore();
  });

  it('a worker that cannot start is not restarted; searches still get a legal answer', async () => {
    const log = recorder();
    const engine = new SearchEngine(log.callbacks, {}, nodeSearchThread(join(tmpdir(), 'no-such-hnefi-worker.mjs')));
    // Node reports the missing file after loading the thread: that may take a while on a busy machine.
    const failed = () => log.events.filter((e) => e.startsWith('error: search thread could not start'));
    for (let waited = 0; failed().length === 0 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(failed()).toHaveLength(1);
    const best = log.nextBest();
    engine.go(Game.start(VARIANTS.brandubh).record(), { depth: 3 });
    const pos = Position.start(VARIANTS.brandubh);
    expect(legalTurns(pos).map((t) => makeTurn(pos, t))).toContain(makeTurn(pos, (await best)!));
    await new Promise<void>((resolve) => engine.isReady(resolve));
    expect(log.events.filter((e) => e.startsWith('error: search thread'))).toHaveLength(1);
    await engine.quit();
  });
});
