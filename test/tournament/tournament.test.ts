// Real tournaments between engine processes (the built engine, dist/hnefi.js, at depth 1 on brandubh,
// and deliberately broken engines): records, statistics, resumption, faults.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameOutcome, getVariant, Position } from '../../src/engine/index.js';
import { playMoves } from '../../src/notation/index.js';
import { makeConfig } from '../../src/tournament/config.js';
import { Tournament } from '../../src/tournament/runner.js';
import type { GameResult, TournamentSummary } from '../../src/tournament/summary.js';
import { ENGINE, BROKEN, temporaryFolder, readResults } from '../support/tournamentFiles.js';

const folder = temporaryFolder('hnefi-tournament-');

async function run(json: object): Promise<TournamentSummary> {
  const config = makeConfig(json);
  if (!config.ok) throw new Error(config.error.message);
  const tournament = Tournament.create(config.value);
  if (!tournament.ok) throw new Error(tournament.error.message);
  const result = await tournament.value.run();
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('a real tournament', () => {
  it('plays the issue config through the CLI, writes consistent records, and resumes', () => {
    const out = join(folder(), 't1');
    const configFile = join(folder(), 't1.json');
    const config = {
      variant: 'brandubh',
      games: 4,
      concurrency: 2,
      seed: 1,
      out,
      tc: { depth: 1 },
      engines: [
        { name: 'a', cmd: 'node', args: [ENGINE] },
        { name: 'b', cmd: 'node', args: [ENGINE], options: { Hash: 16 } },
      ],
    };
    writeFileSync(configFile, JSON.stringify(config));
    const cli = (): string => execFileSync('node', [ENGINE, 'tournament', '--config', configFile], { encoding: 'utf8' });
    const report = cli();
    expect(report).toContain('Games: 4 of 4 (brandubh)');
    expect(report).toContain('Elo (pentanomial)');

    const records = readResults(join(out, 'results.jsonl'));
    expect(records.map((r) => r.id).sort()).toEqual(['p1-r1-g1', 'p1-r1-g2', 'p1-r2-g1', 'p1-r2-g2']);
    const rules = getVariant('brandubh');
    if (!rules.ok) throw new Error('no brandubh');
    for (const r of records) {
      // Sides swap within a pair, on the same opening.
      const partner = records.find((o) => o.pair === r.pair && o.leg !== r.leg)!;
      expect([partner.attackers, partner.defenders]).toEqual([r.defenders, r.attackers]);
      expect(partner.opening).toBe(r.opening);
      expect(r.moves.slice(0, 4).join(' ')).toBe(r.opening);
      // The moves replay under the rules to the recorded end.
      const pos = Position.start(rules.value);
      const replay = playMoves(pos, r.moves);
      expect(replay.ok).toBe(true);
      expect(r.turns).toBe(r.moves.length);
      const outcome = gameOutcome(pos);
      if (r.reason === 'max-turns') expect(outcome).toBeUndefined();
      else {
        expect(outcome?.reason).toBe(r.reason);
        expect(r.result).toBe(outcome!.winner === null ? 'draw' : outcome!.winner === 0 ? 'attackers' : 'defenders');
      }
      // The OpenTafl record: tags, the rules string, one numbered line per pair of turns.
      const otg = readFileSync(join(out, r.record), 'utf8');
      expect(otg).toMatch(/^\[event:/);
      expect(otg).toContain('[rules:dim:7 ');
      expect(otg).toContain(`[attackers:${r.attackers}]`);
      const numbered = otg.split('\n').filter((l) => /^\d+\. /.test(l));
      expect(numbered.length).toBe(Math.ceil(r.turns / 2));
      expect(numbered[0]).toMatch(/^1\. [a-g]\d-[a-g]\d/);
    }
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as TournamentSummary;
    expect(summary.games).toBe(4);
    expect(summary.engines.map((e) => e.wins + e.draws + e.losses)).toEqual([4, 4]);
    expect(summary.sides.attackersWins + summary.sides.defendersWins + summary.sides.draws).toBe(4);
    expect(summary.turns.min).toBeLessThanOrEqual(summary.turns.average);
    expect(
      summary.pairings[0].pentanomial.ll +
        summary.pairings[0].pentanomial.ld +
        summary.pairings[0].pentanomial.wl +
        summary.pairings[0].pentanomial.dd +
        summary.pairings[0].pentanomial.wd +
        summary.pairings[0].pentanomial.ww,
    ).toBe(2);

    // Run again: nothing left to play.
    cli();
    expect(readResults(join(out, 'results.jsonl'))).toHaveLength(4);

    // An interrupted run: the last game lost, the line after it cut short. Resuming replays just that game.
    const lines = readFileSync(join(out, 'results.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    writeFileSync(join(out, 'results.jsonl'), lines.slice(0, 3).join('\n') + '\n' + lines[3].slice(0, 20));
    const missing = JSON.parse(lines[3]) as GameResult;
    cli();
    const resumed = readResults(join(out, 'results.jsonl'));
    expect(resumed.map((r) => r.id).sort()).toEqual(records.map((r) => r.id).sort());
    expect(resumed.find((r) => r.id === missing.id)?.moves).toEqual(missing.moves);
  });

  it('refuses an out folder that holds another tournament', async () => {
    const out = join(folder(), 'taken');
    const config = (seed: number) => ({
      variant: 'brandubh',
      games: 2,
      seed,
      out,
      tc: { depth: 1 },
      engines: [
        { name: 'a', cmd: 'node', args: [BROKEN, 'illegal'] },
        { name: 'b', cmd: 'node', args: [BROKEN, 'garbage'] },
      ],
    });
    await run(config(1));
    await expect(run(config(2))).rejects.toThrow('holds another tournament');
  });
});

describe('adjudication', () => {
  const FIXED = resolve('test/fixtures/fixedScoreEngine.mjs');
  const opinions = (a: number, b: number) => [
    { name: 'a', cmd: 'node', args: [FIXED, String(a)] },
    { name: 'b', cmd: 'node', args: [FIXED, String(b)] },
  ];

  it('draws when both engines score the game level for long enough', async () => {
    const summary = await run({
      variant: 'brandubh',
      games: 2,
      concurrency: 2,
      seed: 5,
      out: join(folder(), 'draws'),
      tc: { depth: 1 },
      engines: opinions(10, -20),
      openings: { random: 2 },
      adjudication: { draw: { score: 30, turns: 2, after: 0 } },
    });
    // Two scored turns each after the two opening turns.
    expect(summary.reasons['draw-agreement']).toBe(2);
    expect(summary.turns).toMatchObject({ min: 6, max: 6 });
  });

  it('resigns for the side both engines score as lost', async () => {
    // a thinks it is winning, b that it is losing: b resigns once each has said so twice.
    const summary = await run({
      variant: 'brandubh',
      games: 2,
      concurrency: 2,
      seed: 5,
      out: join(folder(), 'resign'),
      tc: { depth: 1 },
      engines: opinions(500, -500),
      openings: { random: 2 },
      adjudication: { resign: { score: 400, turns: 2 } },
    });
    expect(summary.reasons.resign).toBe(2);
    expect(summary.engines[0]).toMatchObject({ name: 'a', wins: 2 });
    expect(summary.turns).toMatchObject({ min: 6, max: 6 });
    for (const r of readResults(join(folder(), 'resign', 'results.jsonl'))) expect(r.detail).toContain('b: both engines scored it lost');
  });

  it('does not resign when the engines disagree', async () => {
    const summary = await run({
      variant: 'brandubh',
      games: 2,
      concurrency: 2,
      seed: 5,
      out: join(folder(), 'disagree'),
      tc: { depth: 1 },
      engines: opinions(500, 500),
      openings: { random: 2 },
      adjudication: { resign: { score: 400, turns: 1 }, maxTurns: 8 },
    });
    expect(summary.reasons.resign).toBe(0);
  });

  it('draws a game that reaches the turn limit', async () => {
    const summary = await run({
      variant: 'brandubh',
      games: 2,
      concurrency: 2,
      seed: 5,
      out: join(folder(), 'long'),
      tc: { depth: 1 },
      engines: opinions(0, 0),
      openings: { random: 2 },
      adjudication: { maxTurns: 6 },
    });
    expect(summary.reasons['max-turns']).toBe(2);
    expect(summary.turns).toMatchObject({ min: 6, max: 6 });
  });
});

describe('faulty engines', () => {
  it('lose each game with the fault recorded, are restarted, and the tournament goes on', async () => {
    const out = join(folder(), 'faults');
    const modes = ['crash', 'hang', 'illegal', 'garbage'];
    const summary = await run({
      variant: 'brandubh',
      games: 2,
      concurrency: 2,
      seed: 3,
      out,
      format: 'gauntlet',
      tc: { depth: 1 },
      timeouts: { readyMs: 1500, pingMs: 300, startMs: 15_000 },
      engines: [
        { name: 'hnefi', cmd: 'node', args: [ENGINE] },
        ...modes.map((mode) => ({ name: mode, cmd: 'node', args: [BROKEN, mode] })),
      ],
    });
    const records = readResults(join(out, 'results.jsonl'));
    expect(records).toHaveLength(8);
    const expected: Record<string, string> = { crash: 'crash', hang: 'hang', illegal: 'illegal-move', garbage: 'garbage' };
    for (const r of records) {
      const broken = r.attackers === 'hnefi' ? r.defenders : r.attackers;
      expect(r.reason).toBe(expected[broken]);
      expect(r.result).toBe(r.attackers === 'hnefi' ? 'attackers' : 'defenders');
      expect(r.detail).toContain(`${broken}:`);
      // Each game got a working process: a failed restart would say so.
      expect(r.detail).not.toContain('restart failed');
      // A crash is explained by what the engine said last on stderr.
      if (broken === 'crash') expect(r.detail).toContain('exited with code 3 (stderr: Error: crashing on purpose)');
    }
    expect(summary.engines[0]).toMatchObject({ name: 'hnefi', wins: 8, losses: 0 });
    expect(summary.reasons).toMatchObject({ crash: 2, hang: 2, 'illegal-move': 2, garbage: 2 });
    expect(readdirSync(join(out, 'games'))).toHaveLength(8);
  });

  it('records a time forfeit when an engine overruns its clock', async () => {
    const out = join(folder(), 'time');
    // The slow engine answers after 500 ms on a 100 ms clock.
    const summary = await run({
      variant: 'brandubh',
      games: 2,
      concurrency: 1,
      seed: 4,
      out,
      tc: { depth: 1 },
      timeMarginMs: 0,
      engines: [
        { name: 'slow', cmd: 'node', args: [BROKEN, 'slow'], tc: { seconds: 0.1 } },
        { name: 'fast', cmd: 'node', args: [ENGINE] },
      ],
    });
    expect(summary.reasons.time).toBe(2);
    expect(summary.engines[0]).toMatchObject({ name: 'slow', losses: 2 });
  });

  it('stops at start-up with a clear error when an engine cannot run, leaving no process behind', () => {
    const out = join(folder(), 'nostart');
    // The process must end by itself: an engine left running would keep it alive until the timeout.
    const result = spawnSync(
      'node',
      [
        ENGINE,
        'tournament',
        '--variant',
        'brandubh',
        '--depth',
        '1',
        '--out',
        out,
        '--engine',
        `name=a cmd=node args=${ENGINE}`,
        '--engine',
        'name=ghost cmd=/nonexistent/engine',
      ],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(result.signal).toBeNull();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("engine 'ghost' (/nonexistent/engine) does not start");
  });
});
