// Each bad setting gets a message naming the field as the user wrote it (the file's key or the flag)
// and what is wrong with it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConfig, refereeVariant, rulesNotes } from '../../src/tournament/config.js';

const ENGINE = resolve('dist/hnefi.js');
const engines = [
  { name: 'a', cmd: 'node', args: ['x.js'] },
  { name: 'b', cmd: 'node' },
];
let dir: string;

beforeAll(() => {
  if (!existsSync(ENGINE)) execFileSync('npm', ['run', 'build', '--silent']);
  dir = mkdtempSync(join(tmpdir(), 'hnefi-config-messages-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function error(json: object, overrides = {}): string {
  const config = makeConfig(json, overrides);
  expect(config.ok).toBe(false);
  return config.ok ? '' : config.error.message;
}

describe('config messages', () => {
  it('refuses null instead of silently taking the default', () => {
    expect(error({ out: 'o', engines, games: null })).toBe('games: null is not a value; leave the key out for the default');
    expect(error({ out: 'o', engines, tc: null })).toContain('tc: null');
  });

  it("names the file's sprt as sprt and the flag as --sprt", () => {
    expect(error({ out: 'o', engines, sprt: 'elo0=5 elo1=0' })).toBe('sprt: elo0 (5) must be below elo1 (0)');
    expect(error({ out: 'o', engines }, { sprt: 'elo0=5 elo1=0' })).toBe('--sprt: elo0 (5) must be below elo1 (0)');
    expect(error({ out: 'o', engines, sprt: { elo0: 'x' } })).toBe('sprt.elo0: "x" is not a number');
    expect(error({ out: 'o', engines, sprt: { elo2: 1 } })).toContain("sprt: unknown key 'elo2'");
  });

  it('quotes what was typed for a flag that is not a number', () => {
    expect(error({ out: 'o', engines }, { games: 'x' })).toBe("--games: 'x' is not a positive integer");
    expect(error({ out: 'o', engines, games: 'x' })).toBe("games: 'x' is not a positive integer");
    expect(error({ out: 'o', engines }, { depth: 'deep' })).toBe("--depth: 'deep' is not a positive integer");
    expect(error({ out: 'o', engines }, { maxTurns: '-3' })).toBe("--max-turns: '-3' is not a positive integer");
    expect(error({ out: 'o', engines }, { timeMargin: 'lots' })).toBe("--time-margin: 'lots' is not a non-negative integer");
  });

  it('chooses whose rules referee, and notes the engines whose rules differ', () => {
    const htp = { name: 'site', cmd: 'z', protocol: 'htp' };
    const config = makeConfig({ out: 'o', variant: 'copenhagen', engines: [...engines, htp], referee: 'site' });
    if (!config.ok) throw new Error(config.error.message);
    expect(refereeVariant(config.value)).toBe('hnefatafl-org');
    expect(rulesNotes(config.value)).toEqual([
      "engine 'a' plays by copenhagen rules; the games are refereed by hnefatafl-org rules",
      "engine 'b' plays by copenhagen rules; the games are refereed by hnefatafl-org rules",
    ]);
    expect(error({ out: 'o', engines, referee: 'nobody' })).toBe("referee: 'nobody' is not one of the engines (a, b)");
    expect(error({ out: 'o', engines: [...engines, { name: 'z', cmd: 'z', rules: 'chess' }] })).toContain('engines[2].rules: ');
  });

  it('takes the time margin from --time-margin over the file', () => {
    const config = makeConfig({ out: 'o', engines, timeMarginMs: 300 }, { timeMargin: '1500' });
    expect(config.ok && config.value.timeMarginMs).toBe(1500);
    const fromFile = makeConfig({ out: 'o', engines, timeMarginMs: 300 });
    expect(fromFile.ok && fromFile.value.timeMarginMs).toBe(300);
  });

  it("reads an engine's protocol and refuses an unknown one", () => {
    const config = makeConfig({ out: 'o', engines: [...engines, { name: 'z', cmd: 'z', protocol: 'htp' }] });
    expect(config.ok && config.value.engines[2].protocol).toBe('htp');
    expect(error({ out: 'o', engines: [...engines, { name: 'z', cmd: 'z', protocol: 'gtp' }] })).toBe(
      "engines[2].protocol: 'gtp' must be one of uci, taflzero, opentafl, htp",
    );
  });

  it('says the same through the command line', () => {
    const cli = spawnSync(
      'node',
      [ENGINE, 'tournament', '--games', 'x', '--out', join(dir, 'o'), '--engine', 'node a.js', '--engine', 'node b.js'],
      { encoding: 'utf8' },
    );
    expect(cli.status).toBe(1);
    expect(cli.stderr.trim()).toBe("hnefi tournament: --games: 'x' is not a positive integer");
  });

  it('reads a config file that starts with a UTF-8 byte order mark', () => {
    const file = join(dir, 'bom.json');
    writeFileSync(file, '\uFEFF' + JSON.stringify({ out: join(dir, 'bom'), games: 0, engines }));
    const cli = spawnSync('node', [ENGINE, 'tournament', '--config', file], { encoding: 'utf8' });
    // Parsed: the error is the file's own.
    expect(cli.stderr.trim()).toBe('hnefi tournament: games: 0 is not a positive integer');
  });

  it("does not let an engine's options change the variant or the rules", () => {
    expect(error({ out: 'o', engines: [engines[0], { ...engines[1], options: { uci_rules: 'dim:7' } }] })).toContain(
      'engines[1].options.uci_rules: the tournament\'s variant is set by "variant"',
    );
  });
});

describe('openings files', () => {
  it('reads one that starts with a byte order mark, and names one that cannot be read', async () => {
    const { getVariant } = await import('../../src/engine/index.js');
    const { loadOpenings, randomOpening } = await import('../../src/tournament/openings.js');
    const rules = getVariant('brandubh');
    if (!rules.ok) throw new Error('no brandubh');
    const file = join(dir, 'bom-openings.txt');
    writeFileSync(file, '\uFEFF' + randomOpening(rules.value, 2, 1, 0).moves.join(' ') + '\n');
    const book = loadOpenings(rules.value, 'brandubh', { file }, 1);
    if (!book.ok) throw new Error(book.error.message);
    expect(book.value.size).toBe(1);
    const missing = loadOpenings(rules.value, 'brandubh', { file: join(dir, 'none.txt') }, 1);
    expect(!missing.ok && missing.error.message).toBe(
      `openings: cannot read the openings file '${join(dir, 'none.txt')}': does not exist (ENOENT)`,
    );
  });
});

describe('the same kind of mistake elsewhere', () => {
  it('names an engine given as a flag by its flag, not as engines[i]', () => {
    expect(error({ out: 'o' }, { engines: ['name=a cmd=node', 'name=b cmd=node tc=fast'] })).toContain(
      "--engine 2.tc: 'fast' is not moves/seconds+increment",
    );
  });

  it('refuses a tournament.json that is JSON but no tournament, and --stats on a results.jsonl that is a folder', async () => {
    const { mkdirSync } = await import('node:fs');
    const { Tournament } = await import('../../src/tournament/runner.js');
    const out = join(dir, 'null-stamp');
    mkdirSync(out);
    writeFileSync(join(out, 'tournament.json'), 'null');
    const config = makeConfig({
      out,
      engines: [
        { name: 'a', cmd: 'node', args: ['x'] },
        { name: 'b', cmd: 'node', args: ['y'] },
      ],
      tc: { depth: 1 },
    });
    if (!config.ok) throw new Error(config.error.message);
    const tournament = Tournament.create(config.value);
    if (!tournament.ok) throw new Error(tournament.error.message);
    const result = await tournament.value.run();
    expect(!result.ok && result.error.message).toContain('holds another tournament');

    writeFileSync(join(out, 'tournament.json'), JSON.stringify({ config: { ...config.value, out } }));
    mkdirSync(join(out, 'results.jsonl'));
    const stats = spawnSync('node', [ENGINE, 'tournament', '--stats', '--out', out], { encoding: 'utf8' });
    expect(stats.status).toBe(1);
    expect(stats.stderr.trim()).toBe(`hnefi tournament: --stats: cannot read '${join(out, 'results.jsonl')}': is a folder (EISDIR)`);
  });
});
