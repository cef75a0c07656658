// Plays candidate evaluation weights against those of weights.ts, to check a fit in play.
//
// In-process, each opening twice with the sides swapped, a fixed node budget (or time) per turn. Used
// after scripts/tune-eval.ts: keep fitted weights only if they win (a better fit to the records does not
// always play better).
//
//   (from the repository root) npx tsx scripts/match-weights.ts --variant copenhagen \
//     --candidate "100, 140, 419, ..." [--games 100] [--nodes 20000 | --movetime 100] [--opening-turns 20]
//
// Openings: the position after --opening-turns turns of recorded games the attackers won. Engine
// play favours the defenders so much that from the start position nearly every pair of games is
// split by side and says nothing; these openings give the attackers a fair chance. Prints the
// candidate's wins, draws and losses, the Elo they suggest, and the pairs (openings) won by each.

import { readFileSync } from 'node:fs';
import { ATTACKERS, DEFENDERS, DRAW, getVariant, NO_WINNER, playTurn, type Position, type Side } from '../src/engine/index.js';
import { parseGameRecord, recordedWinner, replayRecord } from '../src/notation/records.js';
import { Searcher } from '../src/search/index.js';
import { familyOf, WEIGHTS } from '../src/search/evaluation/weights.js';
import { missingRecords, recordsFile } from './dataDir.js';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const variant = argument('variant') ?? 'copenhagen';
const games = Number(argument('games') ?? 100);
const movetime = argument('movetime') !== undefined ? Number(argument('movetime')) : undefined;
const nodes = movetime === undefined ? Number(argument('nodes') ?? 20000) : undefined;
const openingTurns = Number(argument('opening-turns') ?? 20);
const maxTurns = Number(argument('max-turns') ?? 200);
const rules = getVariant(variant);
if (!rules.ok) {
  console.error(rules.error.message);
  process.exit(1);
}
const ruleSet = rules.value;
const current = WEIGHTS[familyOf(ruleSet)];
const candidate = (argument('candidate') ?? '').split(',').map((text) => Number(text.trim()));
if (candidate.length !== current.length || candidate.some((w) => !Number.isFinite(w))) {
  console.error(`--candidate needs ${current.length} comma-separated numbers (the order of weights.ts)`);
  process.exit(1);
}

/** Opening positions: the first turns of recorded games the attackers won (the data file of the variant). */
function openings(count: number): Position[] {
  const missing = missingRecords(variant);
  if (missing !== undefined) {
    console.error(`match-weights: ${missing} (the openings come from them)`);
    process.exit(1);
  }
  const file = recordsFile(variant);
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  const result: Position[] = [];
  for (const line of lines) {
    if (result.length >= count) break;
    const record = parseGameRecord(line);
    if (!record.ok || recordedWinner(record.value) !== ATTACKERS) continue;
    const replay = replayRecord(ruleSet, record.value);
    if (replay.turns.length < openingTurns + 10) continue;
    // The start the replay used (some Berserk records use another one).
    const pos = replay.position.clone();
    while (pos.ply > 0) pos.unmakeStep();
    for (let i = 0; i < openingTurns; i++) playTurn(pos, replay.turns[i]);
    if (pos.winner === NO_WINNER) result.push(pos);
  }
  return result;
}

/** Plays one game; returns the winner (a Side), or DRAW. */
function play(start: Position, attackers: Searcher, defenders: Searcher): number {
  const pos = start.clone();
  const stop = new Int32Array(1);
  for (let turn = 0; turn < maxTurns; turn++) {
    if (pos.winner !== NO_WINNER) return pos.winner;
    const searcher = pos.side === ATTACKERS ? attackers : defenders;
    const { best } = searcher.search(pos, movetime !== undefined ? { movetime } : { nodes }, stop, () => undefined);
    if (!best) return (pos.side ^ 1) as Side;
    playTurn(pos, best);
  }
  return pos.winner !== NO_WINNER ? pos.winner : DRAW;
}

const base = new Searcher({ hashMB: 16 });
const tested = new Searcher({ hashMB: 16 });
tested.useWeights(candidate);
let wins = 0;
let draws = 0;
let losses = 0;
/** Openings the candidate won (lost) with both sides: the pairs that tell the weights apart. */
let pairWins = 0;
let pairLosses = 0;
for (const opening of openings(Math.ceil(games / 2))) {
  let pairPoints = 0;
  for (const candidateSide of [ATTACKERS, DEFENDERS] as Side[]) {
    base.newGame();
    tested.newGame();
    const winner = candidateSide === ATTACKERS ? play(opening, tested, base) : play(opening, base, tested);
    if (winner === DRAW) draws++;
    else if (winner === candidateSide) wins++;
    else losses++;
    pairPoints += winner === DRAW ? 1 : winner === candidateSide ? 2 : 0;
  }
  if (pairPoints > 2) pairWins++;
  if (pairPoints < 2) pairLosses++;
  const played = wins + draws + losses;
  const score = (wins + draws / 2) / played;
  const elo = score <= 0 || score >= 1 ? NaN : -400 * Math.log10(1 / score - 1);
  console.log(
    `${played} games: candidate +${wins} =${draws} -${losses}  score ${(100 * score).toFixed(1)}%  Elo ${elo.toFixed(0)}  pairs won ${pairWins} lost ${pairLosses}`,
  );
}
