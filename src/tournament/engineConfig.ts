// An engine's entry in a tournament configuration (JSON or a command-line flag) and the time
// controls engines play under, checked field by field.

import { err, getVariant, ok, type Result } from '../engine/index.js';
import { PROTOCOLS, type EngineSpec, type Protocol } from '../client/engineClient.js';
import { isObject, positiveNumber } from './configFields.js';

export interface TimeControl {
  /** Moves per period (with `seconds`); absent: the whole game. */
  moves?: number;
  seconds?: number;
  increment?: number;
  movetime?: number;
  depth?: number;
  nodes?: number;
}

export interface EngineConfig extends EngineSpec {
  /** Overrides the tournament's time control for this engine. */
  tc?: TimeControl;
  /** The variant whose rules the engine plays by, when not the tournament's (its own repetition, forts, draw limits). */
  rules?: string;
}

/** The rules an engine plays by: its entry's, else those of its dialect's engines (TaflZero's Copenhagen, hnefatafl.org's), else undefined (the tournament's). */
export function engineRules(engine: EngineConfig): string | undefined {
  if (engine.rules !== undefined) return engine.rules;
  if (engine.protocol === 'taflzero') return 'copenhagen';
  if (engine.protocol === 'htp') return 'hnefatafl-org';
  return undefined;
}

/** A time control from JSON (`{ "moves", "seconds", "increment", "movetime", "depth", "nodes" }`) or text (`40/60+0.5`). */
export function parseTimeControl(value: unknown, where: string): Result<TimeControl> {
  if (typeof value === 'string') {
    const match = /^(?:(\d+)\/)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(value.trim());
    if (!match) return err('bad-config', `${where}: '${value}' is not moves/seconds+increment (e.g. 40/60+0.5, 10+0.1, 30)`);
    const tc: TimeControl = { seconds: Number(match[2]) };
    if (match[1] !== undefined) tc.moves = Number(match[1]);
    if (match[3] !== undefined) tc.increment = Number(match[3]);
    return checkTimeControl(tc, where);
  }
  if (!isObject(value)) return err('bad-config', `${where}: expected an object like {"depth": 2} or text like "40/60+0.5"`);
  const tc: TimeControl = {};
  for (const [key, raw] of Object.entries(value)) {
    if (key !== 'moves' && key !== 'seconds' && key !== 'increment' && key !== 'movetime' && key !== 'depth' && key !== 'nodes') {
      return err('bad-config', `${where}: unknown key '${key}' (keys: moves seconds increment movetime depth nodes)`);
    }
    const integer = key !== 'seconds' && key !== 'increment';
    const n = positiveNumber(raw, `${where}.${key}`, integer, key === 'increment');
    if (!n.ok) return n;
    tc[key] = n.value;
  }
  return checkTimeControl(tc, where);
}

function checkTimeControl(tc: TimeControl, where: string): Result<TimeControl> {
  if (tc.seconds === undefined && (tc.moves !== undefined || tc.increment !== undefined)) {
    return err('bad-config', `${where}: moves and increment need seconds`);
  }
  if (tc.seconds !== undefined && tc.movetime !== undefined)
    return err('bad-config', `${where}: give either seconds or movetime, not both`);
  if (tc.seconds === undefined && tc.movetime === undefined && tc.depth === undefined && tc.nodes === undefined) {
    return err('bad-config', `${where}: needs seconds, movetime, depth or nodes`);
  }
  return ok(tc);
}

/** `where` names the engine in errors: `engines[0]` in the file, `--engine 1` on the command line. */
export function parseEngine(value: unknown, where: string): Result<EngineConfig> {
  if (!isObject(value)) return err('bad-config', `${where}: expected an object with name and cmd`);
  for (const key of Object.keys(value)) {
    if (!['name', 'cmd', 'args', 'options', 'tc', 'cwd', 'protocol', 'rules'].includes(key)) {
      return err('bad-config', `${where}: unknown key '${key}' (keys: name cmd args options tc cwd protocol rules)`);
    }
  }
  if (typeof value.name !== 'string' || value.name.trim() === '') return err('bad-config', `${where}.name: a non-empty string is needed`);
  if (typeof value.cmd !== 'string' || value.cmd.trim() === '') return err('bad-config', `${where}.cmd: a non-empty string is needed`);
  const args = value.args ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string'))
    return err('bad-config', `${where}.args: a list of strings is needed`);
  const options = value.options ?? {};
  if (!isObject(options) || !Object.values(options).every((v) => ['string', 'number', 'boolean'].includes(typeof v))) {
    return err('bad-config', `${where}.options: an object of option names to strings, numbers or booleans is needed`);
  }
  for (const name of Object.keys(options)) {
    const lower = name.toLowerCase();
    if (lower === 'uci_variant' || lower === 'uci_rules') {
      return err(
        'bad-config',
        `${where}.options.${name}: the tournament's variant is set by "variant" (or --variant) for every engine, not by an engine's options`,
      );
    }
  }
  if (value.cwd !== undefined && (typeof value.cwd !== 'string' || value.cwd === ''))
    return err('bad-config', `${where}.cwd: a folder name is needed`);
  const engine: EngineConfig = {
    name: value.name.trim(),
    cmd: value.cmd,
    args: args as string[],
    options: options as Record<string, string | number | boolean>,
  };
  if (typeof value.cwd === 'string') engine.cwd = value.cwd;
  if (value.protocol !== undefined) {
    const protocol = PROTOCOLS.find((p) => p === value.protocol);
    if (protocol === undefined)
      return err('bad-config', `${where}.protocol: '${String(value.protocol)}' must be one of ${PROTOCOLS.join(', ')}`);
    engine.protocol = protocol as Protocol;
  }
  if (value.rules !== undefined) {
    const rules = typeof value.rules === 'string' ? getVariant(value.rules) : undefined;
    if (rules === undefined || !rules.ok)
      return err('bad-config', `${where}.rules: ${rules === undefined ? 'a variant name is needed' : rules.error.message}`);
    engine.rules = value.rules as string;
  }
  if (value.tc !== undefined) {
    const tc = parseTimeControl(value.tc, `${where}.tc`);
    if (!tc.ok) return tc;
    engine.tc = tc.value;
  }
  return ok(engine);
}

/**
 * An engine from command-line text, cutechess style: `name=a cmd=node args="dist/hnefi.js --x"
 * option.Hash=16 tc=10+0.1`; or just a command line (`node dist/hnefi.js`), named after it.
 */
export function parseEngineFlag(text: string, index: number): Result<EngineConfig> {
  const tokens = [...text.matchAll(/(\S+?=)?("[^"]*"|'[^']*'|\S+)/g)].map((m) => (m[1] ?? '') + m[2].replace(/^["']|["']$/g, ''));
  if (!tokens.some((t) => /^(name|cmd)=/.test(t))) {
    const [cmd, ...args] = text.trim().split(/\s+/);
    return parseEngine({ name: `engine${index + 1}`, cmd, args }, `--engine ${index + 1}`);
  }
  const raw: Record<string, unknown> = { options: {} };
  for (const token of tokens) {
    const eq = token.indexOf('=');
    if (eq < 0) {
      return err(
        'bad-config',
        `--engine ${index + 1}: '${token}' is not key=value (keys: name cmd args option.<Name> tc cwd protocol; quote a pair whose option name has spaces whole: "option.Skill Level=5")`,
      );
    }
    const key = token.slice(0, eq);
    const value = token.slice(eq + 1);
    if (key.startsWith('option.')) (raw.options as Record<string, string>)[key.slice(7)] = value;
    else if (key === 'args') raw.args = value.split(/\s+/).filter((a) => a !== '');
    else raw[key] = value;
  }
  return parseEngine(raw, `--engine ${index + 1}`);
}
