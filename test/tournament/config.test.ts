import { describe, expect, it } from 'vitest';
import { searchLimits, Clock } from '../../src/tournament/clock.js';
import { makeGoCommand } from '../../src/client/uciSession.js';
import { makeConfig } from '../../src/tournament/config.js';
import { parseEngineFlag, parseTimeControl } from '../../src/tournament/engineConfig.js';

const engines = [
  { name: 'a', cmd: 'node', args: ['x.js'] },
  { name: 'b', cmd: 'node' },
];

function error(json: object, overrides = {}): string {
  const config = makeConfig(json, overrides);
  expect(config.ok).toBe(false);
  return config.ok ? '' : config.error.message;
}

describe('tournament config', () => {
  it('takes the issue interface with its defaults', () => {
    const config = makeConfig({
      variant: 'brandubh',
      games: 8,
      concurrency: 2,
      seed: 1,
      out: 'runs/t1',
      tc: { depth: 2 },
      engines: [...engines.slice(0, 1), { name: 'b', cmd: 'node', args: ['dist/hnefi.js'], options: { Hash: 16 } }],
    });
    expect(config.ok).toBe(true);
    if (!config.ok) return;
    expect(config.value).toMatchObject({
      variant: 'brandubh',
      games: 8,
      concurrency: 2,
      seed: 1,
      out: 'runs/t1',
      tc: { depth: 2 },
      format: 'round-robin',
    });
    expect(config.value.engines[1].options).toEqual({ Hash: 16 });
    expect(config.value.sprt).toBeUndefined();
  });

  it('rounds games up to pairs and lets flags override the file', () => {
    const config = makeConfig({ games: 3, out: 'o', engines, tc: { depth: 2 } }, { depth: 1, games: 5, sprt: 'elo0=0 elo1=10' });
    expect(config.ok && config.value.games).toBe(6);
    expect(config.ok && config.value.tc).toEqual({ depth: 1 });
    expect(config.ok && config.value.sprt).toMatchObject({ elo0: 0, elo1: 10, alpha: 0.05, model: 'normalized', pentanomial: true });
  });

  it('names what is wrong', () => {
    expect(error({ out: 'o', engines: [engines[0]] })).toContain('at least two');
    expect(error({ out: 'o', engines: [engines[0], engines[0]] })).toContain("'a' is used twice");
    expect(error({ engines })).toContain('out');
    expect(error({ out: 'o', engines, variant: 'chess' })).toContain('chess');
    expect(error({ out: 'o', engines, games: -2 })).toContain('games');
    expect(error({ out: 'o', engines, tc: { depth: 0 } })).toContain('tc.depth');
    expect(error({ out: 'o', engines, tc: { moves: 40 } })).toContain('moves and increment need seconds');
    expect(error({ out: 'o', engines, tc: { blitz: 1 } })).toContain("unknown key 'blitz'");
    expect(error({ out: 'o', engines: [{ name: 'a' }, engines[1]] })).toContain('engines[0].cmd');
    expect(error({ out: 'o', engines, colour: 'red' })).toContain("unknown config key 'colour'");
    expect(error({ out: 'o', engines: [...engines, { name: 'c', cmd: 'x' }], sprt: 'elo0=0 elo1=5' })).toContain('exactly two engines');
    expect(error({ out: 'o', engines, openings: { random: 'x' } })).toContain('openings.random');
    expect(error({ out: 'o', engines, adjudication: { maxTurns: 0 } })).toContain('adjudication.maxTurns');
    expect(error({ out: 'o', engines, openings: { file: 'g.jsonl', winner: 'black' } })).toContain("openings.winner: 'black'");
    expect(error({ out: 'o', engines }, { openings: 'g.jsonl', openingWinner: 'nobody' })).toContain('--opening-winner');
    expect(error({ out: 'o', engines }, { openings: 'book.txt', openingWinner: 'attackers' })).toContain('.jsonl');
  });

  it('selects recorded games by winner, from the file or from flags', () => {
    const fromFile = makeConfig({ out: 'o', engines, openings: { file: 'g.jsonl', plies: 20, winner: 'attackers' } });
    expect(fromFile.ok && fromFile.value.openings).toEqual({ file: 'g.jsonl', plies: 20, winner: 'attackers' });
    const fromFlags = makeConfig({ out: 'o', engines }, { openings: 'g.jsonl', openingPlies: 20, openingWinner: 'defenders' });
    expect(fromFlags.ok && fromFlags.value.openings).toEqual({ file: 'g.jsonl', plies: 20, winner: 'defenders' });
  });

  it('plays random openings only without a file', () => {
    const flagOverFile = makeConfig({ out: 'o', engines, openings: { random: 6 } }, { openings: 'book.txt' });
    expect(flagOverFile.ok && flagOverFile.value.openings).toEqual({ file: 'book.txt' });
    expect(error({ out: 'o', engines, openings: { file: 'book.txt', random: 6 } })).toContain('"file" and "random" exclude each other');
  });

  it('reads time controls as text', () => {
    expect(parseTimeControl('40/60+0.5', 'tc')).toEqual({ ok: true, value: { moves: 40, seconds: 60, increment: 0.5 } });
    expect(parseTimeControl('10+0.1', 'tc')).toEqual({ ok: true, value: { seconds: 10, increment: 0.1 } });
    expect(parseTimeControl('30', 'tc')).toEqual({ ok: true, value: { seconds: 30 } });
    const bad = parseTimeControl('fast', '--tc');
    expect(!bad.ok && bad.error.message).toContain("--tc: 'fast'");
  });

  it('reads engines from flags', () => {
    const engine = parseEngineFlag('name=new cmd=node args="dist/hnefi.js --x" option.Hash=16 tc=10+0.1', 0);
    expect(engine).toEqual({
      ok: true,
      value: { name: 'new', cmd: 'node', args: ['dist/hnefi.js', '--x'], options: { Hash: '16' }, tc: { seconds: 10, increment: 0.1 } },
    });
    const plain = parseEngineFlag('node dist/hnefi.js', 1);
    expect(plain.ok && plain.value).toMatchObject({ name: 'engine2', cmd: 'node', args: ['dist/hnefi.js'] });
  });

  it('takes an option whose name has spaces as one quoted pair, and says so when it is not quoted', () => {
    const quoted = parseEngineFlag('name=weak cmd=node "option.Skill Level=3" \'option.Move Overhead=50\'', 0);
    expect(quoted.ok && quoted.value.options).toEqual({ 'Skill Level': '3', 'Move Overhead': '50' });
    const unquoted = parseEngineFlag('name=weak cmd=node option.Skill Level=3', 0);
    expect(!unquoted.ok && unquoted.error.message).toContain(`'option.Skill' is not key=value`);
    expect(!unquoted.ok && unquoted.error.message).toContain('"option.Skill Level=5"');
  });
});

describe('clocks', () => {
  it('tells the mover both clocks (btime = attackers) and charges time, increment and periods', () => {
    const attackers = new Clock({ moves: 2, seconds: 1, increment: 0.1 });
    const defenders = new Clock({ seconds: 2 });
    expect(makeGoCommand(searchLimits(attackers, attackers, defenders))).toBe('go btime 1000 wtime 2000 binc 100 winc 0 movestogo 2');
    expect(attackers.deadlineMs(50)).toBe(1050);
    attackers.charge(300);
    expect(attackers.remainingMs).toBe(800);
    attackers.charge(300);
    // The period's two turns are played: a new second is added.
    expect(attackers.remainingMs).toBe(1600);
    expect(attackers.movesToGo).toBe(2);
    const fixed = new Clock({ movetime: 100, depth: 3 });
    expect(makeGoCommand(searchLimits(fixed, fixed, fixed))).toBe('go movetime 100 depth 3');
    expect(fixed.deadlineMs(200)).toBe(300);
    expect(new Clock({ depth: 2 }).deadlineMs(200)).toBeUndefined();
  });
});
