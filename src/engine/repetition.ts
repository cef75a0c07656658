// Repetition (RULES.md section 5): what a position's third occurrence at turn ends does under the rule
// set's `repetition` setting (Position.resolveTurnEnd counts the occurrences), and whether it occurred before.

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
    'defenders-forbidden': RepetitionResult.None,
    draw: DRAW,
    'defenders-lose': ATTACKERS,
    'repeater-loses': RepetitionResult.RepeaterLoses,
    'repeater-wins': RepetitionResult.RepeaterWins,
  };
  return results[rules.repetition];
}

/**
 * Whether the position at history entry `last` occurred earlier: two, four... entries back (the same side
 * to move), down to the first entry after the last capture. (Position.resolveTurnEnd counts them.)
 */
export function occurredBefore(historyLo: Int32Array, historyHi: Int32Array, last: number, irreversible: number): boolean {
  const lo = historyLo[last];
  const hi = historyHi[last];
  for (let i = last - 2; i >= irreversible; i -= 2) if (historyLo[i] === lo && historyHi[i] === hi) return true;
  return false;
}
