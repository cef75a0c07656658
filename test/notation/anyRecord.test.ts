// Records in every notation people use: hnefatafl.org's game JSON and PGN-like files, aagenielsen.dk move
// lists and records, TaflZero FEN, OpenTafl .otg, tfen and compact moves. Hand-written records of one
// short game (from the formats' sources) read to the same position; every format written is read back
// to the same game; and, when the recorded games are beside the checkout (HNEFI_DATA, see
// test/support/dataDir.ts), real games go through every format and back unchanged.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VARIANTS } from '../../src/engine/index.js';
import {
  detectRecordFormat,
  makeAnyRecord,
  makeTfen,
  parseAnyRecord,
  RECORD_FORMATS,
  recordEnd,
  type AnyRecord,
  type RecordFormat,
} from '../../src/notation/index.js';
import { DATA_DIR } from '../support/dataDir.js';

const fixture = (name: string) => readFileSync(join('test/fixtures/records', name), 'utf8');
const AFTER_FIVE = '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t4TT3t/t7T1t/7t3/3t1t5/4ttt4 d -';
const GAME_FORMATS: RecordFormat[] = ['otg', 'pgn', 'hnefatafl-org', 'aagenielsen', 'moves'];

function read(text: string, format?: RecordFormat): AnyRecord {
  const record = parseAnyRecord(text, VARIANTS.copenhagen, format);
  if (!record.ok) throw new Error(record.error.message);
  return record.value;
}

/** Writes the record in `format` and reads it back: the same turns from the same start. */
function roundTrip(record: AnyRecord, format: RecordFormat): void {
  const text = makeAnyRecord(record, format);
  if (!text.ok) throw new Error(`${format}: ${text.error.message}`);
  expect(detectRecordFormat(text.value)).toBe(format);
  const back = parseAnyRecord(text.value, record.rules, format);
  if (!back.ok) throw new Error(`${format}: ${back.error.message}\n${text.value}`);
  expect(makeTfen(back.value.start)).toBe(makeTfen(record.start));
  expect(back.value.turns).toEqual(record.turns);
}

describe('records in every notation', () => {
  it('reads hand-written records of one game in each format to the same position', () => {
    for (const name of ['hnefatafl-org.json', 'game.pgn', 'aagenielsen.txt']) {
      const record = read(fixture(name));
      expect(record.turns).toHaveLength(5);
      expect(makeTfen(recordEnd(record))).toBe(AFTER_FIVE);
    }
    expect(read(fixture('hnefatafl-org.json')).tags).toMatchObject({ attackers: 'ai-banal', defenders: 'player-1' });
    expect(read(fixture('game.pgn')).tags.Site).toBe('hnefatafl.org');
    const fen = read(fixture('taflzero.fen'));
    expect(makeTfen(fen.start)).toBe('3ttt1t3/5t5/7t3/t7T1t/t4TT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/3t1t5/4tttt3 d -');
  });

  it('writes the game in every format and reads each back unchanged', () => {
    const record = read(fixture('hnefatafl-org.json'));
    for (const format of GAME_FORMATS) roundTrip(record, format);
    const hnefataflOrg = makeAnyRecord(record, 'hnefatafl-org');
    expect(hnefataflOrg.ok && JSON.parse(hnefataflOrg.value).moves).toBe('d1-d3 e5-e2 d3-d2xe2 f4-i4 h1-h3');
    expect(makeAnyRecord(record, 'taflzero')).toEqual({
      ok: true,
      value: '3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a4dd3a/a7d1a/7a3/3a1a5/4aaa4 d',
    });
  });

  it('says what is wrong with a bad record', () => {
    expect(parseAnyRecord('{"moves": "d1-d3 d3-d1"}', VARIANTS.copenhagen)).toMatchObject({ ok: false });
    const fen = parseAnyRecord('3aaaaa3/5a5/11 a', VARIANTS.copenhagen, 'taflzero');
    expect(fen.ok || fen.error.message).toContain('TaflZero FEN');
    const pgn = parseAnyRecord('[Event "x"]\n\n1. d1d3 d3d1', VARIANTS.copenhagen);
    expect(pgn.ok || pgn.error.message).toContain("move 2 'd3d1'");
    expect(makeAnyRecord(read('d1d3', 'moves'), 'tfen')).toEqual({ ok: true, value: makeTfen(recordEnd(read('d1d3', 'moves'))) });
    expect(RECORD_FORMATS).toContain('aagenielsen');
  });
});

describe.skipIf(!existsSync(DATA_DIR))('real games through every format', () => {
  const games = (file: string, every: number) =>
    readFileSync(join(DATA_DIR, file), 'utf8')
      .split('\n')
      .filter((line, i) => line.trim() !== '' && i % every === 0);

  it('Copenhagen records: every format and back', () => {
    let tried = 0;
    for (const line of games('aagenielsen-copenhagen.jsonl', 100)) {
      const record = parseAnyRecord(line, VARIANTS.copenhagen, 'aagenielsen');
      if (!record.ok) continue; // the few faulty records (README.md of the data)
      tried++;
      for (const format of GAME_FORMATS) roundTrip(record.value, format);
    }
    expect(tried).toBeGreaterThan(55);
  });

  it('Berserk records, chains included: .otg, PGN, aagenielsen and moves', () => {
    let tried = 0;
    for (const line of games('aagenielsen-berserk.jsonl', 20)) {
      const record = parseAnyRecord(line, VARIANTS.berserk, 'aagenielsen');
      if (!record.ok) continue;
      tried++;
      for (const format of ['otg', 'pgn', 'aagenielsen', 'moves'] as const) roundTrip(record.value, format);
    }
    expect(tried).toBeGreaterThan(28);
  });
});
