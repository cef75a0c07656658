// End-to-end: perft, go perft and bench run like a search: the engine keeps answering, `stop` ends
// them with what they counted, `quit` and the end of the input end the engine promptly.

import { describe, expect, it } from 'vitest';
import { EngineConversation } from '../support/engineConversation.js';

/** Generous bounds: the machine may be busy, but seconds would mean the command blocks the engine. */
const PROMPT_MS = 1500;
/** An exit includes the process's teardown, seconds on a loaded machine; a search left running would never end. */
const EXIT_MS = 8000;

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work;
  return { value, ms: performance.now() - start };
}

describe('long commands do not block the engine', () => {
  for (const command of ['perft 20', 'go perft 20', 'bench 60']) {
    it(`${command}: isready is answered at once, stop ends it with what it counted`, async () => {
      const engine = new EngineConversation(['--variant', 'brandubh']);
      await engine.ask('isready');
      const from = engine.lines.length;
      engine.send(command);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ready = await timed(engine.ask());
      expect(ready.ms).toBeLessThan(PROMPT_MS);
      engine.send('stop');
      const stopped = await timed(engine.waitFor(command.includes('perft') ? /^Time: / : / nps$/, from, 5000));
      expect(stopped.ms).toBeLessThan(PROMPT_MS);
      const lines = engine.lines.slice(from);
      if (command.includes('perft')) {
        expect(lines).toContainEqual(expect.stringMatching(/^Nodes searched: \d+$/));
        expect(lines).toContainEqual(expect.stringMatching(/^info string perft stopped after \d+ of \d+ turns$/));
        // What it counted so far adds up.
        const turns = lines.filter((l) => /^[a-g]\d+[a-g]\d+: \d+$/.test(l)).map((l) => Number(l.split(': ')[1]));
        const total = Number(lines.find((l) => l.startsWith('Nodes searched: '))?.slice(16));
        expect(turns.reduce((a, b) => a + b, 0)).toBe(total);
      } else {
        expect(lines).toContainEqual('info string bench stopped');
      }
      // The engine goes on: a search works after it.
      engine.send('go depth 1');
      await engine.waitFor(/^bestmove /, from);
      expect(await engine.quit()).toBe(0);
    });
  }

  it('a perft that ends by itself prints every turn and the total, as before', async () => {
    const engine = new EngineConversation(['--variant', 'brandubh']);
    const lines = await engine.until(/^Time: /, 'perft 2');
    expect(lines.filter((l) => /^[a-g]\d+[a-g]\d+: \d+$/.test(l))).toHaveLength(40);
    expect(lines).toContain('Nodes searched: 960');
    expect(lines.some((l) => l.includes('stopped'))).toBe(false);
    expect(await engine.quit()).toBe(0);
  });

  it('a search during perft is refused; quit during perft exits at once', async () => {
    const engine = new EngineConversation(['--variant', 'brandubh']);
    engine.send('perft 20');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await engine.ask('go depth 1')).toContain(
      "info string error: already busy with perft: this 'go' is ignored (send 'stop' first)",
    );
    const exit = await timed(
      (async () => {
        engine.send('quit');
        return engine.exited;
      })(),
    );
    expect(exit.value).toBe(0);
    expect(exit.ms).toBeLessThan(PROMPT_MS);
  });
});

describe('the end of the input ends the engine promptly', () => {
  for (const command of ['go', 'go ponder', 'go mate 1', 'go depth 60', 'go infinite', 'go wtime 100000000 btime 100000000']) {
    it(`${command}: the search stops, its bestmove is written, the engine exits`, async () => {
      const engine = new EngineConversation();
      engine.send('position startpos', command);
      await engine.waitFor(/^info depth /);
      const exit = await timed(
        (async () => {
          engine.end();
          return engine.exited;
        })(),
      );
      expect(exit.value).toBe(0);
      expect(exit.ms).toBeLessThan(EXIT_MS);
      expect(engine.lines.filter((l) => l.startsWith('bestmove '))).toHaveLength(1);
    });
  }

  for (const command of ['perft 20', 'bench 60']) {
    it(`${command}: stopped, and the engine exits`, async () => {
      const engine = new EngineConversation(['--variant', 'brandubh']);
      engine.send(command);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const exit = await timed(
        (async () => {
          engine.end();
          return engine.exited;
        })(),
      );
      expect(exit.value).toBe(0);
      expect(exit.ms).toBeLessThan(EXIT_MS);
    });
  }
});
