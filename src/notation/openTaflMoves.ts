// OpenTafl notation (OTN): position records `/rank1/rank2/.../` (rank 1 first, OpenTafl piece letters,
// no side to move), simple moves `a4-a6` as its engine protocol sends them, side names
// `attackers` / `defenders`, and the move records of its game files (`e7-e9xe10`, `f6^f4`, `e9=g9`).

import { makeSquare, type Geometry } from '../engine/geometry.js';
import { END_REASONS } from '../engine/endReasons.js';
import type { Position } from '../engine/position.js';
import { stepFrom, stepTo } from '../engine/step.js';
import { err, type Result } from '../engine/result.js';
import type { RuleSet } from '../engine/rules.js';
import {
  ATTACKERS,
  DEFENDERS,
  EMPTY,
  END_RUN,
  KING,
  NO_SQUARE,
  NO_WINNER,
  pieceLetter,
  SIDE_MASK,
  TYPE_MAN,
  TYPE_MASK,
  type Side,
} from '../engine/types.js';
import { makeRankText, makeTfen, parseTfen } from './tfen.js';

export function parseSideName(text: string | undefined): Side | undefined {
  if (text === 'attackers') return ATTACKERS;
  if (text === 'defenders') return DEFENDERS;
  return undefined;
}

/**
 * The position a record shows, with `side` to move (the record has none) and no open berserk run.
 * The record's ranks run from rank 1 up; a tfen's from the top, so the ranks are reversed.
 */
export function parsePositionRecord(rules: RuleSet, record: string, side: Side): Result<Position> {
  const text = record.trim();
  if (!/^\/.*\/$/.test(text) || text.length < 2) {
    return err('bad-position-record', `position record '${text}' must start and end with '/' (like /3t3/.../3t3/)`);
  }
  const ranks = text.slice(1, -1).split('/');
  if (ranks.length !== rules.size) {
    return err(
      'bad-position-record',
      `position record has ${ranks.length} ranks, the ${rules.size}x${rules.size} board needs ${rules.size}`,
    );
  }
  const pos = parseTfen(rules, `${[...ranks].reverse().join('/')} ${side === ATTACKERS ? 'a' : 'd'} -`);
  // parseTfen names ranks by number, which holds for the record too; only its word 'tfen' is wrong here.
  return pos.ok ? pos : err(pos.error.code, `position record: ${pos.error.message.replace(/\btfen /g, '')}`);
}

/** The record of the board of `pos`, rank 1 first, as OpenTafl writes it. */
export function makePositionRecord(pos: Position): string {
  let record = '/';
  for (let rank = 0; rank < pos.geo.size; rank++) record += `${makeRankText(pos, rank)}/`;
  return record;
}

/** Do two positions of the same rules have the same pieces on the same squares? */
export function sameBoard(a: Position, b: Position): boolean {
  const cells = a.board.length;
  if (b.board.length !== cells) return false;
  for (let sq = 0; sq < cells; sq++) if (a.board[sq] !== b.board[sq]) return false;
  return true;
}

/** The same board with `side` to move and no open run (a record or a host decided who moves). */
export function withSideToMove(pos: Position, side: Side): Result<Position> {
  const board = makeTfen(pos).split(' ')[0];
  return parseTfen(pos.rules, `${board} ${side === ATTACKERS ? 'a' : 'd'} -`);
}

/** One step in OpenTafl's simple notation: `e7-e9`. */
export function makeSimpleStep(geo: Geometry, step: number): string {
  return `${makeSquare(geo, stepFrom(step))}-${makeSquare(geo, stepTo(step))}`;
}

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
