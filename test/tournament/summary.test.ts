import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../src/tournament/config.js';
import type { GameEndReason, GameResultKind } from '../../src/tournament/game.js';
import { Tournament } from '../../src/tournament/runner.js';
import { formatSummary, summarize, type GameResult } from '../../src/tournament/summary.js';

function game(pair: number, leg: number, result: GameResultKind, reason: GameEndReason, turns: number): GameResult {
  const [attackers, defenders] = leg === 0 ? ['a', 'b'] : ['b', 'a'];
  return {
    id: `p1-r${pair + 1}-g${leg + 1}`,
    pairing: 0,
    pair,
    leg,
    attackers,
    defenders,
    result,
    reason,
    turns,
    opening: '',
    openingId: '',
    moves: [],
    finalTfen: '',
    variant: 'brandubh',
    tc: { attackers: '', defenders: '' },
    durationMs: 0,
    date: '',
    record: '',
  };
}

describe('tournament summary', () => {
  it('counts results per engine and side, pairs, lengths and endings', () => {
    const records = [
      game(0, 0, 'attackers', 'king-captured', 20),
      game(0, 1, 'attackers', 'king-captured', 30), // a wins, then loses: WL
      game(1, 0, 'draw', 'repetition', 40),
      game(1, 1, 'draw', 'max-turns', 300), // DD
      game(2, 0, 'defenders', 'escape', 10),
      game(2, 1, 'attackers', 'time', 12), // a loses twice: LL
      game(3, 0, 'attackers', 'escape', 0), // an unfinished pair counts for trinomial only
    ];
    records[6].result = 'defenders';
    const s = summarize('brandubh', ['a', 'b'], [[0, 1]], records, 8);
    const [a, b] = s.engines;
    expect(a).toMatchObject({
      games: 7,
      wins: 1,
      draws: 2,
      losses: 4,
      asAttackers: { wins: 1, draws: 1, losses: 2 },
      asDefenders: { wins: 0, draws: 1, losses: 2 },
    });
    expect(b).toMatchObject({ games: 7, wins: 4, draws: 2, losses: 1 });
    expect(s.pairings[0].trinomial).toEqual({ wins: 1, draws: 2, losses: 4 });
    expect(s.pairings[0].pentanomial).toEqual({ ll: 1, ld: 0, wl: 1, dd: 1, wd: 0, ww: 0 });
    expect(a.pentanomial).toEqual({ ll: 1, ld: 0, wl: 1, dd: 1, wd: 0, ww: 0 });
    expect(b.pentanomial).toEqual({ ll: 0, ld: 0, wl: 1, dd: 1, wd: 0, ww: 1 });
    expect(a.elo.trinomial!.elo).toBeCloseTo(-b.elo.trinomial!.elo, 9);
    expect(a.elo.pentanomial!.elo).toBeCloseTo(-b.elo.pentanomial!.elo, 9);
    expect(s.turns).toEqual({ average: 412 / 7, min: 0, max: 300 });
    expect(s.sides).toEqual({ attackersWins: 3, defendersWins: 2, draws: 2 });
    expect(s.reasons).toMatchObject({ 'king-captured': 2, repetition: 1, 'max-turns': 1, escape: 2, time: 1, crash: 0 });
    expect(s.winsByReason).toEqual({ attackers: { 'king-captured': 2, time: 1 }, defenders: { escape: 2 } });
    expect(s.pairings[0].elo.trinomial!.elo).toBeLessThan(0);
    expect(formatSummary(s)).toContain('a vs b: +1 =2 -4');
  });

  it('stops a tournament when the SPRT decides', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'hnefi-sprt-')), 'run');
    // Hnefi against an engine that only plays illegal moves: every pair is won twice; the
    // logistic [0, 400] test accepts H1 after five such pairs.
    const config = makeConfig({
      variant: 'brandubh',
      games: 100,
      concurrency: 1,
      seed: 1,
      out,
      tc: { depth: 1 },
      sprt: 'elo0=0 elo1=400 alpha=0.05 beta=0.05 model=logistic',
      engines: [
        { name: 'hnefi', cmd: 'node', args: [resolve('dist/hnefi.js')] },
        { name: 'broken', cmd: 'node', args: [resolve('test/fixtures/brokenEngine.mjs'), 'illegal'] },
      ],
    });
    if (!config.ok) throw new Error(config.error.message);
    const tournament = Tournament.create(config.value);
    if (!tournament.ok) throw new Error(tournament.error.message);
    const result = await tournament.value.run();
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.sprt).toMatchObject({ verdict: 'H1' });
    expect(result.value.games).toBe(10);
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n')).toHaveLength(10);
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).sprt.verdict).toBe('H1');
    // Run again: the test has decided, nothing more is played.
    const again = Tournament.create(config.value);
    if (!again.ok) throw new Error(again.error.message);
    const resumed = await again.value.run();
    expect(resumed.ok && resumed.value.games).toBe(10);
  });
});
