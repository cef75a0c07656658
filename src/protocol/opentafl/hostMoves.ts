// What the OpenTafl host sends, read against our game: its moves fitted to our position (which may be
// ahead of or behind the host's by a berserk run or a refused move), and every entry of its rules string
// that this engine refuses.

import { END_RUN, NO_SQUARE, Position, err, ok, type Result } from '../../engine/index.js';
import { parseRulesString, playMoves } from '../../notation/index.js';
import { makeSimpleStep, sameBoard } from '../../notation/openTaflMoves.js';

/**
 * Plays the opponent's steps on a copy of `pos` so that the board ends like `record` (when given).
 * Tried from the current position (an open berserk run of ours closed or not), then, only with a
 * record to check against, from each earlier turn boundary, newest first: the host repeats its last
 * move after refusing ours, and may list moves from further back. The error is the first attempt's.
 */
export function fitMoves(pos: Position, moves: readonly string[], record: Position | undefined): Result<Position> {
  if (echoesOurRun(pos, moves, record)) return ok(pos);
  const base = pos.clone();
  let firstError: string | undefined;
  for (;;) {
    for (const closeRun of base.berserker !== NO_SQUARE && !base.rules.berserkForced ? [false, true] : [false]) {
      const attempt = base.clone();
      if (closeRun) attempt.makeStep(END_RUN);
      const played = playMoves(attempt, moves);
      if (played.ok && (!record || sameBoard(attempt, record))) return ok(attempt);
      firstError ??= played.ok ? 'the board after these moves differs from the position record' : played.error.message;
    }
    if (!record || base.ply === 0) break;
    do base.unmakeStep();
    while (base.ply > 0 && base.berserker !== NO_SQUARE);
  }
  return err('moves-do-not-fit', firstError ?? 'no moves');
}

/**
 * In the middle of our berserk run OpenTafl sends, before the next `play`, the moves since what it
 * takes for our last move: the opponent's last turn and the steps of our run so far. Nothing is new
 * then: the moves end with our run's steps and the record shows our board.
 */
function echoesOurRun(pos: Position, moves: readonly string[], record: Position | undefined): boolean {
  if (pos.berserker === NO_SQUARE || (record && !sameBoard(pos, record))) return false;
  const made = pos.stepsMade();
  const run: string[] = [];
  const back = pos.clone();
  while (back.berserker !== NO_SQUARE && back.ply > 0) {
    back.unmakeStep();
    run.unshift(makeSimpleStep(back.geo, made[back.ply]));
  }
  const written = moves.slice(-run.length).map((move) => /^[A-Za-z]?([a-z]\d{1,2})[-^]([a-z]\d{1,2})/.exec(move)?.slice(1).join('-'));
  return run.length > 0 && written.length === run.length && written.every((move, i) => move === run[i]);
}

/**
 * Every entry of a rules string this engine refuses, not just the first: each refused entry is
 * named by parseRulesString's message, dropped, and the rest read again.
 */
export function rulesProblems(text: string): string[] {
  const problems: string[] = [];
  let tokens = text
    .trim()
    .split(/\s+/)
    .filter((token) => token !== '');
  for (let round = 0; round <= tokens.length; round++) {
    const rules = parseRulesString(tokens.join(' '));
    if (rules.ok) break;
    problems.push(rules.error.message);
    const key = /rules (?:entry|key) '([^':]+)[:']/.exec(rules.error.message)?.[1];
    if (key === undefined || ['dim', 'start', 'starti'].includes(key)) break;
    tokens = tokens.filter((token) => !token.startsWith(`${key}:`));
  }
  return problems;
}
