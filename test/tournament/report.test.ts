// The running report (--report-every), the pentanomial line when every pair scored the same, and the
// warning when two engines played each opening's two games move for move alike. A real CLI run.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE, BROKEN, temporaryFolder } from '../support/tournamentFiles.js';

const folder = temporaryFolder('hnefi-report-');

describe('the running report', () => {
  it('prints score, Elo and LLR every N games, says when every pair scored the same, and warns of identical games', () => {
    // The same deterministic engine on both sides: each pair's two games are one game played twice, split 1-1.
    const cli = spawnSync(
      'node',
      [
        ENGINE,
        'tournament',
        '--variant',
        'brandubh',
        '--depth',
        '1',
        '--games',
        '4',
        '--concurrency',
        '1',
        '--out',
        join(folder(), 'same'),
        '--sprt',
        'elo0=0 elo1=5',
        '--report-every',
        '2',
        '--engine',
        `name=a cmd=node args="${BROKEN} illegal"`,
        '--engine',
        `name=b cmd=node args="${BROKEN} illegal"`,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(cli.stderr).toBe('');
    const out = cli.stdout;
    expect(out).toContain('After 2 of 4 games:');
    expect(out).toContain('After 4 of 4 games:');
    expect(out).toMatch(/a vs b: \+2 =0 -2, 2 of 4 \(50\.0%\), pairs \[0 0 2 0 0\]/);
    expect(out).toMatch(/Elo \(pentanomial\): 0\.0 \(every pair split 1-1: no spread, no error bar\)/);
    expect(out).toMatch(/LLR -?\d+\.\d\d \(-2\.94, 2\.94\)/);
    expect(out).toContain('warning: a and b played the same game with both sides in all 2 pairs');
    // The final statistics say it too, rather than "0.0 +- 0.0 nElo -".
    expect(out).toContain('Elo (pentanomial): 0.0 (every pair split 1-1: no spread, no error bar)');
    expect(out).not.toContain('0.0 +- 0.0');
  });

  it('rejects a report interval that is not a number of games', () => {
    const cli = spawnSync('node', [ENGINE, 'tournament', '--report-every', 'often', '--out', join(folder(), 'x')], { encoding: 'utf8' });
    expect(cli.status).toBe(1);
    expect(cli.stderr.trim()).toBe("hnefi tournament: --report-every: 'often' is not a number of games (0: never)");
  });
});
