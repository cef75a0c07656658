// Transposition table: buckets of two entries in one Int32Array (optionally over a SharedArrayBuffer
// so that Lazy SMP threads share it): a probe reads one bucket of 32 bytes, one cache line (two
// where the allocator starts the table off a line). Entry: key low, key high, epoch (8 bits) | best
// step (24), and a packed word score (16 bits) | depth (8) | bound (2) | age (6). An entry of another
// epoch than the table's reads as empty, so that clear() starts a new epoch instead of writing the
// whole table. Reads are checked against both key halves;
// a torn entry written by another thread can only give a wrong best step or score, and the search
// only uses a best step after finding it among the generated steps.

export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

const ENTRY_INTS = 4;
/** probe() and store() read a bucket's two entries written out: change them with this. */
const BUCKET_ENTRIES = 2;
const BUCKET_INTS = ENTRY_INTS * BUCKET_ENTRIES;
const BYTES_PER_BUCKET = BUCKET_INTS * 4;
/** prepareSlice()'s share of the table (1 MB: a few ms even where mapping pages is slow). */
const SLICE_INTS = 1 << 18;
const PAGE_INTS = 1024;
/** Tables up to this size are wiped at once (a few ms), when the epochs are used up. */
const EAGER_CLEAR_BYTES = 64 << 20;
const EPOCH_SHIFT = 24;
const STEP_MASK = (1 << EPOCH_SHIFT) - 1;
/** Epochs run 1..MAX_EPOCH (fresh memory's zeros are epoch 0: empty in every epoch). */
const MAX_EPOCH = 255;

export class TranspositionTable {
  data: Int32Array;
  private mask = 0;
  private age = 0;
  private epoch = 1;
  /** prepareSlice() goes on from this index; data.length when the table is ready. */
  private pendingFrom = 0;
  /** Whether the pending work is a wipe (else: mapping fresh pages). */
  private pendingClear = false;
  /** Whether a search may have stored entries since the table was made or cleared. */
  private searched = false;
  /** Filled by probe(): */
  hitStep = 0;
  hitScore = 0;
  hitDepth = 0;
  hitBound = BOUND_NONE;

  /** A table of about `megabytes`; `shared`: in a SharedArrayBuffer, for other threads to attach. */
  constructor(megabytes: number, shared = false) {
    this.data = new Int32Array(0);
    this.resize(megabytes, shared);
  }

  /** The number of bytes a table of `megabytes` uses (a power of two number of buckets). */
  static bytesFor(megabytes: number): number {
    const wanted = Math.max(1, Math.floor((Math.max(1, megabytes) * 1024 * 1024) / BYTES_PER_BUCKET));
    let buckets = 1;
    while (buckets * 2 <= wanted) buckets *= 2;
    return buckets * BYTES_PER_BUCKET;
  }

  get shared(): boolean {
    return this.sharedBuffer !== undefined;
  }

  /** The memory of a shared table, for attach() in other threads. */
  get sharedBuffer(): SharedArrayBuffer | undefined {
    // (SharedArrayBuffer does not exist in a browser page that is not cross-origin isolated. This module
    // imports nothing, so that the bundle writes its constants as literals: threads.ts's isShared is not used.)
    const buffer = this.data.buffer;
    return typeof SharedArrayBuffer === 'function' && buffer instanceof SharedArrayBuffer ? buffer : undefined;
  }

  resize(megabytes: number, shared = this.shared): void {
    const bytes = TranspositionTable.bytesFor(megabytes);
    if (this.data.byteLength === bytes && this.shared === shared) {
      this.clear();
      return;
    }
    // Fresh memory reads as zeros; the machine maps it a page at a time as it is first written, which
    // is slow (seconds per gigabyte on some machines). prepareSlice() writes each page once, a slice at
    // a time, so that the first searches do not pay for it and nobody waits for all of it.
    this.data = new Int32Array(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
    this.mask = bytes / BYTES_PER_BUCKET - 1;
    this.pendingFrom = 0;
    this.pendingClear = false;
    this.searched = false;
  }

  /** Whether prepareSlice() has work left (pages to map, or a wipe to finish). */
  get pending(): boolean {
    return this.pendingFrom < this.data.length;
  }

  /** Maps (or wipes) the next slice of the table; false once the whole table is ready. */
  prepareSlice(): boolean {
    const data = this.data;
    const end = Math.min(data.length, this.pendingFrom + SLICE_INTS);
    if (this.pendingClear) {
      data.fill(0, this.pendingFrom, end);
    } else {
      // Writes what is there: entries a search stored meanwhile are kept.
      for (let i = this.pendingFrom; i < end; i += PAGE_INTS) data[i] |= 0;
    }
    this.pendingFrom = end;
    return this.pending;
  }

  /** Uses a table that another thread made (Lazy SMP: all threads read and write one table). */
  attach(buffer: SharedArrayBuffer): void {
    this.data = new Int32Array(buffer);
    this.pendingFrom = this.data.length;
    this.mask = buffer.byteLength / BYTES_PER_BUCKET - 1;
  }

  /** The age and epoch of the current search (threads sharing a table use the same). */
  get generation(): number {
    return this.age | (this.epoch << 6);
  }

  set generation(generation: number) {
    this.age = generation & 63;
    this.epoch = (generation >>> 6) & MAX_EPOCH;
  }

  /**
   * Empties the table: a new epoch. Once the epochs are used up, the table is wiped instead: at once
   * if it is small and its memory mapped, else through prepareSlice() (mapping pages as it wipes them
   * can take a second even for a small table on some machines).
   */
  clear(): void {
    this.age = 0;
    if (!this.searched) return;
    this.searched = false;
    if (this.epoch < MAX_EPOCH) {
      this.epoch++;
      return;
    }
    this.epoch = 1;
    if (this.data.byteLength <= EAGER_CLEAR_BYTES && !this.pending) {
      this.data.fill(0);
    } else {
      this.pendingFrom = 0;
      this.pendingClear = true;
    }
  }

  /**
   * A new search: older entries become the first to be replaced. A wipe not finished by now is given
   * up (finishing it would wipe what this search stores): the entries left are true for their
   * positions, only older.
   */
  newSearch(): void {
    this.age = (this.age + 1) & 63;
    this.searched = true;
    if (this.pendingClear) {
      this.pendingClear = false;
      this.pendingFrom = this.data.length;
    }
  }

  /** Looks the position up; on a hit, fills the hit* fields and returns true. */
  probe(lo: number, hi: number): boolean {
    const data = this.data;
    const epoch = this.epoch;
    // The bucket's two entries written out: the compiled loop checked the table again in each round.
    let i = (lo & this.mask) * BUCKET_INTS;
    if (data[i] !== lo || data[i + 1] !== hi || data[i + 2] >>> EPOCH_SHIFT !== epoch) {
      i += ENTRY_INTS;
      if (data[i] !== lo || data[i + 1] !== hi || data[i + 2] >>> EPOCH_SHIFT !== epoch) return false;
    }
    const packed = data[i + 3];
    this.hitStep = data[i + 2] & STEP_MASK;
    this.hitScore = (packed << 16) >> 16;
    this.hitDepth = (packed >>> 16) & 255;
    this.hitBound = (packed >>> 24) & 3;
    return true;
  }

  store(lo: number, hi: number, step: number, score: number, depth: number, bound: number): void {
    const data = this.data;
    const epoch = this.epoch;
    // The bucket's two entries written out, as in probe(): this position's entry, else the one of less
    // value (the first on a tie).
    const first = (lo & this.mask) * BUCKET_INTS;
    const second = first + ENTRY_INTS;
    let target = first;
    let found = true;
    if (data[first + 2] >>> EPOCH_SHIFT !== epoch || data[first] !== lo || data[first + 1] !== hi) {
      target = second;
      if (data[second + 2] >>> EPOCH_SHIFT !== epoch || data[second] !== lo || data[second + 1] !== hi) {
        found = false;
        if (this.replacementValue(second) >= this.replacementValue(first)) target = first;
      }
    }
    if (found) {
      const packed = data[target + 3];
      // Keep a deeper entry of this search for the same position, but refresh its best step.
      if (bound !== BOUND_EXACT && ((packed >>> 26) & 63) === this.age && ((packed >>> 16) & 255) > depth) {
        if (step !== 0) data[target + 2] = step | (epoch << EPOCH_SHIFT);
        return;
      }
      if (step === 0) step = data[target + 2] & STEP_MASK;
    }
    data[target] = lo;
    data[target + 1] = hi;
    data[target + 2] = step | (epoch << EPOCH_SHIFT);
    data[target + 3] = (score & 0xffff) | ((Math.min(depth, 255) & 255) << 16) | (bound << 24) | (this.age << 26);
  }

  /** An entry's worth keeping: its depth, entries of older searches much less, empty (another epoch's) least. */
  private replacementValue(i: number): number {
    const data = this.data;
    if (data[i + 2] >>> EPOCH_SHIFT !== this.epoch) return -1;
    const packed = data[i + 3];
    return ((packed >>> 16) & 255) + (((packed >>> 26) & 63) === this.age ? 256 : 0);
  }

  /** Per mille of sampled entries written in this search. */
  hashfull(): number {
    const data = this.data;
    const samples = Math.min(1000, data.length / ENTRY_INTS);
    let used = 0;
    for (let i = 0; i < samples; i++) {
      const packed = data[i * ENTRY_INTS + 3];
      if (data[i * ENTRY_INTS + 2] >>> EPOCH_SHIFT === this.epoch && ((packed >>> 26) & 63) === this.age) used++;
    }
    return Math.round((used * 1000) / samples);
  }
}
