// A worker's own engines, by name, and the engine options jobs may set: `--engines workers.json`, a
// JSON object whose `engines` list is written as in a tournament config (so the tournament's config
// file itself will do: only its engines are read), with an optional `jobOptions` list of option names.
// The only commands a worker ever runs come from here or from its own builds.

import { readFileSync } from 'node:fs';
import { err, ok, type Result } from '../engine/index.js';
import { parseEngine, type EngineConfig } from '../tournament/engineConfig.js';

export interface WorkerEngines {
  engines: Map<string, EngineConfig>;
  /** Option names a job may set to any value (others only to the worker's own value). */
  jobOptions: string[];
}

export function loadWorkerEngines(file: string): Result<WorkerEngines> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return err('bad-engines', `--engines ${file}: ${(e as Error).message}`);
  }
  const object = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  const list = object.engines;
  if (!Array.isArray(list))
    return err('bad-engines', `--engines ${file}: expected {"engines": [{"name": ..., "cmd": ..., "args": [...]}, ...]}`);
  const engines = new Map<string, EngineConfig>();
  for (let i = 0; i < list.length; i++) {
    const engine = parseEngine(list[i], `engines[${i}]`);
    if (!engine.ok) return err('bad-engines', `--engines ${file}: ${engine.error.message}`);
    if (engines.has(engine.value.name)) return err('bad-engines', `--engines ${file}: the name '${engine.value.name}' is used twice`);
    engines.set(engine.value.name, engine.value);
  }
  const jobOptions = object.jobOptions ?? [];
  if (!Array.isArray(jobOptions) || !jobOptions.every((o) => typeof o === 'string' && o.trim() !== ''))
    return err('bad-engines', `--engines ${file}: jobOptions: a list of option names is needed, like ["Hash", "Threads"]`);
  if (jobOptions.some((o) => /^uci_(variant|rules)$/i.test(o)))
    return err('bad-engines', `--engines ${file}: jobOptions: the tournament's variant decides the rules (UCI_Variant, UCI_Rules)`);
  return ok({ engines, jobOptions });
}
