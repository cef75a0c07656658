// The rules and protocol contracts ship in docs/ for users; they must stay the project's contracts
// (shared/ beside the checkout, where it is present).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const shared = (name: string) => fileURLToPath(new URL(`../../shared/${name}`, import.meta.url));
const docs = (name: string) => fileURLToPath(new URL(`../docs/${name}`, import.meta.url));

describe('docs', () => {
  for (const name of ['RULES.md', 'PROTOCOL.md']) {
    it.skipIf(!existsSync(shared(name)))(`docs/${name} is the contract in shared/`, () => {
      expect(readFileSync(docs(name), 'utf8')).toBe(readFileSync(shared(name), 'utf8'));
    });
  }
});
