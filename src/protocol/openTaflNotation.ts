// OpenTafl notation as its engine protocol uses it (opentafl-notation-spec.txt): position records
// `/rank1/rank2/.../` (rank 1 first, OpenTafl piece letters, no side to move) and simple moves
// `a4-a6` (one step, no captures listed). Side names `attackers` / `defenders`.

import {
  ATTACKERS, DEFENDERS, err, makeRankText, makeSquare, makeTfen, parseTfen, stepFrom, stepTo,
  type Geometry, type Position, type Result, type RuleSet, type Side,
} from '../engine/index.js';

export const SIDE_NAMES: readonly string[] = ['attackers', 'defenders'];

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
    return err('bad-position-record', `position record has ${ranks.length} ranks, the ${rules.size}x${rules.size} board needs ${rules.size}`);
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
