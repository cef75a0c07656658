// End-to-end: the `hnefi` command line (yargs): help, flag checks, perft and bench.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HNEFI } from '../support/engineConversation.js';

function hnefi(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  return hnefiWithInput('', ...args);
}

function hnefiWithInput(input: string, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [HNEFI, ...args], { encoding: 'utf8', input });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('hnefi command line', () => {
  it('--help works on every subcommand', () => {
    const top = hnefi('--help');
    expect(top.code).toBe(0);
    for (const command of ['perft', 'bench', 'play']) {
      expect(top.stdout).toContain(`hnefi ${command}`);
      const help = hnefi(command, '--help');
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toContain(`hnefi ${command}`);
    }
  });

  it('unknown or bad flags and commands get a clear message and a non-zero exit', () => {
    const cases: [string[], RegExp][] = [
      [['--bogus'], /Unknown argument: bogus/],
      [
        ['nosuch'],
        /unknown command 'nosuch'\.\nCommands: perft, bench, play, gui, tournament, compare, worker, convert, online; without a command, hnefi runs the engine/,
      ],
      [['frobnicate'], /unknown command 'frobnicate'/],
      [['bnech'], /unknown command 'bnech'\. Did you mean 'bench'\?/],
      [['--variant', 'chess'], /Invalid values:\s+Argument: variant, Given: "chess"/],
      [['--hash', '0'], /--hash must be a whole number from 1 to 2048, got 0/],
      [['--protocol', 'xboard'], /Argument: protocol, Given: "xboard"/],
      [['perft'], /Missing required argument: depth/],
      [['perft', '--depth', '2.5'], /--depth must be a whole number from 1 to 20, got 2.5/],
      [['perft', '--depth', '1', '--tfen', '3t3/7 a -', '--variant', 'brandubh'], /--tfen: tfen board has 2 ranks, the 7x7 board needs 7/],
      [['perft', '--depth', '1', '--moves', 'd1d2 zz'], /--moves: move 2 'zz'/],
      [['bench', '--depth', 'x'], /--depth must be a whole number from 1 to 30, got 'x'/],
      [['perft', '--depth', 'two'], /--depth must be a whole number from 1 to 20, got 'two'/],
      [['--hash', 'lots'], /--hash must be a whole number from 1 to 2048, got 'lots'/],
      [['play', '--time', '-1'], /--time must be a number of seconds/],
    ];
    for (const [args, message] of cases) {
      const run = hnefi(...args);
      expect(run.code, args.join(' ')).not.toBe(0);
      expect(run.stderr, args.join(' ')).toMatch(message);
    }
  });

  it('the engine server takes --variant, --hash and --threads', () => {
    const run = hnefiWithInput('d\ngo depth 3\n', '--variant', 'brandubh', '--hash', '8', '--threads', '2');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Rules: brandubh (7x7)');
    expect(run.stdout).toMatch(/\nbestmove [a-g]\d[a-g]\d( ponder [a-g]\d[a-g]\d)?\n$/);
    expect(run.stderr).toBe('');
  });

  it('convert writes a record in another notation and names what is wrong with a bad one', () => {
    const otg = hnefi('convert', 'test/fixtures/records/game.pgn', '--to', 'otg');
    expect(otg.code).toBe(0);
    expect(otg.stdout).toContain('2. d3-d2xe2 f4-i4');
    const fen = hnefiWithInput('d1d3 e5e2\n', 'convert', '-', '--to', 'taflzero');
    expect(fen.stdout).toBe('3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a4dd3a/a4d4a/3a7/4da5/4aaaa3 a\n');
    const bad = hnefiWithInput('d1d3 d3d1\n', 'convert', '-', '--to', 'otg');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("hnefi convert: standard input: move 2 'd3d1'");
  });

  it('perft prints the count, the time and leaves per second', () => {
    const run = hnefi('perft', '--variant', 'brandubh', '--depth', '3');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Nodes searched: 39512\nTime: \d+ ms, \d+ leaves\/s\n$/);
    const full = hnefi('perft', '--variant', 'berserk', '--depth', '2', '--full');
    expect(full.stdout).toContain('Nodes searched: 6792');
  });

  it('perft --divide lists each turn; --tfen and --moves set the position', () => {
    const run = hnefi('perft', '--variant', 'brandubh', '--depth', '2', '--divide', '--moves', 'd2c2');
    const turns = run.stdout.split('\n').filter((line) => /^[a-g]\d[a-g]\d: \d+$/.test(line));
    const total = Number(/Nodes searched: (\d+)/.exec(run.stdout)?.[1]);
    expect(turns.length).toBeGreaterThan(10);
    expect(turns.reduce((sum, line) => sum + Number(line.split(': ')[1]), 0)).toBe(total);
    const fromTfen = hnefi('perft', '--variant', 'brandubh', '--depth', '1', '--tfen', '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 d -');
    expect(fromTfen.stdout).toContain('Nodes searched: 24');
  });

  it('play reads a piped game: the person moves, Hnefi answers, quit ends it', () => {
    const run = hnefiWithInput('b4b1\nquit\n', 'play', '--variant', 'brandubh', '--side', 'a', '--time', '0.05');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Your move (attackers): b4b1');
    expect(run.stdout).toContain('Turn 1, defenders to move, last move b4b1');
    expect(run.stdout).toMatch(/Hnefi plays [a-g]\d[a-g]\d/);
    expect(run.stdout).toContain('Your move (attackers): quit');
  });

  it('bench prints "<N> nodes <M> nps" last', () => {
    const run = hnefi('bench', '--depth', '1');
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n').pop()).toMatch(/^\d+ nodes \d+ nps$/);
  });
});
