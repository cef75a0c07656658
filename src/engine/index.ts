// The rules core's public surface: rules as data, positions, steps, turns, results, perft.
export * from './types.js';
export * from './result.js';
export * from './rules.js';
export * from './variants.js';
export * from './geometry.js';
export * from './position.js';
export { Changed, Undo } from './undoRecord.js';
export { Mem } from './layout.js';
export type { Setup } from './setup.js';
export type { CaptureKernel, ContinuationKernel } from './positionView.js';
export * from './step.js';
export { END_REASONS } from './endReasons.js';
export {
  generateSteps,
  generatePieceSteps,
  generateJumps,
  isPieceStep,
  forbiddenFilterActive,
  stepCaptures,
  stepMayCapture,
  hasContinuation,
  countTurnsBulk,
  kingNoStop,
} from './movegen.js';
export * from './perft.js';
export { occurredBefore } from './repetition.js';
export { legalSteps, legalTurns, hasLegalTurn, gameOutcome, playTurn } from './turns.js';
export * from './random.js';
