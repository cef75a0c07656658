// End-to-end: the EvalFile option of the built engine, with a real network file and bad ones.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAutoNetwork } from '../../src/protocol/evalFile.js';
import { makeNetwork } from '../../src/search/network/nnue.js';
import { makeModel, quantise } from '../../scripts/nnueModel.js';
import { EngineConversation } from '../support/engineConversation.js';

describe('EvalFile', () => {
  let engine: EngineConversation;
  let folder: string;
  let netFile: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'hnefi-evalfile-'));
    netFile = join(folder, 'berserk.nnue');
    writeFileSync(netFile, makeNetwork(quantise(makeModel('berserk', 11, 16, 3))));
    writeFileSync(join(folder, 'onhand.nnue'), makeNetwork(quantise(makeModel('berserk', 11, 16, 3, true))));
    writeFileSync(join(folder, 'short.nnue'), makeNetwork(quantise(makeModel('berserk', 11, 16, 3))).subarray(0, 100));
    engine = new EngineConversation();
  });
  afterAll(async () => {
    expect(await engine.quit()).toBe(0);
    rmSync(folder, { recursive: true, force: true });
  });

  it('is listed by uci with the shipped network as default', async () => {
    const lines = await engine.until('uciok', 'uci');
    expect(lines).toContain('option name EvalFile type string default auto');
  });

  it('evaluates Copenhagen with the shipped network by default, Berserk with the hand-written evaluation', async () => {
    const copenhagen = await engine.ask('setoption name UCI_Variant value copenhagen', 'position startpos', 'eval');
    expect(
      copenhagen.some((l) => /^Network: -?\d+ cp \+ \d\.\d\d x Total = -?\d+ cp \(EvalFile; the search uses this one\)$/.test(l)),
    ).toBe(true);
    const auto = await engine.ask('setoption name EvalFile value auto');
    expect(auto).toEqual([expect.stringMatching(/^info string evaluation: network \(corner family, 11x11, .*the current rules use it$/)]);
    const berserk = await engine.ask('setoption name UCI_Variant value berserk', 'position startpos', 'eval');
    expect(berserk.some((l) => l.startsWith('Network:'))).toBe(false);
    expect(berserk.some((l) => l.startsWith('Total:'))).toBe(true);
  });

  it('refuses bad files with the reason and keeps the engine usable', async () => {
    const missing = await engine.ask(`setoption name EvalFile value ${join(folder, 'none.nnue')}`);
    expect(missing).toEqual([
      `info string error: EvalFile: cannot read '${join(folder, 'none.nnue')}' (no such file); give a network file, 'auto' or 'hand'`,
    ]);
    const short = await engine.ask(`setoption name EvalFile value ${join(folder, 'short.nnue')}`);
    expect(short[0]).toMatch(/^info string error: EvalFile: '.*short\.nnue' is refused: the network file has 100 bytes/);
    const folderAnswer = await engine.ask(`setoption name EvalFile value ${folder}`);
    expect(folderAnswer[0]).toMatch(/a folder, not a file/);
    const evalLines = await engine.ask('position startpos', 'eval');
    expect(evalLines.some((l) => l.startsWith('Network:'))).toBe(false);
    const go = await engine.until(/^bestmove /, 'go depth 2');
    expect(go.at(-1)).toMatch(/^bestmove [a-k]\d+[a-k]\d+/);
  });

  it('loads a network, evaluates and searches with it (helper threads too), and goes back to hand', async () => {
    const loaded = await engine.ask(`setoption name EvalFile value ${netFile}`);
    expect(loaded).toEqual([
      'info string evaluation: network (berserk family, 11x11, 16 hidden units) for variants of that family and size, the hand-written one elsewhere; the current rules use it',
    ]);
    const evalLines = await engine.ask('position startpos', 'eval');
    expect(evalLines.some((l) => /^Network: -?\d+ cp \(EvalFile; the search uses this one\)$/.test(l))).toBe(true);
    await engine.ask('setoption name Threads value 2');
    const go = await engine.until(/^bestmove /, 'go depth 3');
    expect(go.at(-1)).toMatch(/^bestmove [a-k]\d+[a-k]\d+/);
    await engine.ask('setoption name Threads value 1');
    const onHand = await engine.ask(`setoption name EvalFile value ${join(folder, 'onhand.nnue')}`, 'eval');
    expect(onHand[0]).toMatch(/16 hidden units, added to the hand-written evaluation times 1\.00\) for variants/);
    const total = Number(/^Total: (-?\d+) cp/.exec(onHand.find((l) => l.startsWith('Total:')) ?? '')?.[1]);
    const line = onHand.find((l) => l.startsWith('Network:')) ?? '';
    const [, own, sum] = /^Network: (-?\d+) cp \+ 1\.00 x Total = (-?\d+) cp \(EvalFile; the search uses this one\)$/.exec(line) ?? [];
    expect(Number(sum)).toBe(Number(own) + total);
    const other = await engine.ask('setoption name UCI_Variant value copenhagen', `setoption name EvalFile value ${netFile}`);
    expect(other.at(-1)).toMatch(/the current rules use the hand-written one$/);
    expect(await engine.ask('setoption name EvalFile value hand')).toEqual(['info string evaluation: hand-written']);
  });
});

describe('the network without WebAssembly SIMD', () => {
  // Node's V8 runs WebAssembly SIMD on x86 only with SSE4.1: without it, as in a browser without
  // SIMD. (Other processors have no such switch.)
  const NO_SIMD = ['--no-enable-sse4-1'];

  it.runIf(process.arch === 'x64')('searches as with it, in JavaScript', async () => {
    const simd = spawnSync(process.execPath, [
      ...NO_SIMD,
      '-e',
      `new WebAssembly.Module(require('fs').readFileSync('build/network.wasm'))`,
    ]);
    expect(simd.stderr.toString()).toMatch(/SIMD unsupported/);
    const searches = await Promise.all(
      [[], NO_SIMD].map(async (flags) => {
        const engine = new EngineConversation([], flags);
        const lines = await engine.until(/^bestmove /, 'setoption name UCI_Variant value copenhagen', 'position startpos', 'go depth 6');
        expect(await engine.quit()).toBe(0);
        expect(engine.stderr).toBe('');
        // Without the times, which differ.
        return lines.filter((l) => l.startsWith('info depth') || l.startsWith('bestmove')).map((l) => l.replace(/ (time|nps) \d+/g, ''));
      }),
    );
    expect(searches[0].length).toBeGreaterThan(5);
    expect(searches[1]).toEqual(searches[0]);
  });
});

describe('the default network at start-up', () => {
  it('is none without a file, the network of a good file, and none with the reason for a bad file', () => {
    expect(loadAutoNetwork(undefined)).toEqual({ net: null, problem: undefined });
    const folder = mkdtempSync(join(tmpdir(), 'hnefi-autonet-'));
    try {
      const good = join(folder, 'good.nnue');
      writeFileSync(good, makeNetwork(quantise(makeModel('corner', 11, 8, 5))));
      const loaded = loadAutoNetwork(good);
      expect(loaded.problem).toBeUndefined();
      expect(loaded.net?.hidden).toBe(8);
      const bad = loadAutoNetwork(join(folder, 'none.nnue'));
      expect(bad.net).toBeNull();
      expect(bad.problem).toMatch(/^EvalFile: cannot read '.*none\.nnue' \(no such file\).*; the hand-written evaluation is in use$/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
