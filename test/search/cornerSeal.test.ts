import { describe, expect, it } from 'vitest';
import { getVariant, type Position } from '../../src/engine/index.js';
import { parseTfen } from '../../src/notation/index.js';
import { Evaluator } from '../../src/search/evaluation/evaluate.js';
import { F_CORNERS_NEAR_SEALED, F_CORNERS_SEALED, FEATURE_COUNT } from '../../src/search/evaluation/weights.js';
import { placePieces } from '../support/positions.js';

/** A position from a few pieces: `{ f6: 'K', c1: 't' }`, attackers to move. */
const place = (pieces: Record<string, string>, variant = 'copenhagen'): Position => placePieces(variant, 'a', pieces);

/** [sealed corners, corners one attacker short] of a position. */
function seals(pos: Position): [number, number] {
  const features = new Int32Array(FEATURE_COUNT);
  new Evaluator(pos).computeFeatures(pos, features);
  return [0 - features[F_CORNERS_SEALED], 0 - features[F_CORNERS_NEAR_SEALED]];
}

describe('corner seals', () => {
  it('finds no seal in the start position: each corner needs two more attackers', () => {
    const rules = getVariant('copenhagen');
    if (!rules.ok) throw new Error(rules.error.message);
    const pos = parseTfen(rules.value, '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3 a -');
    if (!pos.ok) throw new Error(pos.error.message);
    expect(seals(pos.value)).toEqual([0, 0]);
  });

  it('counts the diagonal of three and the diagonal of four as seals', () => {
    expect(seals(place({ f6: 'K', a3: 't', b2: 't', c1: 't' }))).toEqual([1, 0]);
    expect(seals(place({ f6: 'K', a4: 't', b3: 't', c2: 't', d1: 't' }))).toEqual([1, 0]);
    // Both at once, at opposite corners.
    expect(seals(place({ f6: 'K', a3: 't', b2: 't', c1: 't', k8: 't', j9: 't', i10: 't', h11: 't' }))).toEqual([2, 0]);
  });

  it('counts a wall with one gap as one short, and ignores attackers beside the corner', () => {
    expect(seals(place({ f6: 'K', a3: 't', c1: 't' }))).toEqual([0, 1]);
    expect(seals(place({ f6: 'K', a4: 't', b3: 't', d1: 't' }))).toEqual([0, 1]);
    // The corner captures attackers beside it: they seal nothing.
    expect(seals(place({ f6: 'K', a2: 't', b1: 't' }))).toEqual([0, 0]);
    // A defender in the gap is no attacker.
    expect(seals(place({ f6: 'K', a3: 't', b2: 'T', c1: 't' }))).toEqual([0, 1]);
  });

  it('is not counted where the rules put the corners elsewhere', () => {
    const rules = getVariant('copenhagen');
    if (!rules.ok) throw new Error(rules.error.message);
    const elsewhere = { ...rules.value, cornerSquares: ['d4', 'h8'] };
    const pos = parseTfen(elsewhere, '11/11/11/11/11/5K5/11/11/t10/1t9/2t8 a -');
    if (!pos.ok) throw new Error(pos.error.message);
    expect(seals(pos.value)).toEqual([0, 0]);
  });

  it('is not counted where the king escapes to the edge', () => {
    expect(seals(place({ e5: 'K', a3: 't', b2: 't', c1: 't' }, 'tablut'))).toEqual([0, 0]);
  });
});
