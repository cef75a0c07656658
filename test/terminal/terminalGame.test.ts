// `hnefi play` driven by a script of answers (the engine thinks in the built worker, dist/).

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { playInTerminal } from '../../src/terminal/terminalGame.js';

const BUILT_WORKER = fileURLToPath(new URL('../../dist/search-worker.js', import.meta.url));

async function play(answers: string[], settings: Parameters<typeof playInTerminal>[1]): Promise<string[]> {
  const said: string[] = [];
  const queue = [...answers];
  await playInTerminal(
    {
      ask: (prompt) => {
        said.push(`? ${prompt}`);
        return queue.shift() ?? null;
      },
      say: (line) => said.push(line),
    },
    { workerFile: BUILT_WORKER, ...settings },
  );
  return said;
}

describe('hnefi play', () => {
  it('asks for variant, side and time, rejects bad answers, plays, undoes, hints and quits', async () => {
    const said = await play(
      ['chess', 'brandubh', 'x', 'a', 'fast', '0.05', 'help', 'zz', 'd1d4', 'b4b1', 'undo', 'hint', 'moves', 'quit'],
      {},
    );
    const text = said.join('\n');
    expect(text).toContain("No variant 'chess'.");
    expect(text).toContain("Answer 'a' (attackers) or 'd' (defenders).");
    expect(text).toContain('Give a number of seconds from 0.01 to 3600.');
    expect(text).toContain('brandubh: you play the attackers, Hnefi thinks 0.05 s per move.');
    expect(text).toMatch(/Not a legal move: .*'zz'.*not a move/);
    expect(text).toMatch(/Not a legal move: .*d1d4.*/);
    // b4b1 is marked on the board, then Hnefi answers.
    expect(said.some((line) => /^ {2}4 +t +\[\.\] +T +K/.test(line))).toBe(true);
    expect(said.some((line) => /^ {2}1 +\+ +\[t\] +\. +t/.test(line))).toBe(true);
    expect(text).toMatch(/Hnefi plays [a-g]\d[a-g]\d/);
    // A turn is a move of each side: after the attackers' move it is still turn 1.
    expect(text).toContain('Turn 1, defenders to move, last move b4b1');
    // After undo it is turn 1 again.
    const replyAt = said.findIndex((l) => l.startsWith('Hnefi plays'));
    expect(said.slice(replyAt).some((line) => line.startsWith('Turn 1, attackers to move'))).toBe(true);
    expect(text).toMatch(/Hint: [a-g]\d[a-g]\d/);
    expect(said.some((line) => line.split(' ').includes('b4b1') && line.split(' ').length > 20)).toBe(true);
  });

  it('offers a berserk continuation and plays the whole chain as one turn', async () => {
    const said = await play(['a5c5', 'c4', 'c3', 'quit'], {
      variant: 'berserk',
      side: 0,
      moveTimeMs: 50,
      tfen: '11/11/11/11/2t8/2T2K5/t10/11/3Tt6/11/11 a -',
    });
    const text = said.join('\n');
    expect(text).toContain('Berserk: the piece on c5 may go on capturing: c5c3');
    expect(text).toMatch(/Not a legal continuation: .*c5c4/);
    // The board after the first step, a5 and c5 marked and c6 taken, before the continuation is asked.
    const offer = said.indexOf('Berserk: the piece on c5 may go on capturing: c5c3');
    expect(said.slice(offer - 14, offer).some((line) => /^ {2}6 +\. +\. +\. +\. +\. +K/.test(line))).toBe(true);
    expect(said.slice(offer - 14, offer).some((line) => /^ {2}5 \[\.\] +\. \[t\]/.test(line))).toBe(true);
    expect(text).toContain('You play a5c5c3, capturing c6 and d3');
    expect(text).toMatch(/Turn 1, defenders to move, last move a5c5c3/);
    expect(text).toMatch(/Hnefi plays /);
  });

  it('a bad tfen is reported', async () => {
    const said = await play([], { variant: 'berserk', side: 0, moveTimeMs: 50, tfen: 'xx a' });
    expect(said[0]).toMatch(/^Cannot start from that tfen: /);
  });

  it('shows a legend of the piece letters and help that fits 80 columns', async () => {
    const said = await play(['help', 'quit'], { variant: 'brandubh', side: 0, moveTimeMs: 50 });
    expect(said).toContain('Pieces: t attacker, T defender, K king');
    expect(said).toContain('Squares: + throne and corners (empty), [ ] last move');
    const help = said.slice(said.indexOf('? Your move (attackers): ') + 1, said.lastIndexOf('? Your move (attackers): '));
    expect(help.length).toBeGreaterThan(5);
    expect(help.filter((line) => line.length > 80)).toEqual([]);
    expect(said.every((line) => line.length <= 80)).toBe(true);
  });

  it('new asks before discarding the game; save writes an OpenTafl record', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hnefi-play-'));
    try {
      const file = join(dir, 'mine');
      const said = await play(['b4b2', 'new', 'n', `save ${file}`, 'new', 'yes', 'quit'], { variant: 'brandubh', side: 0, moveTimeMs: 50 });
      const text = said.join('\n');
      expect(text).toContain('? Discard this game (2 moves played) and start again? (y/n) [n]: ');
      expect(text).toContain('The game goes on.');
      expect(text).toContain(`Saved the game to ${file}.otg.`);
      const otg = readFileSync(`${file}.otg`, 'utf8');
      expect(otg).toContain('[rules:dim:7 name:brandubh');
      expect(otg).toContain('[attackers:You]');
      expect(otg).toMatch(/\n1\. b4-b2 [a-g]\d-[a-g]\d\n$/);
      // After 'yes' the game starts again.
      expect(
        said
          .slice(said.lastIndexOf('? Discard this game (2 moves played) and start again? (y/n) [n]: '))
          .some((line) => line === 'Turn 1, attackers to move'),
      ).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('at game over a typo asks again instead of quitting; save works there too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hnefi-play-'));
    try {
      const file = join(dir, 'won.otg');
      const said = await play(['a6a7', 'nwe', `save ${file}`, 'quit'], {
        variant: 'brandubh',
        side: 1,
        moveTimeMs: 50,
        tfen: '7/K6/7/7/7/7/3t3 d -',
      });
      const text = said.join('\n');
      expect(text).toContain('Game over: defenders won (escape).');
      expect(text).toContain("'nwe' is not one of new, undo, save or quit.");
      expect(said.filter((line) => line.startsWith("? 'new' for another game")).length).toBe(3);
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toContain('[result:defenders won (escape)]');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
