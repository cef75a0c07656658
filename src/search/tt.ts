// Transposition table: buckets of two entries in one Int32Array (optionally over a SharedArrayBuffer
// so that Lazy SMP threads share it). Entry: key low, key high, best step, and a packed word
// score (16 bits) | depth (8) | bound (2) | age (6). Reads are checked against both key halves;
// a torn entry written by another thread can only give a wrong best step or score, and the search
// only uses a best step after finding it among the generated steps.

export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

const ENTRY_INTS = 4;
const BUCKET_ENTRIES = 2;
const BUCKET_INTS = ENTRY_INTS * BUCKET_ENTRIES;
const BYTES_PER_BUCKET = BUCKET_INTS * 4;

export class TranspositionTable {
  data: Int32Array;
  private mask = 0;
  private age = 0;
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
    return this.data.buffer instanceof SharedArrayBuffer;
  }

  /** The memory of a shared table, for attach() in other threads. */
  get sharedBuffer(): SharedArrayBuffer | undefined {
    return this.data.buffer instanceof SharedArrayBuffer ? this.data.buffer : undefined;
  }

  resize(megabytes: number, shared = this.shared): void {
    const bytes = TranspositionTable.bytesFor(megabytes);
    if (this.data.byteLength === bytes && this.shared === shared) {
      this.clear();
      return;
    }
    this.data = new Int32Array(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
    // Writing every page now maps it now: otherwise the first search pays a page fault per page it
    // touches, a large share of a first search's time.
    this.data.fill(0);
    this.mask = bytes / BYTES_PER_BUCKET - 1;
  }

  /** Uses a table that another thread made (Lazy SMP: all threads read and write one table). */
  attach(buffer: SharedArrayBuffer): void {
    this.data = new Int32Array(buffer);
    this.mask = buffer.byteLength / BYTES_PER_BUCKET - 1;
  }

  /** The age of the current search (threads sharing a table use the same). */
  get generation(): number {
    return this.age;
  }

  set generation(age: number) {
    this.age = age & 63;
  }

  clear(): void {
    this.data.fill(0);
    this.age = 0;
  }

  /** A new search: older entries become the first to be replaced. */
  newSearch(): void {
    this.age = (this.age + 1) & 63;
  }

  /** Looks the position up; on a hit, fills the hit* fields and returns true. */
  probe(lo: number, hi: number): boolean {
    const data = this.data;
    const base = (lo & this.mask) * BUCKET_INTS;
    for (let i = base; i < base + BUCKET_INTS; i += ENTRY_INTS) {
      if (data[i] === lo && data[i + 1] === hi) {
        const packed = data[i + 3];
        if (packed === 0) return false;
        this.hitStep = data[i + 2];
        this.hitScore = (packed << 16) >> 16;
        this.hitDepth = (packed >>> 16) & 255;
        this.hitBound = (packed >>> 24) & 3;
        return true;
      }
    }
    return false;
  }

  store(lo: number, hi: number, step: number, score: number, depth: number, bound: number): void {
    const data = this.data;
    const base = (lo & this.mask) * BUCKET_INTS;
    let target = base;
    let worst = 1 << 30;
    for (let i = base; i < base + BUCKET_INTS; i += ENTRY_INTS) {
      if (data[i] === lo && data[i + 1] === hi) {
        const packed = data[i + 3];
        // Keep a deeper entry of this search for the same position, but refresh its best step.
        if (bound !== BOUND_EXACT && ((packed >>> 26) & 63) === this.age && ((packed >>> 16) & 255) > depth) {
          if (step !== 0) data[i + 2] = step;
          return;
        }
        target = i;
        break;
      }
      const packed = data[i + 3];
      // Replacement value: depth, with entries from older searches counting much less.
      const entryAge = (packed >>> 26) & 63;
      const value = packed === 0 ? -1 : ((packed >>> 16) & 255) + (entryAge === this.age ? 256 : 0);
      if (value < worst) {
        worst = value;
        target = i;
      }
    }
    if (step === 0 && data[target] === lo && data[target + 1] === hi) step = data[target + 2];
    data[target] = lo;
    data[target + 1] = hi;
    data[target + 2] = step;
    data[target + 3] = (score & 0xffff) | ((Math.min(depth, 255) & 255) << 16) | (bound << 24) | (this.age << 26);
  }

  /** Per mille of sampled entries written in this search. */
  hashfull(): number {
    const data = this.data;
    const samples = Math.min(1000, data.length / ENTRY_INTS);
    let used = 0;
    for (let i = 0; i < samples; i++) {
      const packed = data[i * ENTRY_INTS + 3];
      if (packed !== 0 && ((packed >>> 26) & 63) === this.age) used++;
    }
    return Math.round((used * 1000) / samples);
  }
}
