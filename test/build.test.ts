// The bundle writes the hot constants into the code as literals (scripts/build.mjs): a constant left
// as a variable costs V8 a load and a check at each use. esbuild only does this for modules that import
// nothing, so an import added to one of them would undo it silently. The library exports the rules'
// constants, so their definitions and import/export lists stay in the bundle: only other uses count.

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const LITERAL_MODULES = ['src/engine/types.ts', 'src/search/params.ts'];

describe('the bundle', () => {
  const bundle = readdirSync('dist')
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(`dist/${file}`, 'utf8'))
    .join('\n')
    // Comments may name a constant.
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/^(?:import|export) \{[^}]*\}(?: from [^;\n]*)?;?$/gm, '');

  for (const module of LITERAL_MODULES) {
    it(`has the numeric constants of ${module} as literals`, () => {
      const source = readFileSync(module, 'utf8');
      expect(source).not.toMatch(/^import (?!type )/m);
      const names = [...source.matchAll(/^export const ([A-Z][A-Z0-9_]*)(?:: \w+)? = [-(\dA-Z]/gm)].map((m) => m[1]);
      expect(names.length).toBeGreaterThan(5);
      // A definition (`NAME = 3`) is not a use.
      const left = names.filter((name) => new RegExp(`\\b${name}\\b(?!\\s*=[^=])`).test(bundle));
      expect(left).toEqual([]);
    });
  }
});
