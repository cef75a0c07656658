// OpenTafl game records (`.otg`, opentafl-notation-spec.txt section 4): `[tag:value]` lines, among
// them `[rules:<OpenTafl rules string>]`, a blank line, then one line per turn pair,
// `N. <attackers' steps> <defenders' steps>`, each step an OTN move record: optional piece letter
// (special pieces), from, `-` (slide) `^` (jump) `=` (berserk continuation) `^=`, to, `x` and the
// captured squares joined by `/`, and `++`/`--` when the step captures the king or escapes.
// A berserk chain is written as its steps, which is how OpenTafl's reader takes them.

import type { Position } from '../engine/position.js';
import { err, ok, type Result } from '../engine/result.js';
import type { RuleSet } from '../engine/rules.js';
import { pieceLetter } from '../engine/types.js';
import { toSquare } from '../engine/geometry.js';
import { makeRulesString } from './openTaflRules.js';

/** The rules string of a game: the variant's, or with the start position replaced by the opening's tfen board. */
export function gameRulesString(rules: RuleSet, start: Position | undefined): string {
  if (start === undefined) return makeRulesString(rules);
  const rows: string[] = [];
  const stride = start.geo.stride;
  for (let rank = rules.size - 1; rank >= 0; rank--) {
    let row = '';
    for (let file = 0; file < rules.size; file++) row += pieceLetter(start.board[toSquare(stride, file, rank)]);
    rows.push(row);
  }
  return makeRulesString({ ...rules, start: rows, firstSide: start.side });
}

export interface OtgGame {
  tags: Record<string, string>;
  rules: string;
  /** Each turn's OTN step records, in playing order from the start position. */
  turns: string[][];
}

export function makeOtg(game: OtgGame): string {
  const clean = (value: string): string => value.replace(/[\[\]\n\r]/g, ' ');
  const lines = Object.entries(game.tags).map(([key, value]) => `[${key}:${clean(value)}]`);
  lines.push(`[rules:${game.rules}]`, '');
  for (let i = 0; i < game.turns.length; i += 2) {
    const pair = [game.turns[i], game.turns[i + 1] ?? []].map((steps) => steps.join(' ')).filter((s) => s !== '');
    lines.push(`${i / 2 + 1}. ${pair.join(' ')}`);
  }
  return lines.join('\n') + '\n';
}

/** One OTN move record's start: its separator says whether it begins a turn (`-`, `^`) or continues a berserk run (`=`, `^=`). */
const MOVE_RECORD = /^[tcnkTCNK]?[a-z]\d{1,2}(\^=|[-^=])[a-z]\d{1,2}/;

/**
 * Reads an .otg record: its tags, its rules string, and its turns as OTN step records (a berserk
 * chain's continuation steps joined to the step before them). Turn numbers and `{comments}` are
 * skipped. The moves are checked against the rules by whoever plays them.
 */
export function parseOtg(text: string): Result<OtgGame> {
  const tags: Record<string, string> = {};
  let rules: string | undefined;
  const turns: string[][] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const tag = /^\[([^:\]]+):(.*)\]$/.exec(line);
    if (tag) {
      if (tag[1] === 'rules') rules = tag[2];
      else tags[tag[1]] = tag[2];
      continue;
    }
    for (const token of line.replace(/\{[^}]*\}/g, ' ').split(/\s+/)) {
      if (token === '' || /^\d+\.$/.test(token)) continue;
      const record = MOVE_RECORD.exec(token);
      if (!record) return err('bad-otg', `'${token}' is not an OpenTafl move record`);
      if (record[1].includes('=') && turns.length > 0) turns[turns.length - 1].push(token);
      else turns.push([token]);
    }
  }
  if (rules === undefined) return err('bad-otg', 'the record has no [rules:...] tag');
  return ok({ tags, rules, turns });
}
