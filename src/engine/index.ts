// The engine's public surface: rules as data, positions, steps, notation, perft.
export * from './types.js';
export * from './rules.js';
export * from './variants.js';
export * from './geometry.js';
export * from './position.js';
export { generateSteps, stepCaptures, stepMayCapture, hasContinuation, countTurnsBulk, kingNoStop } from './movegen.js';
export * from './perft.js';
export { parseTfen, makeTfen, makeRankText } from './tfen.js';
export { legalTurns, hasLegalTurn, gameOutcome, playTurn, makeTurn, parseTurn, playMoves } from './turns.js';
export { parseRulesString, makeRulesString } from './rulesString.js';
export { parseGameRecord, recordedWinner, recordMoves, alternativeStarts, replayMoves, replayRecord, type GameRecord, type Replay } from './records.js';
export * from './random.js';
