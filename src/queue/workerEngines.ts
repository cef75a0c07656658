// A worker's own engines, by name: `--engines workers.json`, a JSON object whose `engines` list is
// written as in a tournament config (so the tournament's config file itself will do: only its
// engines are read). The only commands a worker ever runs come from here or from its own builds.

import { readFileSync } from 'node:fs';
import { err, ok, type Result } from '../engine/index.js';
import { parseEngine, type EngineConfig } from '../tournament/config.js';

export function loadWorkerEngines(file: string): Result<Map<string, EngineConfig>> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return err('bad-engines', `--engines ${file}: ${(e as Error).message}`);
  }
  const list = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>).engines : undefined;
  if (!Array.isArray(list))
    return err('bad-engines', `--engines ${file}: expected {"engines": [{"name": ..., "cmd": ..., "args": [...]}, ...]}`);
  const engines = new Map<string, EngineConfig>();
  for (let i = 0; i < list.length; i++) {
    const engine = parseEngine(list[i], `engines[${i}]`);
    if (!engine.ok) return err('bad-engines', `--engines ${file}: ${engine.error.message}`);
    if (engines.has(engine.value.name)) return err('bad-engines', `--engines ${file}: the name '${engine.value.name}' is used twice`);
    engines.set(engine.value.name, engine.value);
  }
  return ok(engines);
}
