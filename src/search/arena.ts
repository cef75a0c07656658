// A searcher's WebAssembly memory (one per search thread): the position it searches, cloned onto the
// memory's start (Position.memory, laid out by Mem), then the scratch arrays its kernels read and write
// (kernels.ts, captureKernel.ts: the position is given the captures' kernel, Position.useCaptureKernel),
// so that a kernel call copies nothing. One memory per searcher, not per position: each
// WebAssembly.Memory reserves some 10 GB of address space (BENCHMARKS.md, wasm15), and positions made
// anywhere else keep plain arrays and the JavaScript paths. Without WebAssembly, or when a memory cannot
// be had, a searcher has no arena and runs the JavaScript paths.

import { type CaptureKernel, kingNoStop, Mem, SQ_EDGE, type Position } from '../engine/index.js';
import { CaptureSlot, captureKernelFunctions, captureRules } from './captureKernel.js';
import { captureStepsKernel } from './captureStepsKernel.js';
import { anvilCodes, hostileWhenOccupied, KERNEL_FUNCTIONS, type Kernels } from './kernels.js';
import { MAX_PLY } from './params.js';
import { wasmModule } from './wasmAssembler.js';

/** The arena's scratch arrays, each Mem.Region int32s, after the position's memory. */
export const enum ArenaSlot {
  CaptureStamp,
  CaptureSquares,
  ScorerSpecial,
  ScorerCaptureStamp,
  ScorerSquares,
  /** The steps tacticalSlides finds: at most eight onto each square (a slide and a jump from each direction). */
  TacticalSlides,
  /** kingSlides' ray table (16 int32s) and the steps and values it finds (in pairs: at most 4 * 20). */
  KingRays = TacticalSlides + 8,
  KingSlides,
  /** findCaptures' kernel: the rules' constants, then the squares it finds (captureKernel.ts). */
  Captures,
  /** The steps captureSteps finds: at most eight onto each square. */
  CaptureSteps,
  /** The step pickers' squares, one slot per ply (PickerSquares + ply - 1). */
  PickerSquares = CaptureSteps + 8,
  Count = PickerSquares + MAX_PLY,
}

const ARENA_BYTES = (Mem.Size + ArenaSlot.Count * Mem.Region) * 4;
const PAGE_BYTES = 65536;
const ARENA_PAGES = Math.ceil(ARENA_BYTES / PAGE_BYTES);

let kernelModule: WebAssembly.Module | undefined;
/** findCaptures' and captureSteps' kernels (captureKernel.ts, captureStepsKernel.ts), a module of their own (each under 4 KB, see create). */
let captureModule: WebAssembly.Module | undefined;

export class SearchArena {
  private readonly ints: Int32Array<ArrayBuffer>;
  private readonly kernels: Kernels;
  // The rules' constants of the position placed, for the kernels (see captureSquares).
  private strideBytes = 0;
  private wallFlag = 0;
  private jumps = 0;
  private jumpOverOwn = 0;
  private readonly anvils = new Int32Array(2);
  private readonly hostileOccupied = new Int32Array(2);
  /** kingSlides' ray table and what it finds (scratch slots). */
  private readonly kingRayTable: Int32Array;
  private readonly kingSlidesFound: Int32Array;
  private readonly captureKernels: CaptureKernels;
  private readonly captureStepsFound: Int32Array;
  private readonly captureSlot: Int32Array;
  /** The squares findCaptures' kernel found (its slot, after the rules' constants). */
  readonly capturesFound: Int32Array;

  private constructor(memory: WebAssembly.Memory, kernels: Kernels, captureKernels: CaptureKernels) {
    this.ints = new Int32Array(memory.buffer);
    this.kernels = kernels;
    this.captureKernels = captureKernels;
    this.captureStepsFound = this.scratch(ArenaSlot.CaptureSteps, 8 * Mem.Region);
    this.captureSlot = this.scratch(ArenaSlot.Captures, Mem.Region);
    this.capturesFound = this.captureSlot.subarray(CaptureSlot.Found);
    this.kingRayTable = this.scratch(ArenaSlot.KingRays, 16);
    this.kingSlidesFound = this.scratch(ArenaSlot.KingSlides, Mem.Region);
  }

  /** A new arena, or null where WebAssembly is missing or the memory cannot be had. */
  static create(): SearchArena | null {
    if (typeof WebAssembly !== 'object') return null;
    // Under 4 KB: browsers compile a module that small synchronously too. (Outside the try: a module
    // that does not compile is a bug to be told, not a reason to run without the kernels.)
    kernelModule ??= new WebAssembly.Module(wasmModule(ARENA_PAGES, KERNEL_FUNCTIONS));
    const captureSlot = slotAddress(ArenaSlot.Captures);
    captureModule ??= new WebAssembly.Module(
      wasmModule(ARENA_PAGES, [...captureKernelFunctions(captureSlot), captureStepsKernel(captureSlot, 0)]),
    );
    try {
      const memory = new WebAssembly.Memory({ initial: ARENA_PAGES, maximum: ARENA_PAGES });
      const instance = new WebAssembly.Instance(kernelModule, { env: { memory } });
      const captures = new WebAssembly.Instance(captureModule, { env: { memory } });
      return new SearchArena(memory, instance.exports as unknown as Kernels, captures.exports as unknown as CaptureKernels);
    } catch {
      return null;
    }
  }

  /**
   * A copy of `position` on the arena (the position placed before it is overwritten: a searcher
   * searches one at a time), with the rules' constants for the kernels.
   */
  place(position: Position): Position {
    const pos = position.clone(this.ints.subarray(0, Mem.Size));
    this.strideBytes = pos.geo.stride * 4;
    this.wallFlag = pos.rules.shieldWall === true ? SQ_EDGE : 0;
    // kingSlides' directions, in bytes (dirs order).
    this.kingRayTable.set([4 * pos.geo.stride, 4, -4 * pos.geo.stride, -4]);
    this.jumps = pos.rules.jumps === true ? 1 : 0;
    this.jumpOverOwn = pos.rules.jumpOverOwn === true ? 1 : 0;
    for (let side = 0; side < 2; side++) {
      this.anvils[side] = anvilCodes(side, pos.rules.kingArmed === true);
      this.hostileOccupied[side] = hostileWhenOccupied(side);
    }
    if (captureRules(pos, this.captureSlot)) pos.useCaptureKernel(this.captureKernels.findCaptures, this.capturesFound);
    return pos;
  }

  /** Scratch slot `slot` as an array of `length` int32s, zeroed. */
  scratch(slot: ArenaSlot, length: number): Int32Array<ArrayBuffer> {
    const start = slotAddress(slot) / 4;
    return this.ints.subarray(start, start + length).fill(0);
  }

  /** captures.ts's captureSquares for the position placed, its three arrays scratch slots of this arena. */
  captureSquares(pos: Position, stamp: Int32Array, mark: number, squares: Int32Array, count: number, listed: Int32Array): number {
    const enemy = pos.side ^ 1;
    return this.kernels.captureSquares(
      (Mem.Lists + enemy * Mem.Region) * 4,
      pos.pieceCount[enemy],
      pos.kingSq,
      this.strideBytes,
      this.anvils[pos.side],
      this.hostileOccupied[pos.side],
      this.wallFlag,
      stamp.byteOffset,
      mark,
      squares.byteOffset,
      count,
      listed.byteOffset,
    );
  }

  /**
   * kingSlides.ts's scoreKingSlides for the king of the position placed: his slides (but `ttStep`) and
   * their values written into `steps` and `order` from `n`; returns the new end.
   */
  kingSlides(
    king: number,
    escapeFlag: number,
    noStop: number,
    block: number,
    ttStep: number,
    steps: Int32Array,
    order: Int32Array,
    n: number,
  ): number {
    const found = this.kernels.kingSlides(
      4 * king,
      escapeFlag,
      noStop,
      block,
      ttStep,
      this.kingRayTable.byteOffset,
      this.kingSlidesFound.byteOffset,
    );
    const pairs = this.kingSlidesFound;
    for (let i = 0; i < found; i++) {
      steps[n] = pairs[2 * i];
      order[n++] = pairs[2 * i + 1];
    }
    return n;
  }

  /**
   * CaptureGenerator's capturing steps onto the `count` squares of `squares` (a scratch slot), as
   * stepsOnto finds them, for the position placed (plain slides, its captureKernel set): written into
   * `out` from `n`; returns the new end.
   */
  captureSteps(pos: Position, squares: Int32Array, count: number, out: Int32Array, n: number): number {
    const found = this.captureKernels.captureSteps(
      squares.byteOffset,
      count,
      pos.side + 1,
      pos.rules.jumps === true ? 1 : 0,
      pos.rules.jumpOverOwn === true ? 1 : 0,
      pos.kingSq >= 0 ? kingNoStop(pos) : 0,
      this.captureStepsFound.byteOffset,
    );
    const steps = this.captureStepsFound;
    for (let i = 0; i < found; i++) out[n++] = steps[i];
    return n;
  }

  /**
   * The slides and jumps of the side to move onto the `count` squares of `squares` (a scratch slot),
   * the king's left out, as stepScorer.ts's generateTactical finds them with stepsOnto (rules with plain
   * slides only), written into `out` (a scratch slot of 8 * Mem.Region); returns their number.
   */
  tacticalSlides(pos: Position, squares: Int32Array, count: number, out: Int32Array): number {
    return this.kernels.tacticalSlides(
      squares.byteOffset,
      count,
      pos.side + 1,
      this.strideBytes,
      this.jumps,
      this.jumpOverOwn,
      out.byteOffset,
    );
  }
}

/** The exports of findCaptures' module, as JavaScript sees them. */
interface CaptureKernels {
  findCaptures: CaptureKernel;
  captureSteps(squares: number, count: number, myBit: number, jumps: number, jumpOverOwn: number, kingNoStop: number, out: number): number;
}

/** The byte address of scratch slot `slot`. */
function slotAddress(slot: ArenaSlot): number {
  return (Mem.Size + slot * Mem.Region) * 4;
}

/** A scratch array: slot `slot` of `arena`, or a plain array without one. */
export function scratchArray(arena: SearchArena | null, slot: ArenaSlot, length: number): Int32Array<ArrayBuffer> {
  return arena === null ? new Int32Array(length) : arena.scratch(slot, length);
}
