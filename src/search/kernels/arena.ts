// The searchers' WebAssembly memory (one per thread, shared by its searchers, which search one at a
// time): the position searched, cloned onto the memory's start (Position.memory, laid out by Mem), then
// the scratch arrays the kernels read and write, and the search's step stack (arenaLayout.ts), so that a
// kernel call copies nothing. The kernels (kernels/, AssemblyScript) are compiled by the build and
// embedded in the bundle. The position is given the kernels' findCaptures and continuations
// (Position.useCaptureKernel) where they cover its rules (captureRules.ts). Not one memory per position:
// each WebAssembly.Memory reserves some 10 GB of address space, and positions made anywhere else keep
// plain arrays and the JavaScript paths. Without WebAssembly, or when a memory cannot be had, the
// searchers have no arena and run the JavaScript paths.

import {
  type CaptureKernel,
  type ContinuationKernel,
  KING,
  kingNoStop,
  Mem,
  SQ_CORNER,
  SQ_EDGE,
  type Position,
} from '../../engine/index.js';
import kernelsBinary from '../../../build/kernels.wasm.js';
import { ARENA_BYTES, ArenaSlot, AttackerSlot, CaptureSlot, EVAL_WEIGHTS, STEP_STACK_START } from './arenaLayout.js';
import { captureRules, hostileWhenOccupied } from './captureRules.js';
import { STEP_STACK } from '../params.js';
import type { HiddenSums } from '../network/hiddenSums.js';
import type { Network } from '../network/nnue.js';
import { compileNetworkKernels, KernelSums } from './networkKernel.js';

const PAGE_BYTES = 65536;
const ARENA_PAGES = Math.ceil(ARENA_BYTES / PAGE_BYTES);

let kernelModule: WebAssembly.Module | undefined;

/**
 * Compiles the kernels' modules (the search's and the network's) ahead of the first search, without
 * blocking: a browser page's main thread may refuse to compile a module over 4 KB synchronously (older
 * Chromium builds and WebViews), and the facade's fallback one-turn search runs there. Elsewhere the
 * first arena compiles them when asked.
 */
export async function compileKernels(): Promise<void> {
  if (typeof WebAssembly !== 'object') return;
  kernelModule ??= await WebAssembly.compile(kernelsBinary);
  await compileNetworkKernels();
}
/** The thread's arena (forThread), undefined before it is first asked for. */
let threadArena: SearchArena | null | undefined;

export class SearchArena {
  private readonly memory: WebAssembly.Memory;
  private readonly ints: Int32Array<ArrayBuffer>;
  /** The network whose weights the network region holds, and its kernels (networkSums). */
  private networkKernels: KernelSums | null = null;
  private readonly kernels: Kernels;
  // The rules' constants of the position placed, for the kernels (see captureSquares).
  private strideBytes = 0;
  private wallFlag = 0;
  private jumps = 0;
  private jumpOverOwn = 0;
  /** KING where the king is no anvil (captureSquares), else 0. */
  private unarmedKing = 0;
  /** Per side to move, captureSquares' hostile squares when occupied (captureRules.ts). */
  private readonly hostileOccupied = new Int32Array(2);
  /** The four directions in bytes, for the kernels (the KingRays slot). */
  private readonly directions: Int32Array;
  private readonly slideTable: Int32Array;
  /** The search's step stack and its steps' ordering values (StepScorer's steps and order). */
  readonly steps: Int32Array<ArrayBuffer>;
  readonly order: Int32Array<ArrayBuffer>;
  /**
   * The step stack's address (bytes). Addresses are kept as numbers: V8 11 compiles a typed array's
   * `byteOffset` as a call (docs/history.md, speed20).
   */
  private readonly stepsAddress: number;
  private readonly captureStepsFound: Int32Array;
  private readonly captureStepsAddress: number;
  private readonly captureSlot: Int32Array;
  /** The squares findCaptures' kernel found (its slot, after the rules' constants). */
  readonly capturesFound: Int32Array;

  private constructor(memory: WebAssembly.Memory, kernels: Kernels) {
    this.memory = memory;
    this.ints = new Int32Array(memory.buffer);
    this.kernels = kernels;
    this.captureStepsFound = this.scratch(ArenaSlot.CaptureSteps, 8 * Mem.Region);
    this.captureSlot = this.scratch(ArenaSlot.Captures, Mem.Region);
    this.capturesFound = this.captureSlot.subarray(CaptureSlot.Found);
    this.captureStepsAddress = slotAddress(ArenaSlot.CaptureSteps);
    this.directions = this.scratch(ArenaSlot.KingRays, 4);
    this.slideTable = this.scratch(ArenaSlot.SlideTable, Mem.Region);
    this.steps = this.ints.subarray(STEP_STACK_START, STEP_STACK_START + STEP_STACK);
    this.order = this.ints.subarray(STEP_STACK_START + STEP_STACK, STEP_STACK_START + 2 * STEP_STACK);
    this.stepsAddress = STEP_STACK_START * 4;
  }
  /** The searcher whose position was placed last: another's placing clears the scratch slots. */
  private owner: object | undefined;

  /**
   * The thread's arena, shared by its searchers (they search one at a time; each search places its
   * position anew): one module instance, so that each kernel call site sees one function and V8 keeps
   * it inlined, where a new instance per searcher deoptimizes every call site (docs/history.md, speed17).
   */
  static forThread(): SearchArena | null {
    if (threadArena === undefined) threadArena = SearchArena.create();
    return threadArena;
  }

  /** A new arena, or null where WebAssembly is missing or the memory cannot be had. */
  static create(): SearchArena | null {
    if (typeof WebAssembly !== 'object') return null;
    // Outside the try: a module that does not compile is a bug to be told, not a reason to run without the kernels.
    kernelModule ??= new WebAssembly.Module(kernelsBinary);
    try {
      const memory = new WebAssembly.Memory({ initial: ARENA_PAGES, maximum: ARENA_PAGES });
      const instance = new WebAssembly.Instance(kernelModule, { env: { memory } });
      return new SearchArena(memory, instance.exports as unknown as Kernels);
    } catch {
      return null;
    }
  }

  /**
   * A copy of `position` on the arena (the position placed before it is overwritten: a searcher
   * searches one at a time), with the rules' constants for the kernels.
   */
  place(position: Position, owner?: object): Position {
    // The scratch slots' stamps belong to their searcher's counters: cleared for another searcher.
    if (owner !== this.owner) {
      this.ints.fill(0, Mem.Size, STEP_STACK_START);
      this.owner = owner;
    }
    const pos = position.clone(this.ints.subarray(0, Mem.Size));
    this.strideBytes = 4 * pos.geo.stride;
    this.wallFlag = pos.rules.shieldWall === true ? SQ_EDGE : 0;
    this.directions.set([4 * pos.geo.stride, 4, -4 * pos.geo.stride, -4]);
    const { noStop, block } = pos.geo;
    for (let key = 0; key < noStop.length; key++) this.slideTable[key] = noStop[key] | (block[key] << 8);
    this.jumps = pos.rules.jumps === true ? 1 : 0;
    this.jumpOverOwn = pos.rules.jumpOverOwn === true ? 1 : 0;
    this.unarmedKing = pos.rules.kingArmed === true ? 0 : KING;
    for (let side = 0; side < 2; side++) this.hostileOccupied[side] = hostileWhenOccupied(side);
    // The continuations' kernel slides without speed limits; it writes its steps where captureSteps' go.
    if (captureRules(pos, this.captureSlot))
      pos.useCaptureKernel(
        this.kernels.findCaptures,
        this.capturesFound,
        pos.geo.speedLimited ? null : this.kernels.continuations,
        this.captureStepsFound,
      );
    return pos;
  }

  /**
   * The hidden sums of `net` on this arena's network region, run by the network kernels (its weights
   * written there unless they already are), or null where those cannot run it.
   */
  networkSums(net: Network): HiddenSums | null {
    if (this.networkKernels?.net !== net) this.networkKernels = KernelSums.load(this.memory, net);
    return this.networkKernels;
  }

  /** Scratch slot `slot` as an array of `length` int32s, zeroed, carrying its address (addressOf). */
  scratch(slot: ArenaSlot, length: number): Int32Array<ArrayBuffer> {
    const start = Mem.Size + slot * Mem.Region;
    const array = this.ints.subarray(start, start + length).fill(0) as AddressedArray;
    array.address = start * 4;
    return array;
  }

  /** captures.ts's captureSquares for the position placed, its three arrays scratch slots of this arena. */
  captureSquares(pos: Position, stamp: Int32Array, mark: number, squares: Int32Array, count: number, listed: Int32Array): number {
    const enemy = pos.side ^ 1;
    return this.kernels.captureSquares(
      (Mem.Lists + enemy * Mem.Region) * 4,
      pos.pieceCount[enemy],
      4 * pos.kingSq,
      this.strideBytes,
      pos.side + 1,
      this.unarmedKing,
      this.hostileOccupied[pos.side],
      this.wallFlag,
      addressOf(stamp),
      mark,
      addressOf(squares),
      count,
      addressOf(listed),
    );
  }

  /**
   * kingSlides.ts's scoreKingSlides for the king of the position placed: his slides (but `ttStep`) and
   * their values written into the arena's `steps` and `order` from `n`; returns the new end.
   */
  kingSlides(king: number, escapeFlag: number, noStop: number, block: number, ttStep: number, n: number): number {
    return n + this.kernels.kingSlides(4 * king, escapeFlag, noStop, block, ttStep, this.stepsAddress + 4 * n);
  }

  /** evaluate.ts's kingFeatures' walks for the king on `king` of the position placed, packed (KingWalk). */
  kingFeatures(king: number, escapeFlag: number): number {
    return this.kernels.kingFeatures(4 * king, escapeFlag, escapeFlag === SQ_CORNER ? 1 : 0);
  }

  /** evaluate.ts's kingOpenLines for the king on `king` of the position placed. */
  kingOpenLines(king: number, escapeFlag: number): number {
    return this.kernels.kingOpenLines(4 * king, escapeFlag, escapeFlag === SQ_CORNER ? 1 : 0);
  }

  /**
   * The evaluation with the king on `king`: his features (as kingFeatures finds them) written with the
   * others in the EvalTerms slot (evalFeatures), and the weighted sum of them all.
   */
  kingEvaluation(king: number, escapeFlag: number): number {
    return this.kernels.kingEvaluation(4 * king, escapeFlag, escapeFlag === SQ_CORNER ? 1 : 0);
  }

  /**
   * attackerTerms.ts's tables (each by padded square), written for attackerScan; returns the sums it
   * writes (AttackerSum).
   */
  attackerTables(cornerGuard: Uint8Array, boxBitsLow: Int32Array, boxBitsHigh: Int32Array): Int32Array {
    const slot = this.scratch(ArenaSlot.AttackerScan, AttackerSlot.Size);
    slot.set(cornerGuard, AttackerSlot.CornerGuard);
    slot.set(boxBitsLow, AttackerSlot.BoxBitsLow);
    slot.set(boxBitsHigh, AttackerSlot.BoxBitsHigh);
    return slot.subarray(AttackerSlot.Sums);
  }

  /** attackerTerms.ts's scan of the position placed (its `count` attackers; the diagonals in squares), into attackerTables' sums. */
  attackerScan(count: number, upRight: number, upLeft: number): void {
    this.kernels.attackerScan(count, 4 * upRight, 4 * upLeft);
  }

  /** stepPicker.ts's pickBest over the arena's step stack from `i` to `end`. */
  pickBest(i: number, end: number): void {
    this.kernels.pickBest(this.stepsAddress + 4 * i, this.stepsAddress + 4 * end);
  }

  /**
   * The evaluation's features array (`weights.length` int32s, zeroed) on the arena, with `weights`
   * copied beside it for weightedSum (the slot is zero past both).
   */
  evalFeatures(weights: Int32Array): Int32Array<ArrayBuffer> {
    const terms = this.scratch(ArenaSlot.EvalTerms, 2 * EVAL_WEIGHTS);
    terms.set(weights, EVAL_WEIGHTS);
    return terms.subarray(0, weights.length);
  }

  /** evaluate.ts's weighted sum of the features and weights in the EvalTerms slot (evalFeatures). */
  weightedSum(): number {
    return this.kernels.weightedSum();
  }

  /**
   * CaptureGenerator's capturing steps onto the `count` squares of `squares` (a scratch slot), as
   * stepsOnto finds them, for the position placed (plain slides, its captureKernel set): written into
   * `out` from `n`; returns the new end.
   */
  captureSteps(pos: Position, squares: Int32Array, count: number, out: Int32Array, n: number): number {
    // Onto the step stack in place (the quiescence search's); other arrays get a copy.
    const inPlace = out === this.steps;
    const found = this.kernels.captureSteps(
      addressOf(squares),
      count,
      this.strideBytes,
      pos.side + 1,
      pos.rules.jumps === true ? 1 : 0,
      pos.rules.jumpOverOwn === true ? 1 : 0,
      pos.kingSq >= 0 ? kingNoStop(pos) : 0,
      inPlace ? this.stepsAddress + 4 * n : this.captureStepsAddress,
    );
    if (inPlace) return n + found;
    const steps = this.captureStepsFound;
    for (let i = 0; i < found; i++) out[n++] = steps[i];
    return n;
  }

  /**
   * stepScorer.ts's generateQuiets' steps for the position placed (between turns, no speed limits, no
   * `forbidden` filter at work): the steps of the side to move but the king's, those onto squares
   * `special` (a scratch slot) marks with `mark`, `ttStep` and the killers, written onto the step stack
   * from `at`; returns the new end.
   */
  quietSteps(pos: Position, special: Int32Array, mark: number, ttStep: number, killer1: number, killer2: number, at: number): number {
    const side = pos.side;
    return (
      at +
      this.kernels.quietSteps(
        (Mem.Lists + side * Mem.Region) * 4,
        pos.pieceCount[side],
        pos.kingSq,
        addressOf(special),
        mark,
        ttStep,
        killer1,
        killer2,
        this.stepsAddress + 4 * at,
        this.jumps,
        this.jumpOverOwn,
      )
    );
  }

  /**
   * stepScorer.ts's scoreStep values of the steps on the step stack from `at` to `end` (generateTactical's;
   * with `kingSteps` 1, the king's slides, valued by kingSlides: generateKingSteps') for the position
   * placed (its captureKernel set), written beside them; the stamp arrays are scratch slots.
   */
  tacticalOrder(
    pos: Position,
    at: number,
    end: number,
    captureStamp: Int32Array,
    captureMark: number,
    lineStamp: Int32Array,
    blockMark: number,
    routeStamp: Int32Array,
    routeMark: number,
    killer1: number,
    killer2: number,
    kingSteps: number,
  ): void {
    this.kernels.tacticalOrder(
      this.stepsAddress + 4 * at,
      this.stepsAddress + 4 * end,
      addressOf(captureStamp),
      captureMark,
      addressOf(lineStamp),
      blockMark,
      addressOf(routeStamp),
      routeMark,
      killer1,
      killer2,
      (pos.side + 1) ^ 3,
      kingSteps,
    );
  }

  /**
   * The slides and jumps of the side to move onto the `count` squares of `squares` (a scratch slot),
   * the king's and `ttStep` left out, as stepsOnto finds them (rules with plain slides only), written
   * into the arena's `steps` from `at`; returns the new end.
   */
  tacticalSlides(pos: Position, squares: Int32Array, count: number, ttStep: number, at: number): number {
    return (
      at +
      this.kernels.tacticalSlides(
        addressOf(squares),
        count,
        this.strideBytes,
        pos.side + 1,
        this.jumps,
        this.jumpOverOwn,
        ttStep,
        this.stepsAddress + 4 * at,
      )
    );
  }
}

/** The kernels' exports (kernels/index.ts), as JavaScript sees them; addresses in bytes. */
interface Kernels {
  findCaptures: CaptureKernel;
  continuations: ContinuationKernel;
  captureSquares(
    enemies: number,
    enemyCount: number,
    king: number,
    strideBytes: number,
    myBit: number,
    unarmedKing: number,
    hostileOccupied: number,
    wallFlag: number,
    stamp: number,
    mark: number,
    squares: number,
    count: number,
    listed: number,
  ): number;
  captureSteps(
    squares: number,
    count: number,
    strideBytes: number,
    myBit: number,
    jumps: number,
    jumpOverOwn: number,
    kingNoStop: number,
    out: number,
  ): number;
  tacticalSlides(
    squares: number,
    count: number,
    strideBytes: number,
    myBit: number,
    jumps: number,
    jumpOverOwn: number,
    ttStep: number,
    out: number,
  ): number;
  quietSteps(
    list: number,
    count: number,
    king: number,
    special: number,
    mark: number,
    ttStep: number,
    killer1: number,
    killer2: number,
    out: number,
    jumps: number,
    jumpOverOwn: number,
  ): number;
  tacticalOrder(
    start: number,
    end: number,
    captureStamp: number,
    captureMark: number,
    lineStamp: number,
    blockMark: number,
    routeStamp: number,
    routeMark: number,
    killer1: number,
    killer2: number,
    enemyBit: number,
    kingSteps: number,
  ): void;
  pickBest(start: number, end: number): void;
  kingSlides(king: number, escapeFlag: number, noStop: number, block: number, ttStep: number, out: number): number;
  kingFeatures(king: number, escapeFlag: number, corners: number): number;
  kingOpenLines(king: number, escapeFlag: number, corners: number): number;
  kingEvaluation(king: number, escapeFlag: number, corners: number): number;
  weightedSum(): number;
  attackerScan(count: number, upRight: number, upLeft: number): void;
}

/** A scratch array with its byte address (scratch()). */
interface AddressedArray extends Int32Array<ArrayBuffer> {
  address?: number;
}

/**
 * The byte address of `array`, a view of the arena's memory: kept on the scratch arrays, since V8 11
 * compiles `byteOffset` as a call under concurrent compilation (node's default; docs/history.md, speed20).
 */
function addressOf(array: Int32Array): number {
  return (array as AddressedArray).address ?? array.byteOffset;
}

/** The byte address of scratch slot `slot`. */
function slotAddress(slot: ArenaSlot): number {
  return (Mem.Size + slot * Mem.Region) * 4;
}

/** A scratch array: slot `slot` of `arena`, or a plain array without one. */
export function scratchArray(arena: SearchArena | null, slot: ArenaSlot, length: number): Int32Array<ArrayBuffer> {
  return arena === null ? new Int32Array(length) : arena.scratch(slot, length);
}
