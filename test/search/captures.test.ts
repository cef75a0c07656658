import { describe, expect, it } from 'vitest';
import { generateSteps, getVariant, NO_SQUARE, NO_WINNER, Position, stepCaptures, VARIANT_IDS } from '../../src/engine/index.js';
import { CaptureGenerator } from '../../src/search/ordering/captures.js';

/** A small deterministic random source, so that failures replay. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) | 0;
    return ((state >>> 8) & 0xffffff) / 0x1000000;
  };
}

describe('CaptureGenerator', () => {
  it('lists exactly the capturing steps generateSteps gives, in random games of every variant', () => {
    const buffer = new Int32Array(4096);
    const captures = new Int32Array(4096);
    let checked = 0;
    // Every variant, and OpenTafl's Tablut reading (the king never returns to a throne hostile to nobody).
    const ruleSets = VARIANT_IDS.map((id) => getVariant(id)).map((rules) => {
      if (!rules.ok) throw new Error(rules.error.message);
      return rules.value;
    });
    ruleSets.push({
      ...ruleSets[VARIANT_IDS.indexOf('tablut')],
      name: 'tablut-opentafl',
      kingStopsOnThrone: false,
      throneHostileToAttackers: false,
      emptyThroneHostileToAttackers: false,
      emptyThroneHostileToDefenders: false,
      emptyThroneHostileToKing: false,
    });
    // OpenTafl's rules beyond RULES.md: forts (Foteviken Tablut), speed limits and the middleweight king
    // (Magpie), corners and a throne anywhere.
    const base = (id: string) => ruleSets[VARIANT_IDS.indexOf(id)];
    ruleSets.push(
      {
        ...base('tablut'),
        name: 'forts',
        throneImpassable: true,
        kingStopsOnThrone: false,
        forts: {
          squares: ['a4', 'a5', 'a6', 'b5', 'd1', 'e1', 'f1', 'e2', 'i4', 'i5', 'i6', 'h5', 'd9', 'e9', 'f9', 'e8'],
          pass: 'tcnTCNK',
          stop: 'tcnTCNK',
          reenter: '',
          hostile: 'tT',
        },
      },
      { ...base('brandubh'), name: 'speed-limits', king: 'middleweight', speedLimits: { K: 1, t: 2 } },
      {
        ...base('copenhagen'),
        name: 'squares-anywhere',
        cornerSquares: ['a1', 'a2', 'b1', 'b2', 'k11', 'j11', 'k10', 'c11'],
        throneSquare: 'e6',
        start: base('copenhagen').start.map((rank, top) => (top === 5 ? 'tt.TKTTT.tt' : rank)),
      },
    );
    for (const ruleSet of ruleSets) {
      const id = ruleSet.name;
      const next = random(id.length * 7919);
      for (let game = 0; game < 6; game++) {
        const pos = Position.start(ruleSet);
        const generator = new CaptureGenerator(pos.geo.cells);
        for (let ply = 0; ply < 150 && pos.winner === NO_WINNER; ply++) {
          const n = generateSteps(pos, buffer, 0);
          if (n === 0) break;
          if (pos.berserker === NO_SQUARE) {
            const expected: number[] = [];
            for (let i = 0; i < n; i++) if (stepCaptures(pos, buffer[i] & 511, buffer[i] >>> 9)) expected.push(buffer[i]);
            const found = Array.from(captures.subarray(0, generator.generate(pos, captures, 0)));
            expect(
              found.sort((a, b) => a - b),
              `${id} game ${game} ply ${ply}`,
            ).toEqual(expected.sort((a, b) => a - b));
            checked++;
          }
          // Prefer captures now and then, so that the games thin out and reach their middles and ends.
          let pick = Math.floor(next() * n);
          if (next() < 0.5) {
            for (let i = 0; i < n; i++) if (buffer[i] !== 0 && stepCaptures(pos, buffer[i] & 511, buffer[i] >>> 9)) pick = i;
          }
          pos.makeStep(buffer[pick]);
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
