// The library as its users import it: docs/library.md's examples run against the built package, found
// by name through node_modules as after `npm install hnefi`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const examples = [...readFileSync(join(root, 'docs/library.md'), 'utf8').matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);

const folder = mkdtempSync(join(tmpdir(), 'hnefi-library-'));
mkdirSync(join(folder, 'node_modules'));
symlinkSync(root, join(folder, 'node_modules', 'hnefi'), 'dir');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function run(code: string, name: string): string {
  writeFileSync(join(folder, name), code);
  return execFileSync(process.execPath, [name], { cwd: folder, encoding: 'utf8', timeout: 30_000 });
}

describe('docs/library.md', () => {
  it('has the two examples', () => {
    expect(examples).toHaveLength(2);
  });

  it('plays a turn and searches from code', () => {
    const out = run(examples[0], 'search.mjs').trim().split('\n');
    expect(out[0]).toBe('58 legal turns for the defenders; game over: false');
    expect(out[1]).toMatch(/^best [a-k]\d+[a-k]\d+, score cp -?\d+, line ([a-k]\d+[a-k]\d+ ?){4}$/);
  });

  it('drives an engine process through the client', () => {
    const code = examples[1].replace(
      "cmd: 'npx', args: ['hnefi']",
      `cmd: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(join(root, 'dist/hnefi.js'))}]`,
    );
    expect(code).not.toBe(examples[1]);
    expect(run(code, 'client.mjs').trim()).toMatch(/^[a-k]\d+[a-k]\d+$/);
  });

  it('keeps the rules free of Node.js modules, for browsers', () => {
    const rules = readFileSync(join(root, 'dist/rules.js'), 'utf8');
    expect(rules).not.toMatch(/from\s*["']node:|require\(/);
    expect(
      run(
        "import { legalTurns, Position, VARIANTS } from 'hnefi/rules';\nconsole.log(legalTurns(Position.start(VARIANTS.brandubh)).length);\n",
        'rules.mjs',
      ).trim(),
    ).toBe('40');
  });
});
