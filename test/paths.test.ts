// No tracked file names a folder of the machine the project was developed on: data is named by a
// path relative to the repository, by an option or by HNEFI_DATA (README.md, "Recorded games").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// Written in pieces so that this file does not name them itself.
const MACHINE_FOLDERS = ['work', 'root', 'tmp', 'home'].map((name) => new RegExp(`(^|[\\s'"\`(=:])/${name}/`));

describe('repository files', () => {
  it('name no absolute folder of a machine', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f !== '');
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const file of files) {
      if (/\.(png|jpg|ico)$/.test(file)) continue;
      readFileSync(`${root}${file}`, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (MACHINE_FOLDERS.some((pattern) => pattern.test(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
