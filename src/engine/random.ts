// A small seeded random source (mulberry32) for everything that must replay exactly: tournament
// openings, weaker play, random games in tests.

/** A stream of numbers in [0, 1) determined by a 32-bit seed. */
export function makeRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
