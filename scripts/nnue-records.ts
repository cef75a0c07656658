// Training positions for the learned evaluation from recorded human games.
//
// The aagenielsen.dk records (README.md "Recorded games"): every position of each game that has a
// winner, labelled with a search of a fixed node budget from it and the game's recorded result, in the
// format of scripts/nnue-data.ts (scripts/nnueSamples.ts). Self-play at a few thousand nodes is won by
// the defenders nine games in ten; in the recorded Copenhagen games the attackers won 42%, so these
// labels show attacking play that works. The same seed and flags give the same file.
//
//   (from the repository root) nice -n 10 npx tsx scripts/nnue-records.ts --variant copenhagen \
//     --nodes 1000 --every 2 --seed 1 --out runs/nnue/copenhagen-records.hnfd
//
// --records FILE: the .jsonl records (default: aagenielsen-<variant>.jsonl in the recorded games'
// folder, shared/data beside the checkout or HNEFI_DATA); --games N: at most N games (the file
// shuffled by the seed); --every K: one position in K of each game (a random first one); --skip N:
// not the first N turns of a game (its opening). Games that ended on time are left out (the loser's
// position need not have been lost), as are draws and unfinished ones. The file is appended to game
// by game, so a run stopped early keeps what it wrote.

import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ATTACKERS, getVariant, makeRandom, NO_WINNER, playTurn, Position } from '../src/engine/index.js';
import { parseGameRecord, type RecordedGame, recordedWinner, recordMoves, replayFromStarts } from '../src/notation/records.js';
import { Searcher, type SearchScore } from '../src/search/index.js';
import { missingRecords, recordsFile } from './dataDir.js';
import { cellsOf, defendersScore, makeSampleHeader, makeSampleRecord } from './nnueSamples.js';

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

function fail(message: string): never {
  console.error(`nnue-records: ${message}`);
  process.exit(1);
}

function numberArgument(name: string, fallback: number, min: number): number {
  const text = argument(name, String(fallback));
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) fail(`--${name} needs a whole number of at least ${min}, got '${text}'`);
  return value;
}

const variant = argument('variant', 'copenhagen');
const nodes = numberArgument('nodes', 1000, 1);
const seed = numberArgument('seed', 1, 0);
const every = numberArgument('every', 1, 1);
const skip = numberArgument('skip', 0, 0);
const maxGames = numberArgument('games', Number.MAX_SAFE_INTEGER, 1);
const out = argument('out', `runs/nnue/${variant}-records.hnfd`);
const recordsPath = argument('records', '');
if (recordsPath === '') {
  const missing = missingRecords(variant);
  if (missing !== undefined) fail(`${missing}; or name a records file with --records`);
}

const rules = getVariant(variant);
if (!rules.ok) fail(rules.error.message);
const random = makeRandom(seed);

function readRecords(path: string): RecordedGame[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    fail(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const games: RecordedGame[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const record = parseGameRecord(line);
    if (!record.ok) fail(`${path} line ${i + 1}: ${record.error.message}`);
    const ended = record.value.moves.at(-1);
    if (record.value.variant === variant && ended !== 'timeout' && recordedWinner(record.value) != null) games.push(record.value);
  }
  // Shuffled by the seed, so that --games takes games from the whole file and the held-out tenth
  // of the trainer (the last positions written) is a fair sample of it.
  for (let i = games.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [games[i], games[j]] = [games[j], games[i]];
  }
  return games.slice(0, maxGames);
}

const games = readRecords(recordsPath === '' ? recordsFile(variant) : recordsPath);
if (games.length === 0) fail(`no finished ${variant} games with a winner in the records`);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, makeSampleHeader(variant, rules.value.size));
const searcher = new Searcher({ hashMB: 16, threads: 1 });
const stop = new Int32Array(1);
const wins = [0, 0];
let written = 0;
let unreplayed = 0;
const started = Date.now();
for (const [index, game] of games.entries()) {
  const { startRules, replay } = replayFromStarts(rules.value, recordMoves(game));
  if (!replay.complete) {
    // A record the rules do not replay to its end: its result may belong to another game.
    unreplayed++;
    continue;
  }
  const result = recordedWinner(game) === ATTACKERS ? 0 : 2;
  wins[result === 0 ? 0 : 1]++;
  searcher.newGame();
  const pos = Position.start(startRules);
  const records: Buffer[] = [];
  const first = skip + Math.floor(random() * every);
  for (const [turn, steps] of replay.turns.entries()) {
    if (pos.winner !== NO_WINNER) break;
    if (turn >= first && (turn - first) % every === 0) {
      let score: SearchScore | undefined;
      searcher.search(pos, { nodes }, stop, (info) => {
        if (info.multipv === 1 && info.score.bound === undefined) score = info.score;
      });
      if (score) records.push(makeSampleRecord(cellsOf(pos), pos.side, defendersScore(score, pos.side), result));
    }
    playTurn(pos, steps);
  }
  appendFileSync(out, Buffer.concat(records));
  written += records.length;
  if ((index + 1) % 100 === 0 || index + 1 === games.length) {
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.error(
      `nnue-records: ${index + 1}/${games.length} games (attackers won ${wins[0]}, defenders ${wins[1]}, ${unreplayed} not replayed), ${written} positions, ${seconds} s`,
    );
  }
}
console.log(`nnue-records: ${written} positions of ${wins[0] + wins[1]} games in ${out}`);
