// Turns as text (docs/PROTOCOL.md "Moves and positions"): compact squares `e7e9g9`, OpenTafl steps
// `e7-e9xe10|e9-g9xh9` (read only), `0000` for ending an open berserk run. Reading checks a turn
// against the position and says why an illegal one is illegal.

import { fileOf, makeSquare, parseSquare, rankOf, slideKey, type Geometry } from '../engine/geometry.js';
import { END_REASONS } from '../engine/endReasons.js';
import type { Position } from '../engine/position.js';
import { makeStep, stepFrom, stepTo } from '../engine/step.js';
import { err, ok, type Result } from '../engine/result.js';
import { legalSteps } from '../engine/turns.js';
import {
  EMPTY,
  DEFENDERS,
  END_RUN,
  KING,
  NO_SQUARE,
  NO_WINNER,
  pieceFromLetter,
  pieceLetter,
  SIDE_MASK,
  SIDE_NAMES,
  SQ_CORNER,
  SQ_FORT,
  SQ_RESTRICTED,
  SQ_THRONE,
  TYPE_MASK,
} from '../engine/types.js';
/** The compact notation of a turn: its squares (`e7e9g9`), or `0000` for ending an open run. */
export function makeTurn(pos: Position, steps: readonly number[]): string {
  const real = steps.filter((step) => step !== END_RUN);
  if (real.length === 0) return '0000';
  return makeSquare(pos.geo, stepFrom(real[0])) + real.map((step) => makeSquare(pos.geo, stepTo(step))).join('');
}

/** One step as written: from, to, and (OpenTafl input) the squares it claims to capture. */
interface WrittenStep {
  from: number;
  to: number;
  captures: number[];
  /** OpenTafl's optional piece letter before the from-square, or ''. */
  letter: string;
  text: string;
}

type WrittenTurn = { endRun: true } | { endRun: false; steps: WrittenStep[] };

const COMPACT = /^(?:[a-z]\d{1,2}){2,}$/;
const OPENTAFL_STEP = /^([tcnkTCNK])?([a-z]\d{1,2})(\^=|[-^=])([a-z]\d{1,2})(x[^+-]*)?(\+\+|--|\+|-)?$/;
const CAPTURE = /^[tcnkTCNK]?([a-z]\d{1,2})$/;

function square(geo: Geometry, text: string): Result<number> {
  const result = parseSquare(geo, text);
  return result.ok ? result : err(result.error.code, result.error.message);
}

/** The syntax of a turn, squares checked against the board size but not against the position. */
function readTurn(geo: Geometry, text: string): Result<WrittenTurn> {
  if (text === '0000') return ok({ endRun: true });
  if (COMPACT.test(text)) {
    const names = text.match(/[a-z]\d{1,2}/g) as string[];
    const squares: number[] = [];
    for (const name of names) {
      const sq = square(geo, name);
      if (!sq.ok) return sq;
      squares.push(sq.value);
    }
    const steps: WrittenStep[] = [];
    for (let i = 1; i < squares.length; i++) {
      steps.push({ from: squares[i - 1], to: squares[i], captures: [], letter: '', text: names[i - 1] + names[i] });
    }
    return ok({ endRun: false, steps });
  }
  if (/[-^=]/.test(text)) {
    const steps: WrittenStep[] = [];
    for (const part of text.split('|')) {
      const m = OPENTAFL_STEP.exec(part);
      if (!m) {
        return err('bad-move', `'${part}' is not a step (expected like e7-e9, f6^f4xf5, or e7-e9xe10/f9)`);
      }
      const from = square(geo, m[2]);
      if (!from.ok) return from;
      const to = square(geo, m[4]);
      if (!to.ok) return to;
      const captures: number[] = [];
      for (const name of (m[5] ?? '').split(/[x/]/).filter((s) => s !== '')) {
        const c = CAPTURE.exec(name);
        if (!c) return err('bad-move', `'${name}' after 'x' is not a captured square`);
        const sq = square(geo, c[1]);
        if (!sq.ok) return sq;
        captures.push(sq.value);
      }
      steps.push({ from: from.value, to: to.value, captures, letter: m[1] ?? '', text: part });
    }
    return ok({ endRun: false, steps });
  }
  return err('bad-move', `not a move (expected squares like e7e9 or e7e9g9, OpenTafl steps like e7-e9xe10|e9-g9, or 0000)`);
}

function pieceName(piece: number): string {
  const side = (piece & SIDE_MASK) === 1 ? 'an attacker' : 'a defender';
  const kind = piece === KING ? 'king' : ['man', '', 'knight', 'commander'][(piece & TYPE_MASK) >> 2];
  return piece === KING ? 'the king' : `${side} ${kind} (${pieceLetter(piece)})`;
}

/** Why `from`->`to` is not among the legal steps of `pos` (the piece is the mover's). */
function whyIllegal(pos: Position, from: number, to: number): string {
  const { geo, board, rules } = pos;
  const name = (sq: number) => makeSquare(geo, sq);
  const piece = board[from];
  const isKing = piece === KING;
  const df = fileOf(geo.stride, to) - fileOf(geo.stride, from);
  const dr = rankOf(geo.stride, to) - rankOf(geo.stride, from);
  if (from === to) return 'the piece does not move';
  if (df !== 0 && dr !== 0) return 'pieces move along a rank or a file only';
  if (board[to] !== EMPTY) return `${name(to)} is occupied`;
  const restricted = (sq: number) => (geo.flags[sq] & SQ_CORNER ? 'a corner' : 'the throne');
  const distance = Math.abs(df + dr);
  const dir = (to - from) / distance;
  const mid = from + dir;
  if (distance === 2 && board[mid] !== EMPTY) {
    const over = board[mid];
    const blocked = `blocked by ${pieceName(over)} on ${name(mid)}`;
    if (!rules.jumps) return `${blocked} (these rules have no jumps)`;
    if ((piece & TYPE_MASK) === 0) return `${blocked} (only the king, knights and commanders jump)`;
    if ((over & TYPE_MASK) !== 0) return `nobody may jump over a king, knight or commander (${name(mid)})`;
    if ((over & SIDE_MASK) === (piece & SIDE_MASK) && !rules.jumpOverOwn)
      return `jumps go over enemy pieces only (${name(mid)} is friendly)`;
    if (isKing && ((geo.flags[from] | geo.flags[to]) & SQ_RESTRICTED) === 0) {
      return 'the king jumps only off the throne, onto the throne or into a corner';
    }
    if (!isKing && (geo.flags[to] & SQ_RESTRICTED) !== 0) return `only the king may stop on ${restricted(to)} (${name(to)})`;
  } else {
    const key = slideKey(piece, geo.flags[from]);
    for (let sq = from + dir; sq !== to; sq += dir) {
      if (board[sq] !== EMPTY) return `blocked by ${pieceName(board[sq])} on ${name(sq)}`;
      if (geo.flags[sq] & geo.block[key] & SQ_CORNER)
        return `${isKing ? 'the king may not' : 'only the king may'} pass a corner (${name(sq)})`;
      if ((geo.flags[sq] & SQ_THRONE) !== 0 && rules.throneImpassable) return `nobody passes the throne (${name(sq)})`;
      if ((geo.flags[sq] & SQ_THRONE) !== 0 && !isKing && rules.throneKingOnly) return `only the king may pass the throne (${name(sq)})`;
      if (geo.flags[sq] & geo.block[key] & SQ_FORT) return `this piece may not pass the fort on ${name(sq)}`;
    }
    if (!isKing && (geo.flags[to] & SQ_RESTRICTED) !== 0) return `only the king may stop on ${restricted(to)} (${name(to)})`;
    if (geo.flags[to] & geo.noStop[key] & SQ_FORT) return `this piece may not stop on the fort on ${name(to)}`;
    if (geo.speed[piece] > 0 && distance > geo.speed[piece]) {
      return `this piece slides at most ${geo.speed[piece]} square${geo.speed[piece] > 1 ? 's' : ''} in one step`;
    }
  }
  if (isKing && (geo.flags[to] & SQ_THRONE) !== 0 && !rules.kingStopsOnThrone) return `the king never returns to the throne (${name(to)})`;
  if (pos.berserker !== NO_SQUARE) {
    return 'a berserk run continues only with a step that captures' + (isKing ? " or the king's step into a corner" : '');
  }
  if (rules.repetition === 'forbidden') return 'forbidden: it would repeat a position for the third time';
  if (rules.repetition === 'defenders-forbidden' && pos.side === DEFENDERS)
    return 'forbidden: the defenders may not repeat an earlier position';
  return 'not a legal step here';
}

/**
 * Checks one written step against `pos` (where it is to be made) and returns it as a step.
 * `where` prefixes messages; `first` is whether it starts the written turn; `previous` and
 * `previousCaptured` tell about the step before it.
 */
function checkStep(
  pos: Position,
  written: WrittenStep,
  where: string,
  first: boolean,
  previous: string,
  previousCaptured: boolean,
): Result<number> {
  const { geo, board } = pos;
  if (pos.winner !== NO_WINNER) {
    const reason = END_REASONS[pos.reason];
    return err('game-over', first ? `${where}the game is over (${reason})` : `${where}the game ended after ${previous} (${reason})`);
  }
  const from = written.from;
  const to = written.to;
  if (!first && pos.berserker === NO_SQUARE) {
    const why = previousCaptured ? 'the piece has no capturing step to go on with' : 'it captured nothing';
    return err('turn-over', `${where}the turn ended with ${previous}: ${why}`);
  }
  const piece = board[from];
  if (piece === EMPTY) return err('no-piece', `${where}there is no piece on ${makeSquare(geo, from)}`);
  if ((piece & SIDE_MASK) !== pos.side + 1) {
    return err('wrong-side', `${where}${makeSquare(geo, from)} holds ${pieceName(piece)}, but the ${SIDE_NAMES[pos.side]} are to move`);
  }
  if (written.letter !== '' && pieceFromLetter(written.letter) !== piece) {
    return err('wrong-piece', `${where}${makeSquare(geo, from)} holds ${pieceName(piece)}, not '${written.letter}'`);
  }
  if (pos.berserker !== NO_SQUARE && from !== pos.berserker) {
    const runner = makeSquare(geo, pos.berserker);
    return err(
      'not-berserker',
      first
        ? `${where}the berserk run of the piece on ${runner} is open: continue it from ${runner}${pos.rules.berserkForced ? '' : ' or end it with 0000'}`
        : `${where}a chain step by another piece (the run goes on with the piece on ${runner})`,
    );
  }
  const step = makeStep(from, to);
  if (!legalSteps(pos).includes(step)) return err('illegal-step', `${where}${whyIllegal(pos, from, to)}`);
  return ok(step);
}

/** Checks the squares a written step claims to capture, after the step was made (`before`: the board before). */
function checkCaptures(pos: Position, written: WrittenStep, where: string, before: Int32Array): Result<void> {
  for (const sq of written.captures) {
    const enemy = (before[sq] & SIDE_MASK) !== 0 && (before[sq] & SIDE_MASK) !== (before[written.from] & SIDE_MASK);
    if (!enemy || pos.board[sq] !== EMPTY) {
      return err('wrong-capture', `${where}it does not capture ${makeSquare(pos.geo, sq)}`);
    }
  }
  return ok(undefined);
}

/**
 * Reads a turn in any accepted notation and checks it is legal in `pos`: compact squares (`e7e9g9`),
 * OpenTafl steps (`e7-e9`, `f6^f4xf5`, `e7-e9xe10|e9-g9xh9`; listed captures are checked) or
 * `0000` (end an open run). `pos` is left as it was.
 */
export function parseTurn(pos: Position, text: string): Result<number[]> {
  const written = readTurn(pos.geo, text.trim());
  let steps = written.ok ? checkTurn(pos, written.value) : written;
  if (steps.ok && pos.rules.berserkForced) steps = checkRunEnds(pos, steps.value);
  return steps.ok ? steps : err(steps.error.code, `move '${text.trim()}': ${steps.error.message}`);
}

/** Under forced runs a turn ends only when its run does: the steps must not leave it open. */
function checkRunEnds(pos: Position, steps: number[]): Result<number[]> {
  for (const step of steps) pos.makeStep(step);
  const runner = pos.berserker;
  for (let i = 0; i < steps.length; i++) pos.unmakeStep();
  if (runner === NO_SQUARE || steps.length === 0) return ok(steps);
  return err('run-open', `the berserk run must go on: the piece on ${makeSquare(pos.geo, runner)} can still capture`);
}

function checkTurn(pos: Position, written: WrittenTurn): Result<number[]> {
  if (written.endRun) {
    if (pos.winner !== NO_WINNER) return err('game-over', `the game is over (${END_REASONS[pos.reason]})`);
    if (pos.berserker === NO_SQUARE) return err('no-run', '0000 ends a berserk run, but no run is open');
    if (pos.rules.berserkForced)
      return err('run-open', 'under these rules a berserk run goes on while the piece can capture: it cannot be ended with 0000');
    return ok([END_RUN]);
  }
  const steps: number[] = [];
  const startPly = pos.ply;
  let failure: Result<number[]> | undefined;
  let previous = '';
  let previousCaptured = false;
  for (let i = 0; i < written.steps.length; i++) {
    // Name the step only where the turn has several.
    const where = written.steps.length > 1 ? `step ${written.steps[i].text}: ` : '';
    const step = checkStep(pos, written.steps[i], where, i === 0, previous, previousCaptured);
    if (!step.ok) {
      failure = step;
      break;
    }
    const before = pos.board.slice();
    const enemy = pos.side ^ 1;
    const enemies = pos.pieceCount[enemy];
    pos.makeStep(step.value);
    const captures = checkCaptures(pos, written.steps[i], where, before);
    if (!captures.ok) {
      failure = captures;
      break;
    }
    steps.push(step.value);
    previous = written.steps[i].text;
    previousCaptured = pos.pieceCount[enemy] < enemies;
  }
  while (pos.ply > startPly) pos.unmakeStep();
  return failure ?? ok(steps);
}

/**
 * Plays a list of moves as a game history (PROTOCOL.md "Moves and positions"): each move is a whole
 * turn, except that a move starting on the square of a piece whose berserk run the previous move of
 * the list left open continues that run (`e7e9 e9g9` is `e7e9g9`). A run is closed before the
 * next turn and after the last move; a forced run (OpenTafl's) must go on instead, and after the
 * last move stays open. Returns the whole turns played. On an error nothing is played
 * and the error names the move (1-based) and what is wrong with it.
 */
export function playMoves(pos: Position, moves: readonly string[]): Result<number[][]> {
  const startPly = pos.ply;
  const turns: number[][] = [];
  const fail = (index: number, message: string, code: string): Result<number[][]> => {
    while (pos.ply > startPly) pos.unmakeStep();
    return err(code, `move ${index + 1} '${moves[index]}': ${message}`);
  };
  for (let i = 0; i < moves.length; i++) {
    const text = moves[i].trim();
    const written = readTurn(pos.geo, text);
    if (!written.ok) return fail(i, written.error.message, written.error.code);
    const runOpenedHere = pos.berserker !== NO_SQUARE && pos.ply > startPly;
    const continues = runOpenedHere && (written.value.endRun || written.value.steps[0].from === pos.berserker);
    if (runOpenedHere && !continues) {
      if (pos.rules.berserkForced)
        return fail(i, `the berserk run of the piece on ${makeSquare(pos.geo, pos.berserker)} must go on first`, 'run-open');
      pos.makeStep(END_RUN);
    }
    const steps = checkTurn(pos, written.value);
    if (!steps.ok) return fail(i, steps.error.message, steps.error.code);
    for (const step of steps.value) pos.makeStep(step);
    const real = steps.value.filter((step) => step !== END_RUN);
    if (continues) turns[turns.length - 1].push(...real);
    else turns.push(steps.value);
  }
  // A forced run left open is for the side to move to go on with.
  if (pos.berserker !== NO_SQUARE && pos.ply > startPly && !pos.rules.berserkForced) pos.makeStep(END_RUN);
  return ok(turns);
}
