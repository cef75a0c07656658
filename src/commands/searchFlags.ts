// The search's flags (`hnefi` the engine server): table size and threads, with the search's limits.

import { DEFAULT_OPTIONS, MAX_HASH_MB, MAX_THREADS } from '../search/index.js';
import { numberText } from './options.js';

export const hashFlag = {
  type: 'string',
  coerce: numberText,
  default: DEFAULT_OPTIONS.hashMB,
  describe: `transposition table size in MB (1..${MAX_HASH_MB})`,
} as const;

export const threadsFlag = {
  type: 'string',
  coerce: numberText,
  default: DEFAULT_OPTIONS.threads,
  describe: `search threads (1..${MAX_THREADS})`,
} as const;
