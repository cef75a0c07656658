// results.jsonl as the runner reads it back: each line checked to be a result of this tournament
// (its id, its pairing's engines on the right sides, a result, a reason, the moves), the first result
// of each game kept, and every line that cannot be used reported with its line number and why.

import { existsSync, readFileSync } from 'node:fs';
import { err, ok, type Result } from '../engine/index.js';
import { fileError } from './outFolder.js';
import type { GameResult } from './summary.js';

export interface RejectedLine {
  /** 1-based line number in the file. */
  line: number;
  text: string;
  why: string;
}

export interface ResultsFile {
  records: GameResult[];
  rejected: RejectedLine[];
}

const RESULTS = ['attackers', 'defenders', 'draw'];
const GAME_ID = /^p(\d+)-r(\d+)-g([12])$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a parsed line is not a result of a tournament with these engines and pairings, or undefined when it is. */
export function resultProblem(value: unknown, engineNames: string[], pairings: [number, number][]): string | undefined {
  if (!isObject(value)) return `not a game result (${JSON.stringify(value)?.slice(0, 40)})`;
  if (typeof value.id !== 'string') return 'no game id';
  const id = GAME_ID.exec(value.id);
  if (!id) return `'${value.id.slice(0, 40)}' is not a game id of the form p1-r1-g1`;
  const [pairing, pair, leg] = [Number(id[1]) - 1, Number(id[2]) - 1, Number(id[3]) - 1];
  const engines = pairings[pairing];
  if (engines === undefined) return `game ${value.id}: this tournament has ${pairings.length} pairing${pairings.length === 1 ? '' : 's'}`;
  if (value.pairing !== pairing || value.pair !== pair || value.leg !== leg)
    return `game ${value.id}: its pairing, pair and leg do not match its id`;
  const [attackers, defenders] = leg === 0 ? engines : [engines[1], engines[0]];
  if (value.attackers !== engineNames[attackers] || value.defenders !== engineNames[defenders]) {
    return `game ${value.id}: played by ${String(value.attackers)} and ${String(value.defenders)}, not by this tournament's ${engineNames[attackers]} and ${engineNames[defenders]}`;
  }
  if (typeof value.result !== 'string' || !RESULTS.includes(value.result))
    return `game ${value.id}: no result (attackers, defenders or draw)`;
  if (typeof value.reason !== 'string') return `game ${value.id}: no reason`;
  if (!Number.isInteger(value.turns) || (value.turns as number) < 0) return `game ${value.id}: turns is not a count`;
  if (!Array.isArray(value.moves) || !value.moves.every((m) => typeof m === 'string'))
    return `game ${value.id}: moves is not a list of moves`;
  return undefined;
}

/**
 * Reads the results of a tournament: a last line cut short by an interruption, lines that are not
 * results of this tournament and second results of a game already read are all rejected, with why.
 */
export function readResultsFile(file: string, engineNames: string[], pairings: [number, number][]): Result<ResultsFile> {
  const records: GameResult[] = [];
  const rejected: RejectedLine[] = [];
  if (!existsSync(file)) return ok({ records, rejected });
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return err('bad-results', fileError('read', file, e));
  }
  const lines = text.split('\n');
  const seen = new Set<string>();
  lines.forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      const last = index === lines.length - 1;
      rejected.push({ line: index + 1, text: line, why: last ? 'cut short (an interrupted write)' : 'not JSON' });
      return;
    }
    const problem = resultProblem(value, engineNames, pairings);
    if (problem !== undefined) {
      rejected.push({ line: index + 1, text: line, why: problem });
      return;
    }
    const record = value as GameResult;
    if (seen.has(record.id)) {
      rejected.push({ line: index + 1, text: line, why: `game ${record.id} again (the first result is kept)` });
      return;
    }
    seen.add(record.id);
    records.push(record);
  });
  return ok({ records, rejected });
}

/** The rejected lines as a report: a count and the first few, one line each. */
export function describeRejected(file: string, rejected: RejectedLine[], shown = 5): string[] {
  if (rejected.length === 0) return [];
  const lines = [`${file}: ${rejected.length} line${rejected.length === 1 ? '' : 's'} not used:`];
  for (const r of rejected.slice(0, shown)) lines.push(`  line ${r.line}: ${r.why}`);
  if (rejected.length > shown) lines.push(`  ... and ${rejected.length - shown} more`);
  return lines;
}
