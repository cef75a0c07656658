// attackerTerms.ts's scan as a WebAssembly kernel over a searcher's arena (arena.ts): every attacker
// looked at, where no entry of the path serves (about one computation in nine). V8's compiled loop checked
// the board's and the three tables' bounds at every attacker (BENCHMARKS.md, speed26).

import { ATTACKER_BIT, Mem, TYPE_MASK } from '../engine/index.js';
import { block, br, brIf, code, get, i32, load, loop, Op, set, store, tee, type WasmFunction } from './wasmAssembler.js';

/** The tables' and the sums' places in the kernel's slot, in int32s (each table one int32 per padded square). */
export const enum AttackerSlot {
  CornerGuard = 0,
  BoxBitsLow = Mem.Region,
  BoxBitsHigh = 2 * Mem.Region,
  /** The sums the kernel writes: Chain, Guards, Specials, BoxesLow, BoxesHigh. */
  Sums = 3 * Mem.Region,
  Size = Sums + 5,
}

/** The sums' order after AttackerSlot.Sums. */
export const enum AttackerSum {
  Chain,
  Guards,
  Specials,
  BoxesLow,
  BoxesHigh,
}

/** The kernel's parameters and locals. */
const enum S {
  Count,
  UpRight,
  UpLeft,
  // locals
  List,
  End,
  Square,
  Chain,
  Guards,
  Specials,
  BoxesLow,
  BoxesHigh,
}

/** 1 if an attacker stands on the square `Square` plus local `diagonal` bytes, else 0 (ATTACKER_BIT is 1). */
const attackerAt = (diagonal: S): number[] => code(get(S.Square), get(diagonal), Op.I32Add, load(), i32(ATTACKER_BIT), Op.I32And);

/**
 * attackerTerms.ts's scan over the attackers' list of the position placed (Count of them), the
 * diagonals UpRight and UpLeft in bytes, the tables at `slot` (bytes; AttackerSlot); writes the sums
 * there (AttackerSum; knights and commanders counted always: the caller drops them where not wanted).
 */
export function attackerScanKernel(slot: number): WasmFunction {
  const table = (offset: number): number[] => code(get(S.Square), load(slot + 4 * offset));
  const sum = (which: AttackerSum, local: number): number[] => code(i32(0), get(local), store(slot + 4 * (AttackerSlot.Sums + which)));
  return {
    name: 'attackerScan',
    params: S.List,
    locals: S.BoxesHigh + 1 - S.List,
    body: code(
      code(i32(4 * Mem.Lists), tee(S.List), get(S.Count), i32(2), Op.I32Shl, Op.I32Add, set(S.End)),
      block(
        loop(
          code(get(S.List), get(S.End), Op.I32GeU),
          brIf(1),
          code(get(S.List), load(), i32(2), Op.I32Shl, set(S.Square)),
          code(get(S.List), i32(4), Op.I32Add, set(S.List)),
          code(get(S.Square), load(4 * Mem.Board), i32(TYPE_MASK), Op.I32And, i32(0), Op.I32Ne),
          code(get(S.Specials), Op.I32Add, set(S.Specials)),
          code(table(AttackerSlot.CornerGuard), get(S.Guards), Op.I32Add, set(S.Guards)),
          code(attackerAt(S.UpRight), attackerAt(S.UpLeft), Op.I32Add, get(S.Chain), Op.I32Add, set(S.Chain)),
          code(table(AttackerSlot.BoxBitsLow), get(S.BoxesLow), Op.I32Or, set(S.BoxesLow)),
          code(table(AttackerSlot.BoxBitsHigh), get(S.BoxesHigh), Op.I32Or, set(S.BoxesHigh)),
          br(0),
        ),
      ),
      sum(AttackerSum.Chain, S.Chain),
      sum(AttackerSum.Guards, S.Guards),
      sum(AttackerSum.Specials, S.Specials),
      sum(AttackerSum.BoxesLow, S.BoxesLow),
      sum(AttackerSum.BoxesHigh, S.BoxesHigh),
      i32(0),
    ),
  };
}
