// Flags several subcommands share, with their checks (bad values get a clear message, exit code 1).
// The search's own flags are in searchFlags.ts, so that commands without a search (perft) load no search.

import { DEFAULT_VARIANT, VARIANT_IDS } from '../engine/index.js';

export const variantFlag = {
  type: 'string',
  choices: VARIANT_IDS,
  default: DEFAULT_VARIANT,
  describe: 'the variant (RULES.md section 6)',
} as const;

/**
 * Number flags are read as text (yargs' `number` type turns `x` into NaN) and become numbers only
 * when they are written as one, so that a check can quote a bad value as it was typed.
 */
export const numberText = (text: unknown): unknown =>
  typeof text === 'string' && /^[-+]?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;

/** A yargs check that `value` of `flag` is a whole number in [min, max]. */
export function wholeNumberIn(flag: string, value: unknown, min: number, max: number): true | string {
  if (value === undefined) return true;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const given = typeof value === 'string' ? `'${value}'` : String(value);
    return `--${flag} must be a whole number from ${min} to ${max}, got ${given}`;
  }
  return true;
}
