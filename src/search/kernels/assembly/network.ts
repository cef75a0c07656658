// The learned evaluation's kernels (network/accumulator.ts): the hidden layer's Int16 sums of a ply
// from another's by a step, and the output layer, eight hidden units at a time in 128-bit SIMD. A
// module of its own (scripts/kernels.mjs compiles it with SIMD; the search's other kernels need none),
// on the same arena: the network's weights and the sums are in its network region (arenaLayout.ts),
// laid out by kernels/networkKernel.ts, which passes every address (bytes). Columns and sums are
// `hidden` Int16s, hidden a multiple of 8; additions wrap at 16 bits, as the Int16Array of the
// reference (network/referenceSums.ts) does.

import { OUTPUT_SCALE, QA } from '../../network/scales';

/** The sums at `to` are those at `from` (a step that moved nothing: the end of a berserk run). */
export function netCopy(from: i32, to: i32, hidden: i32): void {
  const end = from + (hidden << 1);
  for (; from < end; from += 16, to += 16) v128.store(to, v128.load(from));
}

/** Adds the column at `column` to the sums at `at`. */
export function netAdd(at: i32, column: i32, hidden: i32): void {
  const end = at + (hidden << 1);
  for (let c = column; at < end; at += 16, c += 16) v128.store(at, i16x8.add(v128.load(at), v128.load(c)));
}

/** Subtracts the column at `column` from the sums at `at`. */
export function netSubtract(at: i32, column: i32, hidden: i32): void {
  const end = at + (hidden << 1);
  for (let c = column; at < end; at += 16, c += 16) v128.store(at, i16x8.sub(v128.load(at), v128.load(c)));
}

/** The sums at `to`: those at `from` less the column at `removed`, plus the one at `added` (a piece moved). */
export function netMove(from: i32, to: i32, removed: i32, added: i32, hidden: i32): void {
  const end = from + (hidden << 1);
  for (; from < end; from += 16, to += 16, removed += 16, added += 16) {
    v128.store(to, i16x8.add(i16x8.sub(v128.load(from), v128.load(removed)), v128.load(added)));
  }
}

/**
 * The output layer on the sums at `at` plus the column at `side` (the side-to-move input's, or a zero
 * column): centipawns from the defenders' view, rounded as Math.round. `out`: the output weights (Int8
 * values as Int16s); `squared`: 1 for the squared activation; `divisor`: the output's scale
 * (nnue.ts's outputDivisor).
 */
export function netOutput(at: i32, side: i32, out: i32, hidden: i32, squared: i32, bias: i32, divisor: i32): i32 {
  const end = at + (hidden << 1);
  const zero = i16x8.splat(0);
  const top = i16x8.splat(<i16>QA);
  let sum = i32x4.splat(0);
  if (squared !== 0) {
    // a * w fits 16 bits (a <= QA, |w| <= 128); each lane adds at most hidden / 4 products a * w * a.
    for (; at < end; at += 16, side += 16, out += 16) {
      const a = i16x8.min_s(i16x8.max_s(i16x8.add(v128.load(at), v128.load(side)), zero), top);
      sum = i32x4.add(sum, i32x4.dot_i16x8_s(i16x8.mul(a, v128.load(out)), a));
    }
  } else {
    for (; at < end; at += 16, side += 16, out += 16) {
      const a = i16x8.min_s(i16x8.max_s(i16x8.add(v128.load(at), v128.load(side)), zero), top);
      sum = i32x4.add(sum, i32x4.dot_i16x8_s(a, v128.load(out)));
    }
  }
  return centipawns(lanes(sum) + <i64>bias, divisor);
}

/** netMove, then netOutput on the sums it wrote, in one pass. */
export function netMoveOutput(
  from: i32,
  to: i32,
  removed: i32,
  added: i32,
  side: i32,
  out: i32,
  hidden: i32,
  squared: i32,
  bias: i32,
  divisor: i32,
): i32 {
  const end = from + (hidden << 1);
  const zero = i16x8.splat(0);
  const top = i16x8.splat(<i16>QA);
  let sum = i32x4.splat(0);
  if (squared !== 0) {
    for (; from < end; from += 16, to += 16, removed += 16, added += 16, side += 16, out += 16) {
      const s = i16x8.add(i16x8.sub(v128.load(from), v128.load(removed)), v128.load(added));
      v128.store(to, s);
      const a = i16x8.min_s(i16x8.max_s(i16x8.add(s, v128.load(side)), zero), top);
      sum = i32x4.add(sum, i32x4.dot_i16x8_s(i16x8.mul(a, v128.load(out)), a));
    }
  } else {
    for (; from < end; from += 16, to += 16, removed += 16, added += 16, side += 16, out += 16) {
      const s = i16x8.add(i16x8.sub(v128.load(from), v128.load(removed)), v128.load(added));
      v128.store(to, s);
      const a = i16x8.min_s(i16x8.max_s(i16x8.add(s, v128.load(side)), zero), top);
      sum = i32x4.add(sum, i32x4.dot_i16x8_s(a, v128.load(out)));
    }
  }
  return centipawns(lanes(sum) + <i64>bias, divisor);
}

/** The four lanes' sum, in 64 bits. */
function lanes(sum: v128): i64 {
  return (
    <i64>i32x4.extract_lane(sum, 0) + <i64>i32x4.extract_lane(sum, 1) + <i64>i32x4.extract_lane(sum, 2) + <i64>i32x4.extract_lane(sum, 3)
  );
}

/** Math.round(sum * OUTPUT_SCALE / divisor) in integers: floor((2 * OUTPUT_SCALE * sum + divisor) / (2 * divisor)). */
function centipawns(sum: i64, divisor: i32): i32 {
  const twice = (<i64>divisor) << 1;
  const x = sum * (2 * OUTPUT_SCALE) + <i64>divisor;
  let q = x / twice;
  if (x < 0 && q * twice !== x) q--;
  return <i32>q;
}
