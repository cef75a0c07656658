// An analysis (go infinite) keeps its lines coming while a deep iteration runs, so that a GUI's
// display moves: the last completed iteration's lines again, with fresh node counts and times.

import { describe, expect, it } from 'vitest';
import { EngineConversation } from '../support/engineConversation.js';

describe('analysis progress', () => {
  it('repeats the last lines of go infinite with growing counts, several times a second', async () => {
    const engine = new EngineConversation();
    engine.send('setoption name UCI_Variant value copenhagen', 'setoption name MultiPV value 2', 'position startpos', 'go infinite');
    await engine.waitFor(/^info depth 7 /);
    const from = engine.lines.length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    engine.send('stop');
    await engine.waitFor(/^bestmove /, from);
    const infos = engine.lines.slice(from).filter((line) => line.startsWith('info depth '));
    const times = infos.filter((line) => / multipv 1 /.test(line)).map((line) => Number(/ time (\d+)/.exec(line)?.[1]));
    // A report every 200 ms however long the iterations take (deep ones take seconds): no gap near a
    // second, even on a busy machine.
    expect(times.length).toBeGreaterThanOrEqual(5);
    const gaps = times.slice(1).map((time, i) => time - times[i]);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...gaps)).toBeLessThan(700);
    const nodes = infos.map((line) => Number(/ nodes (\d+)/.exec(line)?.[1]));
    expect(Math.max(...nodes)).toBeGreaterThan(nodes[0]);
    // Both lines are repeated: MultiPV 2 reports come in pairs.
    expect(infos.some((line) => / multipv 2 /.test(line))).toBe(true);
    expect(await engine.quit()).toBe(0);
  });

  it('a search with limits reports only its iterations', async () => {
    const engine = new EngineConversation();
    const lines = await engine.until(/^bestmove /, 'setoption name UCI_Variant value copenhagen', 'position startpos', 'go depth 5');
    const depths = lines.filter((line) => line.startsWith('info depth ')).map((line) => Number(/^info depth (\d+)/.exec(line)?.[1]));
    for (let i = 1; i < depths.length; i++) expect(depths[i]).toBeGreaterThanOrEqual(depths[i - 1]);
    expect(depths.filter((d) => d === 5).length).toBeLessThanOrEqual(4);
    expect(await engine.quit()).toBe(0);
  });
});
