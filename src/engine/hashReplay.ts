// The position's Zobrist hash is brought up to date only when asked for (Position.hashLo): from the last
// known key, the undo records of the steps made since replay the same XORs an incremental update would
// have made, so a leaf nobody asks about (perft's last ply) pays nothing for it.

import { Mem } from './layout.js';
import { END_RUN } from './types.js';
import { Changed, Undo } from './undoRecord.js';
import type { ZobristKeys } from './zobrist.js';

/**
 * Writes the keys after the steps `fromPly` up to `toPly` into `hashes` (the key after k steps at 2k and
 * 2k + 1), from the key after `fromPly` steps. `memory` holds the piece keys (Mem.ZobristLo / Hi),
 * `captured` the captured pieces' squares and codes in pairs.
 */
export function replayHashes(
  hashes: Int32Array,
  fromPly: number,
  toPly: number,
  undo: Int32Array,
  captured: Int32Array,
  memory: Int32Array,
  zobrist: ZobristKeys,
): void {
  const m = memory;
  let lo = hashes[2 * fromPly];
  let hi = hashes[2 * fromPly + 1];
  // Most calls bring the key one step on, a plain step that ends the turn: straight, without the loop.
  const step = undo[fromPly * Undo.Size + Undo.Step];
  const changes = undo[fromPly * Undo.Size + Undo.Changes];
  if (
    toPly === fromPly + 1 &&
    (changes & (Changed.RunOpen | Changed.CapturesMask | Changed.TurnEnded)) === Changed.TurnEnded &&
    step !== END_RUN
  ) {
    const keys = ((changes >>> Changed.PieceShift) & 15) * Mem.Region;
    const from = step & 511;
    const to = step >>> 9;
    hashes[2 * toPly] = lo ^ m[Mem.ZobristLo + keys + from] ^ m[Mem.ZobristLo + keys + to] ^ zobrist.sideLo;
    hashes[2 * toPly + 1] = hi ^ m[Mem.ZobristHi + keys + from] ^ m[Mem.ZobristHi + keys + to] ^ zobrist.sideHi;
    return;
  }
  for (let ply = fromPly; ply < toPly; ply++) {
    const step = undo[ply * Undo.Size + Undo.Step];
    const changes = undo[ply * Undo.Size + Undo.Changes];
    if ((changes & Changed.RunOpen) !== 0) {
      const berserker = (changes >>> Changed.BerserkerShift) & 511;
      lo ^= zobrist.berserkLo[berserker];
      hi ^= zobrist.berserkHi[berserker];
    }
    if (step !== END_RUN) {
      const keys = ((changes >>> Changed.PieceShift) & 15) * Mem.Region;
      const from = step & 511;
      const to = step >>> 9;
      lo ^= m[Mem.ZobristLo + keys + from] ^ m[Mem.ZobristLo + keys + to];
      hi ^= m[Mem.ZobristHi + keys + from] ^ m[Mem.ZobristHi + keys + to];
      if ((changes & Changed.CapturesMask) !== 0) {
        const at = undo[ply * Undo.Size + Undo.CapturedAt];
        const end = at + 2 * ((changes & Changed.CapturesMask) >>> Changed.CapturesShift);
        for (let i = at; i < end; i += 2) {
          const victimKeys = captured[i + 1] * Mem.Region + captured[i];
          lo ^= m[Mem.ZobristLo + victimKeys];
          hi ^= m[Mem.ZobristHi + victimKeys];
        }
      }
    }
    if ((changes & Changed.TurnEnded) !== 0) {
      lo ^= zobrist.sideLo;
      hi ^= zobrist.sideHi;
    } else {
      // A step that does not end the turn goes on with a berserk run from its landing square.
      lo ^= zobrist.berserkLo[step >>> 9];
      hi ^= zobrist.berserkHi[step >>> 9];
    }
    hashes[2 * ply + 2] = lo;
    hashes[2 * ply + 3] = hi;
  }
}
