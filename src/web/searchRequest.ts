// The page's search requests (src/gui/shared/messages.ts) as the engine facade takes them, and its
// reports as the page reads them: what the GUI server and an engine process do between them.

import { err, getVariant, ok, type Position, type Result, type RuleSet } from '../engine/index.js';
import { Game, replayGame, type GameHistory } from '../facade/game.js';
import type { EngineLine, Limits, SearchRequest } from '../gui/shared/messages.js';
import { parseRulesString } from '../notation/index.js';
import { makeTurnList } from '../protocol/turnText.js';
import type { GoLimits, SearchInfo } from '../search/index.js';

/** The most lines an analysis shows (as the GUI server allows). */
export const MAX_LINES = 5;

export interface CheckedSearch {
  rules: RuleSet;
  game: GameHistory;
  /** The position searched. */
  root: Position;
  limits: GoLimits;
  multipv: number;
}

/** Checks a request against the rules: a bad one gets an error naming what is wrong. */
export function checkSearch(request: SearchRequest): Result<CheckedSearch> {
  const rules = request.rules !== undefined ? parseRulesString(request.rules) : getVariant(request.variant);
  if (!rules.ok) return rules;
  const started = request.tfen !== undefined ? Game.fromTfen(rules.value, request.tfen) : ok(Game.start(rules.value));
  if (!started.ok) return err(started.error.code, `tfen: ${started.error.message}`);
  const game = started.value;
  const played = game.playMoves(request.moves);
  if (!played.ok) return played;
  const multipv = request.multipv ?? 1;
  if (!Number.isInteger(multipv) || multipv < 1 || multipv > MAX_LINES) return err('bad-search', `multipv must be 1 to ${MAX_LINES}`);
  const limits = goLimits(request.limits);
  if (!limits.ok) return limits;
  const record = game.record();
  const root = replayGame(record);
  if (!root.ok) return root;
  return ok({ rules: rules.value, game: record, root: root.value, limits: limits.value, multipv });
}

/** The page's limits as a `go`'s: the attackers' clock is the protocol's b, the defenders' w. */
function goLimits(limits: Limits): Result<GoLimits> {
  const numbers = [limits.movetime, limits.depth, limits.atime, limits.dtime, limits.ainc, limits.dinc];
  if (numbers.some((n) => n !== undefined && !(Number.isInteger(n) && n >= 0)))
    return err('bad-search', 'limits must be whole numbers of 0 or more');
  if (numbers.every((n) => n === undefined) && !limits.infinite) return err('bad-search', 'a search needs at least one limit');
  const go: GoLimits = {};
  if (limits.atime !== undefined) go.btime = limits.atime;
  if (limits.dtime !== undefined) go.wtime = limits.dtime;
  if (limits.ainc !== undefined) go.binc = limits.ainc;
  if (limits.dinc !== undefined) go.winc = limits.dinc;
  if (limits.movetime !== undefined) go.movetime = limits.movetime;
  if (limits.depth !== undefined) go.depth = limits.depth;
  if (limits.infinite) go.infinite = true;
  return ok(go);
}

/** A search report as an analysis line, its turns written from `root`. */
export function engineLine(root: Position, info: SearchInfo): EngineLine {
  const line: EngineLine = {
    multipv: info.multipv,
    depth: info.depth,
    seldepth: info.seldepth,
    score: { kind: info.score.kind, value: info.score.value },
    nodes: info.nodes,
    nps: info.nps,
    time: info.timeMs,
    pv: makeTurnList(root, info.pv),
  };
  if (info.score.bound !== undefined) line.bound = info.score.bound === 'lower' ? 'lowerbound' : 'upperbound';
  return line;
}
