// OpenTafl game records (.otg) on the page: a record read into a game (the rules string's rules and
// start position, told to engines by variant name when they are a known variant's), and a game
// written as `hnefi tournament` writes them.

import { err, getVariant, ok, Position, type Result } from '../../engine/index.js';
import { gameRulesString, makeOtg, makeRulesString, parseOtg, parseRulesString, playTurnRecorded } from '../../notation/index.js';
import { GameLine } from './gameLine.js';

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
  return line.ok ? ok({ tags, line: line.value }) : err('bad-otg', line.error.message);
}

/** The game as an .otg record, with the given tags (the rules and the moves are the game's). */
export function writeOtg(line: GameLine, tags: Record<string, string>): string {
  const pos = line.start.clone();
  const turns = line.turns.map((steps) => playTurnRecorded(pos, steps));
  return makeOtg({ tags, rules: gameRulesString(line.rules, line.startTfen === undefined ? undefined : line.start), turns });
}
