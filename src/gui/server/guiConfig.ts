// The GUI's configuration: the engines the page may use, the address to serve on, and tournament
// folders to offer for watching. From `--config gui.json` and/or flags (flags win); without any
// engine, Hnefi itself (this build) is the engine.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { err, ok, type Result } from '../../engine/index.js';
import { parseEngine, parseEngineFlag } from '../../tournament/config.js';
import { DEFAULT_TIMEOUTS, type EngineSpec, type Timeouts } from '../../client/engineClient.js';

export interface GuiConfig {
  host: string;
  port: number;
  engines: EngineSpec[];
  watch: string[];
  timeouts: Timeouts;
}

export interface GuiFlags {
  config?: string;
  host?: string;
  port?: number;
  engine?: string[];
  watch?: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** This build of Hnefi, run by the Node.js that runs the GUI. */
export function selfEngine(): EngineSpec {
  const entry = join(dirname(fileURLToPath(import.meta.url)), 'hnefi.js');
  return { name: 'Hnefi', cmd: process.execPath, args: [entry], options: {} };
}

export function loadGuiConfig(flags: GuiFlags): Result<GuiConfig> {
  let json: Record<string, unknown> = {};
  if (flags.config !== undefined) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(flags.config, 'utf8'));
      if (!isObject(parsed)) return err('bad-config', `--config ${flags.config}: the config must be a JSON object`);
      json = parsed;
    } catch (e) {
      return err('bad-config', `--config ${flags.config}: ${(e as Error).message}`);
    }
  }
  return makeGuiConfig(json, flags);
}

export function makeGuiConfig(json: Record<string, unknown>, flags: GuiFlags): Result<GuiConfig> {
  const known = ['host', 'port', 'engines', 'watch', 'timeouts'];
  for (const key of Object.keys(json)) {
    if (!known.includes(key)) return err('bad-config', `unknown config key '${key}' (keys: ${known.join(' ')})`);
  }
  const host = flags.host ?? json.host ?? '127.0.0.1';
  if (typeof host !== 'string' || host === '') return err('bad-config', 'host: an address is needed, like 127.0.0.1');
  const port = flags.port ?? json.port ?? 8080;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65535) {
    return err('bad-config', `port: ${JSON.stringify(port)} is not a port number (0-65535; 0 picks a free one)`);
  }
  const engines: EngineSpec[] = [];
  if (flags.engine !== undefined && flags.engine.length > 0) {
    for (let i = 0; i < flags.engine.length; i++) {
      const engine = parseEngineFlag(flags.engine[i], i);
      if (!engine.ok) return engine;
      engines.push(engine.value);
    }
  } else if (json.engines !== undefined) {
    if (!Array.isArray(json.engines)) return err('bad-config', 'engines: a list is needed');
    for (let i = 0; i < json.engines.length; i++) {
      const engine = parseEngine(json.engines[i], `engines[${i}]`);
      if (!engine.ok) return engine;
      engines.push(engine.value);
    }
  }
  if (engines.length === 0) engines.push(selfEngine());
  const names = new Set<string>();
  for (const engine of engines) {
    if (names.has(engine.name)) return err('bad-config', `engines: the name '${engine.name}' is used twice; names must differ`);
    names.add(engine.name);
  }
  const watch = flags.watch ?? json.watch ?? [];
  if (!Array.isArray(watch) || !watch.every((w) => typeof w === 'string'))
    return err('bad-config', 'watch: a list of tournament out folders is needed');
  const timeouts: Timeouts = { ...DEFAULT_TIMEOUTS };
  if (json.timeouts !== undefined) {
    if (!isObject(json.timeouts)) return err('bad-config', 'timeouts: expected {"startMs", "readyMs", "pingMs"}');
    for (const [key, raw] of Object.entries(json.timeouts)) {
      if (key !== 'startMs' && key !== 'readyMs' && key !== 'pingMs')
        return err('bad-config', `timeouts: unknown key '${key}' (keys: startMs readyMs pingMs)`);
      if (typeof raw !== 'number' || !Number.isInteger(raw) || raw <= 0)
        return err('bad-config', `timeouts.${key}: a positive whole number of ms is needed`);
      timeouts[key] = raw;
    }
  }
  return ok({ host, port, engines, watch, timeouts });
}
