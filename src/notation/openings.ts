// Openings as text: one per line, `<tfen> [moves m1 m2 ...]` or `m1 m2 ...` from the start position,
// `#` starting a comment (the shipped books/<variant>.txt, and `--openings` files). Each is checked
// against the rules and its moves rewritten as compact whole turns.

import { err, gameOutcome, ok, Position, type Result, type RuleSet } from '../engine/index.js';
import { makeTurn, playMoves } from './moves.js';
import { makeTfen, parseTfen } from './tfen.js';

export interface Opening {
  /** Where it came from: `file:line`, a game id, or `random:<seed>:<pair>`. */
  id: string;
  /** The start position when not the variant's. */
  tfen?: string;
  /** Whole turns from the start position, compact notation. */
  moves: string[];
}

/** The opening as text: `[<tfen> moves] m1 m2 ...`. */
export function makeOpeningText(opening: Opening): string {
  const moves = opening.moves.join(' ');
  if (opening.tfen === undefined) return moves;
  return moves === '' ? opening.tfen : `${opening.tfen} moves ${moves}`;
}

/** The openings of a text (`source` names it in ids and errors: `source:line`). Bad lines are errors. */
export function parseOpeningLines(rules: RuleSet, text: string, source: string): Result<Opening[]> {
  const openings: Opening[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/#.*/, '').trim();
    if (line === '') continue;
    const id = `${source}:${i + 1}`;
    let opening: Opening;
    if (line.includes('/')) {
      const [tfen, moves = ''] = line.split(/\s+moves\s+|\s+moves$/);
      opening = { id, tfen: tfen.trim(), moves: moves.split(/\s+/).filter((m) => m !== '') };
    } else {
      opening = { id, moves: line.split(/\s+/) };
    }
    const checked = normalizeOpening(rules, opening);
    if (!checked.ok) return err(checked.error.code, `${id}: ${checked.error.message}`);
    openings.push(checked.value);
  }
  return ok(openings);
}

/** The position an opening starts from: its tfen's, or the rules' start position. */
export function openingStart(rules: RuleSet, opening: Opening): Result<Position> {
  return opening.tfen !== undefined ? parseTfen(rules, opening.tfen) : ok(Position.start(rules));
}

/** Checks an opening and rewrites its moves as compact whole turns. */
export function normalizeOpening(rules: RuleSet, opening: Opening): Result<Opening> {
  const start = openingStart(rules, opening);
  if (!start.ok) return start;
  const pos = start.value;
  const tfen = opening.tfen === undefined ? undefined : makeTfen(pos);
  const turns = playMoves(pos, opening.moves);
  if (!turns.ok) return turns;
  if (gameOutcome(pos) !== undefined) return err('opening-over', 'the game is already over after this opening');
  const normalized: Opening = { id: opening.id, moves: turns.value.map((turn) => makeTurn(pos, turn)) };
  if (tfen !== undefined) normalized.tfen = tfen;
  return ok(normalized);
}
