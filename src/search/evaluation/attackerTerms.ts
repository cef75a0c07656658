// The evaluation's sums over the attackers (corner guards, diagonal chains, the corner boxes' masks,
// knights and commanders), kept per ply of the position's path as the learned evaluation's accumulator
// is (accumulator.ts): each ply's sums are tagged with the hash of the board they belong to. A ply
// whose parent's tag is the path's hash there takes the parent's sums and adds the last step's
// changes (the attacker that moved, the attackers it took) instead of scanning every attacker; no hook
// in make/unmake. The chains count pairs, so only one step is replayed this way: further back, the
// board between is not at hand, and a scan is as cheap.

import { ATTACKER_BIT, Changed, END_RUN, TYPE_MASK, Undo, type Position } from '../../engine/index.js';
import type { SearchArena } from '../kernels/arena.js';
import { AttackerSum } from '../kernels/arenaLayout.js';

/** A ply's entry: its tag (hash halves, and 1 once written), then the sums. */
const enum Entry {
  TagLo = 0,
  TagHi = 1,
  Tagged = 2,
  Chain = 3,
  Guards = 4,
  Specials = 5,
  BoxesLow = 6,
  BoxesHigh = 7,
  Size = 8,
}

export class AttackerTerms {
  /** Pairs of attackers on diagonal neighbours (each pair once). */
  chain = 0;
  /** Attackers on the corner guards' squares. */
  guards = 0;
  /** Knights and commanders among the attackers (0 when not counted: see compute). */
  specials = 0;
  /** The attackers' bits of the corner boxes (Evaluator.boxBitsLow / High), ORed. */
  boxesLow = 0;
  boxesHigh = 0;

  /** The entries by ply, and the position they are of (another position's are dropped). */
  private entries = new Int32Array(64 * Entry.Size);
  private owner: Position | undefined;
  /** The searcher's arena, whose kernel scans (useArena), or null; and the sums its kernel writes. */
  private arena: SearchArena | null = null;
  private arenaSums: Int32Array = new Int32Array(0);

  constructor(
    private readonly cornerGuard: Uint8Array,
    private readonly boxBitsLow: Int32Array,
    private readonly boxBitsHigh: Int32Array,
    private readonly sealed: boolean,
  ) {}

  /** Drops every entry (the next computation scans). */
  reset(): void {
    this.entries.fill(0);
    this.owner = undefined;
  }

  /**
   * Sets the sums for `pos`; `specials`: whether knights and commanders may stand on the board (where
   * not, a scan leaves them uncounted).
   */
  compute(pos: Position, specials: boolean): void {
    if (pos !== this.owner) {
      this.reset();
      this.owner = pos;
    }
    const ply = pos.ply;
    if ((ply + 1) * Entry.Size > this.entries.length) this.grow(ply);
    const entries = this.entries;
    const at = ply * Entry.Size;
    const lo = pos.hashLo;
    const hi = pos.hashHi;
    if (entries[at + Entry.Tagged] !== 0 && entries[at + Entry.TagLo] === lo && entries[at + Entry.TagHi] === hi) {
      this.load(at);
      return;
    }
    const parent = at - Entry.Size;
    if (
      ply > 0 &&
      entries[parent + Entry.Tagged] !== 0 &&
      entries[parent + Entry.TagLo] === pos.hashLoAt(ply - 1) &&
      entries[parent + Entry.TagHi] === pos.hashHiAt(ply - 1)
    ) {
      this.load(parent);
      this.replayLastStep(pos);
    } else {
      this.scan(pos, specials);
    }
    entries[at + Entry.TagLo] = lo;
    entries[at + Entry.TagHi] = hi;
    entries[at + Entry.Tagged] = 1;
    entries[at + Entry.Chain] = this.chain;
    entries[at + Entry.Guards] = this.guards;
    entries[at + Entry.Specials] = this.specials;
    entries[at + Entry.BoxesLow] = this.boxesLow;
    entries[at + Entry.BoxesHigh] = this.boxesHigh;
  }

  private load(at: number): void {
    const entries = this.entries;
    this.chain = entries[at + Entry.Chain];
    this.guards = entries[at + Entry.Guards];
    this.specials = entries[at + Entry.Specials];
    this.boxesLow = entries[at + Entry.BoxesLow];
    this.boxesHigh = entries[at + Entry.BoxesHigh];
  }

  /** Scans by the kernel of `arena` (which holds the positions computed), or in JavaScript (null). */
  useArena(arena: SearchArena | null): void {
    this.arena = arena;
    if (arena !== null) this.arenaSums = arena.attackerTables(this.cornerGuard, this.boxBitsLow, this.boxBitsHigh);
  }

  /** Every attacker looked at. */
  private scan(pos: Position, specials: boolean): void {
    const dirs = pos.geo.dirs;
    const upRight = dirs[0] + dirs[1];
    const upLeft = dirs[0] + dirs[3];
    const arena = this.arena;
    if (arena !== null) {
      arena.attackerScan(pos.pieceCount[0], upRight, upLeft);
      const sums = this.arenaSums;
      this.chain = sums[AttackerSum.Chain];
      this.guards = sums[AttackerSum.Guards];
      this.specials = specials ? sums[AttackerSum.Specials] : 0;
      this.boxesLow = sums[AttackerSum.BoxesLow];
      this.boxesHigh = sums[AttackerSum.BoxesHigh];
      return;
    }
    const board = pos.board;
    const cornerGuard = this.cornerGuard;
    const attackers = pos.pieceList[0];
    const attackerCount = pos.pieceCount[0];
    const sealed = this.sealed;
    const boxBitsLow = this.boxBitsLow;
    const boxBitsHigh = this.boxBitsHigh;
    let attackerSpecials = 0;
    let guards = 0;
    let chain = 0;
    let boxesLow = 0;
    let boxesHigh = 0;
    for (let i = 0; i < attackerCount; i++) {
      const sq = attackers[i];
      if (specials && (board[sq] & TYPE_MASK) !== 0) attackerSpecials++;
      guards += cornerGuard[sq];
      // Diagonal neighbours: attackers in a chain close lines without being capturable in pairs.
      if ((board[sq + upRight] & ATTACKER_BIT) !== 0) chain++;
      if ((board[sq + upLeft] & ATTACKER_BIT) !== 0) chain++;
      if (sealed) {
        boxesLow |= boxBitsLow[sq];
        boxesHigh |= boxBitsHigh[sq];
      }
    }
    this.chain = chain;
    this.guards = guards;
    this.specials = attackerSpecials;
    this.boxesLow = boxesLow;
    this.boxesHigh = boxesHigh;
  }

  /**
   * The parent's sums (loaded) brought to the board now, from the last step's undo record: an
   * attacker's move from one square to another, or the attackers a defender's step took. (A square
   * holds one piece, so the boxes' bits of distinct squares never overlap: OR and XOR agree.)
   */
  private replayLastStep(pos: Position): void {
    const record = (pos.ply - 1) * Undo.Size;
    const undo = pos.undoRecords;
    const step = undo[record + Undo.Step];
    if (step === END_RUN) return;
    const changes = undo[record + Undo.Changes];
    const board = pos.board;
    const dirs = pos.geo.dirs;
    const upRight = dirs[0] + dirs[1];
    const upLeft = dirs[0] + dirs[3];
    if (((changes >>> Changed.PieceShift) & ATTACKER_BIT) !== 0) {
      // Steps are along ranks and files: the two squares are no diagonal neighbours, and the step took no attacker.
      const from = step & 511;
      const to = step >>> 9;
      this.guards += this.cornerGuard[to] - this.cornerGuard[from];
      if (this.sealed) {
        this.boxesLow ^= this.boxBitsLow[from] ^ this.boxBitsLow[to];
        this.boxesHigh ^= this.boxBitsHigh[from] ^ this.boxBitsHigh[to];
      }
      this.chain += diagonalAttackers(board, to, upRight, upLeft) - diagonalAttackers(board, from, upRight, upLeft);
      return;
    }
    const count = (changes & Changed.CapturesMask) >>> Changed.CapturesShift;
    if (count === 0) return;
    const captured = pos.capturedPieces;
    const first = undo[record + Undo.CapturedAt];
    const end = first + 2 * count;
    for (let i = first; i < end; i += 2) {
      const sq = captured[i];
      const piece = captured[i + 1];
      if ((piece & ATTACKER_BIT) === 0) continue;
      if ((piece & TYPE_MASK) !== 0) this.specials--;
      this.guards -= this.cornerGuard[sq];
      if (this.sealed) {
        this.boxesLow ^= this.boxBitsLow[sq];
        this.boxesHigh ^= this.boxBitsHigh[sq];
      }
      // The board lacks every taken piece: pairs of two taken attackers are counted here.
      let pairs = diagonalAttackers(board, sq, upRight, upLeft);
      for (let j = first; j < i; j += 2) {
        const delta = captured[j] - sq;
        if ((captured[j + 1] & ATTACKER_BIT) !== 0 && (delta === upRight || delta === -upRight || delta === upLeft || delta === -upLeft))
          pairs++;
      }
      this.chain -= pairs;
    }
  }

  private grow(ply: number): void {
    let length = this.entries.length;
    while ((ply + 1) * Entry.Size > length) length *= 2;
    const bigger = new Int32Array(length);
    bigger.set(this.entries);
    this.entries = bigger;
  }
}

/** The attackers on the four diagonal neighbours of `sq` (ATTACKER_BIT is 1, so the masked squares add up to the count). */
function diagonalAttackers(board: Int32Array, sq: number, upRight: number, upLeft: number): number {
  return (
    (board[sq + upRight] & ATTACKER_BIT) +
    (board[sq - upRight] & ATTACKER_BIT) +
    (board[sq + upLeft] & ATTACKER_BIT) +
    (board[sq - upLeft] & ATTACKER_BIT)
  );
}
