// Saving a terminal game as an OpenTafl game record (.otg), which OpenTafl and Hnefi's tournament
// tools read: the rules (with the start position it began from), the players and the result.

import { writeFileSync } from 'node:fs';
import { gameOutcome, Position, SIDE_NAMES, type Side } from '../engine/index.js';
import type { Game } from '../facade/game.js';
import { gameRulesString, makeOtg, parseTfen, playTurnRecorded } from '../notation/index.js';

/** The .otg text of `game`, the person playing `human`. */
export function makeGameOtg(game: Game, human: Side): string {
  const start = game.tfen === null ? undefined : parseTfen(game.rules, game.tfen);
  const startPos = start?.ok ? start.value : Position.start(game.rules);
  const replay = startPos.clone();
  const turns = game.turns.map((steps) => playTurnRecorded(replay, steps));
  const outcome = gameOutcome(game.pos);
  const tags: Record<string, string> = {
    event: `hnefi play, ${game.rules.name}`,
    date: new Date().toISOString().slice(0, 10),
    attackers: human === 0 ? 'You' : 'Hnefi',
    defenders: human === 0 ? 'Hnefi' : 'You',
  };
  if (outcome) tags.result = outcome.winner === null ? 'draw' : `${SIDE_NAMES[outcome.winner]} won (${outcome.reason})`;
  return makeOtg({ tags, rules: gameRulesString(game.rules, start?.ok ? startPos : undefined), turns });
}

/** Writes the game to `file` (`.otg` added when it has no extension); the name written, or the error. */
export function saveGame(game: Game, human: Side, file: string): { ok: true; file: string } | { ok: false; message: string } {
  const name = /\.[^/\\]*$/.test(file) ? file : `${file}.otg`;
  try {
    writeFileSync(name, makeGameOtg(game, human));
    return { ok: true, file: name };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
