import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLiveGames, openLiveGame, requestLiveGames } from '../../src/tournament/liveGame.js';

const game = { id: 'p1-r1-g1', variant: 'brandubh', attackers: 'a', defenders: 'b', start: 'x', date: '2026-01-01T00:00:00.000Z' };

describe('live game files', () => {
  let out = '';
  afterEach(() => rmSync(out, { recursive: true, force: true }));

  it('writes nothing while nobody watches', () => {
    out = mkdtempSync(join(tmpdir(), 'hnefi-live-'));
    expect(openLiveGame(out, game)).toBeUndefined();
    expect(readdirSync(out)).toEqual([]);
  });

  it('keeps the moves so far while watched and removes the file at the end', () => {
    out = mkdtempSync(join(tmpdir(), 'hnefi-live-'));
    requestLiveGames(out);
    const writer = openLiveGame(out, game)!;
    const file = join(out, 'live', 'p1-r1-g1.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).moves).toEqual([]);
    writer.turn(['d7d6', 'd5e5']);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ ...game, moves: ['d7d6', 'd5e5'] });
    writer.end();
    expect(existsSync(file)).toBe(false);
  });

  it('clears files an interrupted run left', () => {
    out = mkdtempSync(join(tmpdir(), 'hnefi-live-'));
    requestLiveGames(out);
    openLiveGame(out, game)!.turn(['d7d6']);
    clearLiveGames(out);
    expect(readdirSync(join(out, 'live'))).toEqual([]);
  });
});
