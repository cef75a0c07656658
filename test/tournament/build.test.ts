// `hnefi compare` builds revisions from git: extraction, node_modules, build, reuse.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildRevision } from '../../src/tournament/build.js';

describe('building a revision for compare', () => {
  it('names a revision that does not exist', () => {
    const built = buildRevision('no-such-branch-xyz', () => {});
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.error.message).toContain("'no-such-branch-xyz' is not a commit");
  });

  it('builds HEAD into a folder of its own that runs as an engine, and reuses it', () => {
    const log: string[] = [];
    const built = buildRevision('HEAD', (line) => log.push(line));
    if (!built.ok) throw new Error(built.error.message);
    expect(built.value.commit).toBe(execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim());
    const reply = execFileSync(process.execPath, [built.value.entry], { input: 'uci\nquit\n', encoding: 'utf8' });
    expect(reply).toContain('uciok');
    const again = buildRevision('HEAD', (line) => log.push(line));
    expect(again.ok && again.value.entry).toBe(built.value.entry);
    expect(log[log.length - 1]).toContain('reusing');
  });
});
