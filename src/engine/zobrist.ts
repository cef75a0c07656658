// Zobrist keys: 64-bit keys as two 32-bit halves, from a fixed seed so hashes are the same on
// every run and machine (the `d` command prints them; `bench` fingerprints depend on them).

export interface ZobristKeys {
  /** Indexed by piece code * cells + square. */
  pieceLo: Int32Array;
  pieceHi: Int32Array;
  /** Indexed by square: the berserker (the piece that may continue its run) stands there. */
  berserkLo: Int32Array;
  berserkHi: Int32Array;
  sideLo: number;
  sideHi: number;
}

const PIECE_CODES = 16;
const cache = new Map<number, ZobristKeys>();

/** splitmix32: small, fast, well mixed; plenty for hash keys. */
function makeRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
}

export function zobristKeys(cells: number): ZobristKeys {
  const cached = cache.get(cells);
  if (cached) return cached;
  const next = makeRandom(0x48_4e_45_46 + cells);
  const fill = (n: number) => Int32Array.from({ length: n }, next);
  const keys: ZobristKeys = {
    pieceLo: fill(PIECE_CODES * cells),
    pieceHi: fill(PIECE_CODES * cells),
    berserkLo: fill(cells),
    berserkHi: fill(cells),
    sideLo: next(),
    sideHi: next(),
  };
  cache.set(cells, keys);
  return keys;
}
