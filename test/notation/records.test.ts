// Regression over real games (shared/data beside the checkout, README there): replay aagenielsen.dk's Berserk and
// Copenhagen records under our rules, reconstructing unrecorded berserk continuations, and check
// that nearly all replay and that every result our rules give matches the recorded winner.
// The normal run replays every Berserk game and every fourth Copenhagen game; HNEFI_FULL_REPLAY=1
// replays all of them. HNEFI_DATA names another directory holding the records; without them the
// real-game tests are skipped.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR } from '../support/dataDir.js';
import { gameOutcome, Position, VARIANTS } from '../../src/engine/index.js';
import { makeTurn } from '../../src/notation/index.js';
import { parseGameRecord, recordedWinner, replayMoves, replayRecord, type RecordedGame } from '../../src/notation/records.js';

const DATA = DATA_DIR;
const FULL = process.env.HNEFI_FULL_REPLAY === '1';

function load(name: string, every: number): RecordedGame[] {
  const text = readFileSync(join(DATA, name), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((_, i) => i % every === 0)
    .map((line) => {
      const record = parseGameRecord(line);
      if (!record.ok) throw new Error(record.error.message);
      return record.value;
    });
}

interface Tally {
  games: number;
  replayed: number;
  withResult: number;
  matching: number;
  mismatches: string[];
}

function replayAll(records: RecordedGame[]): Tally {
  const tally: Tally = { games: 0, replayed: 0, withResult: 0, matching: 0, mismatches: [] };
  for (const record of records) {
    tally.games++;
    const replay = replayRecord(VARIANTS[record.variant], record);
    if (!replay.complete) continue;
    tally.replayed++;
    const result = gameOutcome(replay.position);
    const recorded = recordedWinner(record);
    if (result === undefined || recorded === undefined) continue;
    tally.withResult++;
    if (result.winner === recorded) tally.matching++;
    else tally.mismatches.push(`${record.id}: recorded ${record.winner}, ours ${JSON.stringify(result)}`);
  }
  return tally;
}

describe.skipIf(!existsSync(DATA))('replaying recorded games', () => {
  it('reconstructs an unrecorded berserk continuation from the next move', () => {
    // Defenders first. The record shows only the knight's jump e2-e4 (taking e3), but the attackers'
    // next move f2-f7 passes f6: the knight must have gone on to e6, taking f6 against g6.
    const start = ['.......', '.K...tT', '.......', '.......', '....t..', '....Nt.', '.......'];
    const rules = { ...VARIANTS.berserk, size: 7, start, firstSide: 1 as const };
    const replay = replayMoves(Position.start(rules), ['e2-e4xe3', 'f2-f7', 'b6-b5']);
    expect(replay.complete).toBe(true);
    expect(replay.turns.map((turn) => makeTurn(replay.position, turn))).toEqual(['e2e4e6', 'f2f7', 'b6b5']);
  });

  it('reports how far a faulty record replays and why it stops', () => {
    const replay = replayMoves(Position.start(VARIANTS.copenhagen), ['d1-d3', 'f8-f9', 'd3-d2', 'a1-a2']);
    expect([replay.complete, replay.replayed, replay.total]).toEqual([false, 3, 4]);
    expect(replay.error).toBe("move 4 'a1-a2': no piece on the from-square");
    expect(replay.turns).toHaveLength(3);
  });

  it('berserk: nearly every game replays and every result matches', () => {
    const tally = replayAll(load('aagenielsen-berserk.jsonl', 1));
    console.log(`berserk: ${tally.replayed}/${tally.games} games replayed, ${tally.matching}/${tally.withResult} results match`);
    expect(tally.replayed / tally.games).toBeGreaterThan(0.97);
    expect(tally.withResult).toBeGreaterThan(250);
    expect(tally.mismatches).toEqual([]);
  });

  it(`copenhagen: nearly every game replays and the results match${FULL ? '' : ' (every fourth game)'}`, () => {
    const tally = replayAll(load('aagenielsen-copenhagen.jsonl', FULL ? 1 : 4));
    console.log(`copenhagen: ${tally.replayed}/${tally.games} games replayed, ${tally.matching}/${tally.withResult} results match`);
    expect(tally.replayed / tally.games).toBeGreaterThan(0.985);
    expect(tally.withResult).toBeGreaterThan(FULL ? 1500 : 350);
    // One game recorded as a draw ends in an exit fort under our rules (game-16-16-23392).
    expect(tally.mismatches.length).toBeLessThanOrEqual(1);
  });
});
