// Where the scripts find the recorded games: the directory HNEFI_DATA names, or shared/data beside the checkout.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DATA_DIR = process.env.HNEFI_DATA ?? resolve(fileURLToPath(new URL('../../shared/data', import.meta.url)));

/** The aagenielsen.dk records of a variant (berserk and copenhagen have them). */
export const recordsFile = (variant: string): string => resolve(DATA_DIR, `aagenielsen-${variant}.jsonl`);

/** The variants the site has records of. */
const RECORDED_VARIANTS = ['berserk', 'copenhagen'];

/** Why the records of `variant` cannot be read (undefined when they can), saying what to do. */
export function missingRecords(variant: string): string | undefined {
  if (!RECORDED_VARIANTS.includes(variant)) {
    return `there are no recorded games of ${variant}: aagenielsen.dk records exist for ${RECORDED_VARIANTS.join(' and ')} only`;
  }
  const file = recordsFile(variant);
  if (existsSync(file)) return undefined;
  const where = process.env.HNEFI_DATA === undefined ? 'shared/data beside the checkout' : 'the folder HNEFI_DATA names';
  return (
    `the recorded games of ${variant} are not in ${where} (${file} is missing): put aagenielsen-${variant}.jsonl there, ` +
    `or name the folder that holds it with HNEFI_DATA (README.md, "Recorded games")`
  );
}
