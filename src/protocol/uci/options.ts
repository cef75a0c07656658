// The options the UCI server offers (PROTOCOL.md "Options"), their `option` lines, and value parsing.
// Names are matched case-insensitively with runs of spaces treated as one.

import { err, ok, VARIANT_IDS, DEFAULT_VARIANT, type Result } from '../../engine/index.js';
import { AUTO_EVAL } from '../evalFile.js';
import { DEFAULT_OPTIONS, MAX_HASH_MB, MAX_MULTIPV, MAX_SKILL_LEVEL, MAX_THREADS } from '../../search/index.js';

export type UciOption =
  | { type: 'spin'; name: string; default: number; min: number; max: number }
  | { type: 'combo'; name: string; default: string; vars: readonly string[] }
  | { type: 'string'; name: string; default: string }
  | { type: 'check'; name: string; default: boolean };

export const UCI_OPTIONS: readonly UciOption[] = [
  { type: 'combo', name: 'UCI_Variant', default: DEFAULT_VARIANT, vars: VARIANT_IDS },
  { type: 'string', name: 'UCI_Rules', default: '' },
  { type: 'spin', name: 'Hash', default: DEFAULT_OPTIONS.hashMB, min: 1, max: MAX_HASH_MB },
  { type: 'spin', name: 'Threads', default: DEFAULT_OPTIONS.threads, min: 1, max: MAX_THREADS },
  { type: 'spin', name: 'MultiPV', default: DEFAULT_OPTIONS.multiPV, min: 1, max: MAX_MULTIPV },
  { type: 'spin', name: 'Move Overhead', default: DEFAULT_OPTIONS.moveOverheadMs, min: 0, max: 5000 },
  { type: 'spin', name: 'Skill Level', default: DEFAULT_OPTIONS.skillLevel, min: 0, max: MAX_SKILL_LEVEL },
  { type: 'check', name: 'Ponder', default: false },
  { type: 'string', name: 'EvalFile', default: AUTO_EVAL },
];

export function makeOptionLine(option: UciOption): string {
  switch (option.type) {
    case 'spin':
      return `option name ${option.name} type spin default ${option.default} min ${option.min} max ${option.max}`;
    case 'combo':
      return `option name ${option.name} type combo default ${option.default} ${option.vars.map((v) => `var ${v}`).join(' ')}`;
    case 'string':
      return `option name ${option.name} type string default ${option.default === '' ? '<empty>' : option.default}`;
    case 'check':
      return `option name ${option.name} type check default ${option.default}`;
  }
}

const normalise = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

export function findOption(name: string): UciOption | undefined {
  const key = normalise(name);
  return UCI_OPTIONS.find((option) => normalise(option.name) === key);
}

/** The value of `setoption` checked against its option: a number in range, a listed choice, a truth, or text. */
export function parseOptionValue(option: UciOption, text: string | undefined): Result<string | number | boolean> {
  if (text === undefined) return err('missing-value', `option '${option.name}' needs a value ('setoption name ${option.name} value ...')`);
  switch (option.type) {
    case 'spin': {
      if (!/^[+-]?\d{1,15}$/.test(text)) {
        return err('not-a-number', `option '${option.name}' needs a whole number from ${option.min} to ${option.max}, got '${text}'`);
      }
      const value = Number(text);
      if (value < option.min || value > option.max) {
        return err('out-of-range', `option '${option.name}' value ${value} is out of range ${option.min}..${option.max}`);
      }
      return ok(value);
    }
    case 'combo': {
      const choice = option.vars.find((v) => v.toLowerCase() === text.toLowerCase());
      if (choice === undefined)
        return err('bad-choice', `option '${option.name}' has no choice '${text}' (choices: ${option.vars.join(', ')})`);
      return ok(choice);
    }
    case 'string':
      return ok(text === '<empty>' ? '' : text);
    case 'check': {
      const lower = text.toLowerCase();
      if (lower !== 'true' && lower !== 'false') return err('not-a-truth', `option '${option.name}' needs true or false, got '${text}'`);
      return ok(lower === 'true');
    }
  }
}
