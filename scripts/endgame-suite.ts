// The endgame suite: can Hnefi finish a lone king? From each position of test/fixtures/endgames/
// (the king and at most two men against ten attackers or more, from real games: each file says which),
// the engine plays both sides at a fixed node count (the same figures under any load) for at most
// --max-turns turns, and the script counts the games the attackers finish (king taken, encircled, the
// defenders left without a move, a repetition the defenders lose: whatever the variant's rules say),
// the turns that took, the king's escapes and the draws (a repetition under rules that draw it).
//
//   (from the repository root) nice -n 10 npx tsx scripts/endgame-suite.ts --nodes 4000 --max-turns 200
//
// --variant V (repeatable; default every file's variant), --file F: that file for a single --variant;
// --hand: the hand-written evaluation where the engine would use its shipped network; --verbose: a line
// per position.

import { readdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAutoNetwork } from '../src/protocol/evalFile.js';
import { autoEvalFile } from '../src/commands/shippedNetwork.js';
import { ATTACKERS, DEFENDERS, getVariant } from '../src/engine/index.js';
import { Searcher } from '../src/search/index.js';
import { playOut, readSuitePositions } from './endgamePlay.js';
import { fail as failWith, readFlags, wholeNumber } from './scriptArgs.js';

const FIXTURES = resolve(fileURLToPath(new URL('../test/fixtures/endgames', import.meta.url)));

const USAGE = 'usage: npx tsx scripts/endgame-suite.ts [--nodes 4000] [--max-turns 200] [--variant V]... [--file F] [--hand] [--verbose]';

function fail(message: string): never {
  return failWith('endgame-suite', message);
}

const flags = readFlags('endgame-suite', USAGE, {
  nodes: { type: 'string', default: '4000' },
  'max-turns': { type: 'string', default: '200' },
  variant: { type: 'string', multiple: true },
  file: { type: 'string', default: '' },
  hand: { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
});
const nodes = wholeNumber('endgame-suite', 'nodes', flags.nodes, 1);
const maxTurns = wholeNumber('endgame-suite', 'max-turns', flags['max-turns'], 1);
const { verbose, hand, file } = flags;
const variants =
  flags.variant !== undefined
    ? flags.variant
    : readdirSync(FIXTURES)
        .filter((f) => f.endsWith('.txt'))
        .map((f) => basename(f, '.txt'));
if (file !== '' && variants.length !== 1) fail('--file needs a single --variant');

const auto = hand ? { net: null, problem: undefined } : loadAutoNetwork(autoEvalFile());
if (auto.problem !== undefined) fail(auto.problem);
const searcher = new Searcher({ hashMB: 16, threads: 1, evalNet: auto.net });

console.log(`endgame suite: ${nodes} nodes a turn, at most ${maxTurns} turns${hand ? ', hand-written evaluation' : ''}`);
console.log('variant      positions  finished  mean turns  escaped  drawn  unfinished');
for (const variant of variants) {
  const rules = getVariant(variant);
  if (!rules.ok) fail(rules.error.message);
  const positions = readSuitePositions(rules.value, file !== '' ? file : resolve(FIXTURES, `${variant}.txt`));
  if (!positions.ok) fail(positions.error.message);
  let finished = 0;
  let finishTurns = 0;
  let escaped = 0;
  let drawn = 0;
  for (const [i, { position, source }] of positions.value.entries()) {
    const { outcome, turns } = playOut(searcher, position, nodes, maxTurns);
    if (outcome?.winner === ATTACKERS) {
      finished++;
      finishTurns += turns;
    } else if (outcome?.winner === DEFENDERS) escaped++;
    else if (outcome !== undefined) drawn++;
    if (verbose) {
      const result =
        outcome === undefined
          ? 'unfinished'
          : `${outcome.winner === ATTACKERS ? 'attackers' : outcome.winner === DEFENDERS ? 'defenders' : 'draw'} (${outcome.reason})`;
      console.log(`  ${variant} ${i + 1}: ${result} after ${turns} turns  # ${source}`);
    }
  }
  const count = positions.value.length;
  const mean = finished > 0 ? (finishTurns / finished).toFixed(1) : '-';
  const unfinished = count - finished - escaped - drawn;
  console.log(
    `${variant.padEnd(12)} ${String(count).padStart(9)} ${String(finished).padStart(9)} ${mean.padStart(11)} ${String(escaped).padStart(8)} ${String(drawn).padStart(6)} ${String(unfinished).padStart(11)}`,
  );
}
