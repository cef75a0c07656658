// The position a search request describes, for dialects that must say it their own way.

import { ATTACKERS, err, Position, type Result, type RuleSet } from '../engine/index.js';
import { parseTfen, playMoves } from '../notation/index.js';
import type { SearchLimits, SearchRequest } from './session.js';

export function requestPosition(rules: RuleSet, request: SearchRequest): Result<{ start: Position; pos: Position; turns: number[][] }> {
  const start = request.tfen !== undefined ? parseTfen(rules, request.tfen) : { ok: true as const, value: Position.start(rules) };
  if (!start.ok) return start;
  const pos = start.value.clone();
  const turns = playMoves(pos, request.moves);
  if (!turns.ok) return err(turns.error.code, `the game's moves: ${turns.error.message}`);
  return { ok: true, value: { start: start.value, pos, turns: turns.value } };
}

/**
 * A time per move for dialects that take no clock: the movetime if given, else a share of the side's
 * clock (a thirtieth, or its moves to go, plus most of the increment), else `fallbackMs`.
 */
export function moveTimeOf(limits: SearchLimits, side: number, fallbackMs: number): number {
  if (limits.movetime !== undefined) return limits.movetime;
  const time = side === ATTACKERS ? limits.atime : limits.dtime;
  const inc = (side === ATTACKERS ? limits.ainc : limits.dinc) ?? 0;
  if (time === undefined) return fallbackMs;
  const share = time / Math.max(2, Math.min(limits.movestogo ?? 30, 30)) + inc * 0.8;
  return Math.max(10, Math.floor(Math.min(share, Math.max(10, time - 50))));
}
