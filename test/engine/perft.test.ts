// Perft from the start position of every variant (RULES.md section 7), bulk and full counting.
import { describe, expect, it } from 'vitest';
import { generateSteps, legalTurns, Perft, Position, VARIANTS, VARIANT_IDS } from '../../src/engine/index.js';
import { makeTfen, parseTfen } from '../../src/notation/index.js';

const TABLE: Record<string, number[]> = {
  copenhagen: [116, 6788, 806344, 50456804],
  // Copenhagen's until the defenders' second turn, which may not bring back the start (6,660 lines fewer).
  'hnefatafl-org': [116, 6788, 806344, 50450144],
  fetlar: [116, 6788, 806344, 50456804],
  brandubh: [40, 960, 39512, 1007392],
  tablut: [80, 4400, 353200, 19913864],
  tawlbwrdd: [136, 7620, 1042016, 61550700],
  'ard-ri': [48, 408, 18528, 244192],
  berserk: [116, 6792, 807934, 50619510],
  'berserk-copenhagen': [116, 6792, 808398, 51343914],
  'alea-evangelii': [588, 108964, 63982532],
};

describe('perft from the start positions', () => {
  it('covers every shipped variant', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...VARIANT_IDS].sort());
  });

  for (const id of VARIANT_IDS) {
    for (const full of [false, true]) {
      // Alea's third ply is 64 million leaves: bulk counting only.
      const depths = id === 'alea-evangelii' && full ? [1, 2] : [1, 2, 3];
      it(`${id} depths ${depths.join(', ')} (${full ? 'full' : 'bulk'})`, () => {
        const perft = new Perft(Position.start(VARIANTS[id]), { full });
        for (const depth of depths) expect(perft.count(depth), `depth ${depth}`).toBe(TABLE[id][depth - 1]);
      });
    }
  }

  for (const id of ['brandubh', 'ard-ri']) {
    it(`${id} depth 4, bulk and full`, () => {
      expect(new Perft(Position.start(VARIANTS[id])).count(4)).toBe(TABLE[id][3]);
      expect(new Perft(Position.start(VARIANTS[id]), { full: true }).count(4)).toBe(TABLE[id][3]);
    });
  }

  it('divide adds up to the count and leaves the position as it was', () => {
    for (const id of ['berserk', 'copenhagen']) {
      const pos = Position.start(VARIANTS[id]);
      const hash = [pos.hashLo, pos.hashHi];
      const divide = new Perft(pos).divide(2);
      expect(divide.reduce((sum, entry) => sum + entry.nodes, 0)).toBe(TABLE[id][1]);
      expect([pos.hashLo, pos.hashHi]).toEqual(hash);
    }
  });

  it('keeps the hash again after counting (its last turn does not keep it)', () => {
    const counts: [string, (perft: Perft) => void][] = [
      ['count 1', (perft) => perft.count(1)],
      ['count 2', (perft) => perft.count(2)],
      ['divide 1', (perft) => perft.divide(1)],
    ];
    for (const id of ['berserk', 'copenhagen']) {
      for (const full of [false, true]) {
        for (const [name, count] of counts) {
          const pos = Position.start(VARIANTS[id]);
          count(new Perft(pos, { full }));
          const steps = new Int32Array(1024);
          generateSteps(pos, steps, 0);
          pos.makeStep(steps[0]);
          const loaded = parseTfen(VARIANTS[id], makeTfen(pos));
          if (!loaded.ok) throw new Error(loaded.error.message);
          expect([pos.hashLo, pos.hashHi], `${id} ${full ? 'full' : 'bulk'} ${name}`).toEqual([loaded.value.hashLo, loaded.value.hashHi]);
        }
      }
    }
  });

  it('legalTurns lists exactly the perft 1 turns, berserk chains included', () => {
    for (const id of VARIANT_IDS) {
      const pos = Position.start(VARIANTS[id]);
      expect(legalTurns(pos).length).toBe(TABLE[id][0]);
    }
  });
});
