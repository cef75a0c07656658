import { describe, expect, it } from 'vitest';
import { enemyNextTo, findCaptures } from '../../src/engine/capture.js';
import { slideKey } from '../../src/engine/geometry.js';
import {
  EMPTY,
  generatePieceSteps,
  generateSteps,
  hasContinuation,
  KING,
  NO_SQUARE,
  NO_WINNER,
  Position,
  SIDE_MASK,
  SQ_CORNER,
  SQ_EDGE,
  SQ_RESTRICTED,
  stepCaptures,
  toSquare,
  VARIANT_IDS,
  type CaptureKernel,
  type RuleSet,
} from '../../src/engine/index.js';
import { parseRulesString, parseTfen } from '../../src/notation/index.js';
import { SearchArena } from '../../src/search/kernels/arena.js';
import { CaptureGenerator } from '../../src/search/ordering/captures.js';
import { bookPositions, random, randomGamePositions, rulesOf } from '../support/kernelPositions.js';

function openTafl(text: string): RuleSet {
  const rules = parseRulesString(text);
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
}

const ELEVEN = '/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/';
const NINE = '/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/';
const SEVEN = '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';

/**
 * Rule sets beyond the shipped variants, so that every rule findCaptures knows is played: OpenTafl's
 * (an unarmed king, Linnaean capture, forts, the middleweight king, other corners, throne hostility),
 * and variants with one rule changed.
 */
function otherRules(): RuleSet[] {
  const berserk = rulesOf('berserk');
  const tablut = rulesOf('tablut');
  return [
    openTafl(`dim:9 name:Sea_Battle esc:e atkf:y ka:n nj:n cj:n cor: cen: start:${NINE}`),
    openTafl(`dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y start:${NINE}`),
    openTafl(
      `dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK aforp:tcnkTCNK cens: cenh: cenhe:K aforh:K cenre: aforre: start:${NINE}`,
    ),
    openTafl(`dim:9 name:Forts_Hostile_To_All esc:e atkf:y nj:n cor: afor:a4,a5,a6,d1,e1,f1,i4,i5,i6,d9,e9,f9, aforh:tT start:${NINE}`),
    openTafl(`dim:7 name:Magpie surf:n atkf:y ks:m spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, start:${SEVEN}`),
    openTafl(`dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:${SEVEN}`),
    openTafl(`dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:${ELEVEN}`),
    { ...berserk, name: 'berserk-commanders-next-to-throne', commandersNextToThrone: true },
    openTafl(`dim:11 name:Relaxed_shieldwall atkf:y tfr:w sw:s swf:n efe:y start:${ELEVEN}`),
    { ...berserk, name: 'berserk-ring-without-commanders', ringWithCommanders: false },
    { ...berserk, name: 'berserk-no-hostile-corners', cornersHostileToKing: false, kingArmed: false },
    { ...rulesOf('copenhagen'), name: 'copenhagen-weak-king', king: 'weak' },
    { ...tablut, name: 'tablut-linnaean', linnaeanCapture: true, throneHostileToAttackers: false, emptyThroneHostileToKing: false },
    { ...tablut, name: 'tablut-middleweight', king: 'middleweight', emptyThroneHostileToDefenders: false },
    { ...berserk, name: 'berserk-forced-runs', berserkForced: true },
  ];
}

/**
 * Random crowded boards (the pieces of the rule set's start on 45% of the squares, 70% of the edge's;
 * the king on the throne, beside it or anywhere, on or beside the throne with pieces on 80% of his
 * sides), where the rarer captures happen: shield walls, Linnaean captures, the king's captures.
 */
function randomBoards(rules: RuleSet, seed: number, count: number): Position[] {
  const positions: Position[] = [];
  const next = random(seed);
  const start = Position.start(rules);
  const { size, stride, flags, throne } = start.geo;
  const letters = [...new Set(rules.start.join('').replace(/[.K]/g, ''))];
  while (positions.length < count) {
    const throneSide = [1, -1, stride, -stride][Math.floor(next() * 4)];
    const place = throne >= 0 ? Math.floor(next() * 3) : 2;
    const kingAt =
      place === 0 ? throne : place === 1 ? throne + throneSide : toSquare(stride, Math.floor(next() * size), Math.floor(next() * size));
    const nearThrone = place < 2;
    const ranks: string[] = [];
    for (let rank = size - 1; rank >= 0; rank--) {
      let text = '';
      let empty = 0;
      for (let file = 0; file < size; file++) {
        const sq = toSquare(stride, file, rank);
        // Crowded edges (shield walls), and the throne's sides (Linnaean captures, rings).
        const nextToKing = nearThrone && [1, -1, stride, -stride].includes(sq - kingAt);
        const density = nextToKing ? 0.8 : (flags[sq] & SQ_EDGE) !== 0 ? 0.7 : 0.45;
        const restricted = (flags[sq] & SQ_RESTRICTED) !== 0;
        const letter = sq === kingAt ? 'K' : !restricted && next() < density ? letters[Math.floor(next() * letters.length)] : '';
        if (letter === '') empty++;
        else {
          text += (empty > 0 ? String(empty) : '') + letter;
          empty = 0;
        }
      }
      ranks.push(text + (empty > 0 ? String(empty) : ''));
    }
    const parsed = parseTfen(rules, `${ranks.join('/')} ${next() < 0.5 ? 'a' : 'd'}`);
    if (parsed.ok && parsed.value.winner === NO_WINNER) positions.push(parsed.value);
  }
  return positions;
}

/** findCaptures' squares for the piece on `from` landing on `to`, the board left as it was (as stepCaptures tries it). */
function triedCaptures(pos: Position, from: number, to: number, out: Int32Array): number {
  const board = pos.board;
  const piece = board[from];
  board[from] = EMPTY;
  board[to] = piece;
  const found = findCaptures(pos, from, to, piece, out);
  board[to] = EMPTY;
  board[from] = piece;
  return found;
}

/** The squares the last step made captured, in the order the position took them. */
function lastCaptured(pos: Position): number[] {
  return Array.from({ length: pos.lastCaptureCount() }, (_, i) => pos.lastCaptureSquare(i));
}

describe("findCaptures' WebAssembly kernel", () => {
  const arena = SearchArena.create();
  const rules = [...VARIANT_IDS.map(rulesOf), ...otherRules()];
  const boards = rules.flatMap((r, index) => randomBoards(r, 104729 * (index + 1), 100));
  const positions = [
    ...rules.flatMap((r, index) => randomGamePositions(r, 7919 * (index + 1), r.size >= 19 ? 1 : 2)),
    ...boards,
    ...bookPositions(8),
  ];
  const expected = new Int32Array(128);

  /** Does the kernel find what findCaptures finds for the piece on `from` tried on `to`, and leave the board as it was? */
  function triedAlike(plain: Position, placed: Position, kernel: CaptureKernel, from: number, to: number): boolean {
    const count = triedCaptures(plain, from, to, expected);
    const kernelCount = kernel(from, to, 1);
    captured += count;
    const found = arena?.capturesFound.subarray(0, count) ?? [];
    return (
      kernelCount === count &&
      found.every((sq, k) => sq === expected[k]) &&
      placed.board[from] === plain.board[from] &&
      placed.board[to] === EMPTY
    );
  }
  let captured = 0;

  it('has an arena here (Node.js has WebAssembly)', () => {
    expect(arena).not.toBeNull();
  });

  it('finds the same captures in the same order as findCaptures, for every step of positions of random games of every rule set, of random boards and of the books', () => {
    if (arena === null) return;
    const steps = new Int32Array(4096);
    const differ: string[] = [];
    let covered = 0;
    let tried = 0;
    captured = 0;
    for (const [index, plain] of positions.entries()) {
      const placed = arena.place(plain);
      const kernel = placed.captureKernel;
      if (kernel === null) continue;
      covered++;
      const n = generateSteps(plain, steps, 0);
      for (let i = 0; i < n; i++) {
        const step = steps[i];
        const from = step & 511;
        const to = step >>> 9;
        if (to === 0) continue;
        if (!triedAlike(plain, placed, kernel, from, to)) differ.push(`${plain.rules.name} ${index} ${step} tried`);
        tried++;
        // Made (where the kernel is called: next to an enemy): the same pieces taken, in the same
        // order, and the same run and result after them.
        if (!enemyNextTo(plain.memory, to, (plain.board[from] & SIDE_MASK) ^ SIDE_MASK, plain.geo.stride)) continue;
        plain.makeStep(step);
        placed.makeStep(step);
        const made = lastCaptured(placed);
        if (made.join() !== lastCaptured(plain).join() || placed.berserker !== plain.berserker || placed.winner !== plain.winner)
          differ.push(`${plain.rules.name} ${index} ${step} made`);
        placed.unmakeStep();
        plain.unmakeStep();
      }
    }
    expect(differ).toEqual([]);
    // Enough work that the comparison cannot pass empty.
    expect(covered).toBeGreaterThan(6000);
    expect(tried).toBeGreaterThan(500000);
    expect(captured).toBeGreaterThan(30000);
  }, 300_000);

  it("finds the king's captures as findCaptures does: every piece of random boards tried on each empty side of the king", () => {
    if (arena === null) return;
    const differ: string[] = [];
    let tried = 0;
    captured = 0;
    for (const [index, plain] of boards.entries()) {
      const placed = arena.place(plain);
      const kernel = placed.captureKernel;
      const king = plain.kingSq;
      if (kernel === null || king < 0) continue;
      for (const side of plain.geo.dirs) {
        const to = king + side;
        if (plain.board[to] !== EMPTY) continue;
        for (const from of [
          ...plain.pieceList[0].subarray(0, plain.pieceCount[0]),
          ...plain.pieceList[1].subarray(0, plain.pieceCount[1]),
        ]) {
          if (!triedAlike(plain, placed, kernel, from, to)) differ.push(`${plain.rules.name} ${index} ${from} ${to}`);
          tried++;
        }
      }
    }
    expect(differ).toEqual([]);
    expect(tried).toBeGreaterThan(50000);
    expect(captured).toBeGreaterThan(2000);
  });

  it("captureSteps: the quiescence search's capturing steps (and the attackers' answers to open lines) the same with and without the arena", () => {
    if (arena === null) return;
    const out = new Int32Array(4096);
    const arenaOut = new Int32Array(4096);
    const differ: string[] = [];
    let found = 0;
    for (const [index, plain] of positions.entries()) {
      if (plain.berserker !== NO_SQUARE) continue;
      const placed = arena.place(plain);
      const escapeFlag = plain.rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE;
      const generator = new CaptureGenerator(plain.geo.cells);
      const arenaGenerator = new CaptureGenerator(plain.geo.cells, arena);
      const n = generator.generate(plain, out, 0);
      const arenaN = arenaGenerator.generate(placed, arenaOut, 0);
      if (arenaN !== n || !out.subarray(0, n).every((step, i) => step === arenaOut[i])) differ.push(`${plain.rules.name} ${index}`);
      // Onto the arena's step stack (the quiescence search's), written there in place.
      const stackN = arenaGenerator.generate(placed, arena.steps, 7);
      if (stackN !== n || !out.subarray(0, n).every((step, i) => step === arena.steps[7 + i]))
        differ.push(`${plain.rules.name} ${index} stack`);
      found += n;
      if (plain.kingSq < 0) continue;
      const answers = generator.generateThreatAnswers(plain, escapeFlag, out, 0);
      const arenaAnswers = arenaGenerator.generateThreatAnswers(placed, escapeFlag, arenaOut, 0);
      if (arenaAnswers !== answers || !out.subarray(0, answers).every((step, i) => step === arenaOut[i]))
        differ.push(`${plain.rules.name} ${index} answers`);
    }
    expect(differ).toEqual([]);
    expect(found).toBeGreaterThan(20000);
  });

  it("continuations: every piece's steps that continue a berserk run, and the runs' steps, the same with and without the arena", () => {
    if (arena === null) return;
    const steps = new Int32Array(4096);
    const arenaSteps = new Int32Array(4096);
    const runSteps = new Int32Array(4096);
    const differ: string[] = [];
    let pieces = 0;
    let continuing = 0;
    let runs = 0;
    for (const [index, plain] of positions.entries()) {
      const placed = arena.place(plain);
      const kernel = placed.continuationKernel;
      if (kernel === null) continue;
      for (const from of [...plain.pieceList[0].subarray(0, plain.pieceCount[0]), ...plain.pieceList[1].subarray(0, plain.pieceCount[1])]) {
        // The JavaScript's continuations: the piece's steps that capture, or the king's onto a corner where runs are not forced.
        const kingToCorner = plain.board[from] === KING && !plain.rules.berserkForced;
        const expected: number[] = [];
        const end = generatePieceSteps(plain, from, steps, 0);
        for (let i = 0; i < end; i++) {
          const to = steps[i] >>> 9;
          if ((kingToCorner && (plain.geo.flags[to] & SQ_CORNER) !== 0) || stepCaptures(plain, from, to)) expected.push(steps[i]);
        }
        const key = slideKey(plain.board[from], plain.geo.flags[from]);
        const count = kernel(from, plain.geo.noStop[key], plain.geo.block[key], 0);
        const found = Array.from(placed.continuationsFound.subarray(0, count));
        const first = kernel(from, plain.geo.noStop[key], plain.geo.block[key], 1);
        const has = hasContinuation(placed, from);
        if (found.join() !== expected.join() || first !== Math.min(1, expected.length) || has !== hasContinuation(plain, from))
          differ.push(`${plain.rules.name} ${index} ${from}`);
        pieces++;
        if (expected.length > 0) continuing++;
      }
      // The runs: after each capture of the position, the berserker's steps (generateContinuations).
      if (plain.berserker !== NO_SQUARE || !plain.rules.berserk) continue;
      const n = generateSteps(plain, steps, 0);
      for (let i = 0; i < n; i++) {
        if (!stepCaptures(plain, steps[i] & 511, steps[i] >>> 9)) continue;
        plain.makeStep(steps[i]);
        placed.makeStep(steps[i]);
        if (plain.berserker !== NO_SQUARE) {
          const runN = generateSteps(plain, runSteps, 0);
          const arenaN = generateSteps(placed, arenaSteps, 0);
          if (arenaN !== runN || !runSteps.subarray(0, runN).every((step, k) => step === arenaSteps[k]))
            differ.push(`${plain.rules.name} ${index} ${steps[i]} run`);
          runs++;
        }
        placed.unmakeStep();
        plain.unmakeStep();
      }
    }
    expect(differ).toEqual([]);
    expect(pieces).toBeGreaterThan(100000);
    expect(continuing).toBeGreaterThan(5000);
    expect(runs).toBeGreaterThan(4000);
  });

  it('leaves to the JavaScript the rule sets it does not cover, and only those', () => {
    if (arena === null) return;
    const uncovered = new Set(positions.filter((p) => arena.place(p).captureKernel === null).map((p) => p.rules.name));
    expect([...uncovered].sort()).toEqual(['Relaxed_shieldwall', 'berserk-ring-without-commanders']);
    // Continuations: also not under speed limits (Magpie's).
    const slowOrUncovered = new Set(positions.filter((p) => arena.place(p).continuationKernel === null).map((p) => p.rules.name));
    expect([...slowOrUncovered].sort()).toEqual(['Magpie', 'Relaxed_shieldwall', 'berserk-ring-without-commanders']);
  });
});
