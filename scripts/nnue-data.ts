// Training positions for the learned evaluation from Hnefi's self-play.
//
// Self-play with a fixed node budget per turn, from openings of a few random turns. Each position at the
// start of a turn is written with the score of the search that chose the turn and the game's result
// (scripts/nnueSamples.ts has the format). The same seed and flags give the same file.
//
//   (from the repository root) nice -n 10 npx tsx scripts/nnue-data.ts --variant berserk \
//     --games 400 --nodes 4000 --seed 1 --out runs/nnue/berserk.hnfd
//
// --random-turns N: each opening is 0..N random turns (default 6); --random-rate p: the chance that
// a later turn is a random one too (default 0.02), for positions the engine would not play itself.
// --max-turns: a game this long is a draw (default 250). The file is appended to game by game, so a
// run stopped early keeps what it wrote; give a new --seed to add more games to another file.
// --openings FILE (the tournament's openings format, or .jsonl recorded games cut after
// --opening-plies turns, default 30): each game first replays 0..all turns of the next opening (the
// file shuffled by the seed), then its random turns, so that the positions are those of real games.
// --whole-openings: every turn of each opening and no random turns after it (--random-rate still
// applies), for a book (books/<variant>.txt) whose lines end where self-play is balanced.
// --net FILE: the searches evaluate with this network (docs/nnue.md) rather than the hand-written
// evaluation, so that each network makes the next one's data.

import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ATTACKERS, DEFENDERS, getVariant, legalTurns, makeRandom, NO_WINNER, playTurn, Position } from '../src/engine/index.js';
import { playMoves } from '../src/notation/index.js';
import { type Network, netFits, parseNetwork, Searcher, type SearchScore } from '../src/search/index.js';
import { loadOpenings, type OpeningBook, openingPositions } from '../src/tournament/openings.js';
import { cellsOf, defendersScore, makeSampleHeader, makeSampleRecord } from './nnueSamples.js';

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

function numberArgument(name: string, fallback: number): number {
  const text = argument(name, String(fallback));
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`nnue-data: --${name} needs a non-negative number, got '${text}'`);
    process.exit(1);
  }
  return value;
}

const variant = argument('variant', 'berserk');
const games = numberArgument('games', 400);
const nodes = numberArgument('nodes', 4000);
const seed = numberArgument('seed', 1);
const randomTurns = numberArgument('random-turns', 6);
const randomRate = numberArgument('random-rate', 0.02);
const maxTurns = numberArgument('max-turns', 250);
const out = argument('out', `runs/nnue/${variant}.hnfd`);
const openingsFile = argument('openings', '');
const openingPlies = numberArgument('opening-plies', 30);
const wholeOpenings = process.argv.includes('--whole-openings');
if (wholeOpenings && openingsFile === '') {
  console.error('nnue-data: --whole-openings needs --openings FILE (a book)');
  process.exit(1);
}

const rules = getVariant(variant);
if (!rules.ok) {
  console.error(`nnue-data: ${rules.error.message}`);
  process.exit(1);
}
const ruleSet = rules.value;
const size = ruleSet.size;
const random = makeRandom(seed);

function loadBook(): OpeningBook | undefined {
  if (openingsFile === '') return undefined;
  const book = loadOpenings(ruleSet, variant, { file: openingsFile, plies: openingPlies }, seed);
  if (!book.ok) {
    console.error(`nnue-data: ${book.error.message}`);
    process.exit(1);
  }
  return book.value;
}
const book = loadBook();

function loadNet(): Network | null {
  const path = argument('net', '');
  if (path === '') return null;
  const net = parseNetwork(readFileSync(path));
  if (!net.ok) {
    console.error(`nnue-data: ${path}: ${net.error.message}`);
    process.exit(1);
  }
  if (!netFits(net.value, ruleSet)) {
    console.error(`nnue-data: ${path} does not evaluate ${variant} positions`);
    process.exit(1);
  }
  return net.value;
}
const evalNet = loadNet();

/** The position a game starts from: the start, or a random part of the game's opening. */
function startOf(game: number): Position {
  if (book === undefined) return Position.start(ruleSet);
  const opening = book.get(game);
  const positions = openingPositions(ruleSet, opening);
  if (!positions.ok) return Position.start(ruleSet);
  const pos = positions.value.start.clone();
  const turns = wholeOpenings ? opening.moves.length : Math.floor(random() * (opening.moves.length + 1));
  playMoves(pos, opening.moves.slice(0, turns));
  return pos;
}

function randomTurn(pos: Position): number[] | undefined {
  const turns = legalTurns(pos);
  return turns.length === 0 ? undefined : turns[Math.floor(random() * turns.length)];
}

interface Labelled {
  cells: Uint8Array;
  side: number;
  score: number;
}

/** Plays one game; returns its positions and the result (0 attackers won, 1 draw, 2 defenders won). */
function playGame(searcher: Searcher, game: number): { positions: Labelled[]; result: number } {
  const pos = startOf(game);
  const stop = new Int32Array(1);
  const positions: Labelled[] = [];
  const opening = wholeOpenings ? 0 : Math.floor(random() * (randomTurns + 1));
  for (let turn = 0; turn < maxTurns && pos.winner === NO_WINNER; turn++) {
    if (turn < opening || random() < randomRate) {
      const steps = randomTurn(pos);
      if (!steps) return { positions, result: pos.side === ATTACKERS ? 2 : 0 };
      playTurn(pos, steps);
      continue;
    }
    let score: SearchScore | undefined;
    const { best } = searcher.search(pos, { nodes }, stop, (info) => {
      if (info.multipv === 1 && info.score.bound === undefined) score = info.score;
    });
    if (!best) return { positions, result: pos.side === ATTACKERS ? 2 : 0 };
    if (score) positions.push({ cells: cellsOf(pos), side: pos.side, score: defendersScore(score, pos.side) });
    playTurn(pos, best);
  }
  const winner = pos.winner;
  // A draw, or a game stopped at --max-turns.
  return { positions, result: winner === DEFENDERS ? 2 : winner === ATTACKERS ? 0 : 1 };
}

mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, makeSampleHeader(variant, size));
const searcher = new Searcher({ hashMB: 16, threads: 1, evalNet });
const wins = [0, 0, 0];
let written = 0;
const started = Date.now();
for (let game = 1; game <= games; game++) {
  searcher.newGame();
  const { positions, result } = playGame(searcher, game);
  wins[result]++;
  appendFileSync(out, Buffer.concat(positions.map((p) => makeSampleRecord(p.cells, p.side, p.score, result))));
  written += positions.length;
  if (game % 10 === 0 || game === games) {
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.error(
      `nnue-data: ${game}/${games} games (attackers ${wins[0]}, draws ${wins[1]}, defenders ${wins[2]}), ${written} positions, ${seconds} s`,
    );
  }
}
console.log(`nnue-data: ${written} positions of ${games} games in ${out}`);
