// The learned evaluation's integer scales, shared by the network's TypeScript (nnue.ts) and its
// WebAssembly kernel (kernels/assembly/network.ts): this module imports nothing, so that
// AssemblyScript compiles it too.

/** Activation scale of the input layer: a hidden unit is clipped to 0..QA. */
export const QA = 255;
/** Scale of the output weights. */
export const QB = 64;
/** Centipawns per unit of the network's float output (the trainer's sigmoid(output) is the score). */
export const OUTPUT_SCALE = 400;
