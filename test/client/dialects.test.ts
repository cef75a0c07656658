// Engines of other dialects at one table: Hnefi, a TaflZero-dialect engine, an OpenTafl-protocol engine
// and a Hnefatafl Text Protocol engine (the scripted fixtures, written from the dialects' sources) play
// a round robin to the end; then each dialect's bad answers (a move no piece can make, the other side's
// move, no move at all, silence) lose their games as a UCI engine's would.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../src/tournament/config.js';
import { Tournament } from '../../src/tournament/runner.js';
import { ENGINE, readResults, temporaryFolder } from '../support/tournamentFiles.js';

const folder = temporaryFolder('hnefi-dialects-');
const fixture = (name: string) => resolve('test/fixtures', name);
const DIALECTS = [
  { protocol: 'taflzero', file: 'taflZeroEngine.mjs' },
  { protocol: 'opentafl', file: 'openTaflEngine.mjs' },
  { protocol: 'htp', file: 'htpEngine.mjs' },
] as const;

async function run(json: object) {
  const config = makeConfig(json);
  if (!config.ok) throw new Error(config.error.message);
  const tournament = Tournament.create(config.value);
  if (!tournament.ok) throw new Error(tournament.error.message);
  const result = await tournament.value.run();
  if (!result.ok) throw new Error(result.error.message);
}

describe.concurrent('engines of other dialects', () => {
  it('play a round robin with Hnefi to the end, refereed by the rules', async () => {
    const out = join(folder(), 'round-robin');
    await run({
      variant: 'copenhagen',
      games: 2,
      concurrency: 2,
      out,
      tc: { movetime: 100 },
      timeMarginMs: 2000,
      openings: { random: 2 },
      adjudication: { maxTurns: 80 },
      engines: [
        { name: 'hnefi', cmd: 'node', args: [ENGINE], options: { Hash: 8 }, tc: { depth: 1 } },
        ...DIALECTS.map((d) => ({ name: d.protocol, cmd: 'node', args: [fixture(d.file)], protocol: d.protocol })),
      ],
    });
    const records = readResults(join(out, 'results.jsonl'));
    expect(records).toHaveLength(12);
    for (const record of records) {
      // Every game ends by the rules or the turn limit: no engine faulted.
      expect(['escape', 'king-captured', 'fort', 'encirclement', 'repetition', 'no-moves', 'max-turns']).toContain(record.reason);
      expect(record.turns).toBeGreaterThan(2);
    }
    // hnefatafl.org's engines play its own Copenhagen: the results say so.
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary.rulesNotes).toEqual(["engine 'htp' plays by hnefatafl-org rules; the games are refereed by copenhagen rules"]);
  }, 120_000);

  for (const dialect of DIALECTS) {
    it(`${dialect.protocol}: bad answers lose the game`, async () => {
      const out = join(folder(), `bad-${dialect.protocol}`);
      const modes = ['illegal', 'wrong-side', 'garbage', 'silent'];
      await run({
        variant: 'copenhagen',
        format: 'gauntlet',
        games: 2,
        concurrency: 4,
        out,
        tc: { movetime: 100 },
        timeMarginMs: 2000,
        openings: { random: 0 },
        engines: [
          { name: 'hnefi', cmd: 'node', args: [ENGINE], options: { Hash: 8 }, tc: { depth: 1 } },
          ...modes.map((mode) => ({ name: mode, cmd: 'node', args: [fixture(dialect.file), mode], protocol: dialect.protocol })),
        ],
      });
      const records = readResults(join(out, 'results.jsonl'));
      expect(records).toHaveLength(8);
      const expected: Record<string, string> = {
        illegal: 'illegal-move',
        'wrong-side': 'illegal-move',
        garbage: 'garbage',
        silent: 'time',
      };
      for (const record of records) {
        const loser = record.result === 'attackers' ? record.defenders : record.attackers;
        expect(loser).not.toBe('hnefi');
        expect(`${loser}: ${record.reason}`, record.detail).toBe(`${loser}: ${expected[loser]}`);
      }
    }, 60_000);
  }
});
