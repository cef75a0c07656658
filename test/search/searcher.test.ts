import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  generateSteps,
  getVariant,
  legalTurns,
  NO_SQUARE,
  NO_WINNER,
  playTurn,
  Position,
  SQ_CORNER,
  stepCaptures,
  VARIANT_IDS,
} from '../../src/engine/index.js';
import { makeTfen, makeTurn } from '../../src/notation/index.js';
import { bench, Searcher, type SearchInfo } from '../../src/search/index.js';
import { kingOpenLines } from '../../src/search/evaluation/evaluate.js';
import { nodeThreadStarter } from '../../src/search/threads/nodeThreads.js';
import { loadTfen as load, placePieces as place } from '../support/positions.js';

function run(pos: Position, depth: number, options = {}): { best: string | null; infos: SearchInfo[]; turn: number[] | null } {
  const infos: SearchInfo[] = [];
  const result = new Searcher({ hashMB: 8, ...options }).search(pos, { depth }, new Int32Array(1), (info) => infos.push(info));
  return { best: result.best && makeTurn(pos, result.best), infos, turn: result.best };
}

function isLegal(pos: Position, turn: number[] | null): boolean {
  if (!turn) return false;
  const text = makeTurn(pos, turn);
  return legalTurns(pos).some((t) => makeTurn(pos, t) === text);
}

/** The king on the edge, shut in by attackers he cannot take and who cannot take him (he plays no part). */
const WALLED_KING = { k6: 'K', k7: 't', k5: 't', j6: 't' };

const last = (infos: SearchInfo[]): SearchInfo => infos[infos.length - 1];

describe('Searcher', () => {
  it('finds a one-turn escape and reports it as mate 1', () => {
    // King on c11 with open lines to a11 and k11.
    const pos = place('copenhagen', 'd', { c11: 'K', e5: 't', d1: 'T' });
    const { best, infos } = run(pos, 3);
    expect(['c11a11', 'c11k11']).toContain(best);
    expect(last(infos).score).toEqual({ kind: 'mate', value: 1 });
  });

  it('counts a double escape threat as a win in two turns, already at depth 1', () => {
    // d4g4 opens lines to g1 and g7: the attackers block one, the king takes the other corner.
    const pos = load('brandubh', '3t3/7/7/1t1K3/7/7/7 d -');
    for (const depth of [1, 2, 3]) {
      const { best, infos } = run(pos, depth);
      expect(best).toBe('d4g4');
      expect(last(infos).score).toEqual({ kind: 'mate', value: 2 });
    }
  });

  it('finds the same forced results again on a table its earlier searches filled', () => {
    // The entries earlier searches stored (the quiescence search's included) must not change a forced result.
    const searcher = new Searcher({ hashMB: 8 });
    const fork = load('brandubh', '3t3/7/7/1t1K3/7/7/7 d -');
    const lost = place('copenhagen', 'a', { c11: 'K', e5: 't', d1: 'T' });
    for (let round = 0; round < 2; round++) {
      for (const depth of [1, 2, 3]) {
        const infos: SearchInfo[] = [];
        const result = searcher.search(fork, { depth }, new Int32Array(1), (info) => infos.push(info));
        expect(result.best && makeTurn(fork, result.best)).toBe('d4g4');
        expect(last(infos).score).toEqual({ kind: 'mate', value: 2 });
      }
      const infos: SearchInfo[] = [];
      searcher.search(lost, { depth: 3 }, new Int32Array(1), (info) => infos.push(info));
      expect(last(infos).score).toEqual({ kind: 'mate', value: -1 });
    }
  });

  it('sees a lost position as mate -1 when two escape lines cannot both be blocked', () => {
    const pos = place('copenhagen', 'a', { c11: 'K', e5: 't', d1: 'T' });
    const { infos } = run(pos, 3);
    expect(last(infos).score).toEqual({ kind: 'mate', value: -1 });
  });

  it('keeps to searchmoves and stops at a mate limit', () => {
    const pos = place('copenhagen', 'd', { c11: 'K', e5: 't', d1: 'T' });
    const only = legalTurns(pos).filter((turn) => makeTurn(pos, turn) === 'd1d4');
    expect(only).toHaveLength(1);
    const restricted = new Searcher({ hashMB: 8 }).search(pos, { depth: 2, searchmoves: only }, new Int32Array(1), () => undefined);
    expect(restricted.best && makeTurn(pos, restricted.best)).toBe('d1d4');
    const infos: SearchInfo[] = [];
    const mate = new Searcher({ hashMB: 8 }).search(pos, { mate: 1 }, new Int32Array(1), (info) => infos.push(info));
    expect(['c11a11', 'c11k11']).toContain(mate.best && makeTurn(pos, mate.best));
    expect(last(infos).score).toEqual({ kind: 'mate', value: 1 });
    expect(last(infos).depth).toBe(1);
  });

  it("blocks a king's open line", () => {
    // King on d11 sees a11 along rank 11; attackers on b8 and c5 can close it.
    const pos = place('copenhagen', 'a', { d11: 'K', e11: 't', d10: 'T', b8: 't', c5: 't', h1: 'T' });
    const { turn } = run(pos, 3);
    expect(isLegal(pos, turn)).toBe(true);
    playTurn(pos, turn!);
    expect(kingOpenLines(pos, SQ_CORNER)).toBe(0);
  });

  it('captures the king when it can', () => {
    // King on f8 with attackers on e8, g8, f9; the one on c7 closes the ring on f7.
    const pos = place('copenhagen', 'a', { f8: 'K', e8: 't', g8: 't', f9: 't', c7: 't', b1: 'T' });
    const { best, infos } = run(pos, 2);
    expect(best).toBe('c7f7');
    expect(last(infos).score).toEqual({ kind: 'mate', value: 1 });
  });

  it('plays a berserk chain that captures three times as one turn', () => {
    // a5-c5 takes d5 (anvil e5); the run goes on c5-c8 taking c9 (anvil c10), then c8-k8 taking k7
    // against the king.
    const pos = place('berserk', 'd', { ...WALLED_KING, a5: 'T', d5: 't', e5: 'T', c9: 't', c10: 'T' });
    const { best, turn } = run(pos, 3);
    expect(isLegal(pos, turn)).toBe(true);
    expect(best).toBe('a5c5c8k8');
  });

  it('returns a legal whole turn in every variant', () => {
    for (const id of VARIANT_IDS) {
      const rules = getVariant(id);
      if (!rules.ok) throw new Error(rules.error.message);
      const pos = Position.start(rules.value);
      // Alea Evangelii's 588 first turns make even depth 2 slow for a unit test.
      const { turn, infos } = run(pos, id === 'alea-evangelii' ? 1 : 2);
      expect(isLegal(pos, turn), id).toBe(true);
      expect(last(infos).pv.length, id).toBeGreaterThan(0);
    }
  });

  it('returns a legal whole turn in random positions of every variant, mid-run ones included', () => {
    const buffer = new Int32Array(8192);
    let state = 12345;
    const next = (n: number): number => {
      state = (Math.imul(state, 1103515245) + 12345) | 0;
      return ((state >>> 8) & 0xffff) % n;
    };
    let checked = 0;
    let midRun = 0;
    for (const id of VARIANT_IDS) {
      if (id === 'alea-evangelii') continue;
      const rules = getVariant(id);
      if (!rules.ok) throw new Error(rules.error.message);
      for (let game = 0; game < 3; game++) {
        const pos = Position.start(rules.value);
        // Random steps, captures preferred so that runs open and the board thins out.
        // In berserk variants the last game goes on until a run is open (or 200 steps).
        const seekRun = rules.value.berserk && game === 2;
        const plies = seekRun ? 200 : 10 + next(40);
        for (let ply = 0; ply < plies && pos.winner === NO_WINNER && !(seekRun && pos.berserker !== NO_SQUARE); ply++) {
          const n = generateSteps(pos, buffer, 0);
          if (n === 0) break;
          let pick = next(n);
          for (let i = 0; i < n; i++) if (buffer[i] !== 0 && stepCaptures(pos, buffer[i] & 511, buffer[i] >>> 9) && next(2) === 0) pick = i;
          pos.makeStep(buffer[pick]);
        }
        if (pos.berserker !== NO_SQUARE) midRun++;
        const { turn } = run(pos, 2);
        if (legalTurns(pos).length === 0) expect(turn).toBeNull();
        else expect(isLegal(pos, turn), `${id} ${makeTfen(pos)}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(midRun).toBeGreaterThan(0);
  });

  it('ends an open run with 0000 or continues it', () => {
    // Mid-run: the defender on c5 has just taken d5 and may go on to c8 taking c9, then to k8 taking k7.
    const pos = place('berserk', 'd', { ...WALLED_KING, c5: 'T', e5: 'T', c9: 't', c10: 'T' }, 'c5');
    const { best, turn } = run(pos, 2);
    expect(isLegal(pos, turn)).toBe(true);
    expect(best).toBe('c5c8k8');
  });

  it('gives no move when the game is over', () => {
    const pos = place('copenhagen', 'a', { a11: 'K', e5: 't', d1: 'T' });
    expect(pos.winner).not.toBe(NO_WINNER);
    expect(run(pos, 2).turn).toBeNull();
  });

  it('honours the stop flag', () => {
    const rules = getVariant('berserk');
    if (!rules.ok) throw new Error(rules.error.message);
    const pos = Position.start(rules.value);
    const stop = new Int32Array(1);
    const searcher = new Searcher({ hashMB: 8 });
    let reports = 0;
    const result = searcher.search(pos, { infinite: true }, stop, (info) => {
      reports++;
      if (info.depth >= 2) stop[0] = 1;
    });
    expect(reports).toBeGreaterThan(0);
    expect(isLegal(pos, result.best)).toBe(true);
  });

  it('counts its time from the go (startTime): a go whose time ran out while it waited plays at once', () => {
    const rules = getVariant('copenhagen');
    if (!rules.ok) throw new Error(rules.error.message);
    const pos = Position.start(rules.value);
    const infos: SearchInfo[] = [];
    const startTime = performance.timeOrigin + performance.now() - 60_000;
    const result = new Searcher({ hashMB: 8 }).search(pos, { movetime: 1000, startTime }, new Int32Array(1), (info) => infos.push(info));
    expect(isLegal(pos, result.best)).toBe(true);
    expect(Math.max(0, ...infos.map((info) => info.depth))).toBeLessThanOrEqual(1);
    expect(infos.length).toBeGreaterThan(0);
    expect(Math.min(...infos.map((info) => info.timeMs))).toBeGreaterThanOrEqual(60_000);
  });

  it('stops at a node limit with a legal move', () => {
    const rules = getVariant('copenhagen');
    if (!rules.ok) throw new Error(rules.error.message);
    const pos = Position.start(rules.value);
    const infos: SearchInfo[] = [];
    const result = new Searcher({ hashMB: 8 }).search(pos, { nodes: 5000 }, new Int32Array(1), (info) => infos.push(info));
    expect(isLegal(pos, result.best)).toBe(true);
  });

  it('ends its output with the line of the turn it plays, also when stopped mid-iteration', () => {
    // Find an iteration whose best first step differs from the one before, then stop that search one
    // node before the iteration ends: it plays the new step, and its last line must say so.
    const rules = getVariant('brandubh');
    if (!rules.ok) throw new Error(rules.error.message);
    const pos = Position.start(rules.value);
    const { infos } = run(pos, 4);
    const complete = infos.filter((info) => info.score.bound === undefined);
    const changed = complete.findIndex((info, i) => i > 0 && info.pv[0].join() !== complete[i - 1].pv[0].join());
    expect(changed, 'an iteration changes the best step').toBeGreaterThan(0);
    const stopped: SearchInfo[] = [];
    const limits = { depth: 4, nodes: complete[changed].nodes - 1 };
    const result = new Searcher({ hashMB: 8 }).search(pos, limits, new Int32Array(1), (info) => stopped.push(info));
    expect(result.best).toEqual(complete[changed].pv[0]);
    expect(last(stopped).pv[0]).toEqual(result.best);
    expect(last(stopped).depth).toBe(complete[changed].depth);
  });

  it('bench counts the same nodes every run', () => {
    const a = bench(2);
    const b = bench(2);
    expect(a.nodes).toBeGreaterThan(0);
    expect(b.nodes).toBe(a.nodes);
  });
});

describe('Searcher with helper threads', () => {
  const helperFile = fileURLToPath(new URL('../../dist/search-helper.js', import.meta.url));
  it.skipIf(!existsSync(helperFile))('searches with two threads on a shared table and returns a legal turn', () => {
    const rules = getVariant('copenhagen');
    if (!rules.ok) throw new Error(rules.error.message);
    const pos = Position.start(rules.value);
    const searcher = new Searcher({ hashMB: 8, threads: 2 }, { startHelper: nodeThreadStarter(helperFile, { background: true }) });
    try {
      // Two searches, then a new table size, a new game and a third thread between searches.
      const changes = [{}, { hashMB: 4 }, { threads: 3 }];
      for (const change of changes) {
        searcher.setOptions(change);
        searcher.newGame();
        const infos: SearchInfo[] = [];
        const result = searcher.search(pos, { depth: 5 }, new Int32Array(1), (info) => infos.push(info));
        expect(isLegal(pos, result.best)).toBe(true);
        expect(last(infos).depth).toBe(5);
      }
    } finally {
      searcher.stopHelpers();
    }
  });

  it.skipIf(!existsSync(helperFile))('plays the last line it reports when a node limit stops it, its own or a helper line', () => {
    const rules = getVariant('berserk');
    if (!rules.ok) throw new Error(rules.error.message);
    const pos = Position.start(rules.value);
    const searcher = new Searcher({ hashMB: 8, threads: 2 }, { startHelper: nodeThreadStarter(helperFile, { background: true }) });
    try {
      for (const nodes of [3000, 20000, 60000]) {
        searcher.newGame();
        const infos: SearchInfo[] = [];
        const result = searcher.search(pos, { nodes }, new Int32Array(1), (info) => infos.push(info));
        expect(isLegal(pos, result.best)).toBe(true);
        expect(last(infos).pv[0]).toEqual(result.best);
      }
    } finally {
      searcher.stopHelpers();
    }
  });
});

describe('Searcher options', () => {
  it('plays legal turns at every Skill Level', () => {
    const rules = getVariant('brandubh');
    if (!rules.ok) throw new Error(rules.error.message);
    const pos = Position.start(rules.value);
    for (const skillLevel of [0, 5, 10, 19]) {
      const { turn } = run(pos, 3, { skillLevel });
      expect(isLegal(pos, turn), `skill ${skillLevel}`).toBe(true);
    }
  });

  it('reports MultiPV lines with distinct first turns, best first', () => {
    const rules = getVariant('brandubh');
    if (!rules.ok) throw new Error(rules.error.message);
    const pos = Position.start(rules.value);
    const { infos } = run(pos, 3, { multiPV: 3 });
    const final = infos.filter((info) => info.depth === 3 && !info.score.bound);
    expect(final.map((info) => info.multipv)).toEqual([1, 2, 3]);
    const firsts = final.map((info) => makeTurn(pos, info.pv[0]));
    expect(new Set(firsts).size).toBe(3);
    const values = final.map((info) => info.score.value);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });
});
