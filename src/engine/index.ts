// The rules core's public surface: rules as data, positions, steps, turns, results, perft.
export * from './types.js';
export * from './result.js';
export * from './rules.js';
export * from './variants.js';
export * from './geometry.js';
export * from './position.js';
export {
  generateSteps,
  generatePieceSteps,
  isPieceStep,
  forbiddenFilterActive,
  stepCaptures,
  stepMayCapture,
  hasContinuation,
  countTurnsBulk,
  kingNoStop,
} from './movegen.js';
export * from './perft.js';
export { legalSteps, legalTurns, hasLegalTurn, gameOutcome, playTurn } from './turns.js';
export * from './random.js';
