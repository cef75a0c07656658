// The queue's URL and job checks: what a worker and a coordinator accept, and the reasons they give.
import { describe, expect, it } from 'vitest';
import { parseQueueAddress } from '../../src/queue/connection.js';
import { jobId, makeGameJob, parseFinishedGame, parseGameJob, tournamentId } from '../../src/queue/job.js';
import { DEFAULT_POLICY, checkJobOptions, checkJobTime } from '../../src/queue/workerPolicy.js';
import { makeConfig } from '../../src/tournament/config.js';
import { fingerprint } from '../../src/tournament/runner.js';
import { makePairings, makeSchedule } from '../../src/tournament/schedule.js';

const config = (() => {
  const made = makeConfig({
    variant: 'brandubh',
    games: 2,
    out: 'out',
    tc: { depth: 1 },
    engines: [
      { name: 'a', cmd: 'node', args: ['x.js'], options: { Hash: 16 } },
      { name: 'b', cmd: 'node', tc: '10+0.1' },
    ],
  });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
})();
const schedule = makeSchedule(makePairings(2, 'round-robin'), 2);
const opening = { id: 'random:1:0', moves: ['d7f7'] };
const tournament = tournamentId(fingerprint(config));

describe('queue addresses', () => {
  it('accepts redis URLs and hides their password', () => {
    const address = parseQueueAddress('redis://:secret@10.0.0.5:6379/2', 'hnefi');
    expect(address.ok && address.value.shown).toBe('redis://:***@10.0.0.5:6379/2');
    expect(address.ok && address.value.url).toBe('redis://:secret@10.0.0.5:6379/2');
    expect(parseQueueAddress('rediss://user:pw@host', 'q').ok).toBe(true);
  });

  it('refuses what is not one, naming what is wrong', () => {
    const message = (url: string, name = 'hnefi'): string => {
      const parsed = parseQueueAddress(url, name);
      return parsed.ok ? '' : parsed.error.message;
    };
    expect(message('localhost:6379')).toMatch(/'localhost:' is not redis: or rediss:/);
    expect(message('not a url')).toMatch(/is not a URL like redis:\/\//);
    expect(message('redis://host/x')).toMatch(/database 'x' is not a number/);
    expect(message('redis://host', 'a b')).toMatch(/--queue-name: 'a b'/);
  });
});

describe('game jobs', () => {
  it('carry engine names, options and time controls, never commands', () => {
    const job = makeGameJob(config, tournament, schedule[1], opening, new Map([['b', 'f'.repeat(40)]]));
    expect(job.attackers).toEqual({ name: 'b', options: {}, tc: { seconds: 10, increment: 0.1 }, revision: 'f'.repeat(40) });
    expect(job.defenders).toEqual({ name: 'a', options: { Hash: 16 }, tc: { depth: 1 } });
    expect(JSON.stringify(job)).not.toContain('x.js');
    expect(jobId(tournament, job.game.id)).toBe(`${tournament}-p1-r1-g2`);
    const parsed = parseGameJob(JSON.parse(JSON.stringify(job)));
    expect(parsed.ok && parsed.value).toEqual(job);
  });

  it('a malformed job is refused with the field that is wrong', () => {
    const job = JSON.parse(JSON.stringify(makeGameJob(config, tournament, schedule[0], opening, new Map()))) as Record<string, unknown>;
    const reason = (change: Record<string, unknown>): string => {
      const parsed = parseGameJob({ ...job, ...change });
      return parsed.ok ? '' : parsed.error.message;
    };
    expect(reason({ attackers: { name: 'a', options: {}, tc: { depth: 0 } } })).toMatch(/malformed job: attackers\.tc\.depth/);
    expect(reason({ defenders: { name: 'b', options: {}, tc: { depth: 1 }, revision: 'main' } })).toMatch(
      /defenders\.revision: a full commit id/,
    );
    expect(reason({ game: { id: '../../etc', pairing: 0, pair: 0, leg: 0 } })).toMatch(/malformed job: game/);
    expect(reason({ opening: { id: 'x' } })).toMatch(/malformed job: opening/);
    expect(reason({ hnefi: '0.0.0' })).toMatch(/job from Hnefi 0\.0\.0 .*run the same Hnefi version/);
    expect(parseGameJob('text').ok).toBe(false);
  });

  it('a worker never chooses where the coordinator writes its record', () => {
    const game = schedule[0];
    const record = {
      id: game.id,
      pairing: 0,
      pair: 0,
      leg: 0,
      result: 'draw',
      reason: 'repetition',
      moves: [],
      record: '../../elsewhere.otg',
    };
    const finished = parseFinishedGame({ record, otg: '[event:x]' }, game);
    expect(finished.ok && finished.value.record.record).toBe('games/p1-r1-g1.otg');
    const other = parseFinishedGame({ record: { ...record, id: 'p1-r9-g1' }, otg: '' }, game);
    expect(other.ok ? '' : other.error.message).toMatch(/answered for game p1-r9-g1/);
  });
});

describe('what a worker accepts of a job', () => {
  const job = (): Record<string, unknown> =>
    JSON.parse(JSON.stringify(makeGameJob(config, tournament, schedule[0], opening, new Map()))) as Record<string, unknown>;
  const reason = (change: Record<string, unknown>): string => {
    const parsed = parseGameJob({ ...job(), ...change });
    return parsed.ok ? '' : parsed.error.message;
  };
  const policy = { ...DEFAULT_POLICY, jobOptions: ['Threads'] };

  it('no option text that would start another command, and never the rules', () => {
    const engine = (options: object) => ({ attackers: { name: 'a', options, tc: { depth: 1 } } });
    expect(reason(engine({ Hash: '16\nperft 9' }))).toMatch(/attackers\.options: "Hash": names and values on one line/);
    expect(reason(engine({ 'Hash\nquit': 16 }))).toMatch(/attackers\.options: "Hash\\nquit"/);
    expect(reason(engine({ Hash: 'x\u0007' }))).toMatch(/without control characters/);
    expect(reason(engine({ uci_variant: 'tablut' }))).toMatch(/options\.uci_variant: the tournament's variant decides/);
    expect(reason(engine({ UCI_Rules: 'dim:7' }))).toMatch(/options\.UCI_Rules/);
    expect(reason(engine({ 'Skill Level': 5 }))).toBe('');
  });

  it("options: those of its jobOptions, others only at the worker's own value", () => {
    const own = { name: 'a', cmd: 'node', args: [], options: { Hash: 16 } };
    const check = (options: Record<string, string | number | boolean>): string => {
      const checked = checkJobOptions({ name: 'a', options, tc: { depth: 1 } }, own, policy);
      return checked.ok ? '' : checked.error.message;
    };
    expect(check({ Hash: 16, threads: 4 })).toBe('');
    expect(check({ Hash: 2048 })).toBe(
      `'a': the job sets option 'Hash' to '2048'; this worker lets jobs set only Threads (its --engines file's "jobOptions")`,
    );
    expect(check({ EvalFile: '/etc/passwd' })).toMatch(/option 'EvalFile'/);
  });

  it('no game that holds it for ever: each time and the turns bounded', () => {
    const bounded = (change: Record<string, unknown>): string => {
      const parsed = parseGameJob({ ...job(), ...change });
      if (!parsed.ok) return parsed.error.message;
      const checked = checkJobTime(parsed.value, policy);
      return checked.ok ? '' : checked.error.message;
    };
    expect(bounded({})).toBe('');
    expect(bounded({ attackers: { name: 'a', options: {}, tc: { movetime: 1e9 } } })).toBe(
      'attackers.tc.movetime is 1000000000 ms; this worker takes at most 600000 ms (--max-move-ms)',
    );
    expect(bounded({ defenders: { name: 'b', options: {}, tc: { seconds: 1e6 } } })).toMatch(/defenders\.tc\.seconds .*--max-clock-ms/);
    expect(bounded({ timeouts: { startMs: 1000, readyMs: 1000, pingMs: 100, moveMs: 1e12 } })).toMatch(
      /timeouts\.moveMs is 1000000000000 ms/,
    );
    expect(bounded({ adjudication: { maxTurns: 1e6 } })).toMatch(/at most 1000 turns a game \(--max-turns\)/);
  });
});
