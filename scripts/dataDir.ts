// Where the recorded games live for the maintenance scripts: shared/data beside the checkout (as on
// developer machines and in CI), or the directory named by HNEFI_DATA (as for the tests).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DATA_DIR = process.env.HNEFI_DATA ?? resolve(fileURLToPath(new URL('../../shared/data', import.meta.url)));

/** The aagenielsen.dk records of a variant (berserk and copenhagen have them). */
export const recordsFile = (variant: string): string => resolve(DATA_DIR, `aagenielsen-${variant}.jsonl`);
