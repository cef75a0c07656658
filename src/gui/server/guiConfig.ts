// The GUI's configuration: the engines the page may use, the address to serve on, the token pages
// must show, the folders a page may read (tournaments to watch, folders of them), and the limits on
// what pages may make the server do. From `--config gui.json` and/or flags (flags win); without any
// engine, Hnefi itself (this build) is the engine.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { err, ok, type Result } from '../../engine/index.js';
import { parseEngine, parseEngineFlag } from '../../tournament/engineConfig.js';
import { DEFAULT_TIMEOUTS, type EngineSpec, type Timeouts } from '../../client/engineClient.js';
import { isLoopback, makeToken } from './access.js';

/** What pages may make the server do. */
export interface GuiLimits {
  /** Pages (WebSocket connections) at once. */
  connections: number;
  /** Engine processes at once, all pages together. */
  engines: number;
  /** Engine processes of one page (its analysis board and two seats: at most 3). */
  enginesPerPage: number;
  /** The longest search a page may ask by time per move or depth, ms. */
  moveMs: number;
  /** The most time on a clock a page may give an engine, ms. */
  clockMs: number;
}

export const DEFAULT_LIMITS: GuiLimits = { connections: 16, engines: 8, enginesPerPage: 3, moveMs: 600_000, clockMs: 3 * 3_600_000 };

export interface GuiConfig {
  host: string;
  port: number;
  engines: EngineSpec[];
  /** Tournament out folders offered for watching (and readable). */
  watch: string[];
  /** Folders under which any tournament folder may be watched. */
  records: string[];
  timeouts: Timeouts;
  /** The secret a page must give; undefined with --no-token. */
  token: string | undefined;
  limits: GuiLimits;
}

export interface GuiFlags {
  config?: string;
  host?: string;
  port?: number;
  engine?: string[];
  watch?: string[];
  records?: string[];
  /** false: --no-token. */
  token?: boolean;
  maxEngines?: number;
  maxConnections?: number;
}

/** The variable that sets the token (so that a restarted server keeps its address). */
export const TOKEN_VARIABLE = 'HNEFI_GUI_TOKEN';

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
  const known = ['host', 'port', 'engines', 'watch', 'records', 'timeouts', 'limits'];
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
  if (!Array.isArray(watch) || !watch.every((w) => typeof w === 'string' && w !== ''))
    return err('bad-config', 'watch: a list of tournament out folders is needed');
  const records = flags.records ?? json.records ?? [];
  if (!Array.isArray(records) || !records.every((w) => typeof w === 'string' && w !== ''))
    return err('bad-config', 'records: a list of folders is needed');
  const limits = parseLimits(json.limits, flags);
  if (!limits.ok) return limits;
  let token: string | undefined;
  if (flags.token === false) {
    if (!isLoopback(host)) return err('bad-config', `--no-token: only with a loopback --host (127.0.0.1, localhost, ::1), not ${host}`);
  } else {
    token = process.env[TOKEN_VARIABLE] ?? makeToken();
    if (!/^[\w.~-]{16,200}$/.test(token)) return err('bad-config', `${TOKEN_VARIABLE}: at least 16 letters, digits or - _ . ~ are needed`);
  }
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
  return ok({ host, port, engines, watch, records, timeouts, token, limits: limits.value });
}

function parseLimits(value: unknown, flags: GuiFlags): Result<GuiLimits> {
  const limits: GuiLimits = { ...DEFAULT_LIMITS };
  if (value !== undefined) {
    if (!isObject(value)) return err('bad-config', `limits: expected {${Object.keys(DEFAULT_LIMITS).join(', ')}}`);
    for (const [key, raw] of Object.entries(value)) {
      if (!(key in DEFAULT_LIMITS))
        return err('bad-config', `limits: unknown key '${key}' (keys: ${Object.keys(DEFAULT_LIMITS).join(' ')})`);
      limits[key as keyof GuiLimits] = raw as number;
    }
  }
  if (flags.maxEngines !== undefined) limits.engines = flags.maxEngines;
  if (flags.maxConnections !== undefined) limits.connections = flags.maxConnections;
  for (const [key, raw] of Object.entries(limits)) {
    if (typeof raw !== 'number' || !Number.isInteger(raw) || raw <= 0)
      return err('bad-config', `limits.${key}: a positive whole number is needed`);
  }
  if (limits.enginesPerPage > 3)
    return err('bad-config', 'limits.enginesPerPage: a page has 3 engine places at most (analysis, attackers, defenders)');
  return ok(limits);
}
