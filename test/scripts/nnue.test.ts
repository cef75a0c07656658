// The learned evaluation's pipeline run as a user runs it: self-play positions, training, a network
// file the engine reads; the same seed gives the same files.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseNetwork } from '../../src/search/network/nnue.js';
import { parseSampleFile } from '../../scripts/nnueSamples.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function script(name: string, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join('scripts', name), ...args], { cwd: root, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('nnue pipeline', () => {
  it('writes positions and trains a network from them, the same twice over', () => {
    const folder = mkdtempSync(join(tmpdir(), 'hnefi-nnue-'));
    try {
      const data = ['--variant', 'brandubh', '--games', '2', '--nodes', '300', '--max-turns', '40', '--seed', '4'];
      const first = script('nnue-data.ts', [...data, '--out', join(folder, 'a.hnfd')]);
      expect(first.stderr).toMatch(/2\/2 games/);
      expect(first.code).toBe(0);
      expect(script('nnue-data.ts', [...data, '--out', join(folder, 'b.hnfd')]).code).toBe(0);
      const samples = readFileSync(join(folder, 'a.hnfd'));
      expect(samples.equals(readFileSync(join(folder, 'b.hnfd')))).toBe(true);
      const parsed = parseSampleFile(samples, 'a.hnfd');
      expect(parsed.ok && parsed.value.variant).toBe('brandubh');
      expect(parsed.ok && parsed.value.count).toBeGreaterThan(10);

      const train = ['--data', join(folder, 'a.hnfd'), '--hidden', '8', '--epochs', '2', '--batch', '16'];
      const trained = script('nnue-train.ts', [...train, '--out', join(folder, 'a.nnue')]);
      expect(trained.stdout).toMatch(/epoch 2: training loss [\d.]+, held-out loss [\d.]+/);
      expect(trained.code).toBe(0);
      expect(script('nnue-train.ts', [...train, '--out', join(folder, 'b.nnue')]).code).toBe(0);
      const net = readFileSync(join(folder, 'a.nnue'));
      expect(net.equals(readFileSync(join(folder, 'b.nnue')))).toBe(true);
      const loaded = parseNetwork(net);
      expect(loaded.ok && `${loaded.value.family} ${loaded.value.size} ${loaded.value.hidden}`).toBe('corner 7 8');

      // Inputs for the kinds on the positions alone; the squared activation and a falling rate.
      expect(loaded.ok && loaded.value.kinds).toBe(0b1011);
      const squared = script('nnue-train.ts', [...train, '--activation', 'squared', '--lr-end', '0.0001', '--out', join(folder, 's.nnue')]);
      expect(squared.stdout).toMatch(/the largest hidden sum on \d+ of the positions: \d+ \(the engine's 16 bits hold 32,767\)/);
      expect(squared.code).toBe(0);
      const squaredNet = parseNetwork(readFileSync(join(folder, 's.nnue')));
      expect(squaredNet.ok && squaredNet.value.activation).toBe('squared');
      // The next generation's positions, from searches with the network.
      const generation = script('nnue-data.ts', [...data, '--net', join(folder, 's.nnue'), '--out', join(folder, 'g.hnfd')]);
      expect(generation.code).toBe(0);
      expect(readFileSync(join(folder, 'g.hnfd')).equals(samples)).toBe(false);

      // The same file twice: --unique trains on each position once.
      const count = parsed.ok ? parsed.value.count : 0;
      const twice = ['--data', `${join(folder, 'a.hnfd')},${join(folder, 'b.hnfd')}`, '--hidden', '8', '--epochs', '1', '--unique'];
      const distinct = /(\d+) distinct positions of (\d+)/.exec(
        script('nnue-train.ts', [...twice, '--out', join(folder, 'c.nnue')]).stdout,
      );
      expect(Number(distinct?.[2])).toBe(2 * count);
      expect(Number(distinct?.[1])).toBeGreaterThan(0);
      expect(Number(distinct?.[1])).toBeLessThanOrEqual(count);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);

  it('labels the positions of recorded games with searches and their results, leaving out timeouts and draws', () => {
    const folder = mkdtempSync(join(tmpdir(), 'hnefi-nnue-'));
    try {
      const records = join(folder, 'games.jsonl');
      const game = (id: string, winner: string, moves: string[]) => JSON.stringify({ id, variant: 'copenhagen', winner, moves });
      writeFileSync(
        records,
        [
          game('won', 'Black', ['d1-d3', 'h6-h9', 'k4-i4', 'f8-c8', 'resigned']),
          game('lost', 'White', ['d1-d2', 'h6-h9', 'k4-i4', 'resigned']),
          game('slow', 'Black', ['d1-d3', 'h6-h9', 'timeout']),
          game('even', 'Draw', ['d1-d3', 'h6-h9']),
        ].join('\n'),
      );
      const args = ['--variant', 'copenhagen', '--records', records, '--nodes', '200', '--seed', '3'];
      const first = script('nnue-records.ts', [...args, '--out', join(folder, 'a.hnfd')]);
      expect(first.stderr).toMatch(/2\/2 games \(attackers won 1, defenders 1, 0 not replayed\), 7 positions/);
      expect(first.code).toBe(0);
      expect(script('nnue-records.ts', [...args, '--out', join(folder, 'b.hnfd')]).code).toBe(0);
      const samples = readFileSync(join(folder, 'a.hnfd'));
      expect(samples.equals(readFileSync(join(folder, 'b.hnfd')))).toBe(true);
      const parsed = parseSampleFile(samples, 'a.hnfd');
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(parsed.value.count).toBe(7);
      // The won game's four positions say the attackers won (0), the lost game's three the defenders (2).
      expect([...parsed.value.result].sort()).toEqual([0, 0, 0, 0, 2, 2, 2]);
      expect([...parsed.value.side].filter((side) => side === 0).length).toBe(4);

      const everyOther = script('nnue-records.ts', [...args, '--every', '2', '--out', join(folder, 'c.hnfd')]);
      expect(everyOther.stderr).toMatch(/, [34] positions/);
      const missing = script('nnue-records.ts', ['--records', join(folder, 'none.jsonl')]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/^nnue-records: cannot read .*none\.jsonl/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('says what is wrong with bad flags', () => {
    const noData = script('nnue-train.ts', []);
    expect(noData.code).toBe(1);
    expect(noData.stderr).toBe('nnue-train: --data names the positions file(s) written by scripts/nnue-data.ts\n');
    expect(script('nnue-train.ts', ['--data', 'x.hnfd', '--activation', 'relu']).stderr).toBe(
      "nnue-train: --activation is clipped or squared, got 'relu'\n",
    );
    const badVariant = script('nnue-data.ts', ['--variant', 'chess', '--games', '1']);
    expect(badVariant.code).toBe(1);
    expect(badVariant.stderr).toMatch(/^nnue-data: .*chess/);
    const wholeWithoutBook = script('nnue-data.ts', ['--variant', 'brandubh', '--games', '1', '--whole-openings']);
    expect(wholeWithoutBook.code).toBe(1);
    expect(wholeWithoutBook.stderr).toBe('nnue-data: --whole-openings needs --openings FILE (a book)\n');
  }, 60_000);
});
