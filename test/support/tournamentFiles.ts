// What the tournament tests share: the built engine and the broken-engine fixture, a temporary folder
// per test file (the engine built first when dist/ is missing), and results.jsonl read back.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { GameResult } from '../../src/tournament/summary.js';

export const ENGINE = resolve('dist/hnefi.js');
export const BROKEN = resolve('test/fixtures/brokenEngine.mjs');

/** A fresh folder for this test file, removed after it; the returned function gives its path. */
export function temporaryFolder(prefix: string): () => string {
  let dir = '';
  beforeAll(() => {
    if (!existsSync(ENGINE)) execFileSync('npm', ['run', 'build', '--silent']);
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}

/** The lines of a JSON-lines file, blank lines left out. */
export const readLines = (file: string): string[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');

export const readResults = (file: string): GameResult[] => readLines(file).map((line) => JSON.parse(line) as GameResult);
