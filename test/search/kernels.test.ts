import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as engine from '../../src/engine/index.js';
import {
  EMPTY,
  forbiddenFilterActive,
  generateSteps,
  KING,
  NO_SQUARE,
  type Position,
  slideKey,
  SQ_CORNER,
  SQ_EDGE,
  VARIANT_IDS,
} from '../../src/engine/index.js';
import { SearchArena } from '../../src/search/kernels/arena.js';
import { ArenaSlot } from '../../src/search/kernels/arenaLayout.js';
import { CaptureGenerator, captureSquares, stepsOnto } from '../../src/search/ordering/captures.js';
import { Evaluator, kingOpenLines } from '../../src/search/evaluation/evaluate.js';
import { scoreKingSlides } from '../../src/search/ordering/kingSlides.js';
import { QuietHistory } from '../../src/search/ordering/history.js';
import { StepScorer } from '../../src/search/ordering/stepScorer.js';
import { pickBest } from '../../src/search/ordering/stepPicker.js';
import { bookPositions, random, randomGamePositions, rulesOf } from '../support/kernelPositions.js';

function same(a: Int32Array, b: Int32Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** A step scorer without the arena and one with it, each with a history of its own. */
function scorerPair(arena: SearchArena): { histories: QuietHistory[]; scorer: StepScorer; arenaScorer: StepScorer } {
  const histories = [new QuietHistory(), new QuietHistory()];
  return { histories, scorer: new StepScorer(histories[0]), arenaScorer: new StepScorer(histories[1], arena) };
}

/** A comparison's set-up: the position placed in the arena, its escape flag, and random picks among its steps. */
function setUp(arena: SearchArena, plain: Position, index: number, legal: Int32Array) {
  const placed = arena.place(plain);
  const escapeFlag = plain.rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE;
  const next = random(index + 1);
  const n = generateSteps(plain, legal, 0);
  const pick = (): number => (n > 0 ? legal[Math.floor(next() * n)] : 0);
  return { placed, escapeFlag, next, pick };
}

describe('the WebAssembly kernels agree with their JavaScript twins', () => {
  const arena = SearchArena.create();
  const positions = [...VARIANT_IDS.flatMap((id) => randomGamePositions(rulesOf(id), id.length * 7919, 2)), ...bookPositions(4)];

  it('has an arena here (Node.js has WebAssembly)', () => {
    expect(arena).not.toBeNull();
  });

  it("reads the engine's piece codes and square flags (kernels/board.ts repeats them: AssemblyScript cannot compile engine/types.ts)", () => {
    const source = readFileSync(new URL('../../src/search/kernels/assembly/board.ts', import.meta.url), 'utf8');
    const constants = [...source.matchAll(/^export const ([A-Z_]+) = (\d+);$/gm)];
    expect(constants.length).toBeGreaterThan(15);
    for (const [, name, value] of constants)
      expect([name, (engine as unknown as Record<string, number>)[name]]).toEqual([name, Number(value)]);
  });

  it('captureSquares: the same squares in the same order, the same stamps, on positions of random games and of the books', () => {
    if (arena === null) return;
    let listedAny = 0;
    const differ: string[] = [];
    // An unarmed king is no anvil: no shipped variant has one.
    const unarmed = ['copenhagen', 'tablut'].flatMap((id) =>
      randomGamePositions({ ...rulesOf(id), name: `${id}-unarmed`, kingArmed: false }, 17, 3),
    );
    for (const [index, plain] of [...positions, ...unarmed].entries()) {
      const cells = plain.geo.cells;
      const placed = arena.place(plain);
      const next = random(index + 1);
      // A stamp array and a separate record (as the step scorer has), some squares stamped already.
      const stamp = new Int32Array(cells);
      const listed = new Int32Array(cells);
      const squares = new Int32Array(cells);
      const arenaStamp = arena.scratch(ArenaSlot.ScorerSpecial, cells);
      const arenaListed = arena.scratch(ArenaSlot.ScorerCaptureStamp, cells);
      const arenaSquares = arena.scratch(ArenaSlot.ScorerSquares, cells);
      for (let sq = 0; sq < cells; sq++) {
        if (next() < 0.1) {
          stamp[sq] = 7;
          arenaStamp[sq] = 7;
        }
      }
      const count = captureSquares(plain, stamp, 7, squares, 2, listed);
      const arenaCount = arena.captureSquares(placed, arenaStamp, 7, arenaSquares, 2, arenaListed);
      if (arenaCount !== count || !same(arenaSquares.subarray(2, count), squares.subarray(2, count))) differ.push(`${index}: squares`);
      if (!same(arenaStamp, stamp) || !same(arenaListed, listed)) differ.push(`${index}: stamps`);
      listedAny += count - 2;
    }
    expect(differ).toEqual([]);
    expect(positions.length).toBeGreaterThan(5000);
    expect(listedAny).toBeGreaterThan(20000);
  });

  it("tacticalSlides: stepsOnto's slides and jumps onto the squares, the king's and the hash step left out, in the same order", () => {
    if (arena === null) return;
    const differ: string[] = [];
    const out = new Int32Array(4096);
    let found = 0;
    for (const [index, plain] of positions.entries()) {
      if (plain.geo.plainSlides !== true) continue;
      const cells = plain.geo.cells;
      const placed = arena.place(plain);
      // A random quarter of the board's empty squares.
      const next = random(index + 1);
      const squares = arena.scratch(ArenaSlot.ScorerSquares, cells);
      let count = 0;
      for (let sq = 0; sq < cells; sq++) if (plain.board[sq] === EMPTY && next() < 0.25) squares[count++] = sq;
      let n = 0;
      for (let k = 0; k < count; k++) n = stepsOnto(plain, squares[k], out, n, false);
      const notKings = Array.from(out.subarray(0, n)).filter((step) => (step & 511) !== plain.kingSq);
      // Written onto the step stack past a parent's steps; every other time one of them is the hash step.
      const ttStep = index % 2 === 0 && notKings.length > 0 ? notKings[Math.floor(next() * notKings.length)] : -1;
      const expected = notKings.filter((step) => step !== ttStep);
      const end = arena.tacticalSlides(placed, squares, count, ttStep, 5);
      if (!same(arena.steps.subarray(5, end), Int32Array.from(expected))) differ.push(`${index}`);
      // The rules core's steps onto those squares (but the king's and the hash step), as a set, between turns.
      if (plain.berserker !== NO_SQUARE || forbiddenFilterActive(plain)) continue;
      const onto = new Set(Array.from(squares.subarray(0, count)));
      const legal = Array.from(out.subarray(0, generateSteps(plain, out, 0)));
      const core = legal.filter((step) => onto.has(step >>> 9) && (step & 511) !== plain.kingSq && step !== ttStep);
      if (core.sort().join() !== Array.from(arena.steps.subarray(5, end)).sort().join()) differ.push(`${index} core`);
      found += expected.length;
    }
    expect(differ).toEqual([]);
    expect(found).toBeGreaterThan(100000);
  });

  it("kingSlides: the king's slides and their ordering values the same and in the same order", () => {
    if (arena === null) return;
    const differ: string[] = [];
    const steps = new Int32Array(512);
    const order = new Int32Array(512);
    let found = 0;
    for (const [index, plain] of positions.entries()) {
      const king = plain.kingSq;
      const geo = plain.geo;
      if (king === NO_SQUARE || (geo.speedLimited && geo.speed[KING] > 0)) continue;
      const placed = arena.place(plain);
      const escapeFlag = plain.rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE;
      const key = slideKey(KING, geo.flags[king]);
      const javascriptSlides = (ttStep: number): number =>
        scoreKingSlides(plain.board, geo.flags, geo.dirs, king, escapeFlag, geo.noStop[key], geo.block[key], ttStep, steps, order, 3);
      // No hash step, then the first slide as the hash step (left out of both).
      let ttStep = -1;
      for (let round = 0; round < 2; round++) {
        const end = javascriptSlides(ttStep);
        const arenaEnd = arena.kingSlides(king, escapeFlag, geo.noStop[key], geo.block[key], ttStep, 3);
        const same3 =
          arenaEnd === end &&
          same(arena.steps.subarray(3, end), steps.subarray(3, end)) &&
          same(arena.order.subarray(3, end), order.subarray(3, end));
        if (!same3 || placed.board[king] !== KING) differ.push(`${index} ${ttStep}`);
        found += end - 3;
        if (end === 3) break;
        ttStep = steps[3];
      }
    }
    expect(differ).toEqual([]);
    expect(found).toBeGreaterThan(20000);
  });

  it('kingFeatures and weightedSum: the evaluation and its features the same with and without the arena, on positions of random games and of the books', () => {
    if (arena === null) return;
    const differ: string[] = [];
    for (const [index, plain] of positions.entries()) {
      const placed = arena.place(plain);
      const evaluator = new Evaluator(plain);
      evaluator.startSearch(plain);
      const score = evaluator.evaluate(plain);
      const arenaEvaluator = new Evaluator(placed);
      arenaEvaluator.startSearch(placed, arena);
      const arenaScore = arenaEvaluator.evaluate(placed);
      if (arenaScore !== score || !same(arenaEvaluator.features, evaluator.features)) differ.push(`${index}`);
    }
    expect(differ).toEqual([]);
  });

  it('kingOpenLines: the same count of open lines, on positions of random games and of the books', () => {
    if (arena === null) return;
    const differ: string[] = [];
    let open = 0;
    for (const [index, plain] of positions.entries()) {
      if (plain.kingSq === NO_SQUARE) continue;
      const placed = arena.place(plain);
      const escapeFlag = plain.rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE;
      const lines = kingOpenLines(plain, escapeFlag);
      if (arena.kingOpenLines(placed.kingSq, escapeFlag) !== lines) differ.push(`${index}`);
      open += lines;
    }
    expect(differ).toEqual([]);
    expect(open).toBeGreaterThan(100);
  });

  it('pickBest: the same step and value first, the others as the JavaScript leaves them', () => {
    if (arena === null) return;
    const next = random(17);
    const steps = new Int32Array(64);
    const order = new Int32Array(64);
    const differ: string[] = [];
    for (let round = 0; round < 20000; round++) {
      const i = Math.floor(next() * 8);
      const end = i + 1 + Math.floor(next() * 40);
      for (let j = 0; j < end; j++) {
        steps[j] = Math.floor(next() * 60000);
        // Few values, so that ties are common (the first of the best wins); negative ones too.
        order[j] = Math.floor(next() * 12) - 4;
      }
      arena.steps.set(steps.subarray(0, end), 100);
      arena.order.set(order.subarray(0, end), 100);
      pickBest(steps, order, i, end);
      arena.pickBest(100 + i, 100 + end);
      if (
        !same(arena.steps.subarray(100, 100 + end), steps.subarray(0, end)) ||
        !same(arena.order.subarray(100, 100 + end), order.subarray(0, end))
      )
        differ.push(`${round}`);
    }
    expect(differ).toEqual([]);
  });

  it("tacticalOrder: generateTactical's steps and ordering values the same with and without the arena, killers among them", () => {
    if (arena === null) return;
    const differ: string[] = [];
    // One scorer each for all positions: the arena's stamps are its scorer's.
    const { histories, scorer, arenaScorer } = scorerPair(arena);
    const squares = new Int32Array(512);
    const legal = new Int32Array(4096);
    let captures = 0;
    let killers = 0;
    let blocks = 0;
    for (const [index, plain] of positions.entries()) {
      if (plain.berserker !== NO_SQUARE) continue;
      const { placed, escapeFlag, pick } = setUp(arena, plain, index, legal);
      const [killer1, killer2] = [pick(), pick()];
      for (const history of histories) {
        history.fitBoard(plain.geo.cells);
        history.killers.set([killer1, killer2], 2);
      }
      scorer.prepare(plain, escapeFlag);
      arenaScorer.prepare(placed, escapeFlag);
      const end = scorer.generateTactical(0, -1, 1, squares);
      const arenaEnd = arenaScorer.generateTactical(0, -1, 1, arena.scratch(ArenaSlot.PickerSquares, 512));
      if (arenaEnd !== end || !same(arena.steps.subarray(0, end), scorer.steps.subarray(0, end))) differ.push(`${index} steps`);
      else if (!same(arena.order.subarray(0, end), scorer.order.subarray(0, end))) differ.push(`${index} values`);
      for (let i = 0; i < end; i++) {
        if (scorer.order[i] >= (1 << 28) + 32 && scorer.order[i] < (1 << 28) + 64) captures++;
        if (scorer.order[i] >= 1 << 27 && scorer.order[i] < 1 << 28) killers++;
        if (scorer.order[i] === (1 << 28) + 96 || scorer.order[i] === (1 << 28) + 16) blocks++;
      }
    }
    expect(differ).toEqual([]);
    expect(captures).toBeGreaterThan(10000);
    expect(killers).toBeGreaterThan(300);
    expect(blocks).toBeGreaterThan(1000);
  });

  it("quietSteps: generateQuiets' steps and history values the same with and without the arena, the hash step and killers among them", () => {
    if (arena === null) return;
    const differ: string[] = [];
    const { histories, scorer, arenaScorer } = scorerPair(arena);
    const squares = new Int32Array(512);
    const legal = new Int32Array(4096);
    let quiets = 0;
    for (const [index, plain] of positions.entries()) {
      if (plain.berserker !== NO_SQUARE) continue;
      const { placed, escapeFlag, next, pick } = setUp(arena, plain, index, legal);
      const [ttStep, killer1, killer2] = [pick(), pick(), pick()];
      const cells = plain.geo.cells;
      histories[0].fitBoard(cells);
      histories[1].fitBoard(cells);
      for (let i = 0; i < histories[0].table.length; i += 1 + Math.floor(next() * 50)) histories[0].table[i] = Math.floor(next() * 1000);
      histories[1].table.set(histories[0].table);
      scorer.prepare(plain, escapeFlag);
      arenaScorer.prepare(placed, escapeFlag);
      const arenaSquares = arena.scratch(ArenaSlot.PickerSquares, 512);
      const end = scorer.generateTactical(0, ttStep, 1, squares);
      const arenaEnd = arenaScorer.generateTactical(0, ttStep, 1, arenaSquares);
      const quietsEnd = scorer.generateQuiets(end, ttStep, killer1, killer2, squares, scorer.markedSquares);
      const arenaQuietsEnd = arenaScorer.generateQuiets(arenaEnd, ttStep, killer1, killer2, arenaSquares, arenaScorer.markedSquares);
      if (
        arenaQuietsEnd !== quietsEnd ||
        !same(arena.steps.subarray(end, quietsEnd), scorer.steps.subarray(end, quietsEnd)) ||
        !same(arena.order.subarray(end, quietsEnd), scorer.order.subarray(end, quietsEnd))
      )
        differ.push(`${plain.rules.name} ${index}`);
      quiets += quietsEnd - end;
    }
    expect(differ).toEqual([]);
    expect(quiets).toBeGreaterThan(200000);
  });

  it("the quiescence search's capture generation: the same steps with and without the arena", () => {
    if (arena === null) return;
    const out = new Int32Array(4096);
    const arenaOut = new Int32Array(4096);
    const differ: string[] = [];
    for (const [index, plain] of positions.entries()) {
      if (plain.berserker !== NO_SQUARE) continue;
      const placed = arena.place(plain);
      const n = new CaptureGenerator(plain.geo.cells).generate(plain, out, 0);
      const arenaN = new CaptureGenerator(plain.geo.cells, arena).generate(placed, arenaOut, 0);
      if (!same(arenaOut.subarray(0, arenaN), out.subarray(0, n))) differ.push(`${index}`);
    }
    expect(differ).toEqual([]);
  });
});
