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
// the defenders lose men as in games between people. --max-men (default 2), --min-attackers (default 10);
// --every N --first K: from the records, the Kth position found (from 0), then every Nth (a sample).

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
import { fail as failWith, readFlags, wholeNumber } from './scriptArgs.js';

function fail(message: string): never {
  return failWith('endgame-positions', message);
}

function rulesOf(id: string): RuleSet {
  const rules = getVariant(id);
  if (!rules.ok) fail(rules.error.message);
  return rules.value;
}

const USAGE =
  'usage: npx tsx scripts/endgame-positions.ts [--variant copenhagen] [--from records|self-play] [--max-men 2] ' +
  '[--min-attackers 10] [--records-variant V] [--rules V] [--games 100] [--nodes 2000] [--random-rate 0.05] ' +
  '[--max-turns 250] [--seed 1] [--every 1] [--first 0]';
const flags = readFlags('endgame-positions', USAGE, {
  variant: { type: 'string', default: 'copenhagen' },
  from: { type: 'string', default: 'records' },
  'max-men': { type: 'string', default: '2' },
  'min-attackers': { type: 'string', default: '10' },
  'records-variant': { type: 'string' },
  rules: { type: 'string' },
  games: { type: 'string', default: '100' },
  nodes: { type: 'string', default: '2000' },
  'random-rate': { type: 'string', default: '0.05' },
  'max-turns': { type: 'string', default: '250' },
  seed: { type: 'string', default: '1' },
  every: { type: 'string', default: '1' },
  first: { type: 'string', default: '0' },
});
const numberFlag = (name: 'max-men' | 'min-attackers' | 'games' | 'nodes' | 'max-turns' | 'seed' | 'first'): number =>
  wholeNumber('endgame-positions', name, flags[name], 0);

const { variant, from } = flags;
const maxMen = numberFlag('max-men');
const minAttackers = numberFlag('min-attackers');

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
  const recordsVariant = flags['records-variant'] ?? (variant === 'fetlar' ? 'copenhagen' : variant);
  const missing = missingRecords(recordsVariant);
  if (missing !== undefined) fail(missing);
  const rules = rulesOf(recordsVariant);
  const playRules = rulesOf(flags.rules ?? variant);
  // A sample of the games' positions: the `first`th found (from 0), then every `every`th.
  const every = wholeNumber('endgame-positions', 'every', flags.every, 1);
  const first = numberFlag('first');
  let games = 0;
  let found = 0;
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
        if (here.ok && isLoneKing(here.value)) {
          if (found >= first && (found - first) % every === 0) console.log(`${makeTfen(here.value)} # ${record.value.id} turn ${turn + 1}`);
          found++;
        }
        break;
      }
      playTurn(pos, steps);
    }
  }
  console.error(`endgame-positions: ${games} ${recordsVariant} records read`);
}

function fromSelfPlay(): void {
  const rules = rulesOf(variant);
  const games = numberFlag('games');
  const nodes = numberFlag('nodes');
  const randomRate = Number(flags['random-rate']);
  if (!(randomRate >= 0 && randomRate <= 1)) fail(`--random-rate needs a number from 0 to 1, got '${flags['random-rate']}'`);
  const maxTurns = numberFlag('max-turns');
  const seed = numberFlag('seed');
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
