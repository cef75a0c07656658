// Builds a variant's opening book (books/<variant>.txt): positions from which engine games are informative.
//
// From the start position most pairs of engine games (each opening played once with each side) are won
// by the same side both times, whoever plays it, and tell nothing about the engines. A book position is
// one from which the side does not decide the game: the engines do.
//
//   (from the repository root) nice -n 10 npx tsx scripts/make-book.ts --variant berserk \
//     --data ../shared/data/aagenielsen-berserk.jsonl --out books/berserk.txt [--keep 300] [--nodes 1000]
//
// Candidates come from recorded games (a .jsonl file of aagenielsen.dk records given by --data, cut
// after --record-plies turns of the games --record-winner won; berserk continuations the site leaves
// out are reconstructed as `--openings` does) and from Hnefi's own play (--random-plies random turns
// from the start, and --selfplay: one to three random turns followed by that many turns Hnefi chooses
// at the node limit). They are taken in turn from each source, shuffled by --seed, and counted once
// per position (the board, its mirror images and rotations, and the side to move).
//
// Each candidate is played by Hnefi in-process (the same search as the engine, one thread, 16 MB
// table, fresh for every game) against itself at two node limits, N and 2N per turn (--nodes N): once
// the attackers search 2N, once the defenders do. Unless the same side wins both games, the pair is
// played again at 2N and 4N, and the position is kept when the attackers' score over the four games
// is from --balance to 1 - --balance (0.375 - 0.625) and one game at least is decisive (a book of
// positions that end drawn would measure nothing either). Games reaching --max-turns turns after the
// opening are draws. Games at fixed node counts are the same on any machine and under any load.
//
// Writes the book as it grows (one opening per line in the `--openings` format: the turns from the
// start, or a tfen and `moves ...` for records from another start; after `#`, the source and the
// attackers' results), so a run cut short leaves a usable book. --include puts the openings of books
// made before (another seed's run, a run cut short) at the top, once each, and does not try their
// positions again. Progress goes to stderr.

import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  ATTACKERS,
  DEFENDERS,
  EMPTY,
  gameOutcome,
  getVariant,
  makeRandom,
  NO_SQUARE,
  playTurn,
  type Position,
  pieceLetter,
  type RuleSet,
  toSquare,
} from '../src/engine/index.js';
import { makeTurn } from '../src/notation/index.js';
import { Searcher } from '../src/search/index.js';
import { loadOpenings, makeOpeningText, type Opening, openingPositions, randomOpening } from '../src/tournament/openings.js';

const USAGE =
  'usage: npx tsx scripts/make-book.ts --variant <name> --out <file> [--data <records.jsonl>] [--keep 300] ' +
  '[--nodes 1000] [--max-turns 160] [--balance 0.375] [--seed 1] [--record-plies 20,30,40,50] [--record-winner attackers] ' +
  '[--random-plies 2,4,6] [--selfplay 4,8,12] [--include <book>]... [--max-candidates n] [--max-minutes m]';

const { values: args } = parseArgs({
  options: {
    variant: { type: 'string' },
    out: { type: 'string' },
    data: { type: 'string' },
    keep: { type: 'string', default: '300' },
    nodes: { type: 'string', default: '1000' },
    'max-turns': { type: 'string', default: '160' },
    balance: { type: 'string', default: '0.375' },
    seed: { type: 'string', default: '1' },
    'record-plies': { type: 'string', default: '20,30,40,50' },
    'record-winner': { type: 'string', default: 'attackers' },
    'random-plies': { type: 'string', default: '2,4,6' },
    selfplay: { type: 'string', default: '4,8,12' },
    include: { type: 'string', multiple: true },
    'max-candidates': { type: 'string' },
    'max-minutes': { type: 'string' },
    help: { type: 'boolean' },
  },
});

function fail(message: string): never {
  console.error(`make-book: ${message}\n${USAGE}`);
  process.exit(1);
}

function count(name: string, text: string | undefined, allowZero = false): number {
  const n = Number(text);
  if (text === undefined || !Number.isInteger(n) || n < (allowZero ? 0 : 1)) fail(`--${name} '${text}' must be a whole number`);
  return n;
}

function counts(name: string, text: string): number[] {
  if (text.trim() === '') return [];
  return text.split(',').map((part) => count(name, part.trim()));
}

if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (args.variant === undefined) fail('--variant is needed');
if (args.out === undefined) fail('--out is needed');
const variantResult = getVariant(args.variant);
if (!variantResult.ok) fail(variantResult.error.message);
const rules: RuleSet = variantResult.value;
const variant = args.variant;
const outFile = args.out;
const keep = count('keep', args.keep);
const nodes = count('nodes', args.nodes);
const maxTurns = count('max-turns', args['max-turns']);
const balance = Number(args.balance);
if (!(balance >= 0 && balance <= 0.5)) fail(`--balance '${args.balance}' must be a number from 0 to 0.5`);
const seed = count('seed', args.seed, true);
const maxCandidates = args['max-candidates'] === undefined ? Infinity : count('max-candidates', args['max-candidates'], true);
const deadline = args['max-minutes'] === undefined ? Infinity : Date.now() + count('max-minutes', args['max-minutes']) * 60_000;

/** The candidate openings of one source, in the order they are tried. */
interface Source {
  name: string;
  next(): Opening | undefined;
}

/** Shuffles in place with the script's seed mixed with a source number. */
function shuffle<T>(list: T[], stream: number): T[] {
  const random = makeRandom(seed * 7919 + stream);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

function listSource(name: string, list: Opening[]): Source {
  let index = 0;
  return { name, next: () => list[index++] };
}

function recordSources(): Source[] {
  if (args.data === undefined) return [];
  if (!args.data.endsWith('.jsonl')) fail(`--data '${args.data}' must be a .jsonl file of recorded games`);
  return counts('record-plies', args['record-plies']).map((plies, i) => {
    const winner = args['record-winner'] === 'any' ? undefined : args['record-winner'];
    if (winner !== undefined && winner !== 'attackers' && winner !== 'defenders' && winner !== 'draw') {
      fail(`--record-winner '${winner}' must be attackers, defenders, draw or any`);
    }
    const loaded = loadOpenings(rules, variant, { file: args.data, plies, order: 'sequential', winner }, seed);
    if (!loaded.ok) fail(loaded.error.message);
    const book = loaded.value;
    const list = Array.from({ length: book.size }, (_, k) => book.get(k));
    return listSource(`record:${plies}`, shuffle(list, 100 + i));
  });
}

function randomSources(): Source[] {
  return counts('random-plies', args['random-plies']).map((plies, i) => {
    let index = 0;
    return { name: `random:${plies}`, next: () => randomOpening(rules, plies, seed * 1000 + i, index++) };
  });
}

/** One to three random turns, then `engineTurns` turns Hnefi chooses at the node limit. */
function selfplaySources(searcher: Searcher): Source[] {
  return counts('selfplay', args.selfplay).map((engineTurns, i) => {
    let index = 0;
    return {
      name: `selfplay:${engineTurns}`,
      next: () => {
        const prefix = randomOpening(rules, 1 + (index % 3), seed * 1000 + 500 + i, index);
        index++;
        const positions = openingPositions(rules, prefix);
        if (!positions.ok) return prefix;
        const pos = positions.value.end;
        const moves = [...prefix.moves];
        searcher.newGame();
        for (let turn = 0; turn < engineTurns && gameOutcome(pos) === undefined; turn++) {
          const { best } = searcher.search(pos, { nodes }, new Int32Array(1), () => undefined);
          if (best === null) break;
          moves.push(makeTurn(pos, best));
          playTurn(pos, best);
        }
        return { id: `${prefix.id}+${engineTurns}`, moves };
      },
    };
  });
}

/** The position as text that is the same for its eight mirror images and rotations. */
function symmetricKey(pos: Position): string {
  const { size, stride } = pos.geo;
  const last = size - 1;
  const transforms: ((f: number, r: number) => [number, number])[] = [
    (f, r) => [f, r],
    (f, r) => [last - f, r],
    (f, r) => [f, last - r],
    (f, r) => [last - f, last - r],
    (f, r) => [r, f],
    (f, r) => [last - r, f],
    (f, r) => [r, last - f],
    (f, r) => [last - r, last - f],
  ];
  let best = '';
  for (const transform of transforms) {
    let text = '';
    for (let rank = 0; rank < size; rank++) {
      for (let file = 0; file < size; file++) {
        const [f, r] = transform(file, rank);
        const piece = pos.board[toSquare(stride, f, r)];
        text += piece === EMPTY ? '.' : pieceLetter(piece);
      }
    }
    if (best === '' || text < best) best = text;
  }
  return `${best} ${pos.side === ATTACKERS ? 'a' : 'd'}${pos.berserker === NO_SQUARE ? '' : ' berserk'}`;
}

const attackerSearcher = new Searcher({ hashMB: 16 });
const defenderSearcher = new Searcher({ hashMB: 16 });

/** Turns played in all games, for the progress line. */
let turnsPlayed = 0;

/** The attackers' points (1, 1/2, 0) in one game from `start`, each side at its node limit. */
function playGame(start: Position, attackerNodes: number, defenderNodes: number): number {
  attackerSearcher.newGame();
  defenderSearcher.newGame();
  const pos = start.clone();
  const stop = new Int32Array(1);
  for (let turn = 0; turn < maxTurns; turn++) {
    const outcome = gameOutcome(pos);
    if (outcome !== undefined) {
      return outcome.winner === ATTACKERS ? 1 : outcome.winner === DEFENDERS ? 0 : 0.5;
    }
    const attackersMove = pos.side === ATTACKERS;
    const searcher = attackersMove ? attackerSearcher : defenderSearcher;
    const { best } = searcher.search(pos, { nodes: attackersMove ? attackerNodes : defenderNodes }, stop, () => undefined);
    if (best === null) return attackersMove ? 0 : 1;
    playTurn(pos, best);
    turnsPlayed++;
  }
  const outcome = gameOutcome(pos);
  return outcome?.winner === ATTACKERS ? 1 : outcome?.winner === DEFENDERS ? 0 : 0.5;
}

/** The attackers' points in the pair at limits n and 2n: first the attackers search more, then the defenders. */
function playPair(start: Position, n: number): [number, number] {
  return [playGame(start, 2 * n, n), playGame(start, n, 2 * n)];
}

const header = [
  `# Hnefi opening book: ${variant}. Each line an opening from which Hnefi against itself, one side at ${nodes}`,
  `# and the other at ${2 * nodes} nodes per turn both ways round, did not win with the same side twice, and at`,
  `# ${2 * nodes} against ${4 * nodes} nodes too the attackers scored ${balance} - ${1 - balance} of the four games, one at least`,
  `# decisive (scripts/make-book.ts --variant ${variant} --nodes ${nodes} --max-turns ${maxTurns} --seed ${seed}).`,
  "# After '#': the source, the game, and the attackers' points with 2n against n, n against 2n, at both limits.",
];
const kept: string[] = [];
const save = (): void => writeFileSync(outFile, `${[...header, ...kept].join('\n')}\n`);

const sources = [...recordSources(), ...randomSources(), ...selfplaySources(new Searcher({ hashMB: 16 }))];
if (sources.length === 0 && args.include === undefined)
  fail('no source of candidates: give --data, --random-plies, --selfplay or --include');
const seen = new Set<string>();
// Openings of earlier books (another seed's run, a run cut short) are kept as they are, once each.
for (const file of args.include ?? []) {
  const book = loadOpenings(rules, variant, { file, order: 'sequential' }, seed);
  if (!book.ok) fail(book.error.message);
  const lines = readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.replace(/#.*/, '').trim() !== '');
  for (let i = 0; i < book.value.size; i++) {
    const positions = openingPositions(rules, book.value.get(i));
    if (!positions.ok) fail(positions.error.message);
    const key = symmetricKey(positions.value.end);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(lines[i].trim());
  }
}
const tally = new Map<string, { tried: number; kept: number }>(sources.map((s) => [s.name, { tried: 0, kept: 0 }]));
let tried = 0;
let duplicates = 0;
const started = Date.now();
let active = sources;
while (kept.length < keep && tried < maxCandidates && Date.now() < deadline && active.length > 0) {
  const source = active[tried % active.length];
  const opening = source.next();
  if (opening === undefined) {
    active = active.filter((s) => s !== source);
    continue;
  }
  const positions = openingPositions(rules, opening);
  if (!positions.ok) continue;
  const key = symmetricKey(positions.value.end);
  if (seen.has(key)) {
    duplicates++;
    continue;
  }
  seen.add(key);
  tried++;
  const stats = tally.get(source.name);
  if (stats !== undefined) stats.tried++;
  const first = playPair(positions.value.end, nodes);
  let verdict = 'dropped';
  // Not won by the same side both times: the position leaves the result to the engines.
  if (first[0] + first[1] > 0.25 && first[0] + first[1] < 1.75) {
    const second = playPair(positions.value.end, 2 * nodes);
    const games = [...first, ...second];
    const score = games.reduce((sum, points) => sum + points, 0) / games.length;
    const decisive = games.some((points) => points !== 0.5);
    if (decisive && score >= balance - 1e-9 && score <= 1 - balance + 1e-9) {
      verdict = 'kept';
      if (stats !== undefined) stats.kept++;
      kept.push(`${makeOpeningText(opening)}  # ${source.name} ${opening.id} ${games.join(' ')}`);
      save();
    }
  }
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.error(
    `${minutes} min: ${tried} tried, ${kept.length} kept, ${duplicates} repeats, ${turnsPlayed} turns; ${source.name} ${verdict} ${first.join(' ')}`,
  );
}
save();
const bySource = [...tally].map(([name, s]) => `${name} ${s.kept}/${s.tried}`).join(', ');
console.error(`make-book: ${kept.length} openings kept of ${tried} tried (${bySource}) in ${outFile}`);
