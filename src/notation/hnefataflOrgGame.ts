// hnefatafl.org's game records: the JSON its server sends for a game (`resume_game_json`, its
// opentafl.rs: `{"id", "attackers", "defenders", "dim", "start", "moves", ...}`) with the start board
// as `/3AAAAA3/5A5/.../` (ranks from the top, A attacker, D defender, K king) and the moves as
// `d1-d3 e5-e2 d3-d2xe2` (`---` for a resignation); and the PGN-like files its client saves and
// reads (portable_game_notation.rs: `[Event "..."]` tags, then `1. h1h3 g5g2 2. ...`).

import { Position } from '../engine/position.js';
import { err, ok, type Result } from '../engine/result.js';
import type { RuleSet } from '../engine/rules.js';
import { playTurn } from '../engine/turns.js';
import { playTurnAsSteps } from './gameSteps.js';
import { makeTurn, playMoves } from './moves.js';
import { makeTfen, parseTfen } from './tfen.js';

/** A game read from a record: its tags (names, event...), its start and its turns as steps. */
export interface RecordedTurns {
  tags: Record<string, string>;
  start: Position;
  turns: number[][];
}

const FROM_SITE: Record<string, string> = { A: 't', D: 'T', K: 'K' };
const TO_SITE: Record<string, string> = { t: 'A', T: 'D', K: 'K' };

/** The board of a hnefatafl.org start string, as a tfen board with the attackers to move. */
function readStart(rules: RuleSet, text: string): Result<Position> {
  const ranks = text.split('/').filter((rank) => rank !== '');
  if (!/^\/?[ADK0-9/]+\/?$/.test(text) || ranks.length !== rules.size) {
    return err('bad-hnefatafl-org', `start '${text}' is not a ${rules.size}-rank board of A, D, K and digits`);
  }
  return parseTfen(rules, `${ranks.map((rank) => rank.replace(/[ADK]/g, (l) => FROM_SITE[l])).join('/')} a`);
}

function writeStart(pos: Position): Result<string> {
  const board = makeTfen(pos).split(' ')[0];
  if (/[^tTK0-9/]/.test(board)) return err('hnefatafl-org', 'hnefatafl.org records hold only attackers, defenders and a king');
  return ok(`/${board.replace(/[tTK]/g, (l) => TO_SITE[l])}/`);
}

/** Plays the sites' steps (`d3-d2xe2`; captures are the rules' to make, so the listed ones are dropped). */
function playSteps(start: Position, moves: readonly string[]): Result<number[][]> {
  const pos = start.clone();
  return playMoves(
    pos,
    moves.map((move) => move.replace(/x.*$/, '').replace('-', '')),
  );
}

export function parseHnefataflOrgGame(rules: RuleSet, text: string): Result<RecordedTurns> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return err('bad-hnefatafl-org', `hnefatafl.org game is not JSON: ${(e as Error).message}`);
  }
  const game = value as Record<string, unknown>;
  if (typeof game !== 'object' || game === null || typeof game.moves !== 'string') {
    return err('bad-hnefatafl-org', 'a hnefatafl.org game is a JSON object with "moves" (and "start", "attackers", "defenders")');
  }
  const start = typeof game.start === 'string' ? readStart(rules, game.start) : ok(Position.start(rules));
  if (!start.ok) return start;
  const moves = game.moves.split(/\s+/).filter((move) => move !== '' && move !== '---');
  const turns = playSteps(start.value, moves);
  if (!turns.ok) return err(turns.error.code, `hnefatafl.org game: ${turns.error.message}`);
  const tags: Record<string, string> = {};
  for (const key of ['id', 'attackers', 'defenders']) if (game[key] !== undefined) tags[key] = String(game[key]);
  return ok({ tags, start: start.value, turns: turns.value });
}

export function makeHnefataflOrgGame(game: RecordedTurns): Result<string> {
  const start = writeStart(game.start);
  if (!start.ok) return start;
  const pos = game.start.clone();
  const moves = game.turns.flatMap((turn) => playTurnAsSteps(pos, turn));
  const id = Number(game.tags.id ?? 0);
  return ok(
    JSON.stringify({
      id: Number.isInteger(id) ? id : 0,
      attackers: game.tags.attackers ?? 'attacker',
      defenders: game.tags.defenders ?? 'defender',
      dim: game.start.geo.size,
      start: start.value,
      time_control: null,
      time_remaining_ms: null,
      moves: moves.join(' '),
      rated: false,
      messages: [],
    }),
  );
}

/** Reads the PGN-like record: `[Key "value"]` tags, then turn numbers and compact moves. */
export function parsePgnGame(rules: RuleSet, text: string): Result<RecordedTurns> {
  const tags: Record<string, string> = {};
  const moves: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const tag = /^\[(\w+)\s+"?([^"\]]*)"?\]$/.exec(line);
    if (tag) {
      tags[tag[1]] = tag[2];
      continue;
    }
    for (const token of line.split(/\s+/)) if (token !== '' && !/^\d+\.$/.test(token)) moves.push(token);
  }
  const start = Position.start(rules);
  const turns = playMoves(start.clone(), moves);
  if (!turns.ok) return err(turns.error.code, `PGN record: ${turns.error.message}`);
  return ok({ tags, start, turns: turns.value });
}

/** Writes the PGN-like record: its tags (Event and Site first), a blank line, the numbered turns. */
export function makePgnGame(game: RecordedTurns): string {
  const tags = { Event: 'Hnefi game', Site: 'hnefi', ...game.tags };
  const lines = Object.entries(tags).map(([key, value]) => `[${key} "${value.replace(/["\]\n\r]/g, ' ')}"]`);
  const pos = game.start.clone();
  const words: string[] = [];
  game.turns.forEach((turn, i) => {
    if (i % 2 === 0) words.push(`${i / 2 + 1}.`);
    words.push(makeTurn(pos, turn));
    playTurn(pos, turn);
  });
  return `${lines.join('\n')}\n\n${words.join(' ')}\n`;
}
