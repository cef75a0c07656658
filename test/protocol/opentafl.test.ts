// End-to-end: the built engine as an OpenTafl external engine (`--protocol opentafl`), driven by a
// scripted host that sends what OpenTafl sends, in OpenTafl's order (test/protocol/openTaflHost.ts).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ATTACKERS,
  DEFENDERS,
  KING,
  legalTurns,
  parseSquare,
  Position,
  stepFrom,
  stepTo,
  VARIANTS,
  type RuleSet,
} from '../../src/engine/index.js';
import { makeRulesString, parseRulesString } from '../../src/notation/index.js';
import { makePositionRecord, parsePositionRecord } from '../../src/notation/openTaflMoves.js';
import { hostLegalSteps, OpenTaflEngine, playGame } from './openTaflHost.js';

// Attacker a5 takes c6 on c5 (against c7), then may go on to c3 taking d3 (against e3).
const CHAIN_BOARD = '11/11/11/11/2t8/2T2K5/t10/11/3Tt6/11/11';
const chainRules: RuleSet = {
  ...VARIANTS.berserk,
  name: 'chain',
  start: CHAIN_BOARD.split('/').map((rank) => rank.replace(/\d+/g, (n) => '.'.repeat(Number(n)))),
};

let engines: OpenTaflEngine[] = [];
function startEngine(args: string[] = []): OpenTaflEngine {
  const engine = new OpenTaflEngine(args);
  engines.push(engine);
  return engine;
}
afterEach(() => {
  for (const engine of engines) engine.kill();
  engines = [];
});

const statuses = (lines: string[]) => lines.filter((line) => line.startsWith('status '));

describe('OpenTafl external engine', () => {
  it('plays a whole Brandubh game as the defenders, rules sent before its hello', async () => {
    const engine = startEngine();
    const log = await playGame(engine, { rules: VARIANTS.brandubh, engineSide: DEFENDERS, clockMs: 2000, maxTurns: 80, seed: 1 });
    expect(log.lines[0]).toBe('hello');
    expect(log.turns.filter((turn) => turn.side === DEFENDERS).length).toBeGreaterThan(0);
    // A 7x7 board: the engine took the rules (its squares never go past g7).
    for (const turn of log.turns) for (const step of turn.steps) expect(step).toMatch(/^[a-g][1-7]-[a-g][1-7]$/);
    expect(log.finish).toBeGreaterThan(0);
    expect(statuses(log.lines)).toEqual([]);
    expect(await engine.goodbye()).toBe(0);
  });

  it('plays the berserk variant as the attackers until the host stops the game', async () => {
    const engine = startEngine();
    const log = await playGame(engine, { rules: VARIANTS.berserk, engineSide: ATTACKERS, clockMs: 2000, maxTurns: 16, seed: 2 });
    expect(log.turns.length).toBeGreaterThanOrEqual(2);
    expect(statuses(log.lines)).toEqual([]);
    expect(await engine.goodbye()).toBe(0);
  });

  it('answers a berserk chain one step per play', async () => {
    const engine = startEngine();
    const log = await playGame(engine, { rules: chainRules, engineSide: ATTACKERS, clockMs: 2000, maxTurns: 1, seed: 3 });
    expect(log.turns[0]).toEqual({ side: ATTACKERS, steps: ['a5-c5', 'c5-c3'] });
    expect(log.lines.filter((line) => line.startsWith('move '))).toEqual(['move a5-c5', 'move c5-c3']);
    expect(statuses(log.lines)).toEqual([]);
    expect(await engine.goodbye()).toBe(0);
  });

  it('follows a berserk chain of the host sent as one opponent-move', async () => {
    const engine = startEngine();
    const log = await playGame(engine, { rules: chainRules, engineSide: DEFENDERS, clockMs: 2000, maxTurns: 12, seed: 4 });
    expect(log.turns[0]).toEqual({ side: ATTACKERS, steps: ['a5-c5', 'c5-c3'] });
    expect(log.turns[1].side).toBe(DEFENDERS);
    // The chain fitted the engine's game: no resynchronisation from the record was needed.
    expect(statuses(log.lines)).toEqual([]);
    expect(await engine.goodbye()).toBe(0);
  });

  it('after error 2 offers another move, and the game goes on', async () => {
    const engine = startEngine();
    const log = await playGame(engine, {
      rules: VARIANTS.copenhagen,
      engineSide: ATTACKERS,
      clockMs: 2000,
      maxTurns: 8,
      seed: 5,
      refuseTurn: 2,
    });
    expect(log.refused).toHaveLength(1);
    expect(log.retried).toHaveLength(1);
    expect(log.retried[0]).not.toBe(log.refused[0]);
    expect(statuses(log.lines).some((line) => line.includes(`refused ${log.refused[0]} (illegal move)`))).toBe(true);
    expect(log.turns.length).toBe(8);
    expect(await engine.goodbye()).toBe(0);
  });

  it('analyzes a position given by position and side', async () => {
    const engine = startEngine();
    // Defenders to move, the king on a4 with a free file to the corners a1 and a7.
    const record = '/3t3/3t3/3T3/K1t1Ttt/3T3/3t3/3t3/';
    engine.send(
      `rules ${makeRulesString(VARIANTS.brandubh)}`,
      `position ${record}`,
      'side defenders',
      'clock 5000 5000 0 0 0',
      'analyze 3 1',
    );
    const line = await engine.next(/^analysis /);
    const fields = line.split(' ');
    const count = Number(fields[1]);
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(3);
    expect(fields.length).toBe(2 + 2 * count);
    const pos = parsePositionRecord(VARIANTS.brandubh, record, DEFENDERS);
    if (!pos.ok) throw new Error(pos.error.message);
    const firstSteps = new Set(legalTurns(pos.value).map((turn) => turn[0]));
    for (let i = 0; i < count; i++) {
      const moves = fields[2 + 2 * i].split('|');
      const m = /^([a-g][1-7])-([a-g][1-7])$/.exec(moves[0]);
      expect(m).not.toBeNull();
      const from = parseSquare(pos.value.geo, (m as RegExpExecArray)[1]);
      const to = parseSquare(pos.value.geo, (m as RegExpExecArray)[2]);
      expect(from.ok && to.ok).toBe(true);
      if (from.ok && to.ok) expect([...firstSteps].some((step) => stepFrom(step) === from.value && stepTo(step) === to.value)).toBe(true);
      expect(Number.isFinite(Number(fields[3 + 2 * i]))).toBe(true);
    }
    // The best line escapes at once: a forced win for the defenders, negative from the attackers' view.
    expect(['a4-a1', 'a4-a7']).toContain(fields[2]);
    expect(Number(fields[3])).toBeLessThanOrEqual(-9000);
    expect(await engine.goodbye()).toBe(0);
  });

  it('refuses rules it cannot play with a status naming every refused entry and error -1', async () => {
    const engine = startEngine();
    engine.send('rules dim:7 name:Brandub surf:n atkf:y ks:w sw:w mj:r start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/');
    const status = await engine.next(/^status /);
    expect(status).toContain("'sw:w'");
    expect(status).toContain("'mj:r'");
    expect(await engine.next(/^error /)).toMatch(/^error -1 /);
    expect(await engine.goodbye()).toBe(0);
  });

  it("plays OpenTafl's Magpie (middleweight king, speed limits): the king steps one square at a time", async () => {
    const engine = startEngine(['--movetime', '200']);
    const magpie = 'dim:7 name:Magpie surf:n atkf:y ks:m spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
    const rules = parseRulesString(magpie);
    if (!rules.ok) throw new Error(rules.error.message);
    const log = await playGame(engine, {
      rules: rules.value,
      rulesString: magpie,
      engineSide: DEFENDERS,
      clockMs: 1000,
      maxTurns: 40,
      seed: 5,
    });
    expect(statuses(log.lines)).toEqual([]);
    // Every engine step was legal under the rules (playGame referees); the king's are one square long.
    const pos = Position.start(rules.value);
    let kingSteps = 0;
    for (const turn of log.turns) {
      for (const step of turn.steps) {
        const [from, to] = step.split('-').map((name) => parseSquare(pos.geo, name));
        if (!from.ok || !to.ok) throw new Error(step);
        if (pos.board[from.value] === KING) {
          kingSteps++;
          expect(Math.abs(from.value - to.value), step).toBeOneOf([1, pos.geo.stride]);
        }
        pos.makeStep(from.value | (to.value << 9));
      }
    }
    expect(kingSteps).toBeGreaterThan(0);
    expect(await engine.goodbye()).toBe(0);
  });

  it("plays OpenTafl's Foteviken Tablut (forts) and its Copenhagen with the relaxed shield wall", async () => {
    const games = [
      'dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK aforp:tcnkTCNK cens: cenh: cenhe:K aforh:K cenre: aforre: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/',
      'dim:11 name:Copenhagen_(relaxed_shieldwall) atkf:y tfr:w sw:s swf:n efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/',
    ];
    for (const [i, text] of games.entries()) {
      const engine = startEngine(['--movetime', '200']);
      const rules = parseRulesString(text);
      if (!rules.ok) throw new Error(rules.error.message);
      const log = await playGame(engine, {
        rules: rules.value,
        rulesString: text,
        engineSide: ATTACKERS,
        clockMs: 1000,
        maxTurns: 16,
        seed: 6 + i,
      });
      expect(log.turns.filter((turn) => turn.side === ATTACKERS).length).toBeGreaterThan(0);
      expect(statuses(log.lines)).toEqual([]);
      expect(await engine.goodbye()).toBe(0);
    }
  });

  it('resynchronises from the position record when the moves do not fit', async () => {
    const engine = startEngine();
    const rules = VARIANTS.brandubh;
    // The host says b4-b6 but its board shows a4-a3 played.
    const record = '/3t3/3t3/t2T3/1tTKTtt/3T3/3t3/3t3/';
    engine.send(`rules ${makeRulesString(rules)}`, `opponent-move b4-b6 ${record}`, 'clock 2000 2000 0 0 0', 'play defenders');
    expect(await engine.next(/^status /)).toContain('continuing from the position record');
    const move = await engine.next(/^move /);
    const pos = parsePositionRecord(rules, record, DEFENDERS);
    if (!pos.ok) throw new Error(pos.error.message);
    const [from, to] = move
      .slice(5)
      .split('-')
      .map((name) => parseSquare(pos.value.geo, name));
    expect(from.ok && to.ok).toBe(true);
    if (from.ok && to.ok) expect(hostLegalSteps(pos.value).some((s) => stepFrom(s) === from.value && stepTo(s) === to.value)).toBe(true);
    expect(makePositionRecord(pos.value)).toBe(record);
    expect(await engine.goodbye()).toBe(0);
  });

  it('a first clock that comes after play restarts the search with it', async () => {
    // Without a clock the engine would think for a minute per move.
    const engine = startEngine(['--movetime', '60000']);
    engine.send(`rules ${makeRulesString(VARIANTS.brandubh)}`, 'play attackers', 'clock 1000 1000 0 0 0');
    expect(await engine.next(/^move /, 20_000)).toMatch(/^move [a-g][1-7]-[a-g][1-7]$/);
    expect(await engine.goodbye()).toBe(0);
  });

  it('finish drops the running search: no move follows; end of input ends the engine', async () => {
    const engine = startEngine();
    engine.send(`rules ${makeRulesString(VARIANTS.berserk)}`, 'clock 600000 600000 0 0 0', 'play attackers', 'finish 0');
    engine.child.stdin.end();
    expect(await engine.exited).toBe(0);
    expect(engine.lines.filter((line) => line.startsWith('move'))).toEqual([]);
  });
});

describe('the engines .ini file in docs/opentafl.md and the README', () => {
  it('has every key OpenTafl reads, non-empty arguments, and starts the engine as OpenTafl would', async () => {
    const text = readFileSync(fileURLToPath(new URL('../../docs/opentafl.md', import.meta.url)), 'utf8');
    const block = /```ini\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
    expect(block.split('\n')[0]).toBe('[engine]');
    const entries = new Map(
      block
        .split('\n')
        .slice(1)
        .filter((line) => line.includes('='))
        .map((line) => {
          const at = line.indexOf('=');
          return [line.slice(0, at), line.slice(at + 1)] as const;
        }),
    );
    for (const key of ['directory', 'filename', 'command', 'arguments', 'name']) expect(entries.get(key)).toBeTruthy();
    // The README shows the same file.
    const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
    expect(/```ini\n([\s\S]*?)```/.exec(readme)?.[1]).toBe(block);
    // An OpenTafl folder whose engines/hnefi is this checkout (as the text says to set it up).
    const openTafl = mkdtempSync(join(tmpdir(), 'opentafl-'));
    mkdirSync(join(openTafl, 'engines'));
    symlinkSync(fileURLToPath(new URL('../..', import.meta.url)), join(openTafl, 'engines', 'hnefi'));
    try {
      const directory = join(openTafl, 'engines', entries.get('directory') as string);
      expect(existsSync(join(directory, entries.get('filename') as string))).toBe(true);
      // OpenTafl splits the arguments at single spaces and runs the command in the directory.
      const command = entries.get('command') === 'node' ? process.execPath : (entries.get('command') as string);
      const child = spawnSync(command, (entries.get('arguments') as string).split(' '), {
        cwd: directory,
        input: 'goodbye\n',
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(child.stdout.split('\n')[0]).toBe('hello');
      expect(child.status).toBe(0);
    } finally {
      rmSync(openTafl, { recursive: true, force: true });
    }
  });
});
