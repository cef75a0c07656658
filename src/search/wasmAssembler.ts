// A small WebAssembly assembler: enough of the binary format (types, an imported memory, functions of
// i32 parameters and locals returning one i32, their exports, and the instructions the search's kernels
// use) to write the kernels (kernels.ts) in TypeScript and build their module when it is first needed,
// with no build step and no binary in the repository. Instructions are byte arrays, joined with `code`.

/** Opcodes without immediates (the WebAssembly binary format's numbers). */
export const enum Op {
  End = 0x0b,
  Return = 0x0f,
  Select = 0x1b,
  I32Eqz = 0x45,
  I32Eq = 0x46,
  I32Ne = 0x47,
  I32LtS = 0x48,
  I32LtU = 0x49,
  I32GeU = 0x4f,
  I32Add = 0x6a,
  I32Sub = 0x6b,
  I32Mul = 0x6c,
  I32And = 0x71,
  I32Or = 0x72,
  I32Shl = 0x74,
  I32ShrS = 0x75,
  I32ShrU = 0x76,
}

const VOID_BLOCK = 0x40;
const I32 = 0x7f;

function unsigned(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

function signed(value: number): number[] {
  const bytes: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    const done = (value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
}

/** Joins instructions (byte arrays or opcodes) into one sequence. */
export function code(...parts: (number[] | Op)[]): number[] {
  return parts.flatMap((part) => (typeof part === 'number' ? [part] : part));
}

export const get = (local: number): number[] => [0x20, ...unsigned(local)];
export const set = (local: number): number[] => [0x21, ...unsigned(local)];
export const tee = (local: number): number[] => [0x22, ...unsigned(local)];
export const i32 = (value: number): number[] => [0x41, ...signed(value | 0)];
/** i32.load / i32.store at the address on the stack plus `offset` bytes (4-byte aligned). */
export const load = (offset = 0): number[] => [0x28, 2, ...unsigned(offset)];
export const store = (offset = 0): number[] => [0x36, 2, ...unsigned(offset)];
export const block = (...body: (number[] | Op)[]): number[] => [0x02, VOID_BLOCK, ...code(...body), Op.End];
export const loop = (...body: (number[] | Op)[]): number[] => [0x03, VOID_BLOCK, ...code(...body), Op.End];
/** Runs `body` if the value on the stack is not zero. */
export const ifThen = (...body: (number[] | Op)[]): number[] => [0x04, VOID_BLOCK, ...code(...body), Op.End];
/** Branches out of the `depth`-th enclosing block (0: the innermost), or to a loop's start. */
export const br = (depth: number): number[] => [0x0c, ...unsigned(depth)];
export const brIf = (depth: number): number[] => [0x0d, ...unsigned(depth)];
/** Calls the module's function number `index` (its arguments on the stack). */
export const call = (index: number): number[] => [0x10, ...unsigned(index)];

export interface WasmFunction {
  name: string;
  params: number;
  /** Locals beyond the parameters (numbered after them). */
  locals: number;
  body: number[];
}

function section(id: number, content: number[]): number[] {
  return [id, ...unsigned(content.length), ...content];
}

function vector(items: number[][]): number[] {
  return [...unsigned(items.length), ...items.flat()];
}

function name(text: string): number[] {
  const bytes = [...new TextEncoder().encode(text)];
  return [...unsigned(bytes.length), ...bytes];
}

/** A module importing its memory as env.memory (at least `pages` of 64 KiB) and exporting `functions`, each of i32s to one i32. */
export function wasmModule(pages: number, functions: readonly WasmFunction[]): Uint8Array<ArrayBuffer> {
  const types = functions.map((f) => [0x60, ...vector(Array.from({ length: f.params }, () => [I32])), 1, I32]);
  const memoryImport = [...name('env'), ...name('memory'), 0x02, 0x00, ...unsigned(pages)];
  const bodies = functions.map((f) => {
    const body = [...(f.locals > 0 ? [1, ...unsigned(f.locals), I32] : [0]), ...f.body, Op.End];
    return [...unsigned(body.length), ...body];
  });
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector(types)),
    ...section(2, vector([memoryImport])),
    ...section(3, vector(functions.map((_, index) => unsigned(index)))),
    ...section(7, vector(functions.map((f, index) => [...name(f.name), 0x00, ...unsigned(index)]))),
    ...section(10, vector(bodies)),
  ]);
}
