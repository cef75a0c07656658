// The endgame suite's parts (scripts/endgame-suite.ts, test/scripts/endgame.test.ts): its positions
// read from a file, and one played out by the engine on both sides at a fixed node count.

import { readFileSync } from 'node:fs';
import { err, gameOutcome, ok, type Outcome, playTurn, type Position, type Result, type RuleSet } from '../src/engine/index.js';
import { parseTfen } from '../src/notation/index.js';
import type { Searcher } from '../src/search/index.js';

export interface SuitePosition {
  position: Position;
  /** Where it came from (the text after '#'). */
  source: string;
}

/** The positions of a suite file: one tfen a line, its source after '#'; blank lines and lines of '#' alone skipped. */
export function readSuitePositions(rules: RuleSet, file: string): Result<SuitePosition[]> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return err('suite-file', `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const positions: SuitePosition[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    const hash = line.indexOf('#');
    const tfen = (hash >= 0 ? line.slice(0, hash) : line).trim();
    if (tfen === '') continue;
    const position = parseTfen(rules, tfen);
    if (!position.ok) return err('suite-file', `${file} line ${i + 1}: ${position.error.message}`);
    positions.push({ position: position.value, source: hash >= 0 ? line.slice(hash + 1).trim() : '' });
  }
  return ok(positions);
}

export interface PlayedOut {
  /** The game's end, or undefined when it went on past the turns allowed. */
  outcome: Outcome | undefined;
  /** Turns played (either side's). */
  turns: number;
}

/** Plays `start` on with `searcher` choosing every turn at `nodes` a turn, for at most `maxTurns` turns. */
export function playOut(searcher: Searcher, start: Position, nodes: number, maxTurns: number): PlayedOut {
  const pos = start.clone();
  const stop = new Int32Array(1);
  searcher.newGame();
  let turns = 0;
  for (let outcome = gameOutcome(pos); ; outcome = gameOutcome(pos)) {
    if (outcome !== undefined || turns >= maxTurns) return { outcome, turns };
    const { best } = searcher.search(pos, { nodes }, stop, () => {});
    if (!best) return { outcome: gameOutcome(pos), turns };
    playTurn(pos, best);
    turns++;
  }
}
