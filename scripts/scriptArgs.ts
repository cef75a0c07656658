// The command-line flags of the endgame scripts, read by node:util's parseArgs: an unknown flag or a
// missing value ends the script with the reason, `--help` prints its usage.

import { parseArgs, type ParseArgsConfig } from 'node:util';

export type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/** Says what is wrong, prefixed by the script's name, and exits. */
export function fail(script: string, message: string): never {
  console.error(`${script}: ${message}`);
  process.exit(1);
}

/** The flags of `script` as `options` declares them; `--help` prints `usage` and exits. */
export function readFlags<T extends FlagOptions>(script: string, usage: string, options: T) {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs({ args, options, allowPositionals: false }).values;
  } catch (error) {
    fail(script, `${(error as Error).message}\n${usage}`);
  }
}

/** The whole number `text` of flag `--name` (at least `min`); a bad one ends the script with the reason. */
export function wholeNumber(script: string, name: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) fail(script, `--${name} needs a whole number of at least ${min}, got '${text}'`);
  return value;
}
