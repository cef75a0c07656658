// The command-line flags of the endgame scripts: `--name value`, numbers checked with the script's name in the error.

/** The value after `--name`, or `fallback`. */
export function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

/** Says what is wrong, prefixed by the script's name, and exits. */
export function fail(script: string, message: string): never {
  console.error(`${script}: ${message}`);
  process.exit(1);
}

/** The whole number after `--name` (at least `min`), or `fallback`; a bad one ends the script with the reason. */
export function wholeArgument(script: string, name: string, fallback: number, min: number): number {
  const text = argument(name, String(fallback));
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) fail(script, `--${name} needs a whole number of at least ${min}, got '${text}'`);
  return value;
}
