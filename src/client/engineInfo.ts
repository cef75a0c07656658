// The `info` lines of a search (PROTOCOL.md "Engine output") as data, for whoever shows a search as it
// runs: depth, score (with its bound), nodes, speed, the MultiPV index and the principal variation.

import type { Score } from './score.js';

export interface EngineInfo {
  depth?: number;
  seldepth?: number;
  /** 1-based index of the line among the MultiPV lines; absent means the first. */
  multipv?: number;
  score?: Score;
  /** The score is only a bound (the search failed high or low on it). */
  bound?: 'lowerbound' | 'upperbound';
  nodes?: number;
  nps?: number;
  time?: number;
  hashfull?: number;
  pv?: string[];
  /** The text of an `info string` line. */
  string?: string;
}

const NUMERIC = ['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'time', 'hashfull'] as const;
type NumericKey = (typeof NUMERIC)[number];
const isNumericKey = (token: string): token is NumericKey => (NUMERIC as readonly string[]).includes(token);

/** Reads one `info ...` line; undefined for a line that is not `info`. Unknown tokens are skipped, as in UCI. */
export function parseInfoLine(line: string): EngineInfo | undefined {
  const tokens = line.trim().split(/\s+/);
  if (tokens[0] !== 'info') return undefined;
  const info: EngineInfo = {};
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === 'string') {
      info.string = tokens.slice(i + 1).join(' ');
      break;
    }
    if (token === 'pv') {
      info.pv = tokens.slice(i + 1);
      break;
    }
    if (isNumericKey(token)) {
      const value = Number(tokens[i + 1]);
      if (Number.isFinite(value)) info[token] = value;
      i++;
    } else if (token === 'score') {
      const kind = tokens[i + 1];
      const value = Number(tokens[i + 2]);
      if ((kind === 'cp' || kind === 'mate') && Number.isFinite(value)) {
        info.score = { kind, value };
        i += 2;
        const bound = tokens[i + 1];
        if (bound === 'lowerbound' || bound === 'upperbound') {
          info.bound = bound;
          i++;
        }
      }
    }
  }
  return info;
}
