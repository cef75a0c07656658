// Self-play check of evaluation weights: plays the weights of weights.ts against candidate weights,
// in-process, from the openings of recorded games (each opening twice, sides swapped), a fixed node
// budget per move. Used after scripts/tune-eval.ts: keep fitted weights only if they win.
//
//   (from the repository root) npx tsx scripts/match-weights.ts --variant copenhagen \
//     --candidate "100, 140, 419, ..." [--games 100] [--nodes 20000] [--opening-turns 4]
//
// Prints wins, draws and losses of the candidate and the Elo difference they suggest.

import { readFileSync } from 'node:fs';
import { ATTACKERS, DEFENDERS, DRAW, getVariant, NO_WINNER, playTurn, Position, type Side } from '../src/engine/index.js';
import { parseGameRecord, replayRecord } from '../src/engine/records.js';
import { Searcher } from '../src/search/index.js';
import { familyOf, WEIGHTS } from '../src/search/weights.js';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const variant = argument('variant') ?? 'copenhagen';
const games = Number(argument('games') ?? 100);
const nodes = Number(argument('nodes') ?? 20000);
const openingTurns = Number(argument('opening-turns') ?? 4);
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

/** Opening positions: the first turns of recorded games (the data file of the variant). */
function openings(count: number): Position[] {
  const lines = readFileSync(`/work/shared/data/aagenielsen-${variant}.jsonl`, 'utf8').trim().split('\n');
  const result: Position[] = [];
  for (const line of lines) {
    if (result.length >= count) break;
    const record = parseGameRecord(line);
    if (!record.ok) continue;
    const replay = replayRecord(ruleSet, record.value);
    if (replay.turns.length < openingTurns) continue;
    const pos = Position.start(ruleSet);
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
    const { best } = searcher.search(pos, { nodes }, stop, () => undefined);
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
  console.log(`${played} games: candidate +${wins} =${draws} -${losses}  score ${(100 * score).toFixed(1)}%  Elo ${elo.toFixed(0)}  pairs won ${pairWins} lost ${pairLosses}`);
}
