// OpenTafl's `clock` message (opentafl-engine-protocol.txt, section 9) and the search limits it gives:
// `clock <attacker-ms>[*] <defender-ms>[*] <overtime-seconds> <attacker-overtimes> <defender-overtimes>`.
// A `*` means main time is over and the number is what is left of the current overtime period
// (byo-yomi); a negative number means that side has no main time.

import { ATTACKERS, err, ok, type Result, type Side } from '../../engine/index.js';
import type { GoLimits } from '../../search/index.js';

export interface SideClock {
  /** ms left: of main time, or of the current overtime period when `overtime`; negative: untimed. */
  ms: number;
  overtime: boolean;
  /** Overtime periods left. */
  periods: number;
}

export interface OpenTaflClock {
  sides: [SideClock, SideClock];
  /** Length of one overtime period, ms (0: none). */
  periodMs: number;
}

/** Of an overtime period, the share a move may use: running it out costs a period. */
const OVERTIME_SHARE = 0.7;

/** Reads the fields after `clock`; the overtime fields may be missing (then there are none). */
export function parseClock(fields: readonly string[]): Result<OpenTaflClock> {
  const names = ['attacker time', 'defender time', 'overtime seconds', 'attacker overtimes', 'defender overtimes'];
  if (fields.length < 2) return err('bad-clock', `clock needs at least the attacker and defender times in ms, got ${fields.length} fields`);
  const numbers: number[] = [];
  const starred: boolean[] = [];
  for (let i = 0; i < 5; i++) {
    const text = fields[i] ?? '0';
    const m = /^(-?\d{1,12})(\*?)$/.exec(text);
    if (!m || (m[2] === '*' && i >= 2)) {
      return err(
        'bad-clock',
        `clock ${names[i]} must be a whole number${i < 2 ? ' (ms, * when in overtime)' : ''}, got '${text.slice(0, 20)}'`,
      );
    }
    numbers.push(Number(m[1]));
    starred.push(m[2] === '*');
  }
  const periods = (n: number) => Math.max(0, n);
  return ok({
    sides: [
      { ms: numbers[0], overtime: starred[0], periods: periods(numbers[3]) },
      { ms: numbers[1], overtime: starred[1], periods: periods(numbers[4]) },
    ],
    periodMs: Math.max(0, numbers[2]) * 1000,
  });
}

/**
 * The limits for a search by `side`: its main time as its clock (an overtime period, while any are
 * left, acts like an increment), a share of the running overtime period as a fixed move time, or
 * `untimedMs` per move when the game has no clock for it.
 */
export function clockLimits(clock: OpenTaflClock | undefined, side: Side, untimedMs: number): GoLimits {
  const own = clock?.sides[side];
  if (!clock || !own || own.ms < 0) return { movetime: untimedMs };
  if (own.overtime) return { movetime: Math.max(1, Math.floor(own.ms * OVERTIME_SHARE)) };
  const limits: GoLimits = {};
  for (const s of [0, 1] as const) {
    const entry = clock.sides[s];
    if (entry.overtime || entry.ms < 0) continue;
    const increment = entry.periods > 0 ? clock.periodMs : 0;
    if (s === ATTACKERS) {
      limits.btime = entry.ms;
      limits.binc = increment;
    } else {
      limits.wtime = entry.ms;
      limits.winc = increment;
    }
  }
  return limits;
}
