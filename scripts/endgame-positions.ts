// Lone-king positions for the endgame suite (scripts/endgame-suite.ts): the king and at most two men
// against ten attackers or more, the first such position of each game, from recorded human games or
// from Hnefi's self-play. One tfen a line, with its game after '#', the format of test/fixtures/endgames/.
//
//   (from the repository root) npx tsx scripts/endgame-positions.ts --variant copenhagen --from records
//   nice -n 10 npx tsx scripts/endgame-positions.ts --variant tablut --from self-play --games 200 --nodes 2000
//
// --from records: the aagenielsen.dk records (berserk, copenhagen; README.md "Recorded games"), replayed
// with --rules VARIANT (default the records' own variant: Fetlar starts as Copenhagen does, so its
// positions can be Copenhagen games' played on under Fetlar's rules). --from self-play: games from the
// variant's book (books/) at --nodes a turn, --random-rate p of the turns random (default 0.05) so that
// the defenders lose men as in games between people. --max-men (default 2), --min-attackers (default 10).

import { readFileSync } from 'node:fs';
import {
  ATTACKERS,
  DEFENDERS,
  getVariant,
  legalTurns,
  makeRandom,
  NO_SQUARE,
  NO_WINNER,
  playTurn,
  Position,
  type RuleSet,
} from '../src/engine/index.js';
import { makeTfen, parseTfen, playMoves } from '../src/notation/index.js';
import { parseGameRecord, recordMoves, replayFromStarts } from '../src/notation/records.js';
import { Searcher } from '../src/search/index.js';
import { loadOpenings, openingPositions } from '../src/tournament/openings.js';
import { missingRecords, recordsFile } from './dataDir.js';
import { argument, fail as failWith, wholeArgument } from './scriptArgs.js';

function fail(message: string): never {
  return failWith('endgame-positions', message);
}
const numberArgument = (name: string, fallback: number): number => wholeArgument('endgame-positions', name, fallback, 0);

function rulesOf(id: string): RuleSet {
  const rules = getVariant(id);
  if (!rules.ok) fail(rules.error.message);
  return rules.value;
}

const variant = argument('variant', 'copenhagen');
const from = argument('from', 'records');
const maxMen = numberArgument('max-men', 2);
const minAttackers = numberArgument('min-attackers', 10);

/** Is `pos` a lone king the attackers have yet to finish? */
function isLoneKing(pos: Position): boolean {
  return (
    pos.winner === NO_WINNER &&
    pos.berserker === NO_SQUARE &&
    pos.kingSq !== NO_SQUARE &&
    pos.pieceCount[DEFENDERS] - 1 <= maxMen &&
    pos.pieceCount[ATTACKERS] >= minAttackers &&
    legalTurns(pos).length > 0
  );
}

function fromRecords(): void {
  const recordsVariant = argument('records-variant', variant === 'fetlar' ? 'copenhagen' : variant);
  const missing = missingRecords(recordsVariant);
  if (missing !== undefined) fail(missing);
  const rules = rulesOf(recordsVariant);
  const playRules = rulesOf(argument('rules', variant));
  let games = 0;
  for (const line of readFileSync(recordsFile(recordsVariant), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const record = parseGameRecord(line);
    if (!record.ok || record.value.variant !== recordsVariant) continue;
    games++;
    const { startRules, replay } = replayFromStarts(rules, recordMoves(record.value));
    const pos = Position.start(startRules);
    for (const [turn, steps] of replay.turns.entries()) {
      if (pos.winner !== NO_WINNER) break;
      if (isLoneKing(pos)) {
        // The board of the recorded game, under the rules asked for (Fetlar: Copenhagen's games).
        const here = parseTfen(playRules, makeTfen(pos));
        if (here.ok && isLoneKing(here.value)) console.log(`${makeTfen(here.value)} # ${record.value.id} turn ${turn + 1}`);
        break;
      }
      playTurn(pos, steps);
    }
  }
  console.error(`endgame-positions: ${games} ${recordsVariant} records read`);
}

function fromSelfPlay(): void {
  const rules = rulesOf(variant);
  const games = numberArgument('games', 100);
  const nodes = numberArgument('nodes', 2000);
  const randomRate = Number(argument('random-rate', '0.05'));
  if (!(randomRate >= 0 && randomRate <= 1)) fail(`--random-rate needs a number from 0 to 1, got '${argument('random-rate', '')}'`);
  const maxTurns = numberArgument('max-turns', 250);
  const seed = numberArgument('seed', 1);
  const random = makeRandom(seed);
  const book = loadOpenings(rules, variant, { file: `books/${variant}.txt`, plies: 0 }, seed);
  const searcher = new Searcher({ hashMB: 16, threads: 1 });
  const stop = new Int32Array(1);
  let found = 0;
  for (let game = 1; game <= games; game++) {
    let pos = Position.start(rules);
    if (book.ok) {
      const opening = book.value.get(game);
      const positions = openingPositions(rules, opening);
      if (positions.ok) {
        pos = positions.value.start.clone();
        playMoves(pos, opening.moves);
      }
    }
    searcher.newGame();
    for (let turn = 0; turn < maxTurns && pos.winner === NO_WINNER; turn++) {
      if (isLoneKing(pos)) {
        console.log(`${makeTfen(pos)} # self-play at ${nodes} nodes, seed ${seed}, game ${game} turn ${turn + 1}`);
        found++;
        break;
      }
      const turns = legalTurns(pos);
      if (turns.length === 0) break;
      const steps =
        random() < randomRate ? turns[Math.floor(random() * turns.length)] : searcher.search(pos, { nodes }, stop, () => {}).best;
      if (!steps) break;
      playTurn(pos, steps);
    }
  }
  console.error(`endgame-positions: ${found} lone kings in ${games} ${variant} games`);
}

if (from === 'records') fromRecords();
else if (from === 'self-play') fromSelfPlay();
else fail(`--from needs 'records' or 'self-play', got '${from}'`);
