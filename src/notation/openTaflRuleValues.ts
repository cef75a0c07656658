// The values inside OpenTafl rules strings (see openTaflRules.ts): piece-type lists, squares, speed
// limits and position records.

import type { PieceLetter } from '../engine/rules.js';
import { err, ok, type Result } from '../engine/result.js';
import { pieceFromLetter } from '../engine/types.js';

/** The piece letters this engine has. */
export const OUR_LETTERS = 'tcnTCNK';
/** The order of OpenTafl's per-type speed limits (`spd`, twelve values); m g M G are pieces this engine lacks. */
export const SPEED_ORDER = 'tcnkmgTCNKMG';

export const sameSet = (a: Set<string>, b: Set<string>): boolean => a.size === b.size && [...a].every((x) => b.has(x));

/** The letters of a piece-type list that name pieces this engine has. */
export function pieceSet(list: string): Set<string> {
  return new Set([...list].filter((letter) => OUR_LETTERS.includes(letter)));
}

/** Reads an OpenTafl position record (`/3t3/.../`, rank 1 first unless `topFirst`) into ranks, top first. */
export function readPositionRecord(record: string, size: number, key: string, topFirst: boolean): Result<string[]> {
  const rows = record.replace(/^\/|\/$/g, '').split('/');
  if (rows.length !== size) return err('bad-rules-start', `${key}: the position has ${rows.length} ranks, dim:${size} needs ${size}`);
  const ranks: string[] = [];
  for (let i = 0; i < size; i++) {
    const row = rows[i];
    const rank = topFirst ? size - i : i + 1;
    let text = '';
    for (const m of row.matchAll(/(\d+)|(.)/g)) {
      if (m[1] !== undefined) text += '.'.repeat(Number(m[1]));
      else if (pieceFromLetter(m[2]) < 0) {
        return err(
          'bad-rules-start',
          `${key}: rank ${rank} ('${row}') has the piece letter '${m[2]}', which this engine does not know (t c n T K N C)`,
        );
      } else text += m[2];
    }
    if (text.length !== size) {
      return err('bad-rules-start', `${key}: rank ${rank} ('${row}') is ${text.length} squares long, expected ${size}`);
    }
    ranks.push(text);
  }
  return ok(topFirst ? ranks : ranks.reverse());
}

/** `a1`-style name of a file and rank index. */
export const squareName = (file: number, rank: number): string => String.fromCharCode(97 + file) + (rank + 1);

export function isSquareOn(square: string, size: number): boolean {
  const m = /^([a-s])([1-9]\d?)$/.exec(square);
  return m !== null && m[1].charCodeAt(0) - 97 < size && Number(m[2]) <= size;
}

/**
 * OpenTafl's `spd`: one limit for every piece, or twelve in the order t c n k m g T C N K M G; -1 (or
 * 0) for none. Two values mean no limits, as OpenTafl reads them.
 */
export function readSpeedLimits(value: string): Result<Partial<Record<PieceLetter, number>>> {
  const values = value.split(',').filter((v) => v !== '');
  if (values.some((v) => !/^-?\d+$/.test(v))) return err('bad-speed', 'expected whole numbers separated by commas');
  const limits: Partial<Record<PieceLetter, number>> = {};
  const set = (letter: string, limit: number) => {
    if (OUR_LETTERS.includes(letter) && limit > 0) limits[letter as PieceLetter] = limit;
  };
  if (values.length === 1) for (const letter of OUR_LETTERS) set(letter, Number(values[0]));
  else if (values.length === SPEED_ORDER.length) values.forEach((v, i) => set(SPEED_ORDER[i], Number(v)));
  else if (values.length > 2) return err('bad-speed', `expected one limit or ${SPEED_ORDER.length} (${[...SPEED_ORDER].join(' ')})`);
  return ok(limits);
}
