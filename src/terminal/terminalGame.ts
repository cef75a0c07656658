// `hnefi play`: a person against the engine in a terminal. The board is drawn after every turn (and
// every step of the person's berserk run) with the last move marked and a legend; captures are
// announced; moves are typed in compact (`e7e9g9`) or OpenTafl (`e7-e9xe10`) notation; a berserk run
// left open is offered to be continued. The engine thinks in its worker thread.

import {
  ATTACKERS,
  EMPTY,
  END_RUN,
  makeSquare,
  NO_SQUARE,
  pieceLetter,
  SIDE_MASK,
  SIDE_NAMES,
  stepFrom,
  stepTo,
  TYPE_MASK,
  VARIANT_IDS,
  VARIANTS,
  legalTurns,
  type Position,
  type RuleSet,
  type Side,
} from '../engine/index.js';
import { makeTurn, parseTurn } from '../notation/index.js';
import { describeOutcome } from '../protocol/boardSummary.js';
import { drawBoard } from '../protocol/boardText.js';
import { SearchEngine } from '../facade/engine.js';
import { nodeSearchThread } from '../facade/nodeSearchThread.js';
import { Game } from '../facade/game.js';
import type { GoLimits, Network } from '../search/index.js';
import { saveGame } from './saveGame.js';

export interface TerminalIO {
  /** Asks a question and returns the answer, or null when the input has ended. */
  ask(prompt: string): string | null;
  say(line: string): void;
}

export interface PlaySettings {
  variant?: string;
  /** The person's side; asked when missing. */
  side?: Side;
  /** The engine's thinking time per move in ms; asked when missing. */
  moveTimeMs?: number;
  /** Start from this tfen instead of the start position. */
  tfen?: string;
  /** The search worker (tests point at the built one). */
  workerFile?: string;
  /** The learned evaluation the engine plays with where it fits the rules (null: the hand-written one). */
  evalNet?: Network | null;
}

const HINT_TIME_MS = 1000;

// At most 80 columns.
const HELP = [
  'Type a move as squares: e7e9, or a berserk chain e7e9g9.',
  'OpenTafl steps work too: e7-e9, e7-e9xe10|e9-g9.',
  'Commands:',
  "  undo         take back your last move (and Hnefi's reply)",
  '  hint         Hnefi suggests a move',
  '  moves        list your legal moves',
  '  save [file]  save the game as an OpenTafl record (.otg)',
  '  new          start again (asks first)',
  '  help, quit',
];

const PIECE_NAMES: Record<string, string> = {
  t: 'attacker',
  c: 'attacker commander',
  n: 'attacker knight',
  T: 'defender',
  C: 'defender commander',
  N: 'defender knight',
  K: 'king',
};

/** What the letters on the board mean: the pieces of the variant, its special squares, the marks. */
export function legend(rules: RuleSet): string[] {
  const letters = Object.keys(PIECE_NAMES).filter((letter) => rules.start.some((rank) => rank.includes(letter)));
  const pieces = letters.map((letter) => `${letter} ${PIECE_NAMES[letter]}`);
  const squares = [rules.hasThrone ? 'throne' : '', rules.hasCorners ? 'corners' : ''].filter((name) => name !== '').join(' and ');
  const marks = [squares ? `+ ${squares} (empty)` : '', '[ ] last move'].filter((mark) => mark !== '');
  return [`Pieces: ${pieces.join(', ')}`, `Squares: ${marks.join(', ')}`];
}

export async function playInTerminal(io: TerminalIO, settings: PlaySettings): Promise<void> {
  const variant = settings.variant ?? chooseVariant(io);
  if (variant === null) return;
  const human = settings.side ?? chooseSide(io);
  if (human === null) return;
  const moveTimeMs = settings.moveTimeMs ?? chooseTime(io);
  if (moveTimeMs === null) return;

  const rules = VARIANTS[variant];
  const start = settings.tfen === undefined ? undefined : Game.fromTfen(rules, settings.tfen);
  if (start && !start.ok) return io.say(`Cannot start from that tfen: ${start.error.message}`);
  const thinker = new Thinker(settings.workerFile, settings.evalNet ?? null);
  let game = start ? start.value : Game.start(rules);
  io.say(`${rules.name}: you play the ${SIDE_NAMES[human]}, Hnefi thinks ${moveTimeMs / 1000} s per move.`);
  io.say("Type 'help' for the commands.");
  for (const line of legend(rules)) io.say(line);
  // The board is drawn again only when the game changed, so that help and messages stay in view.
  let shown: { game: Game; moves: number } | undefined;
  try {
    for (;;) {
      if (shown?.game !== game || shown.moves !== game.turns.length) show(io, game);
      shown = { game, moves: game.turns.length };
      const result = describeOutcome(game.pos);
      if (result) {
        io.say(`Game over: ${result}.`);
        const answer = io.ask("'new' for another game, 'undo' to take back, 'save [file]', or 'quit': ");
        if (answer === null) return;
        const [word, file] = answer.trim().split(/\s+/);
        if (word === 'quit') return;
        if (word === 'new') game = newGame(thinker, game);
        else if (word === 'undo') game = undo(io, game, human);
        else if (word === 'save') save(io, game, human, file);
        else io.say(`'${answer.trim()}' is not one of new, undo, save or quit.`);
        continue;
      }
      if (game.pos.side !== human) {
        io.say('Hnefi is thinking...');
        const best = await thinker.think(game, { movetime: moveTimeMs });
        if (!best) return io.say('Hnefi has no move.');
        io.say(`Hnefi plays ${makeTurn(game.pos, best)}${capturesText(game.pos, best)}`);
        game.playTurn(best);
        continue;
      }
      const answer = io.ask(`Your move (${SIDE_NAMES[human]}): `);
      if (answer === null || answer.trim() === 'quit') return;
      const text = answer.trim();
      const [word, argument] = text.split(/\s+/);
      if (text === '') continue;
      if (text === 'help') HELP.forEach((line) => io.say(line));
      else if (text === 'new') game = confirmNew(io, thinker, game);
      else if (text === 'undo') game = undo(io, game, human);
      else if (word === 'save') save(io, game, human, argument);
      else if (text === 'moves')
        io.say(
          legalTurns(game.pos)
            .map((turn) => makeTurn(game.pos, turn))
            .join(' '),
        );
      else if (text === 'hint') {
        const best = await thinker.think(game, { movetime: HINT_TIME_MS });
        io.say(best ? `Hint: ${makeTurn(game.pos, best)}` : 'No move to suggest.');
      } else {
        const turn = readHumanTurn(io, game.pos, text);
        if (turn) {
          const captured = capturesText(game.pos, turn);
          if (captured !== '') io.say(`You play ${makeTurn(game.pos, turn)}${captured}`);
          game.playTurn(turn);
        }
      }
    }
  } finally {
    await thinker.quit();
  }
}

function show(io: TerminalIO, game: Game): void {
  const last = game.turns[game.turns.length - 1] ?? [];
  drawSteps(io, game.pos, last);
  const lastText = last.length > 0 ? `, last move ${makeTurn(game.pos, last)}` : '';
  // A turn is a move of each side, as a chess move is.
  io.say(`Turn ${Math.floor(game.turns.length / 2) + 1}, ${SIDE_NAMES[game.pos.side]} to move${lastText}`);
}

/** The board with the squares of `steps` marked. */
function drawSteps(io: TerminalIO, pos: Position, steps: readonly number[]): void {
  const marked = new Set(steps.filter((step) => step !== END_RUN).flatMap((step) => [stepFrom(step), stepTo(step)]));
  io.say('');
  for (const line of drawBoard(pos, marked)) io.say(line);
}

/** `, capturing d5 and e4 (king)` for the pieces the turn takes, or ''. */
function capturesText(pos: Position, steps: readonly number[]): string {
  const after = pos.clone();
  const taken: string[] = [];
  // Step by step, so that a chain's captures are named in the order they were made.
  for (const step of steps) {
    const before = after.board.slice();
    after.makeStep(step);
    for (let sq = 0; sq < pos.geo.cells; sq++) {
      const piece = before[sq];
      if (piece === EMPTY || (piece & SIDE_MASK) === 0 || after.board[sq] !== EMPTY || sq === stepFrom(step)) continue;
      taken.push(`${makeSquare(pos.geo, sq)}${(piece & TYPE_MASK) === 0 ? '' : ` (${PIECE_NAMES[pieceLetter(piece)]})`}`);
    }
  }
  if (taken.length === 0) return '';
  return `, capturing ${taken.length === 1 ? taken[0] : `${taken.slice(0, -1).join(', ')} and ${taken[taken.length - 1]}`}`;
}

function save(io: TerminalIO, game: Game, human: Side, file: string | undefined): void {
  const name = file ?? `hnefi-${game.rules.name}-${new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-')}.otg`;
  const saved = saveGame(game, human, name);
  io.say(saved.ok ? `Saved the game to ${saved.file}.` : `Could not save to ${name}: ${saved.message}`);
}

/** `new` in the middle of a game: asks before throwing it away. */
function confirmNew(io: TerminalIO, thinker: Thinker, game: Game): Game {
  if (game.turns.length === 0) return newGame(thinker, game);
  const answer = io.ask(`Discard this game (${game.turns.length} moves played) and start again? (y/n) [n]: `)?.trim().toLowerCase();
  if (answer === 'y' || answer === 'yes') return newGame(thinker, game);
  io.say('The game goes on.');
  return game;
}

/**
 * A person's turn from what they typed, with the berserk continuation offered while the run is open.
 * Returns undefined (after saying why) when the text is not a legal turn.
 */
function readHumanTurn(io: TerminalIO, pos: Position, text: string): number[] | undefined {
  const first = parseTurn(pos, text);
  if (!first.ok) {
    io.say(`Not a legal move: ${first.error.message}`);
    return undefined;
  }
  const steps = [...first.value];
  const scratch = pos.clone();
  for (const step of steps) scratch.makeStep(step);
  while (scratch.berserker !== NO_SQUARE) {
    drawSteps(io, scratch, steps);
    const from = makeSquare(scratch.geo, scratch.berserker);
    const options = legalTurns(scratch).filter((turn) => turn[0] !== END_RUN && turn.length === 1);
    io.say(`Berserk: the piece on ${from} may go on capturing: ${options.map((turn) => makeTurn(scratch, turn)).join(' ')}`);
    const more = io.ask(`Go on (a step from ${from}, or just where to), or Enter to end the turn: `)?.trim();
    if (more === undefined || more === '' || more === '0000') break;
    // A whole step (`c5c3`, `c5-c3`) or only where to go (`c3`).
    const wholeStep = /^[a-z]\d{1,2}([-^=]|[a-z]\d)/.test(more);
    const next = parseTurn(scratch, wholeStep ? more : from + more);
    if (!next.ok) {
      io.say(`Not a legal continuation: ${next.error.message}`);
      continue;
    }
    for (const step of next.value) scratch.makeStep(step);
    steps.push(...next.value);
  }
  return steps;
}

/** The same game from its start (the start position or the tfen it began from). */
function newGame(thinker: Thinker, game: Game): Game {
  thinker.newGame();
  return game.truncated(0);
}

/** Takes back turns until it is the person's move again, at least one of theirs. */
function undo(io: TerminalIO, game: Game, human: Side): Game {
  let count = game.turns.length;
  let undone = game;
  let tookHumanTurn = false;
  while (count > 0 && !(tookHumanTurn && undone.pos.side === human)) {
    count--;
    undone = game.truncated(count);
    if (undone.pos.side === human) tookHumanTurn = true;
  }
  if (count === game.turns.length || !tookHumanTurn) {
    io.say('Nothing to undo.');
    return game;
  }
  return undone;
}

function chooseVariant(io: TerminalIO): string | null {
  for (;;) {
    const answer = io.ask(`Variant (${VARIANT_IDS.join(', ')}) [berserk]: `);
    if (answer === null) return null;
    const id = answer.trim().toLowerCase() || 'berserk';
    if (VARIANT_IDS.includes(id)) return id;
    io.say(`No variant '${answer.trim()}'.`);
  }
}

function chooseSide(io: TerminalIO): Side | null {
  for (;;) {
    const answer = io.ask('Play the attackers or the defenders? (a/d) [a]: ');
    if (answer === null) return null;
    const text = answer.trim().toLowerCase() || 'a';
    if (text === 'a' || text === 'attackers') return ATTACKERS;
    if (text === 'd' || text === 'defenders') return 1;
    io.say("Answer 'a' (attackers) or 'd' (defenders).");
  }
}

function chooseTime(io: TerminalIO): number | null {
  for (;;) {
    const answer = io.ask('Hnefi thinking time per move in seconds [2]: ');
    if (answer === null) return null;
    const seconds = answer.trim() === '' ? 2 : Number(answer.trim());
    if (Number.isFinite(seconds) && seconds >= 0.01 && seconds <= 3600) return Math.round(seconds * 1000);
    io.say('Give a number of seconds from 0.01 to 3600.');
  }
}

/** The engine facade as a promise per search. */
class Thinker {
  private readonly engine: SearchEngine;
  private resolve: ((best: number[] | null) => void) | undefined;

  constructor(workerFile: string | undefined, evalNet: Network | null) {
    this.engine = new SearchEngine(
      {
        onInfo: () => {},
        onBestMove: (best) => this.resolve?.(best),
        onError: (message) => process.stderr.write(`hnefi: ${message}\n`),
      },
      { evalNet },
      nodeSearchThread(workerFile),
    );
  }

  think(game: Game, limits: GoLimits): Promise<number[] | null> {
    return new Promise((resolve) => {
      this.resolve = resolve;
      this.engine.go(game.record(), limits);
    });
  }

  newGame(): void {
    this.engine.newGame();
  }

  quit(): Promise<void> {
    return this.engine.quit();
  }
}
