// Resuming from results.jsonl as users and interruptions leave it: lines that are not results,
// duplicated lines, a tournament extended and then run with its old length, and --stats from the
// folder alone. Real runs of the CLI and of the runner.
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../src/tournament/config.js';
import { Tournament } from '../../src/tournament/runner.js';
import type { GameResult, TournamentSummary } from '../../src/tournament/summary.js';
import { ENGINE, BROKEN, temporaryFolder, readLines } from '../support/tournamentFiles.js';

const folder = temporaryFolder('hnefi-resume-');
const quick = (out: string, games: number) => ({
  variant: 'brandubh',
  games,
  concurrency: 1,
  seed: 1,
  out,
  tc: { depth: 1 },
  engines: [
    { name: 'a', cmd: 'node', args: [BROKEN, 'illegal'] },
    { name: 'b', cmd: 'node', args: [BROKEN, 'garbage'] },
  ],
});

async function run(json: object, notices: string[] = []): Promise<TournamentSummary> {
  const config = makeConfig(json);
  if (!config.ok) throw new Error(config.error.message);
  const tournament = Tournament.create(config.value);
  if (!tournament.ok) throw new Error(tournament.error.message);
  const result = await tournament.value.run(undefined, (line) => notices.push(line));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe.concurrent('resuming', () => {
  it('keeps the first result of each game and reports every line it cannot use', async () => {
    const out = join(folder(), 'dirty');
    await run(quick(out, 4));
    const file = join(out, 'results.jsonl');
    const lines = readLines(file);
    const first = JSON.parse(lines[0]) as GameResult;
    const changed = { ...first, result: first.result === 'attackers' ? 'defenders' : 'attackers' };
    const stranger = { ...first, id: 'p7-r1-g1', pairing: 6 };
    appendFileSync(file, ['null', '{"id": "p1-r1-g1"}', JSON.stringify(changed), JSON.stringify(stranger), 'not json'].join('\n') + '\n');

    const notices: string[] = [];
    const summary = await run(quick(out, 4), notices);
    expect(summary.games).toBe(4);
    expect(readLines(file)).toEqual(lines);
    const report = notices.join('\n');
    expect(report).toContain('5 lines not used');
    expect(report).toContain('line 5: not a game result (null)');
    expect(report).toContain('line 6: game p1-r1-g1: its pairing, pair and leg do not match its id');
    expect(report).toContain('line 7: game p1-r1-g1 again (the first result is kept)');
    expect(report).toContain('line 8: game p7-r1-g1: this tournament has 1 pairing');
    expect(report).toContain('line 9: not JSON');
    expect(readLines(join(out, 'results.rejected.jsonl'))).toHaveLength(5);
    const kept = summary.engines.find((e) => e.name === first.attackers)!;
    expect(kept.games).toBe(4);
  }, 30_000);

  it('counts what results.jsonl holds after an extension, and --stats needs only the folder', async () => {
    const out = join(folder(), 'extended');
    await run(quick(out, 2));
    await run(quick(out, 4));
    // The old, shorter command again: the four games stay counted.
    const again = await run(quick(out, 2));
    expect(again.games).toBe(4);
    expect(again.scheduled).toBe(4);
    expect((JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as TournamentSummary).games).toBe(4);
    expect(readLines(join(out, 'results.jsonl'))).toHaveLength(4);

    const stats = spawnSync('node', [ENGINE, 'tournament', '--stats', '--out', out], { encoding: 'utf8' });
    expect(stats.stderr).toBe('');
    expect(stats.stdout).toContain('Games: 4 of 4 (brandubh)');
    const none = spawnSync('node', [ENGINE, 'tournament', '--stats', '--out', join(folder(), 'nothing')], { encoding: 'utf8' });
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('holds no tournament');
  }, 30_000);

  it('reports an interrupted last line, plays that game again, and writes a clean file', async () => {
    const out = join(folder(), 'cut');
    await run(quick(out, 2));
    const file = join(out, 'results.jsonl');
    const lines = readLines(file);
    writeFileSync(file, lines[0] + '\n' + lines[1].slice(0, 30));
    const notices: string[] = [];
    const summary = await run(quick(out, 2), notices);
    expect(summary.games).toBe(2);
    expect(notices.join('\n')).toContain('line 2: cut short (an interrupted write)');
    expect(readLines(file).map((l) => (JSON.parse(l) as GameResult).id)).toEqual(['p1-r1-g1', 'p1-r1-g2']);
  }, 30_000);
});
