// A record of any notation pasted or opened on the page (.otg, hnefatafl.org PGN-like files and game
// JSON, aagenielsen.dk records and move lists, TaflZero FEN): read into a game, an .otg by otgFile.ts
// (which keeps its rules string), the others by the notation's anyRecord.ts under the chosen variant.

import { getVariant, ok, type Result, VARIANTS } from '../../engine/index.js';
import { detectRecordFormat, makeTurn, parseAnyRecord } from '../../notation/index.js';
import { GameLine } from './gameLine.js';
import { readOtg } from './otgFile.js';

export interface OpenedRecord {
  tags: Record<string, string>;
  line: GameLine;
}

export function readAnyRecord(text: string, variant: string): Result<OpenedRecord> {
  if (detectRecordFormat(text) === 'otg') return readOtg(text);
  const rules = getVariant(variant);
  if (!rules.ok) return rules;
  const record = parseAnyRecord(text, rules.value);
  if (!record.ok) return record;
  const { start, turns, tags } = record.value;
  const pos = start.clone();
  const moves = turns.map((turn) => {
    const text = makeTurn(pos, turn);
    for (const step of turn) pos.makeStep(step);
    if (pos.berserker !== -1 && turn.length > 0) pos.makeStep(0);
    return text;
  });
  const own = record.value.rules;
  const setup = VARIANTS[own.name] !== undefined ? { rules: own, variant: own.name, start } : { rules: rules.value, variant, start };
  const line = GameLine.withMoves(setup, moves);
  return line.ok ? ok({ tags, line: line.value }) : line;
}
