import { describe, expect, it } from 'vitest';
import {
  EMPTY,
  generateSteps,
  getVariant,
  KING,
  makeRandom,
  NO_SQUARE,
  NO_WINNER,
  Position,
  SQ_CORNER,
  SQ_EDGE,
  VARIANT_IDS,
} from '../../src/engine/index.js';
import { SearchArena } from '../../src/search/kernels/arena.js';
import { Evaluator } from '../../src/search/evaluation/evaluate.js';
import { F_ESCAPE_SPEED, FEATURE_COUNT } from '../../src/search/evaluation/weights.js';

/** The fewest king slides (1-3) to an escape square by a plain search over squares, or 4 for more. */
function slidesToEscape(pos: Position): number {
  const { board } = pos;
  const { flags, dirs, cells } = pos.geo;
  const escapeFlag = pos.rules.escape === 'corner' ? SQ_CORNER : SQ_EDGE;
  const king = pos.kingSq;
  board[king] = EMPTY;
  let frontier = [king];
  const seen = new Uint8Array(cells);
  seen[king] = 1;
  let result = 4;
  for (let slides = 1; slides <= 3 && result === 4; slides++) {
    const next: number[] = [];
    for (const from of frontier) {
      for (const d of dirs) {
        for (let to = from + d; board[to] === EMPTY; to += d) {
          if ((flags[to] & escapeFlag) !== 0) result = Math.min(result, slides);
          if (!seen[to]) {
            seen[to] = 1;
            next.push(to);
          }
        }
      }
    }
    frontier = next;
  }
  board[king] = KING;
  return result;
}

describe('Evaluator', () => {
  it('counts escape speed as the fewest king slides to an escape square, in random games of every variant', () => {
    const steps = new Int32Array(4096);
    const features = new Int32Array(FEATURE_COUNT);
    let checked = 0;
    for (const id of VARIANT_IDS) {
      const rules = getVariant(id);
      if (!rules.ok) throw new Error(rules.error.message);
      const next = makeRandom(id.length * 7907);
      for (let game = 0; game < 4; game++) {
        const pos = Position.start(rules.value);
        const evaluator = new Evaluator(pos);
        for (let ply = 0; ply < 120 && pos.winner === NO_WINNER; ply++) {
          const n = generateSteps(pos, steps, 0);
          if (n === 0) break;
          if (pos.berserker === NO_SQUARE && pos.kingSq !== NO_SQUARE) {
            evaluator.computeFeatures(pos, features);
            expect(features[F_ESCAPE_SPEED], `${id} game ${game} ply ${ply}`).toBe(4 - slidesToEscape(pos));
            checked++;
          }
          pos.makeStep(steps[Math.floor(next() * n)]);
        }
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it('gives the same features after startSearch (which may skip counting knights and commanders), in random games of every variant', () => {
    const steps = new Int32Array(4096);
    const counted = new Int32Array(FEATURE_COUNT);
    const features = new Int32Array(FEATURE_COUNT);
    let checked = 0;
    for (const id of VARIANT_IDS) {
      const rules = getVariant(id);
      if (!rules.ok) throw new Error(rules.error.message);
      const next = makeRandom(id.length * 104729);
      const pos = Position.start(rules.value);
      const plain = new Evaluator(pos);
      const prepared = new Evaluator(pos);
      prepared.startSearch(pos);
      for (let ply = 0; ply < 120 && pos.winner === NO_WINNER; ply++) {
        const n = generateSteps(pos, steps, 0);
        if (n === 0) break;
        plain.computeFeatures(pos, counted);
        prepared.computeFeatures(pos, features);
        expect(Array.from(features), `${id} ply ${ply}`).toEqual(Array.from(counted));
        checked++;
        pos.makeStep(steps[Math.floor(next() * n)]);
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  // With the arena, the sums are its kernel's (attackerTermsKernel), on the position placed there.
  it.each([
    ['', null],
    [', on the arena', SearchArena.create()],
  ])(
    "gives the features of a scan when the attackers' sums follow the steps made and taken back, in random games of every variant%s",
    (_, arena) => {
      const steps = new Int32Array(4096);
      const replies = new Int32Array(4096);
      const scanned = new Int32Array(FEATURE_COUNT);
      const features = new Int32Array(FEATURE_COUNT);
      let checked = 0;
      let attackersTaken = 0;
      for (const id of VARIANT_IDS) {
        const rules = getVariant(id);
        if (!rules.ok) throw new Error(rules.error.message);
        const next = makeRandom(id.length * 7919);
        const pos = arena !== null ? arena.place(Position.start(rules.value)) : Position.start(rules.value);
        const following = new Evaluator(pos);
        following.startSearch(pos, arena);
        // A clone is another position: the scanning evaluator's sums never follow it.
        const compare = (where: string): void => {
          following.computeFeatures(pos, features);
          const copy = pos.clone();
          const scanning = new Evaluator(copy);
          scanning.computeFeatures(copy, scanned);
          expect(Array.from(features), where).toEqual(Array.from(scanned));
          checked++;
        };
        for (let ply = 0; ply < 100 && pos.winner === NO_WINNER; ply++) {
          const n = generateSteps(pos, steps, 0);
          if (n === 0) break;
          compare(`${id} ply ${ply}`);
          // A few children and a grandchild each, made and taken back as a search does.
          for (let k = 0; k < 3; k++) {
            const attackers = pos.pieceCount[0];
            pos.makeStep(steps[Math.floor(next() * n)]);
            if (pos.pieceCount[0] < attackers) attackersTaken++;
            compare(`${id} ply ${ply} child ${k}`);
            const m = pos.winner === NO_WINNER ? generateSteps(pos, replies, 0) : 0;
            if (m > 0) {
              pos.makeStep(replies[Math.floor(next() * m)]);
              compare(`${id} ply ${ply} grandchild ${k}`);
              pos.unmakeStep();
            }
            pos.unmakeStep();
            compare(`${id} ply ${ply} after child ${k}`);
          }
          pos.makeStep(steps[Math.floor(next() * n)]);
        }
      }
      expect(checked).toBeGreaterThan(2000);
      expect(attackersTaken).toBeGreaterThan(0);
    },
  );
});
