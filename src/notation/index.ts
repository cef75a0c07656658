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
export { makeHnefataflOrgGame, makePgnGame, parseHnefataflOrgGame, parsePgnGame, type RecordedTurns } from './hnefataflOrgGame.js';
export {
  detectRecordFormat,
  makeAnyRecord,
  parseAnyRecord,
  recordEnd,
  RECORD_FORMATS,
  type AnyRecord,
  type RecordFormat,
} from './anyRecord.js';
export {
  parseGameRecord,
  makeGameRecord,
  makeRecordMoves,
  parseRecordMoveList,
  recordedWinner,
  recordMoves,
  alternativeStarts,
  replayMoves,
  replayRecord,
  replayFromStarts,
  type RecordedGame,
  type Replay,
} from './records.js';
export { makeOpeningText, normalizeOpening, type Opening, openingStart, parseOpeningLines } from './openings.js';
