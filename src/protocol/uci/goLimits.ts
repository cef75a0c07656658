// The limits of a `go` command: clocks (with the attackers'/defenders' aliases), depth, nodes, mate,
// movetime, infinite, ponder and searchmoves. A bad number refuses the whole command; a bad move in
// searchmoves is only left out, and named.

import { err, ok, type Position, type Result } from '../../engine/index.js';
import { makeTurn, parseTurn } from '../../notation/index.js';
import type { GoLimits } from '../../search/index.js';
import { shorten } from '../../facade/game.js';

/** `go` keywords that take a number, and the limit each sets (the a/d clock names are aliases). */
const NUMBER_LIMITS: Record<string, 'wtime' | 'btime' | 'winc' | 'binc' | 'movestogo' | 'movetime' | 'depth' | 'nodes' | 'mate'> = {
  wtime: 'wtime',
  btime: 'btime',
  winc: 'winc',
  binc: 'binc',
  dtime: 'wtime',
  atime: 'btime',
  dinc: 'winc',
  ainc: 'binc',
  movestogo: 'movestogo',
  movetime: 'movetime',
  depth: 'depth',
  nodes: 'nodes',
  mate: 'mate',
};
const CLOCK_LIMITS = new Set(['wtime', 'btime', 'winc', 'binc']);
/** The words that end a searchmoves list. */
const GO_KEYWORDS = new Set([...Object.keys(NUMBER_LIMITS), 'infinite', 'searchmoves', 'ponder', 'perft']);
export interface ParsedGo {
  limits: GoLimits;
  /** The searchmoves that were left out and why, and what is searched instead. */
  ignored?: string;
}

export function parseGoLimits(tokens: readonly string[], pos: Position): Result<ParsedGo> {
  const limits: GoLimits = {};
  let ignoredNote: string | undefined;
  for (let i = 1; i < tokens.length; i++) {
    const keyword = tokens[i];
    const limit = NUMBER_LIMITS[keyword];
    if (limit !== undefined) {
      const text = tokens[++i];
      if (text === undefined || !/^[+-]?\d{1,15}$/.test(text)) {
        return err('bad-go', `'${keyword}' needs a whole number, got ${text === undefined ? 'nothing' : `'${shorten(text)}'`}`);
      }
      const value = Number(text);
      // A GUI may send a negative clock when time is up: treat it as none left.
      if (CLOCK_LIMITS.has(limit)) limits[limit] = Math.max(0, value);
      else if (value < (limit === 'movetime' ? 0 : 1))
        return err('bad-go', `'${keyword}' must be at least ${limit === 'movetime' ? 0 : 1}, got ${value}`);
      else limits[limit] = value;
    } else if (keyword === 'infinite') {
      limits.infinite = true;
    } else if (keyword === 'ponder') {
      limits.ponder = true;
    } else if (keyword === 'searchmoves') {
      const turns: number[][] = [];
      const ignored: string[] = [];
      while (i + 1 < tokens.length && !GO_KEYWORDS.has(tokens[i + 1])) {
        const text = tokens[++i];
        const turn = parseTurn(pos, text);
        if (turn.ok) turns.push(turn.value);
        else ignored.push(`'${shorten(text)}' (${shorten(turn.error.message, 100)})`);
      }
      if (ignored.length > 0) {
        const searching =
          turns.length > 0 ? `searching ${turns.map((turn) => makeTurn(pos, turn)).join(' ')}` : 'no legal move left, searching every move';
        ignoredNote = `ignored ${shorten(ignored.join(', '), 300)}; ${searching}`;
      }
      if (turns.length > 0) limits.searchmoves = turns;
    }
  }
  return ok(ignoredNote === undefined ? { limits } : { limits, ignored: ignoredNote });
}
