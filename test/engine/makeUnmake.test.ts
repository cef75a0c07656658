// make/unmake is exact: after seeded random playouts in every variant, unmaking each step restores
// the board, piece lists, hash and the rest of the state; the incremental hash always equals the
// hash of the same position loaded from its tfen.
import { describe, expect, it } from 'vitest';
import {
  END_RUN,
  generateSteps,
  makeRandom,
  Position,
  stepCaptures,
  stepMayCapture,
  VARIANTS,
  VARIANT_IDS,
  type RuleSet,
} from '../../src/engine/index.js';
import { makeTfen, parseTfen } from '../../src/notation/index.js';

function snapshot(pos: Position) {
  const lists = [0, 1].map((side) => Array.from(pos.pieceList[side].subarray(0, pos.pieceCount[side])).sort((a, b) => a - b));
  return {
    board: Array.from(pos.board),
    lists,
    hash: [pos.hashLo, pos.hashHi],
    side: pos.side,
    berserker: pos.berserker,
    // The reason means something only while there is a winner (unmake leaves it as it was).
    kingSq: pos.kingSq,
    winner: pos.winner,
    reason: pos.winner === -1 ? undefined : pos.reason,
    historyLength: pos.historyLength,
    ply: pos.ply,
  };
}

/** The piece lists hold exactly the squares with pieces of each side. */
function listsMatchBoard(pos: Position): boolean {
  const fromBoard: number[][] = [[], []];
  for (let sq = 0; sq < pos.board.length; sq++) {
    const piece = pos.board[sq];
    if (piece !== 0 && piece !== 16) fromBoard[(piece & 3) - 1].push(sq);
  }
  return [0, 1].every((side) => {
    const list = Array.from(pos.pieceList[side].subarray(0, pos.pieceCount[side])).sort((a, b) => a - b);
    return JSON.stringify(list) === JSON.stringify(fromBoard[side]);
  });
}

function playout(rules: RuleSet, seed: number, maxSteps: number): void {
  const next = makeRandom(seed);
  const pos = Position.start(rules);
  const steps = new Int32Array(8192);
  const trail = [snapshot(pos)];
  for (let i = 0; i < maxSteps; i++) {
    const n = generateSteps(pos, steps, 0);
    if (n === 0) break;
    pos.makeStep(steps[Math.floor(next() * n)]);
    trail.push(snapshot(pos));
    expect(listsMatchBoard(pos), `${rules.name} seed ${seed} step ${i}`).toBe(true);
    const loaded = parseTfen(rules, makeTfen(pos));
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect([loaded.value.hashLo, loaded.value.hashHi], `${rules.name} seed ${seed} step ${i}: hash`).toEqual([pos.hashLo, pos.hashHi]);
  }
  for (let i = trail.length - 1; i > 0; i--) {
    expect(snapshot(pos), `${rules.name} seed ${seed} after ${i} steps`).toEqual(trail[i]);
    pos.unmakeStep();
  }
  expect(snapshot(pos)).toEqual(trail[0]);
}

describe('exact make/unmake', () => {
  for (const id of VARIANT_IDS) {
    it(`${id}: random playouts unmake to the start`, () => {
      for (let seed = 1; seed <= 6; seed++) playout(VARIANTS[id], seed * 7919 + id.length, 160);
    });
  }
});

describe('the quick capture test (stepMayCapture)', () => {
  for (const id of VARIANT_IDS) {
    it(`${id}: says yes to every step that captures, along random playouts`, () => {
      let captures = 0;
      for (let seed = 1; seed <= 4; seed++) {
        const next = makeRandom(seed * 6151 + id.length);
        const pos = Position.start(VARIANTS[id]);
        const steps = new Int32Array(8192);
        for (let i = 0; i < 200; i++) {
          const n = generateSteps(pos, steps, 0);
          if (n === 0) break;
          for (let j = 0; j < n; j++) {
            // stepCaptures asks the full capture test (findCaptures), which makeStep asks only after the quick one.
            if (steps[j] === END_RUN || !stepCaptures(pos, steps[j] & 511, steps[j] >>> 9)) continue;
            captures++;
            expect(stepMayCapture(pos, steps[j]), `${id} seed ${seed} turn ${i}: step ${steps[j]} captures`).toBe(true);
          }
          pos.makeStep(steps[Math.floor(next() * n)]);
        }
      }
      expect(captures).toBeGreaterThan(0);
    });
  }
});

describe('clone', () => {
  it('is independent of the original and carries its history (it unmakes to the start too)', () => {
    const rules = VARIANTS.berserk;
    const next = makeRandom(42);
    const pos = Position.start(rules);
    const steps = new Int32Array(8192);
    const start = snapshot(pos);
    for (let i = 0; i < 40; i++) {
      const n = generateSteps(pos, steps, 0);
      if (n === 0) break;
      pos.makeStep(steps[Math.floor(next() * n)]);
    }
    const before = snapshot(pos);
    const copy = pos.clone();
    expect(snapshot(copy)).toEqual(before);
    const n = generateSteps(copy, steps, 0);
    copy.makeStep(steps[0]);
    expect(snapshot(pos), 'the original is untouched').toEqual(before);
    while (copy.ply > 0) copy.unmakeStep();
    expect(snapshot(copy)).toEqual(start);
    expect(n).toBeGreaterThan(0);
  });
});
