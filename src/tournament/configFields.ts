// Field checks shared by the tournament's configuration readers: errors name the field and the value.

import { err, ok, type Result } from '../engine/index.js';

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function positiveNumber(value: unknown, where: string, integer: boolean, allowZero = false): Result<number> {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < 0 || (!allowZero && n === 0)) {
    const shown =
      typeof value === 'string' ? `'${value}'` : typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
    return err('bad-config', `${where}: ${shown} is not a ${allowZero ? 'non-negative' : 'positive'} ${integer ? 'integer' : 'number'}`);
  }
  return ok(n);
}
