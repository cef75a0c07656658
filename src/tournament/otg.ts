// OpenTafl game records (`.otg`, opentafl-notation-spec.txt section 4): `[tag:value]` lines, among
// them `[rules:<OpenTafl rules string>]`, a blank line, then one line per turn pair,
// `N. <attackers' steps> <defenders' steps>`, each step an OTN move record: optional piece letter
// (special pieces), from, `-` (slide) `^` (jump) `=` (berserk continuation) `^=`, to, `x` and the
// captured squares joined by `/`, and `++`/`--` when the step captures the king or escapes.
// A berserk chain is written as its steps, which is how OpenTafl's reader takes them.

import {
  EMPTY, END_REASONS, END_RUN, KING, makeRulesString, makeSquare, NO_SQUARE, NO_WINNER, pieceLetter, SIDE_MASK,
  stepFrom, stepTo, toSquare, TYPE_MAN, TYPE_MASK, type Position, type RuleSet,
} from '../engine/index.js';

/** OpenTafl's reader takes at most four captured squares per move record. */
const MAX_LISTED_CAPTURES = 4;

const specialLetter = (piece: number): string => ((piece & TYPE_MASK) === TYPE_MAN ? '' : pieceLetter(piece));

/**
 * Makes the steps of a turn on `pos` (ending an open berserk run afterwards, like playTurn) and
 * returns their OTN move records.
 */
export function playTurnRecorded(pos: Position, steps: readonly number[]): string[] {
  const records: string[] = [];
  let first = true;
  for (const step of steps) {
    if (step === END_RUN) {
      pos.makeStep(step);
      continue;
    }
    const from = stepFrom(step);
    const to = stepTo(step);
    const mover = pos.board[from];
    const before = pos.board.slice();
    const distance = Math.abs(to - from);
    const direction = distance % pos.geo.stride === 0 ? pos.geo.stride : 1;
    const jump = distance === 2 * direction && before[from + Math.sign(to - from) * direction] !== EMPTY;
    pos.makeStep(step);
    const captured: string[] = [];
    let kingCaptured = false;
    for (let sq = 0; sq < before.length; sq++) {
      const piece = before[sq];
      if (sq === from || piece === EMPTY || (piece & SIDE_MASK) === (mover & SIDE_MASK) || pos.board[sq] !== EMPTY) continue;
      if ((piece & SIDE_MASK) === 0) continue;
      if (piece === KING) kingCaptured = true;
      else captured.push(specialLetter(piece) + makeSquare(pos.geo, sq));
    }
    const separator = (jump ? '^' : '') + (first ? (jump ? '' : '-') : '=');
    let record = specialLetter(mover) + makeSquare(pos.geo, from) + separator + makeSquare(pos.geo, to);
    if (captured.length > 0) record += 'x' + captured.slice(0, MAX_LISTED_CAPTURES).join('/');
    if (kingCaptured) record += '++';
    else if (mover === KING && pos.winner !== NO_WINNER && END_REASONS[pos.reason] === 'escape') record += '--';
    records.push(record);
    first = false;
    if (pos.winner !== NO_WINNER) break;
  }
  if (pos.berserker !== NO_SQUARE && pos.winner === NO_WINNER && steps.length > 0) pos.makeStep(END_RUN);
  return records;
}

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
