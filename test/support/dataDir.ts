// Where the recorded games live: shared/data beside the checkout (as on developer machines and in
// CI), or the directory named by HNEFI_DATA.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DATA_DIR = process.env.HNEFI_DATA ?? resolve(fileURLToPath(new URL('../../../shared/data', import.meta.url)));
