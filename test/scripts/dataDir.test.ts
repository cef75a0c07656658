// The maintenance scripts without the recorded games they need: one clear message saying what is
// missing and what to do, not a contradiction.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function script(name: string, args: string[], data: string): { code: number | null; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join('scripts', name), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, HNEFI_DATA: data },
  });
  return { code: run.status, stderr: run.stderr };
}

describe('scripts without their data', () => {
  it('tune-eval says which file is missing and where it goes, or that the variant has no records', () => {
    const empty = mkdtempSync(join(tmpdir(), 'hnefi-nodata-'));
    try {
      const missing = script('tune-eval.ts', ['--variant', 'copenhagen'], empty);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toBe(
        `tune-eval: the recorded games of copenhagen are not in the folder HNEFI_DATA names (${join(empty, 'aagenielsen-copenhagen.jsonl')} is missing): put aagenielsen-copenhagen.jsonl there, or name the folder that holds it with HNEFI_DATA (README.md, "Recorded games")\n`,
      );
      const none = script('tune-eval.ts', ['--variant', 'tablut'], empty);
      expect(none.code).toBe(1);
      expect(none.stderr).toBe(
        'tune-eval: there are no recorded games of tablut: aagenielsen.dk records exist for berserk and copenhagen only\n',
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
