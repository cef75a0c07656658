// OpenTafl game records (`.otg`, opentafl-notation-spec.txt section 4): `[tag:value]` lines, among
// them `[rules:<OpenTafl rules string>]`, a blank line, then one line per turn pair,
// `N. <attackers' steps> <defenders' steps>`, each step an OTN move record: optional piece letter
// (special pieces), from, `-` (slide) `^` (jump) `=` (berserk continuation) `^=`, to, `x` and the
// captured squares joined by `/`, and `++`/`--` when the step captures the king or escapes.
// A berserk chain is written as its steps, which is how OpenTafl's reader takes them.

import type { Position } from '../engine/position.js';
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
