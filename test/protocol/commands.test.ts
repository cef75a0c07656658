// End-to-end: each command of PROTOCOL.md in a real conversation with the built engine.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalTurns, Position, VARIANTS } from '../../src/engine/index.js';
import { makeTurn } from '../../src/notation/index.js';
import { EngineConversation } from '../support/engineConversation.js';

const BERSERK_START = '3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3 a -';
// Attacker a5 takes c6 on c5 (against c7), then may go on to c3 taking d3 (against e3).
const CHAIN = '11/11/11/11/2t8/2T2K5/t10/11/3Tt6/11/11 a -';

/** The engine's `Tfen:` line from `d`. */
async function tfenOf(engine: EngineConversation): Promise<string> {
  const lines = await engine.ask('d');
  const line = lines.find((l) => l.startsWith('Tfen: '));
  if (!line) throw new Error(`no Tfen line in ${lines.join('\n')}`);
  return line.slice(6);
}

describe('engine commands', () => {
  let engine: EngineConversation;
  beforeAll(() => {
    engine = new EngineConversation();
  });
  afterAll(async () => {
    expect(await engine.quit()).toBe(0);
  });

  it('uci lists id, every option and uciok', async () => {
    engine.send('uci');
    const end = await engine.waitFor('uciok');
    const lines = engine.lines.slice(await engine.waitFor(/^id name /), end);
    expect(lines[0]).toMatch(/^id name Hnefi \d+\.\d+\.\d+$/);
    expect(lines[1]).toMatch(/^id author /);
    const variantLine = lines.find((l) => l.startsWith('option name UCI_Variant '));
    expect(variantLine).toContain('type combo default berserk');
    for (const id of Object.keys(VARIANTS)) expect(variantLine).toContain(`var ${id}`);
    for (const name of [
      'UCI_Rules type string',
      'Hash type spin',
      'Threads type spin',
      'MultiPV type spin',
      'Move Overhead type spin',
      'Skill Level type spin',
    ]) {
      expect(lines.some((l) => l.startsWith(`option name ${name}`))).toBe(true);
    }
  });

  it('d shows the board, the tfen, the side to move and the hash', async () => {
    const lines = await engine.ask('position startpos', 'd');
    expect(lines.some((l) => /^ 11 +\+ +\. +\. +t +t +t +t +t +\. +\. +\+ +11$/.test(l))).toBe(true);
    expect(lines).toContain(`Tfen: ${BERSERK_START}`);
    expect(lines).toContain('Side to move: attackers');
    expect(lines.some((l) => /^Hash: [0-9a-f]{16}$/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('Result:'))).toBe(false);
  });

  it('position startpos moves plays whole turns; the last move is marked', async () => {
    const lines = await engine.ask('position startpos moves d1d2 f4g4', 'd');
    expect(lines.find((l) => l.startsWith('  4 '))).toMatch(/^  4 +t +\. +\. +\. +\. +\[\.\]\[T\] +\. +\. +\. +t +4$/);
    expect(lines).toContain('Tfen: 3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t5T3t/11/3t1c5/4tttt3 a -');
  });

  it('position tfen with a berserk chain, whole or step by step, gives the same position', async () => {
    await engine.ask(`position tfen ${CHAIN} moves a5c5c3`);
    const whole = await tfenOf(engine);
    await engine.ask(`position tfen ${CHAIN} moves a5c5 c5c3`);
    expect(await tfenOf(engine)).toBe(whole);
    await engine.ask(`position tfen ${CHAIN} moves a5-c5xc6|c5-c3xd3`);
    expect(await tfenOf(engine)).toBe(whole);
    expect(whole).toBe('11/11/11/11/2t8/5K5/11/11/2t1t6/11/11 d -');
    // Stopping after the first capture: the run ends with the list.
    await engine.ask(`position tfen ${CHAIN} moves a5c5`);
    expect(await tfenOf(engine)).toBe('11/11/11/11/2t8/5K5/2t8/11/3Tt6/11/11 d -');
  });

  it('a tfen with an open run takes 0000 or a continuation', async () => {
    const open = '11/11/11/11/2t8/5K5/2t8/11/3Tt6/11/11 a c5';
    await engine.ask(`position tfen ${open}`);
    expect(await tfenOf(engine)).toBe(open);
    const moves = await engine.ask('moves');
    expect(moves[0].split(' ')).toContain('0000');
    expect(moves[0].split(' ')).toContain('c5c3');
    await engine.ask(`position tfen ${open} moves 0000`);
    expect(await tfenOf(engine)).toBe('11/11/11/11/2t8/5K5/2t8/11/3Tt6/11/11 d -');
  });

  it('moves lists every legal turn', async () => {
    const lines = await engine.ask('position startpos', 'moves');
    const pos = Position.start(VARIANTS.berserk);
    const expected = legalTurns(pos)
      .map((turn) => makeTurn(pos, turn))
      .sort();
    expect(lines[0].split(' ').sort()).toEqual(expected);
  });

  it('perft and go perft print one line per turn, the total, and the time', async () => {
    for (const command of ['perft 2', 'go perft 2']) {
      const lines = await engine.until(/^Time: /, 'position startpos', command);
      const turns = lines.filter((l) => /^[a-k]\d+[a-k]\d+: \d+$/.test(l));
      expect(turns).toHaveLength(116);
      expect(turns.reduce((sum, l) => sum + Number(l.split(': ')[1]), 0)).toBe(6792);
      expect(lines).toContain('Nodes searched: 6792');
      expect(lines.some((l) => /^Time: \d+ ms, \d+ leaves\/s$/.test(l))).toBe(true);
    }
  });

  it('go depth writes info lines and a legal bestmove', async () => {
    engine.send('position startpos moves d1d2', 'go depth 2');
    const from = engine.lines.length;
    const best = await engine.waitFor(/^bestmove /, from);
    const infos = engine.lines.slice(from, best).filter((l) => l.startsWith('info depth'));
    expect(infos.length).toBeGreaterThan(0);
    expect(infos[infos.length - 1]).toMatch(
      /^info depth 2 seldepth \d+ multipv 1 score (cp|mate) -?\d+ nodes \d+ nps \d+ hashfull \d+ time \d+ pv [a-k0-9 ]+$/,
    );
    // Started without flags, the default Hash (64 MB) is in force: a small search fills little of it.
    expect(Number(/ hashfull (\d+) /.exec(infos[infos.length - 1])?.[1])).toBeLessThan(100);
    const pos = Position.start(VARIANTS.berserk);
    pos.makeStep(legalTurns(pos).find((t) => makeTurn(pos, t) === 'd1d2')![0]);
    const legal = legalTurns(pos).map((t) => makeTurn(pos, t));
    expect(legal).toContain(engine.lines[best].split(' ')[1]);
  });

  it('go with clocks, nodes, movetime, mate and searchmoves obeys them', async () => {
    for (const go of [
      'go btime 2000 wtime 2000 binc 10 winc 10',
      'go atime 500 dtime 500 ainc 0 dinc 0 movestogo 10',
      'go nodes 500',
      'go movetime 100',
      'go mate 1 depth 3',
    ]) {
      const from = engine.lines.length;
      engine.send('position startpos', go);
      await engine.waitFor(/^bestmove [a-k]\d+[a-k]\d+/, from);
    }
    const from = engine.lines.length;
    engine.send('position startpos', 'go depth 3 searchmoves h11h10 f2-f3');
    const best = await engine.waitFor(/^bestmove /, from);
    expect(['h11h10', 'f2f3']).toContain(engine.lines[best].split(' ')[1]);
  });

  it('bestmove (none) when the game is over', async () => {
    const from = engine.lines.length;
    engine.send('setoption name UCI_Variant value brandubh', 'position tfen 7/7/7/7/3t3/7/7 d -', 'd', 'go depth 3');
    const best = await engine.waitFor(/^bestmove /, from);
    expect(engine.lines[best]).toBe('bestmove (none)');
    expect(engine.lines.slice(from, best)).toContain('Result: attackers won (king-captured)');
    const moves = await engine.ask('moves');
    expect(moves).toEqual(['info string no legal turns: the game is over (king-captured)']);
    await engine.ask('setoption name UCI_Variant value berserk');
  });

  it('setoption accepts every option, names case-insensitive, and switches variants', async () => {
    const lines = await engine.ask(
      'setoption name hash value 8',
      'setoption name THREADS value 1',
      'setoption name multipv value 2',
      'setoption name move   overhead value 50',
      'setoption name Skill Level value 20',
      'setoption name uci_variant value Tablut',
      'd',
    );
    expect(lines.filter((l) => l.startsWith('info string error'))).toEqual([]);
    expect(lines).toContain('Rules: tablut (9x9)');
    engine.send('go depth 2');
    const from = engine.lines.length;
    const best = await engine.waitFor(/^bestmove /, from);
    expect(engine.lines.slice(from, best).some((l) => / multipv 2 /.test(l))).toBe(true);
    await engine.ask('setoption name MultiPV value 1', 'setoption name UCI_Variant value berserk');
  });

  it('UCI_Rules loads an OpenTafl rules string and overrides UCI_Variant until cleared', async () => {
    const brandubh = 'dim:7 esc:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
    let lines = await engine.ask(`setoption name UCI_Rules value ${brandubh}`, 'd');
    expect(lines.filter((l) => l.startsWith('info string error'))).toEqual([]);
    expect(lines).toContain('Tfen: 3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a -');
    lines = await engine.ask('setoption name UCI_Rules value dim:99 start:/x/');
    expect(lines[0]).toMatch(/^info string error: UCI_Rules: /);
    lines = await engine.ask('d');
    expect(lines).toContain('Tfen: 3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a -');
    lines = await engine.ask('setoption name UCI_Rules value <empty>', 'd');
    expect(lines).toContain(`Tfen: ${BERSERK_START}`);
  });

  it('ucinewgame resets the position', async () => {
    const lines = await engine.ask('position startpos moves d1d2', 'ucinewgame', 'd');
    expect(lines).toContain(`Tfen: ${BERSERK_START}`);
  });

  it('eval prints the terms and the total', async () => {
    const lines = await engine.ask('position startpos', 'eval');
    expect(lines[lines.length - 1]).toMatch(/^Total: -?\d+ cp \(attackers to move, from their view\)$/);
    expect(lines.length).toBeGreaterThan(2);
  });

  it('bench prints "<N> nodes <M> nps" last, with the same N every run', async () => {
    const first = await engine.until(/ nps$/, 'bench 1');
    const second = await engine.until(/ nps$/, 'bench 1');
    expect(first[first.length - 1]).toMatch(/^\d+ nodes \d+ nps$/);
    expect(first[first.length - 1].split(' ')[0]).toBe(second[second.length - 1].split(' ')[0]);
  });

  it('debug on adds info strings, debug off removes them', async () => {
    engine.send('debug on', 'go depth 1');
    let from = engine.lines.length;
    let best = await engine.waitFor(/^bestmove /, from);
    expect(engine.lines.slice(0, best).some((l) => l.startsWith('info string debug: searching'))).toBe(true);
    from = engine.lines.length;
    engine.send('debug off', 'go depth 1');
    best = await engine.waitFor(/^bestmove /, from);
    expect(engine.lines.slice(from, best).some((l) => l.startsWith('info string debug'))).toBe(false);
  });

  it('unknown commands get one info string and change nothing', async () => {
    const lines = await engine.ask('position startpos moves d1d2', 'frobnicate now please', 'xyzzy', 'd');
    expect(lines.slice(0, 4)).toEqual([
      'info string unknown command: frobnicate',
      "info string type 'help' for the commands",
      'info string unknown command: xyzzy',
      "info string type 'help' for the commands",
    ]);
    expect(lines).toContain('Tfen: 3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/3t1c5/4tttt3 d -');
  });
});
