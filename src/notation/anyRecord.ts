// Every notation people use for a game or a position, read and written through one shape: the rules,
// the start position, the turns and the record's tags. `detectRecordFormat` tells them apart by their
// look, so that a paste or a file of any of them opens (hnefi convert, the GUI).

import { ATTACKERS } from '../engine/types.js';
import { Position } from '../engine/position.js';
import { err, ok, type Result } from '../engine/result.js';
import type { RuleSet } from '../engine/rules.js';
import { gameOutcome, playTurn } from '../engine/turns.js';
import { VARIANTS } from '../engine/variants.js';
import { makeHnefataflOrgGame, makePgnGame, parseHnefataflOrgGame, parsePgnGame } from './hnefataflOrgGame.js';
import { makeTurn, playMoves } from './moves.js';
import { playTurnRecorded } from './openTaflMoves.js';
import { parseRulesString } from './openTaflRules.js';
import { gameRulesString, makeOtg, parseOtg } from './otg.js';
import { makeGameRecord, parseGameRecord, parseRecordMoveList, recordMoves, replayFromStarts } from './records.js';
import { makeTaflZeroFen, parseTaflZeroFen } from './taflZeroFen.js';
import { makeTfen, parseTfen } from './tfen.js';

export const RECORD_FORMATS = ['otg', 'pgn', 'hnefatafl-org', 'aagenielsen', 'taflzero', 'tfen', 'moves'] as const;
/** OpenTafl .otg, hnefatafl.org's PGN-like files and game JSON, aagenielsen.dk records and move lists, TaflZero FEN, tfen, compact moves. */
export type RecordFormat = (typeof RECORD_FORMATS)[number];

export interface AnyRecord {
  rules: RuleSet;
  tags: Record<string, string>;
  start: Position;
  turns: number[][];
}

/** The format a text is written in, by its look. */
export function detectRecordFormat(text: string): RecordFormat {
  const t = text.trim();
  if (t.startsWith('{')) return /"moves"\s*:\s*"/.test(t) ? 'hnefatafl-org' : 'aagenielsen';
  if (/\[rules:/.test(t)) return 'otg';
  if (/^\[\w+\s+"/.test(t)) return 'pgn';
  if (/^[adk0-9/]+\s+[ad]$/.test(t) && t.includes('/')) return 'taflzero';
  if (/^[tcnTKCN0-9/]+\s+[ad](\s+\S+)?$/.test(t) && t.includes('/')) return 'tfen';
  if (/(^|\s)[a-s]\d{1,2}-[a-s]\d{1,2}/.test(t) && !/\^|=|\|/.test(t)) return 'aagenielsen';
  return 'moves';
}

/** Reads a record; `rules` are the game's unless the record names its own (.otg rules, a record's variant). */
export function parseAnyRecord(text: string, rules: RuleSet, format: RecordFormat = detectRecordFormat(text)): Result<AnyRecord> {
  const trimmed = text.trim();
  const start = Position.start(rules);
  switch (format) {
    case 'otg': {
      const otg = parseOtg(trimmed);
      if (!otg.ok) return otg;
      const own = parseRulesString(otg.value.rules);
      if (!own.ok) return err(own.error.code, `[rules]: ${own.error.message}`);
      const variant = otg.value.tags.variant !== undefined ? VARIANTS[otg.value.tags.variant] : undefined;
      const gameRules =
        variant !== undefined && variant.size === own.value.size
          ? { ...variant, start: own.value.start, firstSide: own.value.firstSide }
          : own.value;
      const from = Position.start(gameRules);
      const turns = playMoves(
        from.clone(),
        otg.value.turns.map((steps) => steps.join('|')),
      );
      return turns.ok ? ok({ rules: gameRules, tags: otg.value.tags, start: from, turns: turns.value }) : turns;
    }
    case 'pgn': {
      const game = parsePgnGame(rules, trimmed);
      return game.ok ? ok({ rules, ...game.value }) : game;
    }
    case 'hnefatafl-org': {
      const game = parseHnefataflOrgGame(rules, trimmed);
      return game.ok ? ok({ rules, ...game.value }) : game;
    }
    case 'aagenielsen': {
      let moves = parseRecordMoveList(trimmed);
      let gameRules = rules;
      const tags: Record<string, string> = {};
      if (trimmed.startsWith('{')) {
        const record = parseGameRecord(trimmed);
        if (!record.ok) return record;
        gameRules = VARIANTS[record.value.variant] ?? rules;
        moves = recordMoves(record.value);
        tags.id = record.value.id;
        if (record.value.winner !== '') tags.winner = record.value.winner;
      }
      const { startRules, replay } = replayFromStarts(gameRules, moves);
      if (!replay.complete)
        return err('bad-record', `the record replays only to move ${replay.replayed} of ${replay.total}: ${replay.error}`);
      return ok({ rules: startRules, tags, start: Position.start(startRules), turns: replay.turns });
    }
    case 'taflzero': {
      const pos = parseTaflZeroFen(rules, trimmed);
      return pos.ok ? ok({ rules, tags: {}, start: pos.value, turns: [] }) : pos;
    }
    case 'tfen': {
      const pos = parseTfen(rules, trimmed);
      return pos.ok ? ok({ rules, tags: {}, start: pos.value, turns: [] }) : pos;
    }
    case 'moves': {
      const turns = playMoves(
        start.clone(),
        trimmed.split(/\s+/).filter((m) => m !== '' && !/^\d+\.$/.test(m)),
      );
      return turns.ok ? ok({ rules, tags: {}, start, turns: turns.value }) : turns;
    }
  }
}

/** The position after the record's turns. */
export function recordEnd(record: AnyRecord): Position {
  const pos = record.start.clone();
  for (const turn of record.turns) playTurn(pos, turn);
  return pos;
}

/** Writes a record in a format; a position format (taflzero, tfen) holds the position at its end. */
export function makeAnyRecord(record: AnyRecord, format: RecordFormat): Result<string> {
  switch (format) {
    case 'otg': {
      const pos = record.start.clone();
      const turns = record.turns.map((turn) => playTurnRecorded(pos, turn));
      const ownStart = makeTfen(record.start) !== makeTfen(Position.start(record.rules));
      const tags = { ...record.tags };
      if (tags.variant === undefined && VARIANTS[record.rules.name] !== undefined) tags.variant = record.rules.name;
      return ok(makeOtg({ tags, rules: gameRulesString(record.rules, ownStart ? record.start : undefined), turns }));
    }
    case 'pgn':
      return ok(makePgnGame(record));
    case 'hnefatafl-org':
      return makeHnefataflOrgGame(record);
    case 'aagenielsen': {
      const outcome = gameOutcome(recordEnd(record));
      const winner =
        outcome === undefined
          ? (record.tags.winner ?? 'Ongoing')
          : outcome.winner === null
            ? 'Draw'
            : outcome.winner === ATTACKERS
              ? 'Black'
              : 'White';
      const first = record.start.side === ATTACKERS ? 'black' : 'white';
      return ok(makeGameRecord({ id: record.tags.id ?? 'hnefi', variant: record.rules.name, first, winner }, record.start, record.turns));
    }
    case 'taflzero':
      return makeTaflZeroFen(recordEnd(record));
    case 'tfen':
      return ok(makeTfen(recordEnd(record)));
    case 'moves': {
      const pos = record.start.clone();
      return ok(
        record.turns
          .map((turn) => {
            const text = makeTurn(pos, turn);
            playTurn(pos, turn);
            return text;
          })
          .join(' '),
      );
    }
  }
}
