// OpenTafl game records (.otg) on the page: a record read into a game (the rules string's rules and
// start position, told to engines by variant name when they are a known variant's), and a game
// written as `hnefi tournament` writes them.

import { err, getVariant, ok, Position, type Result } from '../../engine/index.js';
import { gameRulesString, makeOtg, makeRulesString, parseOtg, parseRulesString, playTurnRecorded } from '../../notation/index.js';
import { type Ending, GameLine } from './gameLine.js';

export interface OtgRecord {
  tags: Record<string, string>;
  line: GameLine;
}

export function readOtg(text: string): Result<OtgRecord> {
  const record = parseOtg(text);
  if (!record.ok) return record;
  const { tags, rules: rulesText, turns } = record.value;
  const rules = parseRulesString(rulesText);
  if (!rules.ok) return err('bad-otg', `[rules]: ${rules.error.message}`);
  const start = Position.start(rules.value);
  const variant = tags.variant !== undefined ? getVariant(tags.variant) : undefined;
  const sameRules =
    variant?.ok === true &&
    makeRulesString({ ...variant.value, start: rules.value.start, firstSide: rules.value.firstSide }) === makeRulesString(rules.value);
  const line = GameLine.withMoves(
    sameRules ? { rules: variant.value, variant: variant.value.name, start } : { rules: rules.value, rulesString: rulesText, start },
    turns.map((steps) => steps.join('|')),
  );
  if (!line.ok) return err('bad-otg', line.error.message);
  line.value.ending = recordEnding(tags);
  return ok({ tags, line: line.value });
}

/** The ending a record's tags give: `result` 1 (attackers), -1 (defenders) or 0, `termination` "reason[: detail]". */
function recordEnding(tags: Record<string, string>): Ending | undefined {
  const winner = tags.result === '1' ? 0 : tags.result === '-1' ? 1 : tags.result === '0' ? null : undefined;
  if (winner === undefined || tags.termination === undefined) return undefined;
  const colon = tags.termination.indexOf(':');
  const ending: Ending = { winner, reason: colon < 0 ? tags.termination : tags.termination.slice(0, colon).trim() };
  if (colon >= 0) ending.detail = tags.termination.slice(colon + 1).trim();
  return ending;
}

/** The tags that say how a game ended. */
export function endingTags(ending: Ending | undefined): Record<string, string> {
  if (ending === undefined) return {};
  return {
    result: ending.winner === null ? '0' : ending.winner === 0 ? '1' : '-1',
    termination: ending.detail !== undefined ? `${ending.reason}: ${ending.detail}` : ending.reason,
  };
}

/** The game as an .otg record, with the given tags (the rules and the moves are the game's). */
export function writeOtg(line: GameLine, tags: Record<string, string>): string {
  const pos = line.start.clone();
  const turns = line.turns.map((steps) => playTurnRecorded(pos, steps));
  return makeOtg({ tags, rules: gameRulesString(line.rules, line.startTfen === undefined ? undefined : line.start), turns });
}
