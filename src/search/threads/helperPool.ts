// Lazy SMP: helper threads search the same position on the shared transposition table, and the
// main thread profits from what they store. Each helper also publishes its last completed iteration
// (depth, score, line): where the main thread stops with a shallower one, the helper's move is played.
//
// Coordination is through one shared Int32Array (`control`): a generation number, and per helper a
// busy flag, a stop flag, a node count and its last completed iteration. A helper searches only while
// its message's generation is the current one; the main thread ends a search by moving the generation
// on, raising every stop flag and waiting (briefly) until no helper is busy, so that no helper ever
// searches a stale position (and none is writing its iteration when the main thread reads it).

import { type Position, type RuleSet } from '../../engine/index.js';
import { makeTfen } from '../../notation/index.js';
import type { Network } from '../network/nnue.js';
import type { StartThread, Thread } from './threads.js';

const GENERATION = 0;
const HEADER_INTS = 1;
/** The steps of a helper's line kept (the first turn is all that is played). */
const LINE_STEPS = 64;
/** A helper's iteration: the generation of its search, depth (0: none or being written), score, line length, line. */
const ITERATION_INTS = 4 + LINE_STEPS;
const HELPER_INTS = 3 + ITERATION_INTS;
const busySlot = (index: number): number => HEADER_INTS + index * HELPER_INTS;
const stopSlot = (index: number): number => busySlot(index) + 1;
const nodesSlot = (index: number): number => busySlot(index) + 2;
const iterationSlot = (index: number): number => busySlot(index) + 3;
/** How long stop() waits for each helper to notice its stop flag, ms. */
const STOP_WAIT_MS = 200;

/** A helper's first message: its place in the control array, and the table. */
export interface HelperSetup {
  index: number;
  control: SharedArrayBuffer;
  table: SharedArrayBuffer;
}

export interface HelperJob {
  generation: number;
  tableAge: number;
  rules: RuleSet;
  /** The position the game was set up from, and the steps made since. */
  setupTfen: string;
  steps: number[];
  /** The main thread's learned evaluation, if any. */
  evalNet: Network | null;
}

/** A helper's completed iteration, as the main thread reads it. */
export interface HelperIteration {
  depth: number;
  score: number;
  /** Steps from the root. */
  line: number[];
}

/** What a helper's search shares with the main thread. */
export interface HelperChannel {
  stop: Int32Array;
  /** Where the helper publishes its completed iterations (publishIteration). */
  iteration: Int32Array;
  /** The generation of the helper's job. */
  generation: number;
}

/** The views of the control array a helper uses. */
export function helperViews(setup: HelperSetup): {
  control: Int32Array;
  stop: Int32Array;
  nodes: Int32Array;
  iteration: Int32Array;
  busy: number;
  generation: number;
} {
  const control = new Int32Array(setup.control);
  return {
    control,
    stop: new Int32Array(setup.control, stopSlot(setup.index) * 4, 1),
    nodes: new Int32Array(setup.control, nodesSlot(setup.index) * 4, 1),
    iteration: new Int32Array(setup.control, iterationSlot(setup.index) * 4, ITERATION_INTS),
    busy: busySlot(setup.index),
    generation: GENERATION,
  };
}

/** A helper completed iteration `depth` with `score` and `line` (depth last: 0 meanwhile marks it unfinished). */
export function publishIteration(channel: HelperChannel, depth: number, score: number, line: readonly number[]): void {
  const iteration = channel.iteration;
  const length = Math.min(line.length, LINE_STEPS);
  Atomics.store(iteration, 1, 0);
  iteration[0] = channel.generation;
  iteration[2] = score;
  iteration[3] = length;
  for (let i = 0; i < length; i++) iteration[4 + i] = line[i];
  Atomics.store(iteration, 1, depth);
}

/** How a Searcher takes part in a multi-threaded search. */
export interface Threading {
  /** A helper thread's searcher: the main thread's table, attached instead of its own. */
  sharedTable?: SharedArrayBuffer;
  helperIndex?: number;
  /** A helper publishes its node count here. */
  nodeCounter?: Int32Array;
  /** Starts a helper thread (serveHelper); without it the search has one thread whatever its Threads. */
  startHelper?: StartThread;
}

/** The main thread's helpers: started with the first search that wants them, restarted to fit the Threads option and the table. */
export class HelperPool {
  private readonly workers: Thread[] = [];
  private control: Int32Array = new Int32Array(1);
  private table: SharedArrayBuffer | undefined;
  /** The generation of the current (or last) search. */
  private searchGeneration = 0;

  constructor(private readonly startHelper: StartThread | undefined) {}

  get count(): number {
    return this.workers.length;
  }

  /** Sets `count` helpers searching `pos` on `table` (they run until stop()); none without a shared table. */
  start(count: number, table: SharedArrayBuffer | undefined, pos: Position, tableAge: number, evalNet: Network | null): void {
    if (count < 1 || !table || !this.startHelper) {
      this.terminate();
      return;
    }
    if (count !== this.count || table !== this.table) this.spawn(count, table, this.startHelper);
    const control = this.control;
    const generation = Atomics.add(control, GENERATION, 1) + 1;
    this.searchGeneration = generation;
    const setup = pos.clone();
    while (setup.ply > 0) setup.unmakeStep();
    const job: HelperJob = { generation, tableAge, rules: pos.rules, setupTfen: makeTfen(setup), steps: pos.stepsMade(), evalNet };
    for (let index = 0; index < count; index++) {
      Atomics.store(control, stopSlot(index), 0);
      Atomics.store(control, nodesSlot(index), 0);
      Atomics.store(control, iterationSlot(index) + 1, 0);
      this.workers[index].post(job);
    }
  }

  /** Stops every helper and waits until none is searching. */
  stop(): void {
    const control = this.control;
    Atomics.add(control, GENERATION, 1);
    for (let index = 0; index < this.count; index++) {
      Atomics.store(control, stopSlot(index), 1);
      Atomics.notify(control, stopSlot(index));
    }
    for (let index = 0; index < this.count; index++) {
      if (Atomics.load(control, busySlot(index)) !== 0) Atomics.wait(control, busySlot(index), 1, STOP_WAIT_MS);
    }
  }

  /**
   * After stop(): the deepest iteration a helper completed in the last search (none from a helper
   * still busy, which may be writing it).
   */
  deepestIteration(): HelperIteration | undefined {
    const control = this.control;
    let deepest: HelperIteration | undefined;
    for (let index = 0; index < this.count; index++) {
      const at = iterationSlot(index);
      const depth = Atomics.load(control, at + 1);
      if (Atomics.load(control, busySlot(index)) !== 0 || depth === 0 || control[at] !== this.searchGeneration) continue;
      if (deepest !== undefined && depth <= deepest.depth) continue;
      const line = Array.from(control.subarray(at + 4, at + 4 + control[at + 3]));
      deepest = { depth, score: control[at + 2], line };
    }
    return deepest;
  }

  /** The helpers' nodes in the current search. */
  nodes(): number {
    let total = 0;
    for (let index = 0; index < this.count; index++) total += Atomics.load(this.control, nodesSlot(index));
    return total;
  }

  /** Ends the helper threads (the next search that wants them starts new ones). */
  terminate(): void {
    this.stop();
    for (const worker of this.workers) void worker.terminate();
    this.workers.length = 0;
    this.table = undefined;
  }

  private spawn(count: number, table: SharedArrayBuffer, startHelper: StartThread): void {
    this.terminate();
    const buffer = new SharedArrayBuffer((HEADER_INTS + count * HELPER_INTS) * 4);
    this.control = new Int32Array(buffer);
    this.table = table;
    for (let index = 0; index < count; index++) {
      // A helper that dies costs only speed; the main thread's search goes on without it.
      const worker = startHelper();
      const setup: HelperSetup = { index, control: buffer, table };
      worker.post(setup);
      this.workers.push(worker);
    }
  }
}
