import { describe, expect, it } from 'vitest';
import {
  ATTACKER_BIT,
  generateSteps,
  getVariant,
  makeRandom,
  NO_SQUARE,
  NO_WINNER,
  OFF_BOARD,
  Position,
  SQ_CORNER,
  SQ_EDGE,
  toSquare,
} from '../../src/engine/index.js';
import { parseTfen } from '../../src/notation/index.js';
import { Evaluator } from '../../src/search/evaluation/evaluate.js';
import { LoneKingMeasures } from '../../src/search/evaluation/loneKing.js';
import {
  F_CORNERS_SEALED,
  F_LONE_HUNT,
  F_LONE_MEN,
  F_LONE_MEN_MOBILITY,
  F_LONE_REACH,
  F_LONE_REGION,
  F_LONE_REGION_EDGE,
  FEATURE_COUNT,
} from '../../src/search/evaluation/weights.js';
import { placePieces } from '../support/positions.js';

/** A Copenhagen position from a few pieces: `{ f6: 'K', c1: 't' }`, attackers to move. */
const place = (pieces: Record<string, string>): Position => placePieces('copenhagen', 'a', pieces);

function measure(pos: Position): LoneKingMeasures {
  const measures = new LoneKingMeasures(pos.geo);
  measures.measure(pos, pos.kingSq);
  return measures;
}

function features(pos: Position): Int32Array {
  const f = new Int32Array(FEATURE_COUNT);
  new Evaluator(pos).computeFeatures(pos, f);
  return f;
}

/** Attackers on every square of a diamond of the given radius around f6 (a closed ring). */
function diamond(radius: number): Record<string, string> {
  const pieces: Record<string, string> = {};
  for (let df = -radius; df <= radius; df++) {
    const dr = radius - Math.abs(df);
    for (const r of new Set([dr, -dr])) pieces[`${String.fromCharCode(102 + df)}${6 + r}`] = 't';
  }
  return pieces;
}

/** The king's region square by square: a plain flood fill, attackers beside a corner passed through. */
function plainRegion(pos: Position): Uint8Array {
  const { board } = pos;
  const { flags, dirs, cells } = pos.geo;
  const besideCorner = (sq: number) => dirs.some((d) => (flags[sq + d] & SQ_CORNER) !== 0);
  const seen = new Uint8Array(cells);
  const queue = [pos.kingSq];
  seen[pos.kingSq] = 1;
  while (queue.length > 0) {
    const sq = queue.pop() as number;
    for (const d of dirs) {
      const next = sq + d;
      if (seen[next] || (board[next] & OFF_BOARD) !== 0) continue;
      if ((board[next] & ATTACKER_BIT) !== 0 && !besideCorner(next)) continue;
      seen[next] = 1;
      queue.push(next);
    }
  }
  return seen;
}

describe('the lone king', () => {
  it('fills the same region as a plain square-by-square fill, in random Copenhagen and Alea Evangelii games', () => {
    const steps = new Int32Array(8192);
    let checked = 0;
    for (const id of ['copenhagen', 'alea-evangelii']) {
      const rules = getVariant(id);
      if (!rules.ok) throw new Error(rules.error.message);
      const next = makeRandom(4271);
      for (let game = 0; game < 6; game++) {
        const pos = Position.start(rules.value);
        const measures = new LoneKingMeasures(pos.geo);
        for (let ply = 0; ply < 200 && pos.winner === NO_WINNER; ply++) {
          const n = generateSteps(pos, steps, 0);
          if (n === 0) break;
          if (pos.kingSq !== NO_SQUARE) {
            measures.measure(pos, pos.kingSq);
            const region = plainRegion(pos);
            let edge = 0;
            for (let sq = 0; sq < pos.geo.cells; sq++) {
              if (region[sq] && (pos.geo.flags[sq] & SQ_EDGE) !== 0) edge++;
              if ((pos.board[sq] & OFF_BOARD) === 0) expect(measures.regionHolds(sq)).toBe(region[sq] === 1);
            }
            expect(measures.regionEdge, `${id} game ${game} ply ${ply}`).toBe(edge);
            checked++;
          }
          pos.makeStep(steps[Math.floor(next() * n)]);
        }
      }
    }
    expect(checked).toBeGreaterThan(1500);
  });

  it('reaches all 40 edge squares of an open board, and every square in two slides from the middle', () => {
    const m = measure(place({ f6: 'K' }));
    expect(m.regionEdge).toBe(40);
    // Two slides reach every square of the board but his own.
    expect(m.reach).toBe(120);
  });

  it('counts the squares of one and two slides, stopped by any piece', () => {
    // Attackers on e6, g6 and f7 leave him the way down.
    const m = measure(place({ f6: 'K', e6: 't', g6: 't', f7: 't' }));
    // One slide: f5..f1 (5). Two slides: from each of f5..f1 along its rank both ways (10 each).
    expect(m.reach).toBe(5 + 5 * 10);
  });

  it('loses the edge squares a wall cuts off, and all of them inside a closed ring', () => {
    // A wall along file c cuts off files a and b: 15 edge squares with its own ends.
    const wall: Record<string, string> = { f6: 'K' };
    for (let rank = 1; rank <= 11; rank++) wall[`c${rank}`] = 't';
    expect(measure(place(wall)).regionEdge).toBe(40 - 15);
    // The same wall on file b leaks at b1 and b11, beside the corners.
    const leaky: Record<string, string> = { f6: 'K' };
    for (let rank = 1; rank <= 11; rank++) leaky[`b${rank}`] = 't';
    expect(measure(place(leaky)).regionEdge).toBe(40);
    const ring = measure(place({ f6: 'K', ...diamond(3) }));
    expect(ring.regionEdge).toBe(0);
  });

  it('counts the squares of the region: the whole board open, the inside of a closed ring', () => {
    expect(measure(place({ f6: 'K' })).regionSize).toBe(121);
    // Inside a diamond of radius 3: the squares fewer than 3 steps from f6 (1 + 4 + 8).
    expect(measure(place({ f6: 'K', ...diamond(3) })).regionSize).toBe(13);
    // In the evaluation, from the usual 96 (four fifths of 121).
    expect(features(place({ f6: 'K', d4: 'T', ...diamond(3) }))[F_LONE_REGION]).toBe(13 - 96);
  });

  it('passes attackers beside a corner: the king takes them there', () => {
    const pos = place({ f6: 'K', a2: 't', b1: 't' });
    const m = measure(pos);
    expect(m.regionHolds(toSquare(pos.geo.stride, 0, 0))).toBe(true);
    expect(m.regionEdge).toBe(40);
    // Once more, the diagonal seal of three shuts the corner.
    const sealed = place({ f6: 'K', a3: 't', b2: 't', c1: 't' });
    expect(measure(sealed).regionHolds(toSquare(sealed.geo.stride, 0, 0))).toBe(false);
  });

  it('enters the evaluation only with two defender men or fewer besides the king', () => {
    const lone = features(place({ f6: 'K', d4: 'T', h8: 'T' }));
    expect(lone[F_LONE_REGION_EDGE]).toBe(40 - 20);
    // Every square but the two men's, less the usual 80.
    expect(lone[F_LONE_REACH]).toBe(120 - 2 - 80);
    // Not on boards where the seals are not judged (Brandubh's 7x7).
    const rules = getVariant('brandubh');
    if (!rules.ok) throw new Error(rules.error.message);
    const small = parseTfen(rules.value, '7/7/7/3K3/7/7/7 a -');
    if (!small.ok) throw new Error(small.error.message);
    expect(features(small.value)[F_LONE_REACH]).toBe(0);
    const guarded = features(place({ f6: 'K', d4: 'T', h8: 'T', d8: 'T' }));
    expect(guarded[F_LONE_REGION_EDGE]).toBe(0);
    expect(guarded[F_LONE_REACH]).toBe(0);
  });

  it('counts a corner the lone king cannot reach as sealed, whatever its box holds', () => {
    // A closed diamond around the king shuts every corner without a seal in any box.
    expect(-features(place({ f6: 'K', ...diamond(3) }))[F_CORNERS_SEALED]).toBe(4);
    // With a third defender man the boxes alone decide.
    expect(features(place({ f6: 'K', f7: 'T', f5: 'T', e6: 'T', ...diamond(3) }))[F_CORNERS_SEALED]).toBe(0);
  });

  // Diagonal seals of three on all four corners (a3 b2 c1 and their mirrors), each man five steps or more from f6.
  const seals = { a3: 't', b2: 't', c1: 't', a9: 't', b10: 't', c11: 't', i1: 't', j2: 'c', k3: 't', i11: 't', j10: 't', k9: 't' };
  const berserk = (pieces: Record<string, string>) => {
    const f = new Int32Array(FEATURE_COUNT);
    const pos = placePieces('berserk', 'a', pieces);
    new Evaluator(pos).computeFeatures(pos, f);
    return f;
  };

  it("counts Berserk's last defender men only with every corner sealed, the last one twice the one before", () => {
    expect(berserk({ f6: 'K', d4: 'T', h8: 'T', ...seals })[F_LONE_MEN]).toBe(0);
    expect(berserk({ f6: 'K', d4: 'T', ...seals })[F_LONE_MEN]).toBe(-1);
    expect(berserk({ f6: 'K', ...seals })[F_LONE_MEN]).toBe(-3);
    // One seal open, or three men besides the king: nothing.
    expect(berserk({ f6: 'K', ...seals, c1: '.' })[F_LONE_MEN]).toBe(0);
    expect(berserk({ f6: 'K', d4: 'T', h8: 'T', d8: 'T', ...seals })[F_LONE_MEN]).toBe(0);
  });

  it("counts Berserk's attackers near a lone king only with every corner sealed", () => {
    // f5 one step from the king (4), d6 two (3), h8 four (1), a6 five (nothing).
    const hunters = { f5: 't', d6: 'c', h8: 't', a6: 't' };
    expect(berserk({ f6: 'K', d4: 'T', ...seals, ...hunters })[F_LONE_HUNT]).toBe(-8);
    expect(berserk({ f6: 'K', d4: 'T', ...seals, ...hunters, c1: '.' })[F_LONE_HUNT]).toBe(0);
    expect(berserk({ f6: 'K', d4: 'T', h4: 'T', d8: 'T', ...seals, ...hunters })[F_LONE_HUNT]).toBe(0);
  });

  // Copenhagen's seals: the same squares, attackers only.
  const copenhagen = (pieces: Record<string, string>) => features(place({ ...seals, j2: 't', ...pieces }));

  it("counts Copenhagen's attackers near a lone king or his men, with every corner sealed", () => {
    const hunters = { f5: 't', d6: 't', h8: 't', a6: 't' };
    expect(copenhagen({ f6: 'K', ...hunters })[F_LONE_HUNT]).toBe(-8);
    // A man on d4: the seal's a3, b2 and c1 are four steps from him (1 each); d6 stays at two, a6 at five.
    expect(copenhagen({ f6: 'K', d4: 'T', ...hunters })[F_LONE_HUNT]).toBe(-11);
  });

  it("counts the squares a lone king's men reach in one slide, with every corner sealed (Copenhagen)", () => {
    // d4: 7 up, 3 down, 3 to the left, 7 to the right; less the usual 10 a man.
    expect(copenhagen({ f6: 'K', d4: 'T' })[F_LONE_MEN_MOBILITY]).toBe(20 - 10);
    // Shut in on d1 by c1's seal man and attackers on e1 and d2: no square, and the usual 10 short.
    expect(copenhagen({ f6: 'K', d1: 'T', e1: 't', d2: 't' })[F_LONE_MEN_MOBILITY]).toBe(-10);
    // A man beside the empty throne passes it but does not stop on it.
    expect(copenhagen({ f8: 'K', f5: 'T' })[F_LONE_MEN_MOBILITY]).toBe(4 + 1 + 5 + 5 - 10);
    expect(copenhagen({ f6: 'K', d4: 'T', c1: '.' })[F_LONE_MEN_MOBILITY]).toBe(0);
    // Not in Berserk.
    expect(berserk({ f6: 'K', d4: 'T', ...seals })[F_LONE_MEN_MOBILITY]).toBe(0);
  });
});
