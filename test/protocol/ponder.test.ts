// End-to-end: pondering as UCI does it (`Ponder` option, `go ponder`, `ponderhit`, `bestmove ... ponder`).

import { describe, expect, it } from 'vitest';
import { EngineConversation } from '../support/engineConversation.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('pondering', () => {
  it('uci lists the Ponder option; setoption takes it', async () => {
    const engine = new EngineConversation();
    engine.send('uci');
    const end = await engine.waitFor('uciok');
    expect(engine.lines.slice(0, end)).toContain('option name Ponder type check default false');
    expect(await engine.ask('setoption name Ponder value true', 'setoption name Ponder value false')).toEqual([]);
    expect((await engine.ask('setoption name Ponder value maybe'))[0]).toMatch(
      /^info string error: option 'Ponder' needs true or false, got 'maybe'$/,
    );
    expect(await engine.quit()).toBe(0);
  });

  it('go ponder searches until ponderhit, then keeps to the time from the ponderhit', async () => {
    const engine = new EngineConversation();
    await engine.ask('setoption name Ponder value true', 'position startpos moves d1d2');
    const from = engine.lines.length;
    engine.send('go ponder movetime 300');
    await sleep(1000);
    // Still pondering well past its movetime: the clock has not started.
    expect(engine.lines.slice(from).some((l) => l.startsWith('bestmove'))).toBe(false);
    expect(engine.lines.slice(from).some((l) => l.startsWith('info depth'))).toBe(true);
    const hit = performance.now();
    engine.send('ponderhit');
    const best = await engine.waitFor(/^bestmove /, from);
    const ms = performance.now() - hit;
    expect(ms).toBeGreaterThan(200);
    expect(ms).toBeLessThan(1500);
    // (A search cut short by its clock may end on a new best turn whose reply it has not searched.)
    expect(engine.lines[best]).toMatch(/^bestmove [a-k]\d+[a-k]\d+( ponder [a-k]\d+[a-k]\d+)?$/);
    expect(await engine.quit()).toBe(0);
  });

  it('a ponder search that reaches its depth still waits for ponderhit or stop', async () => {
    const engine = new EngineConversation();
    const from = engine.lines.length;
    engine.send('go ponder depth 2');
    await engine.waitFor(/^info depth 2 /, from);
    await sleep(500);
    expect(engine.lines.slice(from).some((l) => l.startsWith('bestmove'))).toBe(false);
    engine.send('stop');
    const best = await engine.waitFor(/^bestmove /, from);
    expect(engine.lines[best]).toMatch(/^bestmove [a-k]\d+[a-k]\d+( ponder [a-k]\d+[a-k]\d+)?$/);
    // ponderhit outside a ponder search changes nothing.
    expect(await engine.ask('ponderhit')).toEqual(['info string ponderhit ignored: no ponder search is running']);
    expect(await engine.quit()).toBe(0);
  });

  it('a timed search names the expected reply after its bestmove', async () => {
    const engine = new EngineConversation();
    const from = engine.lines.length;
    engine.send('go depth 4');
    const best = await engine.waitFor(/^bestmove /, from);
    expect(engine.lines[best]).toMatch(/^bestmove [a-k]\d+[a-k]\d+ ponder [a-k]\d+[a-k]\d+$/);
    expect(await engine.quit()).toBe(0);
  });
});
