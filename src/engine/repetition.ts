// Repetition (RULES.md section 5): how often a position has occurred at turn ends, from the turn history
// Position keeps, and what its third occurrence does under the rule set's `repetition` setting.

import type { RuleSet } from './rules.js';
import { ATTACKERS, DRAW } from './types.js';

/** What a third occurrence does: None when nothing, else a winner code, RepeaterLoses or RepeaterWins. */
export const enum RepetitionResult {
  None = -2,
  RepeaterLoses = 3,
  RepeaterWins = 4,
}

export function repetitionResult(rules: RuleSet): number {
  const results = {
    ignore: RepetitionResult.None,
    forbidden: RepetitionResult.None,
    draw: DRAW,
    'defenders-lose': ATTACKERS,
    'repeater-loses': RepetitionResult.RepeaterLoses,
    'repeater-wins': RepetitionResult.RepeaterWins,
  };
  return results[rules.repetition];
}

/** The winner code when a third occurrence ends the game with `result` (not None), `side` to move. */
export function repetitionWinner(result: number, side: number): number {
  return result === RepetitionResult.RepeaterLoses ? side : result === RepetitionResult.RepeaterWins ? side ^ 1 : result;
}

/**
 * Occurrences of the position at history entry `last`, counting it: earlier ones are two, four...
 * entries back (the same side to move), down to the first entry after the last capture.
 */
export function countOccurrences(historyLo: Int32Array, historyHi: Int32Array, last: number, irreversible: number): number {
  const lo = historyLo[last];
  const hi = historyHi[last];
  let count = 1;
  for (let i = last - 2; i >= irreversible; i -= 2) {
    if (historyLo[i] === lo && historyHi[i] === hi) count++;
  }
  return count;
}

/** Whether the position at history entry `last` occurred earlier (countOccurrences(...) > 1, stopping at the first). */
export function occurredBefore(historyLo: Int32Array, historyHi: Int32Array, last: number, irreversible: number): boolean {
  const lo = historyLo[last];
  const hi = historyHi[last];
  for (let i = last - 2; i >= irreversible; i -= 2) if (historyLo[i] === lo && historyHi[i] === hi) return true;
  return false;
}
