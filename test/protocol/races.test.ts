// End-to-end: input that arrives while the engine searches, and the ways a conversation ends.

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { legalTurns, Position, VARIANTS } from '../../src/engine/index.js';
import { makeTurn } from '../../src/notation/index.js';
import { EngineConversation, HNEFI } from '../support/engineConversation.js';

const bestmoves = (lines: string[]) => lines.filter((l) => l.startsWith('bestmove '));

describe('during a search', () => {
  it('isready answers readyok at once without stopping the search', async () => {
    const engine = new EngineConversation();
    engine.send('position startpos', 'go infinite');
    await engine.waitFor(/^info depth /);
    const from = engine.lines.length;
    engine.send('isready');
    const ready = await engine.waitFor('readyok', from);
    expect(bestmoves(engine.lines.slice(0, ready))).toEqual([]);
    // Still searching: the bestmove comes only after stop.
    engine.send('stop');
    await engine.waitFor(/^bestmove [a-k]\d+[a-k]\d+/, ready);
    expect(bestmoves(engine.lines)).toHaveLength(1);
    expect(await engine.quit()).toBe(0);
  });

  it('stop ends the search with exactly one bestmove; stop when idle is ignored', async () => {
    const engine = new EngineConversation();
    engine.send('position startpos', 'go infinite');
    await engine.waitFor(/^info depth /);
    engine.send('stop', 'stop');
    await engine.waitFor(/^bestmove /);
    const lines = await engine.ask('stop', 'stop');
    expect(lines).toEqual([]);
    expect(bestmoves(engine.lines)).toHaveLength(1);
    expect(await engine.quit()).toBe(0);
  });

  it('stop right after go still gives one legal bestmove', async () => {
    const engine = new EngineConversation();
    for (let i = 0; i < 5; i++) engine.send('position startpos', 'go infinite', 'stop');
    await engine.ask();
    for (let i = 0; i < 50 && bestmoves(engine.lines).length < 5; i++) await new Promise((r) => setTimeout(r, 20));
    expect(bestmoves(engine.lines)).toHaveLength(5);
    for (const line of bestmoves(engine.lines)) expect(line).toMatch(/^bestmove [a-k]\d+[a-k]\d+( ponder [a-k]\d+[a-k]\d+)?$/);
    expect(await engine.quit()).toBe(0);
  });

  it('go while searching is refused and the running search goes on', async () => {
    const engine = new EngineConversation();
    engine.send('position startpos', 'go infinite');
    await engine.waitFor(/^info depth /);
    const from = engine.lines.length;
    engine.send('go depth 1');
    await engine.waitFor("info string error: already searching: this 'go' is ignored (send 'stop' first)", from);
    engine.send('isready');
    await engine.waitFor('readyok', from);
    expect(bestmoves(engine.lines)).toEqual([]);
    engine.send('stop');
    await engine.waitFor(/^bestmove /, from);
    await engine.ask();
    expect(bestmoves(engine.lines)).toHaveLength(1);
    expect(await engine.quit()).toBe(0);
  });

  it('position and setoption during a search apply to the next search only', async () => {
    const engine = new EngineConversation();
    engine.send('position startpos', 'go infinite');
    await engine.waitFor(/^info depth /);
    engine.send('position startpos moves d1d2', 'setoption name MultiPV value 1', 'stop');
    const best = await engine.waitFor(/^bestmove /);
    const start = Position.start(VARIANTS.berserk);
    expect(legalTurns(start).map((turn) => `bestmove ${makeTurn(start, turn)}`)).toContain(engine.lines[best].replace(/ ponder .*/, ''));
    const lines = await engine.ask('d');
    expect(lines).toContain('Side to move: defenders');
    expect(await engine.quit()).toBe(0);
  });

  it('perft and bench are refused while searching', async () => {
    const engine = new EngineConversation();
    engine.send('go infinite');
    await engine.waitFor(/^info depth /);
    const lines = await engine.ask('perft 1', 'bench 1');
    expect(lines.filter((l) => !l.startsWith('info depth'))).toEqual([
      "info string error: perft: a search is running (send 'stop' first)",
      "info string error: bench: a search is running (send 'stop' first)",
    ]);
    engine.send('stop');
    await engine.waitFor(/^bestmove /);
    expect(await engine.quit()).toBe(0);
  });
});

describe('a hash table the machine cannot give', () => {
  // Address space limited to 2 GB: a 2048 MB table cannot be allocated (node itself fits).
  const limited = (args: string) => spawn('sh', ['-c', `ulimit -v 2000000 && exec "${process.execPath}" "${HNEFI}" ${args}`]);

  for (const [how, args, input] of [
    ['--hash 2048 on the command line', '--hash 2048', ''],
    ['setoption name Hash value 2048', '', 'setoption name Hash value 2048\n'],
  ]) {
    it(`${how}: an error line, and the engine goes on searching`, async () => {
      const child = limited(args);
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += String(chunk);
      });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.stdin.end(`${input}go depth 1\n`);
      expect(await exited).toBe(0);
      expect(out).toMatch(/^info string error: search options \{"hashMB":2048.*\} failed \(.*\)/m);
      // The default network is named, not written out weight by weight.
      const error = out.split('\n').find((line) => line.startsWith('info string error:')) ?? '';
      expect(error.length).toBeLessThan(400);
      expect(out).toMatch(/\nbestmove [a-k]\d+[a-k]\d+( ponder [a-k]\d+[a-k]\d+)?\n$/);
    });
  }
});

describe('the end of a conversation', () => {
  it('quit during a search writes the bestmove, then exits', async () => {
    const engine = new EngineConversation();
    engine.send('position startpos', 'go infinite');
    await engine.waitFor(/^info depth /);
    engine.send('quit');
    expect(await engine.exited).toBe(0);
    expect(bestmoves(engine.lines)).toHaveLength(1);
    expect(engine.lines[engine.lines.length - 1]).toMatch(/^bestmove /);
  });

  it('EOF right after a go with limits stops the search, writes its bestmove, exits', async () => {
    const engine = new EngineConversation();
    engine.send('position startpos', 'go depth 60');
    engine.end();
    expect(await engine.exited).toBe(0);
    expect(bestmoves(engine.lines)).toHaveLength(1);
  });

  it('EOF during go infinite stops the search, writes the bestmove, exits', async () => {
    const engine = new EngineConversation();
    engine.send('go infinite');
    await engine.waitFor(/^info depth /);
    engine.end();
    expect(await engine.exited).toBe(0);
    expect(bestmoves(engine.lines)).toHaveLength(1);
  });

  it('EOF right after isready still answers it', async () => {
    const engine = new EngineConversation();
    engine.send('uci', 'setoption name Hash value 32', 'isready');
    engine.end();
    expect(await engine.exited).toBe(0);
    expect(engine.lines[engine.lines.length - 1]).toBe('readyok');
  });

  it('a closed stdout ends the engine quietly', async () => {
    const child = spawn(process.execPath, [HNEFI], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.stdin.on('error', () => {});
    child.stdout.destroy();
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stdin.write('uci\ngo infinite\n');
    for (let i = 0; i < 20; i++) child.stdin.write('isready\n');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  });
});
