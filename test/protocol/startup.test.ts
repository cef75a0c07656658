// End-to-end: what the engine says at start and to `help`, the first `go` after start-up, a large hash.

import { describe, expect, it } from 'vitest';
import { EngineConversation } from '../support/engineConversation.js';

describe('the greeting and help', () => {
  it('the first line names the engine and its version; uci still answers id name first', async () => {
    const engine = new EngineConversation();
    engine.send('uci');
    const uciok = await engine.waitFor('uciok');
    expect(engine.lines[0]).toMatch(
      /^Hnefi \d+\.\d+\.\d+ by the Hnefi authors, a tafl engine speaking UCI \(type 'help' for the commands\)$/,
    );
    expect(engine.lines[1]).toMatch(/^id name Hnefi \d+\.\d+\.\d+$/);
    expect(uciok).toBeGreaterThan(2);
    expect(await engine.quit()).toBe(0);
  });

  it('help lists every command; an unknown command suggests help', async () => {
    const engine = new EngineConversation();
    const help = await engine.ask('help');
    for (const command of [
      'uci',
      'isready',
      'setoption',
      'ucinewgame',
      'position',
      'go',
      'stop',
      'ponderhit',
      'quit',
      'debug',
      'd',
      'perft',
      'bench',
      'moves',
      'eval',
      'help',
    ]) {
      expect(
        help.some((l) => l.startsWith(`info string ${command} `) || l === `info string ${command}`),
        command,
      ).toBe(true);
    }
    expect(await engine.ask('frobnicate')).toEqual(['info string unknown command: frobnicate', "info string type 'help' for the commands"]);
    expect(await engine.quit()).toBe(0);
  });
});

describe('the first go after start-up', () => {
  for (const limits of ['movetime 100', 'wtime 300 btime 300']) {
    it(`go ${limits} without isready keeps to its time`, async () => {
      const engine = new EngineConversation();
      // The engine's own measure, from reading the go to writing the bestmove.
      engine.send('debug on', `go ${limits}`);
      const took = await engine.waitFor(/^info string debug: search took \d+ ms$/);
      const ms = Number(/took (\d+) ms/.exec(engine.lines[took])?.[1]);
      // Generous for a busy machine; before, the search thread's start-up came on top (1.2 s and more).
      expect(ms).toBeLessThan(400);
      expect(await engine.quit()).toBe(0);
    });
  }
});

describe('a large hash table', () => {
  it('setoption name Hash value 2048 does not hold up isready, and searches go on', async () => {
    const engine = new EngineConversation();
    await engine.ask('isready');
    const start = performance.now();
    await engine.ask('setoption name Hash value 2048');
    expect(performance.now() - start).toBeLessThan(1000);
    const from = engine.lines.length;
    engine.send('go movetime 200');
    await engine.waitFor(/^bestmove /, from);
    const again = performance.now();
    await engine.ask('ucinewgame', 'setoption name Hash value 1');
    expect(performance.now() - again).toBeLessThan(1000);
    expect(await engine.quit()).toBe(0);
  });
});
