// OpenTafl game records (.otg) on the page: reading one into a game (tags, the rules string's rules
// and start position, the turns) and writing a game as `hnefi tournament` writes them.

import {
  err, getVariant, makeRulesString, ok, parseRulesString, Position, type Result,
} from '../../engine/index.js';
import { gameRulesString, makeOtg, playTurnRecorded } from '../../tournament/otg.js';
import { GameLine } from './gameLine.js';

export interface OtgRecord {
  tags: Record<string, string>;
  line: GameLine;
}

/** One OTN move record: its separator tells whether it starts a turn (`-`, `^`) or continues a berserk run (`=`, `^=`). */
const STEP = /^[tcnkTCNK]?[a-z]\d{1,2}(\^=|[-^=])[a-z]\d{1,2}/;

export function readOtg(text: string): Result<OtgRecord> {
  const tags: Record<string, string> = {};
  const turns: string[][] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const tag = /^\[([^:\]]+):(.*)\]$/.exec(line);
    if (tag) {
      tags[tag[1]] = tag[2];
      continue;
    }
    for (const token of line.replace(/\{[^}]*\}/g, ' ').split(/\s+/)) {
      if (token === '' || /^\d+\.$/.test(token)) continue;
      const step = STEP.exec(token);
      if (!step) return err('bad-otg', `'${token}' is not an OpenTafl move record`);
      if (step[1].includes('=') && turns.length > 0) turns[turns.length - 1].push(token);
      else turns.push([token]);
    }
  }
  if (tags.rules === undefined) return err('bad-otg', 'the record has no [rules:...] tag');
  const rules = parseRulesString(tags.rules);
  if (!rules.ok) return err('bad-otg', `[rules]: ${rules.error.message}`);
  const start = Position.start(rules.value);
  // A known variant is told to engines by name (with the record's start position as a tfen).
  const variant = tags.variant !== undefined ? getVariant(tags.variant) : undefined;
  const sameRules = variant?.ok === true && makeRulesString({ ...variant.value, start: rules.value.start, firstSide: rules.value.firstSide }) === makeRulesString(rules.value);
  const line = GameLine.withMoves(
    sameRules ? { rules: variant.value, variant: variant.value.name, start } : { rules: rules.value, rulesString: tags.rules, start },
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
