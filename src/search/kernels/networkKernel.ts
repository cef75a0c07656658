// The hidden sums on a searcher's arena (HiddenSums), run by the learned evaluation's WebAssembly
// kernels (kernels/assembly/network.ts, a module of its own with SIMD). The arena's network region
// (arenaLayout.ts) holds, from its start: the network's input columns (the side-to-move input's last),
// a zero column, the hidden biases, the output weights as Int16s, then the slots of sums; every
// address passed in bytes. One network at a time: an arena's searchers load theirs when a search starts.

import networkBinary from '../../../build/network.wasm.js';
import { type HiddenSums, SUM_SLOTS } from '../network/hiddenSums.js';
import { inputCount, type Network, outputDivisor } from '../network/nnue.js';
import { NETWORK_BYTES, NETWORK_START } from './arenaLayout.js';

let networkModule: WebAssembly.Module | null | undefined;
/** One instance per arena memory: a new instance's functions would deoptimize the calls into them. */
const instances = new WeakMap<WebAssembly.Memory, NetworkKernels>();

/** compileKernels' part (arena.ts): the module compiled without blocking, or null where it cannot be. */
export async function compileNetworkKernels(): Promise<void> {
  if (networkModule === undefined) networkModule = await WebAssembly.compile(networkBinary).catch(() => null);
}

/** The network kernels' module, or null where WebAssembly SIMD is missing (the search then runs ReferenceSums). */
function compiledModule(): WebAssembly.Module | null {
  if (networkModule === undefined) {
    try {
      networkModule = new WebAssembly.Module(networkBinary);
    } catch {
      networkModule = null;
    }
  }
  return networkModule;
}

/** The network kernels' exports (kernels/assembly/network.ts); addresses in bytes. */
interface NetworkKernels {
  netCopy(from: number, to: number, hidden: number): void;
  netAdd(at: number, column: number, hidden: number): void;
  netSubtract(at: number, column: number, hidden: number): void;
  netMove(from: number, to: number, removed: number, added: number, hidden: number): void;
  netOutput(at: number, side: number, out: number, hidden: number, squared: number, bias: number, divisor: number): number;
  netMoveOutput(
    from: number,
    to: number,
    removed: number,
    added: number,
    side: number,
    out: number,
    hidden: number,
    squared: number,
    bias: number,
    divisor: number,
  ): number;
}

/** The bytes a network takes in the region, with its slots of sums. */
function regionBytes(net: Network): number {
  return 2 * net.hidden * (inputCount(net) + 3 + SUM_SLOTS);
}

/**
 * The widest network the kernels run: each of the output's four 32-bit lanes adds hidden / 4 products
 * of up to QA * 128 * QA (squared), which stay below 2^31 up to here.
 */
const MAX_KERNEL_HIDDEN = 512;

/** Whether the kernels can run `net`: eight hidden units at a time, in the arena's region. */
export function kernelsFit(net: Network): boolean {
  return net.hidden % 8 === 0 && net.hidden <= MAX_KERNEL_HIDDEN && regionBytes(net) <= NETWORK_BYTES;
}

export class KernelSums implements HiddenSums {
  readonly net: Network;
  private readonly kernels: NetworkKernels;
  private readonly hidden: number;
  /** Bytes of a column (and of a slot). */
  private readonly stride: number;
  private readonly sideColumn: number;
  private readonly zeroColumn: number;
  private readonly biasColumn: number;
  private readonly outputWeights: number;
  private readonly slots: number;
  private readonly squared: number;
  private readonly outputBias: number;
  private readonly divisor: number;

  /** The kernels over `memory` (an arena's) with `net` written into its network region, or null where they cannot run it. */
  static load(memory: WebAssembly.Memory, net: Network): KernelSums | null {
    const module = compiledModule();
    if (module === null || !kernelsFit(net)) return null;
    let kernels = instances.get(memory);
    if (kernels === undefined) {
      kernels = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as NetworkKernels;
      instances.set(memory, kernels);
    }
    return new KernelSums(memory, kernels, net);
  }

  private constructor(memory: WebAssembly.Memory, kernels: NetworkKernels, net: Network) {
    this.net = net;
    this.kernels = kernels;
    const hidden = net.hidden;
    this.hidden = hidden;
    this.stride = 2 * hidden;
    const inputs = inputCount(net);
    this.sideColumn = NETWORK_START + (inputs - 1) * this.stride;
    this.zeroColumn = NETWORK_START + inputs * this.stride;
    this.biasColumn = this.zeroColumn + this.stride;
    this.outputWeights = this.biasColumn + this.stride;
    this.slots = this.outputWeights + this.stride;
    this.squared = net.activation === 'squared' ? 1 : 0;
    this.outputBias = net.outputBias;
    this.divisor = outputDivisor(net.activation);
    const region = new Int16Array(memory.buffer, NETWORK_START, this.slots / 2 - NETWORK_START / 2);
    region.set(net.inputWeights);
    region.fill(0, inputs * hidden, (inputs + 1) * hidden);
    region.set(net.hiddenBias, (inputs + 1) * hidden);
    region.set(net.outputWeights, (inputs + 2) * hidden);
  }

  private slot(slot: number): number {
    return this.slots + slot * this.stride;
  }

  private column(column: number): number {
    return NETWORK_START + column * this.stride;
  }

  reset(slot: number): void {
    this.kernels.netCopy(this.biasColumn, this.slot(slot), this.hidden);
  }

  add(slot: number, column: number): void {
    this.kernels.netAdd(this.slot(slot), this.column(column), this.hidden);
  }

  subtract(slot: number, column: number): void {
    this.kernels.netSubtract(this.slot(slot), this.column(column), this.hidden);
  }

  copy(from: number, to: number): void {
    this.kernels.netCopy(this.slot(from), this.slot(to), this.hidden);
  }

  move(from: number, to: number, removed: number, added: number): void {
    this.kernels.netMove(this.slot(from), this.slot(to), this.column(removed), this.column(added), this.hidden);
  }

  output(slot: number, defendersToMove: boolean): number {
    const side = defendersToMove ? this.sideColumn : this.zeroColumn;
    return this.kernels.netOutput(this.slot(slot), side, this.outputWeights, this.hidden, this.squared, this.outputBias, this.divisor);
  }

  moveAndOutput(from: number, to: number, removed: number, added: number, defendersToMove: boolean): number {
    return this.kernels.netMoveOutput(
      this.slot(from),
      this.slot(to),
      this.column(removed),
      this.column(added),
      defendersToMove ? this.sideColumn : this.zeroColumn,
      this.outputWeights,
      this.hidden,
      this.squared,
      this.outputBias,
      this.divisor,
    );
  }
}
