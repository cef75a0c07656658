// The staged generation's last stage (stepScorer.ts's generateQuiets: generateSteps' steps, less the
// king's, those onto the first stage's squares, the hash step and the killers) as a WebAssembly kernel
// over the arena: V8's compiled slide loop costs some 20 instructions a square, WebAssembly's a few.
// Between turns, without speed limits, where the `forbidden` repetition filter removes nothing.
// test/search/kernels.test.ts compares it with the JavaScript.

import { Mem, SQ_KINDS, SQ_RESTRICTED, TYPE_MASK } from '../engine/index.js';
import { eachRay, jumpLanding, slide } from './pieceWalks.js';
import { block, br, brIf, code, get, i32, ifThen, load, loop, Op, set, store, tee, type WasmFunction } from './wasmAssembler.js';

const FLAGS = Mem.Flags * 4;

/** The kernel's parameters and locals. */
const enum Q {
  List,
  Count,
  King,
  Special,
  Mark,
  TtStep,
  Killer1,
  Killer2,
  Out,
  Jumps,
  JumpOverOwn,
  // locals
  End,
  Next,
  From,
  FromBytes,
  Piece,
  NoStop,
  Block,
  Ray,
  Toward,
  To,
  Step,
  Over,
}

/**
 * generateQuiets' steps: for each of the `Count` pieces of the list at `List` (bytes) but the one on
 * `King`, generatePieceSteps' slides, then its jumps (`Jumps`, `JumpOverOwn` the rules' flags as 0 or
 * 1), in their order, but those onto a square `Special` (bytes) marks with `Mark`, `TtStep` and the
 * killers, written from `Out` (bytes); returns their number. `rays` is the four directions (bytes; the
 * arena's kingSlides ray table), `slides` the rules' slide flags by slideKey (noStop | block << 8).
 */
export function quietStepsKernel(rays: number, slides: number): WasmFunction {
  /** The step from From to To (bytes), written unless it is left out. */
  const emit = block(
    code(get(Q.Special), get(Q.To), Op.I32Add, load(), get(Q.Mark), Op.I32Eq),
    brIf(0),
    code(get(Q.From), get(Q.To), i32(2), Op.I32ShrU, i32(9), Op.I32Shl, Op.I32Or, tee(Q.Step), get(Q.TtStep), Op.I32Eq),
    code(get(Q.Step), get(Q.Killer1), Op.I32Eq, Op.I32Or, get(Q.Step), get(Q.Killer2), Op.I32Eq, Op.I32Or),
    brIf(0),
    code(get(Q.Next), get(Q.Step), store(), get(Q.Next), i32(4), Op.I32Add, set(Q.Next)),
  );
  const walk = { fromBytes: Q.FromBytes, piece: Q.Piece, ray: Q.Ray, toward: Q.Toward, to: Q.To, over: Q.Over };
  return {
    name: 'quietSteps',
    params: Q.End,
    locals: Q.Over + 1 - Q.End,
    body: code(
      code(get(Q.List), get(Q.Count), i32(2), Op.I32Shl, Op.I32Add, set(Q.End), get(Q.Out), set(Q.Next)),
      block(
        loop(
          code(get(Q.List), get(Q.End), Op.I32GeU),
          brIf(1),
          code(get(Q.List), load(), set(Q.From), get(Q.List), i32(4), Op.I32Add, set(Q.List)),
          block(
            // The king's steps come with the first stage.
            code(get(Q.From), get(Q.King), Op.I32Eq),
            brIf(0),
            code(get(Q.From), i32(2), Op.I32Shl, tee(Q.FromBytes), load(), tee(Q.Piece)),
            code(get(Q.FromBytes), load(FLAGS), i32(SQ_KINDS), Op.I32And, i32(4), Op.I32Shl, Op.I32Or, i32(2), Op.I32Shl, load(slides)),
            code(tee(Q.Block), i32(255), Op.I32And, set(Q.NoStop), get(Q.Block), i32(8), Op.I32ShrU, set(Q.Block)),
            eachRay(
              rays,
              walk,
              slide(
                walk,
                code(get(Q.To), load(FLAGS), get(Q.NoStop), Op.I32And, Op.I32Eqz),
                emit,
                code(get(Q.To), load(FLAGS), get(Q.Block), Op.I32And),
              ),
            ),
            // The jumps (generateJumps, the king's left out): over a man onto an unrestricted empty square.
            code(get(Q.Jumps), get(Q.Piece), i32(TYPE_MASK), Op.I32And, i32(0), Op.I32Ne, Op.I32And),
            ifThen(
              eachRay(
                rays,
                walk,
                block(jumpLanding(walk, get(Q.JumpOverOwn)), code(get(Q.To), load(FLAGS), i32(SQ_RESTRICTED), Op.I32And), brIf(0), emit),
              ),
            ),
          ),
          br(0),
        ),
      ),
      code(get(Q.Next), get(Q.Out), Op.I32Sub, i32(2), Op.I32ShrS),
    ),
  };
}
