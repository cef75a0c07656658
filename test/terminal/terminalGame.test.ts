// `hnefi play` driven by a script of answers (the engine thinks in the built worker, dist/).

import { describe, expect, it } from 'vitest';
import { playInTerminal } from '../../src/terminal/terminalGame.js';

async function play(answers: string[], settings: Parameters<typeof playInTerminal>[1]): Promise<string[]> {
  const said: string[] = [];
  const queue = [...answers];
  await playInTerminal({
    ask: (prompt) => {
      said.push(`? ${prompt}`);
      return queue.shift() ?? null;
    },
    say: (line) => said.push(line),
  }, settings);
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
    // After undo it is turn 1 again.
    const replyAt = said.findIndex((l) => l.startsWith('Hnefi plays'));
    expect(said.slice(replyAt).some((line) => line.startsWith('Turn 1, attackers to move'))).toBe(true);
    expect(text).toMatch(/Hint: [a-g]\d[a-g]\d/);
    expect(said.some((line) => line.split(' ').includes('b4b1') && line.split(' ').length > 20)).toBe(true);
  });

  it('offers a berserk continuation and plays the whole chain as one turn', async () => {
    const said = await play(['a5c5', 'c4', 'c3', 'quit'], {
      variant: 'berserk', side: 0, moveTimeMs: 50, tfen: '11/11/11/11/2t8/2T2K5/t10/11/3Tt6/11/11 a -',
    });
    const text = said.join('\n');
    expect(text).toContain('Berserk: the piece on c5 may go on capturing: c5c3');
    expect(text).toMatch(/Not a legal continuation: .*c5c4/);
    expect(text).toMatch(/Turn 2, defenders to move, last move a5c5c3/);
    expect(text).toMatch(/Hnefi plays /);
  });

  it('a bad tfen is reported', async () => {
    const said = await play([], { variant: 'berserk', side: 0, moveTimeMs: 50, tfen: 'xx a' });
    expect(said[0]).toMatch(/^Cannot start from that tfen: /);
  });
});
