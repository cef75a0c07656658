// Notation: one module per text format, each a parseX / makeX pair over the rules core.
export { parseTfen, makeTfen, makeRankText } from './tfen.js';
export { makeTurn, parseTurn, playMoves } from './moves.js';
export { parseRulesString, makeRulesString } from './openTaflRules.js';
export {
  parseSideName,
  parsePositionRecord,
  makePositionRecord,
  makeSimpleStep,
  playTurnRecorded,
  sameBoard,
  withSideToMove,
} from './openTaflMoves.js';
export { gameRulesString, makeOtg, parseOtg, type OtgGame } from './otg.js';
export { makeTaflZeroFen, parseTaflZeroFen } from './taflZeroFen.js';
export {
  parseGameRecord,
  recordedWinner,
  recordMoves,
  alternativeStarts,
  replayMoves,
  replayRecord,
  replayFromStarts,
  type RecordedGame,
  type Replay,
} from './records.js';
